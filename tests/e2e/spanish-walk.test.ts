/**
 * Issue 32, one funnel in many languages: a phone set to Mexican Spanish (`es-MX`, matched to the
 * flow's `es` by BCP 47 fallback) gets the skin funnel in Spanish from the first paint, before any
 * script has run, to the redirect at the end. Every screen shows the texts of flows/skin-funnel.es.json
 * (read from the file, not copied here), and the figures are the English walk's for the same answers:
 * a language changes the words, never the scores or the stored values.
 *
 * Her lead row and step views say `es`; the English walk's say `en`.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WAIT } from './funnel.ts';
import { loadFlow, withSettings, type FlowFile, type FlowScreen, type TestPage } from './harness.ts';
import { walkMainPath, type MainPathTap } from './main-path-walk.ts';
import { sharedHarness } from './shared-harness.ts';
import { translatedFlow } from './translations.ts';

const FLOW_FILE = 'flows/skin-funnel.json';
const english = loadFlow(FLOW_FILE);
const spanish = translatedFlow(FLOW_FILE, 'es');
const harness = sharedHarness();

/** A text of the flow as shown: `{settings.x}` filled in. */
const shown = (flow: FlowFile, text: string) => withSettings(text, flow.settings);

/**
 * The words that tell screen `id` apart in a language: its question, or its first heading that shows
 * whatever the answers (no `when`, no placeholder), or its button.
 */
function markerOf(flow: FlowFile, id: string): string {
  const screen: FlowScreen | undefined = flow.screens[id];
  if (!screen) throw new Error(`${FLOW_FILE} has no screen "${id}"`);
  const heading = (screen.content ?? []).find(
    (block) => block.type === 'heading' && block.text && !block.text.includes('{') && !('when' in block),
  );
  const text = screen.question ?? heading?.text ?? screen.button;
  if (!text) throw new Error(`screen "${id}" has no question, heading or button`);
  return shown(flow, text);
}

/** Opens `path` with the app's scripts held back (the prerendered page only); `release` lets them in. */
async function openWithScriptsHeld(tp: TestPage, path: string) {
  const held: Route[] = [];
  let releasing = false;
  await tp.page.route('**/assets/*.js', (route) => (releasing ? route.continue() : void held.push(route)));
  await tp.page.goto(tp.url(path), { waitUntil: 'commit' });
  return async () => {
    releasing = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
  };
}

/** The session id the app keeps for this visit (it names her lead row). */
const sessionOf = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), english.storage.sessionIdKey);

async function leadOf(sessionId: string | null) {
  await expect
    .poll(async () => (await harness().rows('select 1 from public.quiz_completions where session_id = $1', [sessionId])).length, WAIT)
    .toBe(1);
  const [lead] = await harness().rows<{ answers: unknown; result: unknown; language: string | null }>(
    'select answers, result, language from public.quiz_completions where session_id = $1',
    [sessionId],
  );
  return lead;
}

describe('the skin funnel in Spanish (phone language es-MX)', () => {
  it('is Spanish from the first paint, before any script runs', async () => {
    const tp = await harness().open({ locale: 'es-MX' });
    const first = english.screens['skin-concerns'];
    const release = await openWithScriptsHeld(tp, first?.route ?? '/');
    const question = tp.page.getByText(markerOf(spanish, 'skin-concerns'), { exact: true }).first();
    await question.waitFor({ state: 'visible' });
    expect(await tp.page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await tp.page.locator('body').innerText()).not.toContain(markerOf(english, 'skin-concerns'));
    await release();
    // The app adopts the Spanish page: still Spanish once its scripts are in.
    await tp.page.getByRole('button', { name: shown(spanish, spanish.screens['skin-concerns']?.button ?? ''), exact: true }).waitFor();
    expect(await tp.page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await question.isVisible()).toBe(true);
  });

  it('walks to the redirect in Spanish, with the English walk’s answers and figures', async () => {
    // The English walk, to the lead save, with the least answers and the sample photo; the same answers
    // in Spanish, from / to the recommendation page. The two visitors walk at the same time: each waits
    // on her own page (the timed screens, the photo's analysis), and the two are compared at the end.
    const en = await harness().open();
    const es = await harness().open({ locale: 'es-MX' });
    let englishSession: string | null = null;
    let spanishSession: string | null = null;
    const screensSeen: string[] = [];
    const walkEnglish = async () => {
      await en.page.goto(en.url('/'));
      await walkMainPath(en.page, {
        maxTaps: 8,
        tap: async (page, tap) => {
          if (tap.from === 'email-capture') englishSession = await sessionOf(page);
          await page.getByRole('button', { name: tap.label, exact: true }).click();
        },
      });
      return leadOf(englishSession);
    };
    const walkSpanish = async (): Promise<MainPathTap[]> => {
      await es.page.goto(es.url('/'));
      return walkMainPath(es.page, {
        flow: spanish,
        tap: async (page, tap) => {
          const main = await page.locator('main').innerText();
          expect(main, `screen "${tap.from}" in Spanish`).toContain(markerOf(spanish, tap.from));
          if (markerOf(english, tap.from) !== markerOf(spanish, tap.from)) expect(main).not.toContain(markerOf(english, tap.from));
          expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['es', 'ltr']);
          screensSeen.push(tap.from);
          if (tap.from === 'email-capture') spanishSession = await sessionOf(page);
          await page.getByRole('button', { name: tap.label, exact: true }).click();
        },
      });
    };
    const [englishLead, taps] = await Promise.all([walkEnglish(), walkSpanish()]);
    // Every screen of the main path was walked, the last one leading to the redirect screen.
    const last = taps.at(-1);
    expect(last && english.screens[last.to]?.route).toBeUndefined();
    expect(screensSeen.length).toBeGreaterThan(10);
    // The redirect screen says its message in Spanish, then opens the recommendation page.
    const redirect = last ? spanish.screens[last.to] : undefined;
    if (redirect?.message) await es.page.getByText(shown(spanish, redirect.message), { exact: true }).first().waitFor();
    await expect.poll(() => es.externalRequests.length, WAIT).toBe(1);
    expect(es.externalRequests[0]?.startsWith(`${english.settings['recommendationUrl'] ?? ''}?email=`)).toBe(true);

    const spanishLead = await leadOf(spanishSession);
    // The stored answers are the same values (option values, never labels), and so are the results.
    expect(spanishLead?.answers).toEqual(englishLead?.answers);
    expect(spanishLead?.result).toEqual(englishLead?.result);
    expect(spanishLead?.result).toMatchObject({ skinAge: expect.any(Number), hormonalLikelihood: expect.any(Number) });
    // The records carry the visit's language: her lead and every step view say es, the English walk's en.
    expect([englishLead?.language, spanishLead?.language]).toEqual(['en', 'es']);
    const views = await harness().rows<{ language: string | null }>(
      'select distinct language from public.quiz_step_tracking where session_id = $1',
      [spanishSession],
    );
    expect(views).toEqual([{ language: 'es' }]);
    expect(es.problems.filter((line) => !line.includes('Ad pixel not initialised'))).toEqual([]);
  });
});
