/**
 * Page-level helpers for the end-to-end tests: find a screen's route, progress and copy in the flow
 * file, and check that the browser shows that screen.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  loadFlow,
  progressValues,
  withSettings,
  type FlowFile,
  type FlowScreen,
  type Progress,
} from './harness.ts';

export const flow: FlowFile = loadFlow();

/** How long to wait for the app to react (generous: 2 cores, a real browser). */
export const WAIT = { timeout: 15_000, interval: 50 } as const;
/**
 * The face model reads a photo in the page: on 2 shared cores, with another e2e file running beside,
 * that took over 15 s once in CI (most of all for the model's first photo).
 */
export const ANALYSIS_WAIT = { timeout: 90_000 } as const;

export function screenOf(id: string): FlowScreen {
  const screen = flow.screens[id];
  if (!screen) throw new Error(`The flow has no screen "${id}"`);
  return screen;
}

/** A flow text with its `{settings.x}` placeholders filled in. */
export function copy(text: string): string {
  return withSettings(text, flow.settings);
}

/** The screen's canonical route, resolved (e.g. '/quiz/dr-morgan-investigation'). */
export function routeOf(id: string): string {
  const route = screenOf(id).route;
  if (route === undefined) throw new Error(`Screen "${id}" has no route`);
  return copy(route);
}

export function progressOf(id: string): Progress {
  const progress = screenOf(id).progress;
  if (progress === undefined) throw new Error(`Screen "${id}" has no progress`);
  return progress;
}

export function buttonOf(id: string): string {
  const button = screenOf(id).button;
  if (button === undefined) throw new Error(`Screen "${id}" has no button`);
  return copy(button);
}

/** The label of the option with this value (values are stable; labels are copy). */
export function optionLabel(id: string, value: string): string {
  const option = screenOf(id).options?.find((o) => o.value === value);
  if (!option) throw new Error(`Screen "${id}" has no option "${value}"`);
  return option.label;
}

/** The first content (or footer) block of this type with text, e.g. a screen's heading. */
export function blockText(id: string, type: string, where: 'content' | 'footer' = 'content'): string {
  const block = screenOf(id)[where]?.find((b) => b.type === type && b.text !== undefined);
  if (!block?.text) throw new Error(`Screen "${id}" has no ${type} block in its ${where}`);
  return copy(block.text);
}

/**
 * Any of a screen's blocks of `type` with text, as one pattern: a screen may say one thing per band or
 * answer (`when`), and its placeholders (`{answers.name|}`) stand for any text.
 */
export function anyBlockText(id: string, type: string, where: 'content' | 'footer' = 'content'): RegExp {
  const texts = (screenOf(id)[where] ?? []).flatMap((b) =>
    b.type === type && b.text !== undefined ? [copy(b.text)] : [],
  );
  if (texts.length === 0) throw new Error(`Screen "${id}" has no ${type} block in its ${where}`);
  const pattern = (text: string) =>
    text
      .split(/\{[^}]*\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+');
  return new RegExp(`^(${texts.map(pattern).join('|')})$`);
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** The header's progress bar (the photo overlay has its own bar). */
export function progressBar(page: Page) {
  return page.locator('header').getByRole('progressbar');
}

export async function progressShown(page: Page): Promise<string> {
  const bar = progressBar(page);
  return `${await bar.getAttribute('aria-valuenow')}/${await bar.getAttribute('aria-valuemax')}`;
}

export function progressText(progress: Progress): string {
  return progressValues(progress).join('/');
}

export function button(page: Page, label: string) {
  return page.getByRole('button', { name: label, exact: true });
}

/** What tells this screen apart on the page: its question, headline, message or button. */
function marker(screen: FlowScreen): string | undefined {
  if (screen.question) return copy(screen.question);
  if (screen.headline) return copy(screen.headline);
  if (screen.kind === 'redirect' && screen.message) return copy(screen.message);
  if (screen.kind === 'calculating') return undefined;
  if (screen.kind === 'form' && screen.disabledButton) return undefined;
  return screen.button ? copy(screen.button) : undefined;
}

/**
 * Waits until the page shows screen `id`: the address bar's path is the screen's route (or `path`
 * for screens that keep the typed address), its distinguishing text is visible, and the header's
 * progress bar carries the screen's fraction.
 */
export async function expectScreen(
  page: Page,
  id: string,
  options: { path?: string; timeout?: number } = {},
): Promise<void> {
  const screen = screenOf(id);
  const path = options.path ?? routeOf(id);
  await page.waitForURL((url) => url.pathname === path, { timeout: options.timeout ?? WAIT.timeout });
  const text = marker(screen);
  if (text !== undefined) await page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });
  if (screen.progress !== undefined) {
    await expect.poll(() => progressShown(page), WAIT).toBe(progressText(screen.progress));
    await expect.poll(() => progressBar(page).getAttribute('aria-valuemin'), WAIT).toBe('0');
  }
  expect(pathOf(page)).toBe(path);
  // No template leaks into what the visitor reads: no '{answers.x}', 'undefined', 'NaN'.
  const shown = await page.locator('main').innerText();
  expect(shown, `screen "${id}" shows an unfilled value`).not.toMatch(
    /\{[\w.]+\}|\bundefined\b|\bNaN\b|\[object /,
  );
}

/** Presses a screen's main button once it is enabled (Playwright waits for that). */
export async function press(page: Page, label: string): Promise<void> {
  await button(page, label).click();
}

export function option(page: Page, id: string, value: string) {
  const role = screenOf(id).kind === 'single-choice' ? 'radio' : 'checkbox';
  return page.getByRole(role, { name: optionLabel(id, value), exact: true });
}

/** Taps an option card of screen `id` and waits until it shows as chosen (or un-chosen, for a toggle). */
export async function tapOption(page: Page, id: string, value: string, expected = true): Promise<void> {
  const input = option(page, id, value);
  await input.click();
  await expect.poll(() => input.isChecked(), WAIT).toBe(expected);
}

export async function isChecked(page: Page, id: string, value: string): Promise<boolean> {
  return option(page, id, value).isChecked();
}
