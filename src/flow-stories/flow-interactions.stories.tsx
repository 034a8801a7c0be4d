/**
 * The funnel's main behaviours, played through the real engine on the shipped flow: what a renderer
 * story can't show because the machine decides it (guards, auto-advance, the computed score). Copy
 * and timings are read from the flow, so a marketer's edit doesn't break them.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import flowWithoutModel from 'virtual:flow';
import model from 'virtual:flow-scoring';
import type { Flow, Screen, ScreenKind, ScreenOfKind } from '../engine/flow-model.ts';
import { routeTable } from '../engine/routes.ts';
import { evaluateComputations } from '../scoring/evaluate-computations.ts';
import { FlowScreen, openAt } from './flow-screen.tsx';
import { visitFor, type SeededVisit } from './seeded-visits.ts';

const flow: Flow = { ...flowWithoutModel, ...model };
const routes = routeTable(flow);

function isKind<K extends ScreenKind>(screen: Screen | undefined, kind: K): screen is ScreenOfKind<K> {
  return screen?.kind === kind;
}

/** The flow's screen `id`, which must be of `kind`. */
function screenOf<K extends ScreenKind>(id: string, kind: K): ScreenOfKind<K> {
  const screen = flow.screens[id];
  if (!isKind(screen, kind)) throw new Error(`the flow's screen "${id}" is not a ${kind} screen`);
  return screen;
}

/** Opens screen `id` by its route, with the medium visitor minus the screen's own answers. */
function opening(id: string, visit: SeededVisit): Pick<Story, 'args' | 'beforeEach'> {
  const route = routes.routeOf(id);
  if (route === undefined) throw new Error(`the flow's screen "${id}" has no route`);
  return { args: { visit }, beforeEach: () => openAt(route) };
}

interface Args {
  visit: SeededVisit;
}
type Story = StoryObj<Args>;

const meta = {
  title: 'Flow interactions',
  parameters: { layout: 'fullscreen' },
  render: (args) => <FlowScreen flow={flow} visit={args.visit} />,
} satisfies Meta<Args>;

export default meta;

const concerns = screenOf('skin-concerns', 'multi-select');
const email = screenOf('email-capture', 'form');
const age = screenOf('age', 'slider');
const calculating = screenOf('calculating', 'calculating');
const afterCalculating = screenOf(calculating.after.to ?? 'hrt-question', 'single-choice');

/** Options toggle on and off in the machine's answers; Continue moves on to the next question. */
export const TogglingOptions: Story = {
  ...opening('skin-concerns', visitFor(flow, 'medium', [concerns.answer])),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [first, second] = concerns.options;
    if (!first || !second) throw new Error('skin-concerns needs two options for this story');
    const one = await canvas.findByRole('checkbox', { name: first.label });
    await userEvent.click(one);
    await expect(one).toBeChecked();
    await userEvent.click(one);
    await expect(one).not.toBeChecked();
    await userEvent.click(one);
    await userEvent.click(canvas.getByRole('checkbox', { name: second.label }));
    await expect(canvas.getAllByRole('checkbox', { checked: true })).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: concerns.button }));
    await expect(
      await canvas.findByText(screenOf('change-speed', 'single-choice').question),
    ).toBeInTheDocument();
  },
};

/** The form's button stays off (and says why) until every field passes the flow's rules. */
export const FormDisabledUntilValid: Story = {
  ...opening(
    'email-capture',
    visitFor(flow, 'medium',
      email.fields.map((field) => field.name),
    ),
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const waiting = email.disabledButton ?? email.button;
    const [nameField, emailField] = email.fields;
    if (!nameField || !emailField) throw new Error('email-capture needs a name and an email field');
    await expect(await canvas.findByRole('button', { name: waiting })).toBeDisabled();
    await userEvent.type(canvas.getByLabelText(nameField.label), 'Ann');
    await expect(canvas.getByRole('button', { name: waiting })).toBeDisabled();
    await userEvent.type(canvas.getByLabelText(emailField.label), 'ann');
    await expect(canvas.getByRole('button', { name: waiting })).toBeDisabled();
    await userEvent.type(canvas.getByLabelText(emailField.label), '@example.com');
    const send = canvas.getByRole('button', { name: email.button });
    await expect(send).toBeEnabled();
    await userEvent.click(send);
    await expect(
      await canvas.findByText(screenOf('doctor-investigation', 'multi-select').question),
    ).toBeInTheDocument();
  },
};

/** The slider stores the age the visitor picks; Continue takes it on. */
export const Slider: Story = {
  ...opening('age', visitFor(flow, 'medium', [age.answer])),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const slider = await canvas.findByRole('slider', { name: age.question });
    await expect(slider).toHaveValue(String(age.default));
    const picked = Math.min(age.max, age.default + 8);
    // jsdom has no native range keyboard, so the play sets the value as a drag would.
    fireEvent.change(slider, { target: { value: String(picked) } });
    await expect(canvas.getByTestId('slider-value')).toHaveTextContent(String(picked));
    await userEvent.click(canvas.getByRole('button', { name: age.button }));
    await waitFor(() => expect(canvas.queryByRole('slider')).toBeNull());
  },
};

/** The spinner ends after spinnerMs (Continue appears), then the machine moves on by itself. */
export const CalculatingAutoAdvance: Story = {
  ...opening('calculating', visitFor(flow, 'medium', [])),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(calculating.message)).toBeInTheDocument();
    const wait = { timeout: (calculating.after.delayMs ?? 0) + 3000 };
    await expect(await canvas.findByRole('button', { name: calculating.button }, wait)).toBeInTheDocument();
    await expect(await canvas.findByText(afterCalculating.question, {}, wait)).toBeInTheDocument();
  },
};

const reveal = screenOf('root-cause-reveal', 'reveal');
const highVisit = visitFor(flow, 'high', []);

/** The percentage counts up and stops exactly on the score the flow's computations give. */
export const RevealEndsOnScore: Story = {
  ...opening('root-cause-reveal', highVisit),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const { confidenceScore } = evaluateComputations(flow, {
      answers: highVisit.answers,
      data: highVisit.data,
      settings: flow.settings,
    });
    const counting = reveal.percent.delayMs + reveal.percent.steps * reveal.percent.stepMs;
    // One final sentence: the band label, the score and the caption.
    const announced = await canvas.findByText(
      new RegExp(`Probability: ${confidenceScore}%\\.`),
      { selector: '[aria-live] *' },
      { timeout: counting + 3000 },
    );
    await expect(announced).toBeInTheDocument();
    await expect(canvas.getByTestId('animated-percent')).toHaveTextContent(`${confidenceScore}%`);
  },
};
