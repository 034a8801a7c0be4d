/**
 * Results travel with the lead (issue 27): the skin funnel's lead row holds the skin age and the
 * hormonal likelihood the visitor was shown (its tracking.lead.result), computed by the flow's own
 * computations from her answers and stored assessment, and equal to the figure her result screen drew.
 */
import { describe, expect, it } from 'vitest';
import { computeResult } from '../support/skin-scoring.ts';
import { flow, WAIT } from './funnel.ts';
import { walkMainPath } from './main-path-walk.ts';
import { sharedHarness } from './shared-harness.ts';

const harness = sharedHarness();

describe('the skin funnel lead row', () => {
  it('holds the skin age and likelihood the visitor was shown', async () => {
    const tp = await harness().open();
    const { page } = tp;
    await page.goto(tp.url('/'));
    let shown = '';
    // From / through the email capture (the lead save), taking the least answers and a real photo.
    const taps = await walkMainPath(page, {
      maxTaps: 8,
      tap: async (p, tap) => {
        if (tap.from === 'detailed-analysis') shown = await p.locator('main').innerText();
        await p.getByRole('button', { name: tap.label, exact: true }).click();
      },
    });
    expect(taps.at(-1)?.from).toBe('email-capture');
    const sessionId = await page.evaluate((key) => sessionStorage.getItem(key), flow.storage.sessionIdKey);
    const assessment: unknown = await page.evaluate(() => JSON.parse(sessionStorage.getItem('assessmentData') ?? 'null'));

    await expect
      .poll(async () => (await harness().rows('select 1 from public.quiz_completions where session_id = $1', [sessionId])).length, WAIT)
      .toBe(1);
    const [lead] = await harness().rows<{ answers: Record<string, unknown>; result: Record<string, unknown> }>(
      'select answers, result from public.quiz_completions where session_id = $1',
      [sessionId],
    );
    const expected = computeResult(lead?.answers, assessment);
    expect(lead?.result).toEqual({
      skinAge: expected.skinAge,
      hormonalLikelihood: expected.hormonalLikelihood,
      hormonalLabel: expected.hormonalLabel,
    });
    // The result screen drew the same skin age (as the flow shows it: result.shownSkinAge, whole years).
    expect(shown).toContain(`Your skin age is ${String(expected['shownSkinAge'])}`);
    expect(Math.round(expected.skinAge)).toBe(Number(expected['shownSkinAge']));
    // No pixel id in this build: the flow's Lead ad event is skipped with a warning (spec §8).
    expect(tp.problems.filter((line) => !line.includes('Ad pixel not initialised'))).toEqual([]);
  });
});
