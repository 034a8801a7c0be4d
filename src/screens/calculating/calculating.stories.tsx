import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CalculatingScreen } from './calculating.tsx';

/**
 * A spinner with a message; after `spinnerMs` a Continue button appears. (Moving on by itself is the
 * machine's `after`: see Flow interactions › Calculating auto-advance.)
 */
const meta = {
  title: 'Renderers/calculating',
  component: CalculatingScreen,
  tags: ['autodocs'],
  args: {
    screen: {
      kind: 'calculating',
      route: '/quiz/step-7',
      message: 'Analyzing Your Pattern...',
      doneMessage: 'Your pattern is ready.',
      spinnerMs: 3000,
      after: { delayMs: 4000, to: 'next-question' },
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
} satisfies Meta<typeof CalculatingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** While the spinner turns (3 s here, as in the flow). */
export const Spinning: Story = {};

/** The end state: the spinner has finished, the done message and Continue are shown. */
export const Done: Story = {
  args: { screen: { ...meta.args.screen, spinnerMs: 200 } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Continue' }, { timeout: 3000 });
    await expect(canvas.getByText('Your pattern is ready.')).toBeInTheDocument();
    await userEvent.click(button);
    await expect(args.send).toHaveBeenCalledWith({ type: 'CONTINUE' });
  },
};

/** Continue pressed while the machine works. */
export const Loading: Story = {
  args: { screen: { ...meta.args.screen, spinnerMs: 0 }, busy: true },
};
