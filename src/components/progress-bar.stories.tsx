import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProgressBar } from './progress-bar.tsx';

/** The funnel's thin progress bar: a step of a total, or "full". */
const meta = {
  title: 'Components/Progress bar',
  component: ProgressBar,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { progress: { step: 2, of: 13 }, label: 'Progress' },
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Start: Story = {};
export const Halfway: Story = { args: { progress: { step: 7, of: 13 } } };
export const Full: Story = { args: { progress: 'full' } };
/** A step beyond the total shows as complete, never overflowing. */
export const BeyondTotal: Story = { args: { progress: { step: 15, of: 13 } } };
