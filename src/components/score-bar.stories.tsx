import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScoreBar } from './score-bar.tsx';

/** One labelled score out of a maximum: green at `good` or more, orange at `fair` or more, else red. */
const meta = {
  title: 'Components/Score bar',
  component: ScoreBar,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { label: 'Elasticity', value: 8.4, max: 10, good: 8, fair: 6 },
} satisfies Meta<typeof ScoreBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Good: Story = {};
export const Fair: Story = { args: { label: 'Texture', value: 6.5 } };
export const Poor: Story = { args: { label: 'Volume', value: 4.2 } };
