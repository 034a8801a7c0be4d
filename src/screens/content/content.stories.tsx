import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ContentScreen } from './content.tsx';

/** Copy, images and one call to action; the `screen` control is the screen's JSON (its blocks). */
const meta = {
  title: 'Renderers/content',
  component: ContentScreen,
  tags: ['autodocs'],
  args: {
    screen: {
      kind: 'content',
      route: '/quiz/cliff-education',
      content: [
        { type: 'heading', text: "You're in the right place." },
        {
          type: 'text',
          text: 'Ageing can speed up 3X faster after a key shift. There is a window to slow it down.',
        },
        { type: 'image', image: { src: '/uploads/doctor.svg', alt: 'Your guide' } },
        {
          type: 'list',
          style: 'check',
          items: [
            'Your skin age vs your real age',
            'Whether you are in the cliff zone',
            'How urgently to act',
          ],
        },
      ],
      footer: [{ type: 'badges', items: ['3,000+ women', '4.9/5'] }],
      button: "Check If You're At the Tipping Point",
      next: 'analysis-bridge',
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
