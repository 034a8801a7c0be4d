/**
 * Test helpers for component-level flow tests: the real FunnelApp on a flow, opened at a path with
 * what a previous visit left in sessionStorage, and the readings result screens are checked by.
 */
import { act, render, screen } from '@testing-library/react';
import { resultCodeFor } from '../../src/app/derive-result.ts';
import { FunnelApp, type FunnelAppProps } from '../../src/app/funnel-app.tsx';
import type { Flow } from '../../src/engine/flow-model.ts';
import type { ResultModel } from '../../src/scoring/evaluate-computations.ts';
import { preloadRenderers } from '../../src/screens/registry.ts';
import { createMemoryTracking } from '../../src/tracking/memory-tracking.ts';
import { formatNumber } from '../../src/engine/template.ts';

/** What an earlier visit stored, under the spec's sessionStorage keys (§3). */
export interface StoredVisit {
  quizData?: Record<string, unknown>;
  assessmentData?: Record<string, unknown>;
}

/** Loads every lazy renderer once, so a screen appears in microtasks and no (fake) clock need move. */
export async function warmRenderers(): Promise<void> {
  await preloadRenderers();
}

/**
 * Opens `path` in the real FunnelApp with `stored` in sessionStorage and waits (in microtasks only) for
 * the lazy screen to replace its Suspense fallback. Call `warmRenderers()` in a `beforeAll` first.
 */
export async function renderFunnel(
  flow: Flow,
  path: string,
  stored: StoredVisit = {},
  options: Partial<Pick<FunnelAppProps, 'idle' | 'results'>> = {},
) {
  window.history.replaceState(null, '', path);
  for (const [key, value] of Object.entries(stored)) sessionStorage.setItem(key, JSON.stringify(value));
  const tracking = createMemoryTracking();
  const code = resultCodeFor(flow, flow.settings);
  render(
    <FunnelApp
      flow={flow}
      ports={{
        tracking,
        pixel: tracking,
        analysis: { analyzePhoto: () => Promise.resolve({}) },
        navigation: { redirect: () => undefined },
        log: { warn: () => undefined },
      }}
      results={{ derive: code.derive, ready: Promise.resolve(), isReady: () => true, need: () => Promise.resolve() }}
      storage={sessionStorage}
      {...options}
    />,
  );
  for (let i = 0; i < 3; i++) {
    await act(async () => {
      await Promise.resolve();
    });
  }
  return { tracking };
}

/** The flow's result model: its computations and tables (the shipped flow always has them). */
export function scoringOf(flow: Flow): ResultModel {
  if (!flow.computations) throw new Error('the flow has no computations');
  return { computations: flow.computations, tables: flow.tables, analyses: flow.analyses };
}

/** A number as copy placeholders show it (at most one decimal). */
export function shown(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** Ages and age gaps as the shipped copy shows them (`{result.skinAge:0}`): whole years. */
export function years(value: number): string {
  return formatNumber(value, 0);
}

/** The percentage the animated counter shows now, e.g. "42%". */
export function percentShown(): string | null {
  return screen.getByTestId('animated-percent').textContent;
}

/** What screen readers are told about the percentage (only the final value, once counting ends). */
export function percentAnnounced(): string | null {
  const live = screen.getByTestId('animated-percent').parentElement?.querySelector('[aria-live="polite"]');
  if (!live) throw new Error('the percentage has no live region');
  return live.textContent;
}

/** The value beside a labelled figure of a `comparison` block (e.g. "Skin age"). */
export function figureValue(label: string): string | null {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? null;
}

/** The lines of the card titled `title` (a `cards` block): its title, value (when shown) and text. */
export function cardLines(title: string): (string | null)[] {
  const card = screen.getByText(title).closest('li');
  if (!card) throw new Error(`no card titled ${title}`);
  return Array.from(card.children, (line) => line.textContent);
}

/** The sessionStorage value under `key`, parsed. */
export function storedJson(key: string): unknown {
  const text = sessionStorage.getItem(key);
  return text === null ? undefined : JSON.parse(text);
}
