import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ContentScreen } from './content.tsx';
import { STORY_PORTRAIT } from '../../components/story-images.ts';

/** Copy, images and one call to action; the `screen` control is the screen's JSON (its blocks). */
const meta = {
  title: 'Renderers/content',
  component: ContentScreen,
  tags: ['autodocs'],
  args: {
    screen: {
      kind: 'content',
      route: '/quiz/why-it-matters',
      content: [
        { type: 'heading', text: "You're in the right place." },
        {
          type: 'text',
          text: 'Most people choose in a hurry. Two minutes of questions find a better fit.',
        },
        { type: 'image', image: { src: STORY_PORTRAIT, alt: 'Your guide' } },
        {
          type: 'list',
          style: 'check',
          items: [
            'What fits you best',
            'What to avoid',
            'What to do next',
          ],
        },
      ],
      footer: [{ type: 'badges', items: ['3,000+ customers', '4.9/5'] }],
      button: 'Find My Fit',
      next: 'next-step',
    },
    answers: {},
    canContinue: true,
    busy: false,
    error: null,
    photo: null,
    send: fn(),
  },
} satisfies Meta<typeof ContentScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Education copy with an image, a list and badges. */
export const Default: Story = {};

/** After the call to action, while the machine works. */
export const Loading: Story = { args: { busy: true } };

/** Something the visitor must know went wrong. */
export const WithError: Story = { name: 'Error', args: { error: 'Something went wrong. Please try again.' } };
