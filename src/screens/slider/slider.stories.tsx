import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, within } from 'storybook/test';
import { StoryAnswers } from '../story-answers.tsx';
import { SliderScreen } from './slider.tsx';

/** A number on a range slider, shown big above it; the `screen` control is the screen's JSON. */
const meta = {
  title: 'Renderers/slider',
  component: SliderScreen,
  tags: ['autodocs'],
  args: {
    screen: {
      kind: 'slider',
      route: '/quiz/age-selection',
      question: 'How old are you?',
      hint: 'Your age lets us compare you with people like you.',
      answer: 'age',
      min: 35,
      max: 65,
      step: 1,
      default: 50,
      unit: 'years',
      button: 'Continue',
      next: 'cliff-education',
    },
    answers: {},
    canContinue: true,
    busy: false,
    error: null,
    photo: null,
    send: fn(),
  },
  render: (args) => (
    <StoryAnswers screen={args.screen} answers={args.answers} send={args.send}>
      {(answers, send) => <SliderScreen {...args} answers={answers} send={send} />}
    </StoryAnswers>
  ),
} satisfies Meta<typeof SliderScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing stored: the screen's default (50). */
export const Default: Story = {};

/** The ends of the scale. */
export const AtMinimum: Story = { args: { answers: { age: 35 } } };
export const AtMaximum: Story = { args: { answers: { age: 65 } } };

/** After Continue, while the machine works. */
export const Loading: Story = { args: { answers: { age: 47 }, busy: true } };

/** Moving the slider sends SET_VALUE and the big number follows (arrow keys work natively too). */
export const Sliding: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const slider = canvas.getByRole('slider', { name: 'How old are you?' });
    await expect(slider).toHaveValue('50');
    fireEvent.change(slider, { target: { value: '58' } });
    await expect(args.send).toHaveBeenCalledWith({ type: 'SET_VALUE', value: 58 });
    await expect(canvas.getByTestId('slider-value')).toHaveTextContent('58 years');
    await expect(slider).toHaveAttribute('aria-valuetext', '58 years');
  },
};
