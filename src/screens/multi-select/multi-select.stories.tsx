import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StoryAnswers } from '../story-answers.tsx';
import { MultiSelectScreen } from './multi-select.tsx';

/** A question whose options toggle; the `screen` control is the screen's JSON from the flow file. */
const meta = {
  title: 'Renderers/multi-select',
  component: MultiSelectScreen,
  tags: ['autodocs'],
  args: {
    screen: {
      kind: 'multi-select',
      route: '/quiz/priorities',
      question: 'Which of these matter most to you?',
      hint: 'Choose all that apply.',
      answer: 'priorities',
      options: [
        { value: 'price', label: 'A fair price' },
        { value: 'quality', label: 'Quality that lasts' },
        { value: 'speed', label: 'Getting it quickly' },
        { value: 'support', label: 'Help when I need it' },
        { value: 'several', label: 'Several of these at once' },
      ],
      selectedNote: 'Great, that helps us find your match.',
      button: 'Continue',
      next: 'next-question',
    },
    answers: {},
    canContinue: true,
    busy: false,
    error: null,
    photo: null,
    send: fn(),
  },
  render: (args) => (
    <StoryAnswers screen={args.screen} answers={args.answers} send={args.send}>
      {(answers, send) => <MultiSelectScreen {...args} answers={answers} send={send} />}
    </StoryAnswers>
  ),
} satisfies Meta<typeof MultiSelectScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet (this question needs no answer, so Continue is on). */
export const Empty: Story = {};

/** Two options chosen: checked cards and the green note. */
export const Selected: Story = { args: { answers: { priorities: ['price', 'speed'] } } };

/** A question that needs an answer, before one is chosen: Continue is off. */
export const Disabled: Story = { args: { canContinue: false } };

/** After Continue, while the machine works: the button is busy. */
export const Loading: Story = { args: { answers: { priorities: ['price'] }, busy: true } };

/** Tap an option on, tap it off, tap two: each tap sends SELECT_OPTION and the cards follow. */
export const TogglingOptions: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const first = canvas.getByRole('checkbox', { name: 'A fair price' });
    const second = canvas.getByRole('checkbox', { name: 'Quality that lasts' });
    await userEvent.click(first);
    await expect(first).toBeChecked();
    await expect(canvas.getByText('Great, that helps us find your match.')).toBeInTheDocument();
    await userEvent.click(first);
    await expect(first).not.toBeChecked();
    await userEvent.click(first);
    await userEvent.click(second);
    await expect(first).toBeChecked();
    await expect(second).toBeChecked();
    await expect(args.send).toHaveBeenCalledWith({ type: 'SELECT_OPTION', value: 'quality' });
    await expect(args.send).toHaveBeenCalledTimes(4);
  },
};
