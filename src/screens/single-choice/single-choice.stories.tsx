import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StoryAnswers } from '../story-answers.tsx';
import { SingleChoiceScreen } from './single-choice.tsx';

/** A question with one answer (radio cards); the `screen` control is the screen's JSON. */
const meta = {
  title: 'Renderers/single-choice',
  component: SingleChoiceScreen,
  tags: ['autodocs'],
  args: {
    screen: {
      kind: 'single-choice',
      route: '/quiz/change-speed',
      question: 'How quickly have you noticed these changes?',
      answer: 'changeSpeed',
      options: [
        { value: '6-12-months', label: 'Within the last 6 months' },
        { value: '1-2-years', label: 'Over the past year' },
        { value: '3-plus-years', label: 'Gradually, over 2+ years' },
        { value: 'overnight', label: 'It felt like overnight' },
      ],
      button: 'Continue',
      next: 'age',
    },
    answers: {},
    canContinue: false,
    busy: false,
    error: null,
    photo: null,
    send: fn(),
  },
  render: (args) => (
    <StoryAnswers screen={args.screen} answers={args.answers} send={args.send}>
      {(answers, send) => <SingleChoiceScreen {...args} answers={answers} send={send} />}
    </StoryAnswers>
  ),
} satisfies Meta<typeof SingleChoiceScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen: Continue stays off until the machine's guard accepts an answer. */
export const Empty: Story = {};

/** One answer chosen and accepted. */
export const Selected: Story = { args: { answers: { changeSpeed: '1-2-years' }, canContinue: true } };

/** After Continue, while the machine works. */
export const Loading: Story = {
  args: { answers: { changeSpeed: '1-2-years' }, canContinue: true, busy: true },
};

/** Choosing another answer replaces the first: one radio is checked at a time. */
export const Choosing: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Over the past year' }));
    await userEvent.click(canvas.getByRole('radio', { name: 'It felt like overnight' }));
    await expect(canvas.getByRole('radio', { name: 'It felt like overnight' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Over the past year' })).not.toBeChecked();
    await expect(args.send).toHaveBeenLastCalledWith({ type: 'SELECT_OPTION', value: 'overnight' });
  },
};
