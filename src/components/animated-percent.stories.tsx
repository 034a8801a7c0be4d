import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AnimatedPercent } from './animated-percent.tsx';

/** A percentage counting up to a score; only the final value is announced to screen readers. */
const meta = {
  title: 'Components/Animated percentage',
  component: AnimatedPercent,
  tags: ['autodocs'],
  parameters: { layout: 'centered' },
  args: { from: 0, to: 84, delayMs: 500, steps: 60, stepMs: 33.33 },
} satisfies Meta<typeof AnimatedPercent>;

export default meta;
type Story = StoryObj<typeof meta>;

/** As on the reveal screen (about 2.5 s). */
export const Counting: Story = {};

/** Counting from an earlier estimate, as a reveal after an earlier estimate does. */
export const FromEstimate: Story = { args: { from: 52, to: 71 } };

/** The end state: it stops exactly on the (rounded) score and announces it. */
export const EndState: Story = {
  args: { to: 72.6, delayMs: 0, steps: 5, stepMs: 20 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('73%', { selector: '[aria-live] *' })).toBeInTheDocument();
    await expect(canvas.getByTestId('animated-percent')).toHaveTextContent('73%');
  },
};
