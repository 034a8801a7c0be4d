import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { RevealScreen } from './reveal.tsx';

/** The diagnosis moment: a percentage counting up to the score; the `screen` control is its JSON. */
const meta = {
  title: 'Renderers/reveal',
  component: RevealScreen,
  tags: ['autodocs'],
  args: {
    screen: {
      kind: 'reveal',
      route: '/quiz/root-cause-reveal',
      content: [
        { type: 'badge', text: 'Analysis Complete', tone: 'success' },
        { type: 'heading', text: "Here's What's Really Happening" },
        {
          type: 'text',
          text: 'Your answers point to estrogen-deficiency ageing: your skin is changing because your hormones are.',
        },
      ],
      percent: {
        value: '84',
        from: '0',
        delayMs: 500,
        steps: 60,
        stepMs: 33.33,
        label: 'Very High Probability',
        caption: 'Hormone deficiency is driving your skin aging',
      },
      footer: [
        {
          type: 'list',
          title: 'Why we think so:',
          style: 'check',
          items: ['Changes this rapid indicate hormonal shifts, not just the passing of time.'],
        },
        { type: 'text', text: 'But hormone support can reverse this.', emphasis: true },
      ],
      button: 'Show Me How to Stop This',
      next: 'education-urgency',
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
      percent: { ...meta.args.screen.percent, value: '18', label: 'Low-Medium Probability' },
    },
  },
};

/** Continue pressed while the machine works. */
export const Loading: Story = { args: { busy: true } };
