/**
 * The spec's own words in Chromium (issue 43), on the production build. A visitor of the supported band
 * (the flow's `high` sample) walks the main path by tapping, then opens the screens off it by their
 * address: each text of tests/support/spec-copy.ts shows on its own screen (the watcher records the
 * address each first appeared at, so passing texts count too: the photo overlay, the disabled email
 * button, 'Creating Your Protocol'). A visitor of the low band (the `low` sample) walks the same way
 * and reads none of the claims. A text the decisions list (DECISIONS in tests/support/spec-copy.ts) is
 * not looked for; a claim is never shown to the low band, listed or not.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decided, readDecisions, SPEC_TEXTS as LISTED, shownText, type SpecText } from '../support/spec-copy.ts';
import { copy, flow, routeOf, screenOf, WAIT } from './funnel.ts';
import { repoRoot, type TestPage } from './harness.ts';
import { walkMainPath } from './main-path-walk.ts';
import { sharedHarness } from './shared-harness.ts';

const harness = sharedHarness();

/** The spec's texts the flow must show: all but those the decisions list with a reason. */
const decisions = readDecisions(repoRoot);
const SPEC_TEXTS = LISTED.filter((entry) => !decided(decisions, entry.text));

interface Sample {
  answers: Record<string, unknown>;
  data?: Record<string, unknown>;
}
const raw = JSON.parse(readFileSync(join(repoRoot, 'flows/skin-funnel.json'), 'utf8')) as {
  samples: Record<string, Sample>;
  tables: { hormonalLabels: { bands: [number, string][]; otherwise: string } };
};
const sample = (name: string): Sample => {
  const found = raw.samples[name];
  if (!found) throw new Error(`The flow has no sample "${name}"`);
  return found;
};
const LABELS = [...raw.tables.hormonalLabels.bands.map(([, label]) => label), raw.tables.hormonalLabels.otherwise];

/** The texts an entry can show as: the band label's placeholder in each of the label's words. */
const forms = (entry: SpecText): string[] => {
  const text = shownText(entry);
  return text.includes('{result.hormonalLabel}') ? LABELS.map((label) => text.replace('{result.hormonalLabel}', label)) : [copy(text)];
};

/** The main path as the walker takes it: from the start, each screen's first way on, to the last screen. */
function mainPath(): string[] {
  const ids = [flow.start];
  for (;;) {
    const screen = screenOf(ids.at(-1) ?? flow.start);
    const next = typeof screen.next === 'string' ? screen.next : (screen.next?.[0]?.to ?? screen.after?.to);
    if (next === undefined) return ids;
    ids.push(next);
    if (screenOf(next).route === undefined) return ids;
  }
}
const MAIN_PATH = mainPath();
/** Where a screen shows: its address; a screen without one keeps the address of the screen before. */
const addressOf = (id: string): string => {
  if (id === flow.notFound) return '/no-such-page';
  if (screenOf(id).route !== undefined) return routeOf(id);
  const before = MAIN_PATH[MAIN_PATH.indexOf(id) - 1];
  if (before === undefined) throw new Error(`Screen "${id}" has no address and no screen before it`);
  return routeOf(before);
};
/**
 * The addresses a screen's texts may first show at: its own; the first question's also at `/`, as the
 * start screen hands over to it at once and the address follows.
 */
const addressesOf = (id: string): string[] =>
  screenOf(flow.start).after?.to === id && screenOf(flow.start).route !== undefined ? [addressOf(id), routeOf(flow.start)] : [addressOf(id)];
const OFF_PATH = [...new Set(SPEC_TEXTS.map((t) => t.screen))].filter((id) => !MAIN_PATH.includes(id));
const CLAIMS = LISTED.filter((t) => t.shows === 'supported');

/** Where each of `entries` first showed (undefined: never), by entry. */
async function whereShown(tp: TestPage, entries: readonly SpecText[]) {
  const seen = await tp.seen();
  return entries.map((entry) => ({
    screen: entry.screen,
    text: entry.text,
    at: forms(entry).map((form) => seen[form]?.path).find((path) => path !== undefined),
  }));
}

/** A page with the visitor's sample stored, watching every form of `entries`. */
async function visitor(name: string, entries: readonly SpecText[], stored: boolean): Promise<TestPage> {
  const tp = await harness().open({ watch: entries.flatMap(forms), viewport: { width: 360, height: 740 } });
  if (stored) {
    const { answers, data } = sample(name);
    const items: Record<string, string> = { [flow.storage.answersKey]: JSON.stringify(answers) };
    for (const [key, value] of Object.entries(data ?? {})) items[key] = JSON.stringify(value);
    await tp.context.addInitScript((values: Record<string, string>) => {
      for (const [key, value] of Object.entries(values)) sessionStorage.setItem(key, value);
    }, items);
  }
  return tp;
}

