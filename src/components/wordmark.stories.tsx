import type { Meta, StoryObj } from '@storybook/react-vite';
import { STORY_PORTRAIT } from './story-images.ts';
import { Wordmark } from './wordmark.tsx';

/** The product's wordmark, drawn as text, at the top of every screen. */
const meta = {
  title: 'Components/Wordmark',
  component: Wordmark,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { brand: 'Your Brand' },
} satisfies Meta<typeof Wordmark>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
/** A long brand name must still fit a 360 px phone. */
export const LongName: Story = { args: { brand: 'Your Brand Name Assessment Studio' } };
/** With the flow's icon (`theme.logo`) before the name. */
export const WithLogo: Story = { args: { logo: STORY_PORTRAIT } };
