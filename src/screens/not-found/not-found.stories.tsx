import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { NotFoundScreen } from './not-found.tsx';

/** Any unknown path: a calm message and the way home. */
const meta = {
  title: 'Renderers/not-found',
  component: NotFoundScreen,
  tags: ['autodocs'],
  args: {
    screen: { kind: 'not-found', code: '404', headline: 'Oops! Page not found', linkLabel: 'Return to Home' },
    answers: {},
    canContinue: false,
    busy: false,
    error: null,
    photo: null,
    send: fn(),
  },
} satisfies Meta<typeof NotFoundScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Without the big code. */
export const WithoutCode: Story = {
  args: { screen: { kind: 'not-found', headline: 'Oops! Page not found', linkLabel: 'Return to Home' } },
};
