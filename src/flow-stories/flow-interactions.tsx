/**
 * The funnel's main behaviours, played through the real engine on the chosen flow's own screens
 * (interaction-plan.ts picks them): what a renderer story can't show because the machine decides it
 * (guards, auto-advance, the computed score). Copy, rules and timings are read from the flow, so the
 * stories run for every flow and a marketer's edit doesn't break them. Storybook loads them through
 * the module scripts/vite-plugin-flow-stories.ts writes; the tests compose them directly.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { fieldProblem } from '../engine/field-rules.ts';
import type { Flow, Screen, ScreenKind, ScreenOfKind } from '../engine/flow-model.ts';
import { interpolate } from '../engine/template.ts';
import { evaluateComputations } from '../scoring/evaluate-computations.ts';
import { FlowScreen, openAt } from './flow-screen.tsx';
import { INTERACTIONS_TITLE, interactionPlan, type InteractionName } from './interaction-plan.ts';
import { visitFor, type SeededVisit } from './seeded-visits.ts';

interface Args {
  visit: SeededVisit;
}
type Story = StoryObj<Args>;
type Canvas = ReturnType<typeof within>;
type Field = ScreenOfKind<'form'>['fields'][number];

/** The interaction stories of a flow: the meta, and a story per behaviour its screens can show. */
export interface FlowInteractionsFile {
  meta: Meta<Args>;
  stories: Partial<Record<InteractionName, Story>>;
}

function isKind<K extends ScreenKind>(screen: Screen | undefined, kind: K): screen is ScreenOfKind<K> {
  return screen?.kind === kind;
}

function screenOf<K extends ScreenKind>(flow: Flow, id: string, kind: K): ScreenOfKind<K> {
  const screen = flow.screens[id];
  if (!isKind(screen, kind)) throw new Error(`the flow's screen "${id}" is not a ${kind} screen`);
  return screen;
}

/** Copy a story can look for: none when it reads a placeholder (its words depend on the visit). */
const plain = (text: string | undefined) => (text !== undefined && !text.includes('{') ? text : undefined);

/** The screen's main button: by its label when that is plain copy, else the last button drawn. */
async function mainButton(canvas: Canvas, label: string | undefined): Promise<HTMLElement> {
  const name = plain(label);
  if (name !== undefined) return canvas.findByRole('button', { name });
  const buttons = await canvas.findAllByRole('button');
  const last = buttons.at(-1);
  if (!last) throw new Error('the screen has no button');
  return last;
}

/** A value that passes the field's own rule, for the form story to type. */
function validSample(field: Field): string {
  const candidates: string[] = [];
  if (field.type === 'email') candidates.push('ann@example.com');
  if (field.type === 'tel') candidates.push('+1 415 555 0100');
  if (field.type === 'number') candidates.push(String(field.min ?? field.max ?? 1));
  // A pattern's example is usually in the placeholder ("e.g. 94110").
  candidates.push(...(field.placeholder ?? '').split(/[\s,;]+/), 'Ann');
  const sample = candidates.find((text) => text !== '' && fieldProblem(field, text) === null);
  if (sample === undefined) throw new Error(`no sample value passes the rule of the field "${field.name}" (give it a placeholder that does)`);
  return sample;
}

async function fill(canvas: Canvas, field: Field): Promise<void> {
  if (field.type === 'checkbox') {
    await userEvent.click(canvas.getByRole('checkbox', { name: field.label }));
    return;
  }
  const control = canvas.getByLabelText(field.label);
  const first = field.options?.[0];
  if (field.type === 'select' && first) await userEvent.selectOptions(control, first.value);
  else await userEvent.type(control, validSample(field));
}

function togglingOptions(flow: Flow, id: string): Story {
  const screen = screenOf(flow, id, 'multi-select');
  return {
    name: 'Toggling options',
    args: { visit: visitFor(flow, 'medium', [screen.answer]) },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      const [first, second] = screen.options;
      if (!first || !second) throw new Error(`"${id}" needs two options for this story`);
      const one = await canvas.findByRole('checkbox', { name: first.label });
      await userEvent.click(one);
      await expect(one).toBeChecked();
      await userEvent.click(one);
      await expect(one).not.toBeChecked();
      await userEvent.click(one);
      await userEvent.click(canvas.getByRole('checkbox', { name: second.label }));
      await expect(canvas.getAllByRole('checkbox', { checked: true })).toHaveLength(2);
      await userEvent.click(await mainButton(canvas, screen.button));
      await waitFor(() => expect(canvas.queryByRole('checkbox', { name: first.label })).toBeNull());
    },
  };
}

function requiredChoice(flow: Flow, id: string): Story {
  const screen = screenOf(flow, id, 'single-choice');
  return {
    name: 'Required choice',
    args: { visit: visitFor(flow, 'medium', [screen.answer]) },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      const [first] = screen.options;
      if (!first) throw new Error(`"${id}" has no option`);
      const option = await canvas.findByRole('radio', { name: first.label });
      await expect(await mainButton(canvas, screen.button)).toBeDisabled();
      await userEvent.click(option);
      const next = await mainButton(canvas, screen.button);
      await expect(next).toBeEnabled();
      await userEvent.click(next);
      await waitFor(() => expect(canvas.queryByRole('radio', { name: first.label })).toBeNull());
    },
  };
}

