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
      route: '/quiz/skin-concerns',
      question: 'Which changes in your skin concern you most?',
      hint: 'Choose all that apply.',
      answer: 'skinIssues',
      options: [
        { value: 'fine-lines', label: 'Fine lines appearing faster than expected' },
        { value: 'firmness-loss', label: 'Loss of firmness or sagging' },
        { value: 'texture', label: 'Skin texture feeling thinner or rougher' },
        { value: 'tired-appearance', label: 'Overall tired or aged appearance' },
        { value: 'multiple-concerns', label: 'Multiple concerns happening at once' },
      ],
      selectedNote: 'Great, that helps us understand your skin.',
      button: 'Continue',
      next: 'change-speed',
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
export const Selected: Story = { args: { answers: { skinIssues: ['fine-lines', 'texture'] } } };

/** A question that needs an answer, before one is chosen: Continue is off. */
export const Disabled: Story = { args: { canContinue: false } };

/** After Continue, while the machine works: the button is busy. */
export const Loading: Story = { args: { answers: { skinIssues: ['fine-lines'] }, busy: true } };

/** Tap an option on, tap it off, tap two: each tap sends SELECT_OPTION and the cards follow. */
export const TogglingOptions: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const first = canvas.getByRole('checkbox', { name: 'Fine lines appearing faster than expected' });
    const second = canvas.getByRole('checkbox', { name: 'Loss of firmness or sagging' });
    await userEvent.click(first);
    await expect(first).toBeChecked();
    await expect(canvas.getByText('Great, that helps us understand your skin.')).toBeInTheDocument();
    await userEvent.click(first);
    await expect(first).not.toBeChecked();
    await userEvent.click(first);
    await userEvent.click(second);
    await expect(first).toBeChecked();
    await expect(second).toBeChecked();
    await expect(args.send).toHaveBeenCalledWith({ type: 'SELECT_OPTION', value: 'firmness-loss' });
    await expect(args.send).toHaveBeenCalledTimes(4);
  },
};
