/**
 * The placeholders copy may use on a screen, as the checker knows them (reference-check.ts and the
 * path proofs): answers some screen writes, stored data some action writes, the computations'
 * results, and the settings. An answer or stored value that some path reaching the screen has not
 * written yet is offered with an empty fallback (`{answers.x|}`), the form the proofs accept there.
 * The studio offers them where she types copy, so a placeholder is picked, not remembered.
 */
import type { Flow } from '../flow.gen.ts';
import { arrivalFacts, rootsOf, runEffects, screenModels } from '../validation/path-analysis.ts';
import { isWritten, type Facts } from '../validation/path-facts.ts';
import { dataWrites, writtenAnswers } from '../validation/reference-check.ts';

/** One placeholder she may insert, with where its value comes from. */
export interface ScopedPlaceholder {
  /** The text to insert, braces included (e.g. `{answers.age}`). */
  text: string;
  /** Where the value comes from, in words. */
  source: string;
}

const sorted = (keys: Iterable<string>) => [...keys].sort((a, b) => a.localeCompare(b));

/** What surely holds while `screenId` shows its copy (after its `enter` actions), or undefined. */
function factsAt(flow: Flow, screenId: string): { facts: Facts; sample: Set<string> } | undefined {
  const models = screenModels(flow);
  const model = models.get(screenId);
  const arrival = model === undefined ? undefined : arrivalFacts(flow, models, rootsOf(flow)).get(screenId);
  if (model === undefined || arrival === undefined) return undefined;
  const screen = flow.screens[screenId];
  const sample = screen && (screen.kind === 'content' || screen.kind === 'reveal') ? Object.keys(screen.sampleAnswers ?? {}) : [];
  return { facts: runEffects(model.enter, arrival), sample: new Set(sample) };
}

/**
 * Every placeholder the checker accepts in the copy of `screenId` (or anywhere, without it): answers,
 * then results, stored data and settings.
 */
export function placeholderScope(flow: Flow, screenId?: string): ScopedPlaceholder[] {
  const at = screenId === undefined ? undefined : factsAt(flow, screenId);
  const read = (path: string, what: string): ScopedPlaceholder =>
    at === undefined || isWritten(at.facts, path, at.sample)
      ? { text: `{${path}}`, source: what }
      : { text: `{${path}|}`, source: `${what}, not given on every path here (empty when missing)` };
  const written = new Set(dataWrites(flow).map(({ key }) => key));
  return [
    ...sorted(writtenAnswers(flow)).map((key) => read(`answers.${key}`, 'an answer')),
    ...sorted(Object.keys(flow.computations ?? {})).map((key) => ({ text: `{result.${key}}`, source: 'a computed result' })),
    ...sorted(flow.storage.dataKeys.filter((key) => written.has(key))).map((key) => read(`data.${key}`, 'stored data')),
    ...sorted(Object.keys(flow.settings)).map((key) => ({ text: `{settings.${key}}`, source: 'a setting' })),
  ];
}
