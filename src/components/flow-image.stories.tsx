import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Blocks } from './blocks.tsx';
import { SAMPLE_IMAGE_MARK } from './flow-image.tsx';
import { STORY_AFTER, STORY_BEFORE, STORY_PORTRAIT } from './story-images.ts';

/**
 * Images of the flow: full width or a small portrait beside its caption (`"size": "small"`), and
 * placeholder art (`"sample": true`) with its visible 'Sample image' mark until a real image replaces it.
 */
const meta = {
  title: 'Components/Image',
  component: Blocks,
  parameters: { layout: 'padded' },
  args: {
    blocks: [{ type: 'image', image: { src: STORY_PORTRAIT, alt: 'Our expert', sample: true } }],
  },
} satisfies Meta<typeof Blocks>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SampleImage: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(SAMPLE_IMAGE_MARK)).toBeVisible();
  },
};

export const RealImage: Story = {
  args: { blocks: [{ type: 'image', image: { src: STORY_PORTRAIT, alt: 'Our expert' } }] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText(SAMPLE_IMAGE_MARK)).toBeNull();
  },
};

export const SmallPortrait: Story = {
  args: {
    blocks: [
      {
        type: 'image',
        size: 'small',
        image: {
          src: STORY_PORTRAIT,
          alt: 'Our expert',
          caption: 'Your expert, question 1 of 2',
          sample: true,
        },
      },
    ],
  },
};

/** A long label pill wraps inside its image instead of spilling over its edge. */
export const BeforeAfterWithLongLabels: Story = {
  args: {
    blocks: [
      {
        type: 'before-after',
        before: { src: STORY_BEFORE, alt: 'Baseline', caption: 'Baseline', sample: true },
        after: {
          src: STORY_AFTER,
          alt: 'Follow-up',
          caption: '8-12 week follow-up',
          sample: true,
        },
        caption: 'Illustration',
      },
    ],
  },
};
