import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { RevealScreen } from './reveal.tsx';

/** The reveal: a percentage counting up to the score; the `screen` control is its JSON. */
const meta = {
  title: 'Renderers/reveal',
  component: RevealScreen,
  tags: ['autodocs'],
  args: {
    screen: {
      kind: 'reveal',
      route: '/quiz/your-fit',
      content: [
        { type: 'badge', text: 'Analysis Complete', tone: 'success' },
        { type: 'heading', text: "Here's What's Really Happening" },
        {
          type: 'text',
          text: 'Your answers point to one clear match for what you need.',
        },
      ],
      percent: {
        value: '84',
        from: '0',
        delayMs: 500,
        steps: 60,
        stepMs: 33.33,
        label: 'Very High Match',
        caption: 'How well the plan fits your answers',
      },
      footer: [
        {
          type: 'list',
          title: 'Why we think so:',
          style: 'check',
          items: ['Your top priorities are the ones this plan does best.'],
        },
        { type: 'text', text: 'And it takes two minutes to start.', emphasis: true },
      ],
      button: 'Show Me My Plan',
      next: 'next-step',
    },
    answers: {},
    canContinue: true,
    busy: false,
    error: null,
    photo: null,
    send: fn(),
  },
} satisfies Meta<typeof RevealScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Counting up from 0 to 84 (about 2.5 s). */
export const Counting: Story = {};

/** The animated end state: the count stops exactly on the score, which is then announced. */
export const EndState: Story = {
  args: {
    screen: {
      ...meta.args.screen,
      percent: { ...meta.args.screen.percent, delayMs: 0, steps: 10, stepMs: 20 },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/: 84%\./, { selector: '[aria-live] *' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    await expect(canvas.getByTestId('animated-percent')).toHaveTextContent('84%');
  },
};

/** A low score with its label. */
export const LowScore: Story = {
  args: {
    screen: {
      ...meta.args.screen,
      percent: { ...meta.args.screen.percent, value: '18', label: 'Low-Medium Match' },
    },
  },
};

/** Continue pressed while the machine works. */
export const Loading: Story = { args: { busy: true } };
