/**
 * Walks the flow's main path in a page from `/` by reading the flow, not a script of screens: on each
 * screen it gives the least answer that lets the visitor on (the first option, the default slider
 * value, a sample photo, a name and an email), or the answers it is given (a visitor's, e.g. one of
 * the flow's `samples`), and taps the screen's button, until a screen without a route (the transient
 * last screen) or without a button. Used by the no-spinner test and `npm run bench`
 * (so it waits with Playwright alone: funnel.ts needs the Vitest runner). A walk in another language
 * passes the flow with that language's texts in place (translations.ts): routes and values are the same.
 */
import type { Page } from 'playwright-core';
import { loadFlow, SAMPLE_FACE_PHOTO, withSettings, type FlowFile, type FlowScreen } from './harness.ts';

const WAIT_MS = 20_000;

function screenIn(flow: FlowFile, id: string): FlowScreen {
  const screen = flow.screens[id];
  if (!screen) throw new Error(`The flow has no screen "${id}"`);
  return screen;
}

/** Waits until screen `id` is shown: its route in the address bar and its button on the page. */
async function waitForScreen(page: Page, flow: FlowFile, id: string): Promise<void> {
  const { route, button } = screenIn(flow, id);
  if (route !== undefined) {
    const path = withSettings(route, flow.settings);
    await page.waitForURL((url) => url.pathname === path, { timeout: WAIT_MS });
  }
  if (button !== undefined) {
    await page.getByRole('button', { name: withSettings(button, flow.settings), exact: true }).or(page.locator('main button')).first().waitFor({ timeout: WAIT_MS });
  }
}

export interface MainPathTap {
  /** The screen the tap is on, and the one it leads to. */
  from: string;
  to: string;
  label: string;
}

export interface WalkOptions {
  /** Performs the tap on the button (default: a click); the bench times it. */
  tap?: (page: Page, tap: MainPathTap) => Promise<void>;
  /** The most taps to make (a guard against a flow that loops). */
  maxTaps?: number;
  /** The flow to read screens, labels and buttons from (default: the default flow, in English). */
  flow?: FlowFile;
  /**
   * The visitor's answers by answer key (the flow's `samples` hold such sets): the options with these
   * values, the slider at this number, these form fields. A screen whose answer is missing gets the
   * least answer.
   */
  answers?: Record<string, unknown>;
}

/** The plain `next` of a screen (the main path's screens have one). */
function nextOf(flow: FlowFile, id: string): string | undefined {
  const { next, after } = screenIn(flow, id);
  if (typeof next === 'string') return next;
  return next?.[0]?.to ?? after?.to;
}

/** The given answer of a screen, if any. */
function given(answers: Record<string, unknown> | undefined, key: string | undefined): unknown {
  return answers !== undefined && key !== undefined ? Object.getOwnPropertyDescriptor(answers, key)?.value : undefined;
}

/** Answers screen `id` so its button is enabled: with `answers` where they answer it. */
async function answer(page: Page, flow: FlowFile, id: string, answers?: Record<string, unknown>): Promise<void> {
  const screen = screenIn(flow, id);
  const mine = given(answers, screen.answer);
  if ((screen.kind === 'multi-select' || screen.kind === 'single-choice') && screen.options?.[0]) {
    const role = screen.kind === 'single-choice' ? 'radio' : 'checkbox';
    const values = Array.isArray(mine) ? mine : typeof mine === 'string' ? [mine] : [screen.options[0].value];
    for (const value of values) {
      const option = screen.options.find((o) => o.value === value);
      if (!option) throw new Error(`Screen "${id}" has no option "${String(value)}"`);
      await page.getByRole(role, { name: option.label, exact: true }).click();
    }
  } else if (screen.kind === 'slider' && typeof mine === 'number') {
    // Key presses move the slider as a visitor's thumb does (and as React hears it).
    const slider = page.getByRole('slider');
    const from = Number(await slider.inputValue());
    const step = screen.step ?? 1;
    await slider.focus();
    for (let n = 0; n < Math.round(Math.abs(mine - from) / step); n++) await slider.press(mine > from ? 'ArrowRight' : 'ArrowLeft');
    if (Number(await slider.inputValue()) !== mine) throw new Error(`Screen "${id}": the slider did not reach ${mine}`);
  } else if (screen.kind === 'photo-upload') {
    await page.locator('input[type="file"]').setInputFiles(SAMPLE_FACE_PHOTO);
    // The preview of the chosen photo (found by its data: URL, whatever the language of its alt text).
    await page.locator('main img[src^="data:"]').waitFor({ timeout: WAIT_MS });
  } else if (screen.kind === 'form') {
    for (const field of screen.fields ?? []) {
      const mine = given(answers, field.name);
      const value = typeof mine === 'string' ? mine : /mail/i.test(field.name) ? 'walker@example.com' : 'Walker';
      await page.getByLabel(field.label, { exact: true }).fill(value);
    }
  }
}

/** Walks from the page's current screen (open `/` first); returns the taps made, in order. */
export async function walkMainPath(page: Page, options: WalkOptions = {}): Promise<MainPathTap[]> {
  const tap = options.tap ?? ((p, t) => p.getByRole('button', { name: t.label, exact: true }).click());
  const flow = options.flow ?? loadFlow();
  const screenOf = (id: string) => screenIn(flow, id);
  const taps: MainPathTap[] = [];
  let id = flow.start;
  // Screens that move on by themselves (the start screen) lead to the first question.
  while (screenOf(id).after && !screenOf(id).button) {
    const next = nextOf(flow, id);
    if (next === undefined) return taps;
    id = next;
  }
  while (taps.length < (options.maxTaps ?? 40)) {
    await waitForScreen(page, flow, id);
    const to = nextOf(flow, id);
    if (to === undefined || screenOf(id).button === undefined) break;
    await answer(page, flow, id, options.answers);
    const label = withSettings(screenOf(id).button ?? '', flow.settings);
    await page.getByRole('button', { name: label, exact: true }).waitFor({ timeout: WAIT_MS });
    const step = { from: id, to, label };
    await tap(page, step);
    taps.push(step);
    if (screenOf(to).route === undefined) break;
    id = to;
  }
  return taps;
}
