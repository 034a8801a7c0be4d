import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { RedirectScreen } from './redirect.tsx';

/** A short waiting message; the machine moves on by itself, so there is no button. */
const meta = {
  title: 'Renderers/redirect',
  component: RedirectScreen,
  tags: ['autodocs'],
  args: {
    screen: {
      kind: 'redirect',
      route: '/',
      message: 'Starting assessment...',
      after: { delayMs: 600, to: 'first-question' },
    },
    answers: {},
    canContinue: false,
    busy: false,
    error: null,
    photo: null,
    send: fn(),
  },
} satisfies Meta<typeof RedirectScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 'Starting assessment...' */
export const Default: Story = {};

/** With copy under the message ('Creating Your Protocol'). */
export const WithContent: Story = {
  args: {
    screen: {
      kind: 'redirect',
      message: 'Creating Your Protocol',
      content: [{ type: 'text', text: 'Putting your personalised plan together. This takes a few seconds.' }],
      after: { delayMs: 3000 },
    },
  },
};