/** Walks the main path from `/` with these answers; waits on the last (transient) screen. */
async function walk(tp: TestPage, answers: Record<string, unknown>): Promise<void> {
  await tp.page.goto(tp.url('/'));
  const taps = await walkMainPath(tp.page, { answers });
  expect([taps[0]?.from, ...taps.map((t) => t.to)]).toEqual(MAIN_PATH.slice(1));
  const last = screenOf(MAIN_PATH.at(-1) ?? '');
  await tp.page.getByText(copy(last.message ?? ''), { exact: true }).waitFor(WAIT);
}

/** Opens each screen by its address and waits until `until` holds for what it showed there. */
async function visitEach(tp: TestPage, ids: readonly string[], entries: readonly SpecText[], until: (shown: Awaited<ReturnType<typeof whereShown>>) => boolean) {
  const results: Awaited<ReturnType<typeof whereShown>> = [];
  for (const id of ids) {
    const mine = entries.filter((e) => e.screen === id);
    await tp.page.goto(tp.url(addressOf(id)));
    await tp.page.locator('main').first().waitFor({ state: 'attached' });
    // The reveals' band label shows when the count lands (about 3 s): wait for it, or give up and report.
    await expect.poll(async () => until(await whereShown(tp, mine)), { timeout: 8_000, interval: 200 }).toBe(true).catch(() => undefined);
    results.push(...(await whereShown(tp, mine)));
  }
  return results;
}

describe("the spec's words, on their screens", () => {
  it('a visitor of the supported band reads each one on its screen: the main path tapped through, the other screens by address', async () => {
    const onPath = SPEC_TEXTS.filter((t) => MAIN_PATH.includes(t.screen));
    const offPath = SPEC_TEXTS.filter((t) => OFF_PATH.includes(t.screen));
    expect(offPath.length).toBeGreaterThan(20);
    // The walker and the reader at once, each in her own context: their waits on the screens' timers overlap.
    const [walker, reader] = await Promise.all([visitor('high', onPath, false), visitor('high', offPath, true)]);
    // The walk's photo (the only sample face) reads about 30, so it pulls the gap of a 52-year-old
    // down to the photo's floor: the high sample answers the doctor's question with every symptom
    // to stay in the supported band after it.
    const symptoms = (screenOf('doctor-investigation').options ?? []).map((o) => o.value).filter((v) => v !== 'none');
    expect(symptoms.length).toBeGreaterThanOrEqual(5);
    const [, visited] = await Promise.all([
      walk(walker, { ...sample('high').answers, drMorganAnswers: symptoms }),
      visitEach(reader, OFF_PATH, offPath, (shown) => shown.every((s) => s.at !== undefined)),
    ]);
    const walked = await whereShown(walker, onPath);
    expect(walked.filter((w) => !addressesOf(w.screen).includes(w.at ?? ''))).toEqual([]);
    expect(visited.filter((v) => v.at !== addressOf(v.screen))).toEqual([]);
    expect(walker.problems.concat(reader.problems).filter((line) => !/404|Ad pixel not initialised/.test(line))).toEqual([]);
  }, 300_000);

  it('a visitor of the low band reads none of the claims, on the main path or off it', async () => {
    // What proves each screen was drawn: its every-visitor texts; what must never show: the claims.
    const claimScreens = [...new Set(CLAIMS.map((c) => c.screen))];
    const drawn = SPEC_TEXTS.filter((t) => t.shows === 'every' && claimScreens.includes(t.screen));
    const offPath = claimScreens.filter((id) => !MAIN_PATH.includes(id));
    expect(offPath.length).toBeGreaterThan(0);
    const drawnOff = drawn.filter((d) => offPath.includes(d.screen));
    // The walker and the reader at once, as above.
    const [walker, reader] = await Promise.all([
      visitor('low', [...drawn, ...CLAIMS], false),
      visitor('low', [...drawn, ...CLAIMS], true),
    ]);
    const [, visited] = await Promise.all([
      walk(walker, sample('low').answers),
      visitEach(reader, offPath, [...drawnOff, ...CLAIMS], (shown) =>
        shown.every((s) => s.at !== undefined || CLAIMS.some((c) => c.text === s.text)),
      ),
    ]);
    const walked = await whereShown(walker, [...drawn, ...CLAIMS]);
    const onPath = (w: { screen: string }) => MAIN_PATH.includes(w.screen);
    expect(walked.filter((w) => onPath(w) && w.at === undefined && drawn.some((d) => d.text === w.text && d.screen === w.screen))).toEqual([]);
    expect(walked.filter((w) => CLAIMS.some((c) => c.text === w.text) && w.at !== undefined)).toEqual([]);
    expect(visited.filter((v) => v.at === undefined && drawnOff.some((d) => d.text === v.text))).toEqual([]);
    expect(visited.filter((v) => CLAIMS.some((c) => c.text === v.text) && v.at !== undefined)).toEqual([]);
  }, 300_000);
});