function formDisabledUntilValid(flow: Flow, id: string): Story {
  const screen = screenOf(flow, id, 'form');
  return {
    name: 'Form disabled until valid',
    args: { visit: visitFor(flow, 'medium', screen.fields.map((field) => field.name)) },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      const waiting = await mainButton(canvas, screen.disabledButton ?? screen.button);
      await expect(waiting).toBeDisabled();
      const required = screen.fields.filter((field) => field.required);
      for (const field of required) {
        await expect(await mainButton(canvas, screen.disabledButton ?? screen.button)).toBeDisabled();
        await fill(canvas, field);
      }
      const send = await mainButton(canvas, screen.button);
      await expect(send).toBeEnabled();
      await userEvent.click(send);
      const [firstField] = screen.fields;
      if (firstField) await waitFor(() => expect(canvas.queryByLabelText(firstField.label)).toBeNull());
    },
  };
}

function slider(flow: Flow, id: string): Story {
  const screen = screenOf(flow, id, 'slider');
  return {
    name: 'Slider',
    args: { visit: visitFor(flow, 'medium', [screen.answer]) },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      const range = await canvas.findByRole('slider');
      await expect(range).toHaveValue(String(screen.default));
      const picked = screen.default + screen.step <= screen.max ? screen.default + screen.step : screen.default - screen.step;
      // jsdom has no native range keyboard, so the play sets the value as a drag would.
      fireEvent.change(range, { target: { value: String(picked) } });
      await expect(canvas.getByTestId('slider-value')).toHaveTextContent(String(picked));
      await userEvent.click(await mainButton(canvas, screen.button));
      await waitFor(() => expect(canvas.queryByRole('slider')).toBeNull());
    },
  };
}

function timerAutoAdvance(flow: Flow, id: string): Story {
  const screen = screenOf(flow, id, 'calculating');
  return {
    name: 'Timer auto-advance',
    args: { visit: visitFor(flow, 'medium', []) },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      const message = plain(screen.message);
      if (message !== undefined) await expect(await canvas.findByText(message)).toBeInTheDocument();
      const wait = { timeout: (screen.after.delayMs ?? 0) + 3000 };
      const label = plain(screen.button);
      if (label !== undefined) await expect(await canvas.findByRole('button', { name: label }, wait)).toBeInTheDocument();
      // Then the machine moves on by itself: the screen's spinner text is gone.
      if (message !== undefined) await waitFor(() => expect(canvas.queryByText(message)).toBeNull(), wait);
    },
  };
}

function revealEndsOnScore(flow: Flow, id: string): Story {
  const screen = screenOf(flow, id, 'reveal');
  const visit = visitFor(flow, 'high', []);
  return {
    name: 'Reveal ends on score',
    args: { visit },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      const { percent } = screen;
      const result = evaluateComputations(flow, { answers: visit.answers, data: visit.data, settings: flow.settings });
      const value = Number(interpolate(percent.value, { answers: visit.answers, data: visit.data, settings: flow.settings, result }));
      const decimals = percent.decimals ?? 0;
      const expected = `${(Math.round(value * 10 ** decimals) / 10 ** decimals).toFixed(decimals)}${percent.unit ?? '%'}`;
      const counting = percent.delayMs + percent.steps * percent.stepMs;
      // Announced once it lands, in one final sentence with its label and caption when it has them.
      const announced = await canvas.findByText(
        (text) => text.includes(expected),
        { selector: '[aria-live] *' },
        { timeout: counting + 3000 },
      );
      await expect(announced).toBeInTheDocument();
      await expect(canvas.getByTestId('animated-percent')).toHaveTextContent(expected);
    },
  };
}

const BUILDERS: Record<InteractionName, (flow: Flow, id: string) => Story> = {
  TogglingOptions: togglingOptions,
  RequiredChoice: requiredChoice,
  FormDisabledUntilValid: formDisabledUntilValid,
  Slider: slider,
  TimerAutoAdvance: timerAutoAdvance,
  RevealEndsOnScore: revealEndsOnScore,
};

/** Builds the interaction stories of `flow` (which must include its computations and tables). */
export function flowInteractionsFile(flow: Flow): FlowInteractionsFile {
  const plan = interactionPlan(flow);
  const stories: FlowInteractionsFile['stories'] = {};
  for (const { exportName, screenId, route } of plan) {
    // Each story opens its own screen by its route, before the funnel reads the address bar.
    stories[exportName] = { ...BUILDERS[exportName](flow, screenId), beforeEach: () => openAt(route) };
  }
  return {
    meta: {
      title: INTERACTIONS_TITLE,
      parameters: { layout: 'fullscreen' },
      tags: ['flow'],
      render: (args) => <FlowScreen flow={flow} visit={args.visit} />,
    },
    stories,
  };
}
