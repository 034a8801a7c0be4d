/**
 * Results travel with the lead (issue 27). That the lead row holds the skin age and the hormonal
 * likelihood a visitor walking from / was shown is checked on main-path.test.ts's walk. Here: opened
 * at a middle question by its URL (as an old ad does), tapping on reaches the result screen only
 * through the photo its `requires` asks for, and what it shows and the lead saves rest on her answers.
 */
import { describe, expect, it } from 'vitest';
import { computeResult } from '../support/skin-scoring.ts';
import { ANALYSIS_WAIT, buttonOf, expectScreen, flow, press, routeOf, screenOf, tapOption, WAIT } from './funnel.ts';
import { SAMPLE_FACE_PHOTO } from './harness.ts';
import { sharedHarness } from './shared-harness.ts';

const harness = sharedHarness();

interface LeadRow {
  answers: Record<string, unknown>;
  result: Record<string, unknown> | null;
}

/** Her lead row (by session id or email), once it has landed. */
async function leadWhere(column: 'session_id' | 'email', value: string | null): Promise<LeadRow | undefined> {
  const sql = `select answers, result from public.quiz_completions where ${column} = $1`;
  await expect.poll(async () => (await harness().rows(sql, [value])).length, WAIT).toBe(1);
  return (await harness().rows<LeadRow>(sql, [value]))[0];
}

/** The results the flow saves with the lead (tracking.lead.result), as computed for her. */
const savedResult = (expected: ReturnType<typeof computeResult>) => ({
  skinAge: expected.skinAge,
  hormonalLikelihood: expected.hormonalLikelihood,
  hormonalLabel: expected.hormonalLabel,
});

describe('the skin funnel lead row', () => {
  it('opened at a middle question by its URL, every figure shown and saved comes from her own answers', async () => {
    const tp = await harness().open();
    const { page } = tp;
    // An old ad opens the age question: skin concerns and change speed were never asked.
    await page.goto(tp.url(routeOf('age')));
    await expectScreen(page, 'age');
    await press(page, buttonOf('age'));
    for (const id of ['cliff-education', 'analysis-bridge']) {
      await expectScreen(page, id);
      await press(page, buttonOf(id));
    }
    // The result screens require an assessment or answers: she gets there only through the photo.
    await expectScreen(page, 'photo-analysis');
    await page.locator('input[type="file"]').setInputFiles(SAMPLE_FACE_PHOTO);
    await page.getByRole('img', { name: 'Your chosen photo' }).waitFor();
    await press(page, buttonOf('photo-analysis'));
    await expectScreen(page, 'detailed-analysis', ANALYSIS_WAIT);
    const shown = await page.locator('main').innerText();
    await press(page, buttonOf('detailed-analysis'));
    await expectScreen(page, 'email-capture');
    const email = `middle-${Date.now()}@example.com`;
    await page.getByLabel('First name', { exact: true }).fill('Mia');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await press(page, buttonOf('email-capture'));

    const lead = await leadWhere('email', email);
    // Only what she answered is in the lead, and the age the figures rest on is hers, not a default.
    expect(Object.keys(lead?.answers ?? {}).sort()).toEqual(['age', 'email', 'name']);
    const assessment: unknown = await page.evaluate(() => JSON.parse(sessionStorage.getItem('assessmentData') ?? 'null'));
    const expected = computeResult(lead?.answers, assessment);
    expect(expected.chronologicalAge).toBe(lead?.answers['age']);
    expect(shown).toContain(`Your skin age is ${String(expected['shownSkinAge'])}`);
    expect(lead?.result).toEqual(savedResult(expected));
    expect(tp.problems.filter((line) => !line.includes('Ad pixel not initialised'))).toEqual([]);
  }, 150_000);

  it('a photo sent before any age (the symptoms chain, or /photo-analysis by its URL) asks her age before any figure', async () => {
    const tp = await harness().open();
    const { page } = tp;
    await page.goto(tp.url(routeOf('photo-analysis')));
    await expectScreen(page, 'photo-analysis');
    await page.locator('input[type="file"]').setInputFiles(SAMPLE_FACE_PHOTO);
    await page.getByRole('img', { name: 'Your chosen photo' }).waitFor();
    await press(page, buttonOf('photo-analysis'));
    // No result yet: the figures compare the photo with her real age, so that is asked first.
    await expectScreen(page, 'photo-age', ANALYSIS_WAIT);
    const slider = page.getByRole('slider');
    await slider.focus();
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowLeft');
    const chosen = Number(screenOf('photo-age').default ?? 0) - 8;
    await expect.poll(() => slider.inputValue(), WAIT).toBe(String(chosen));
    await press(page, buttonOf('photo-age'));
    await expectScreen(page, 'detailed-analysis');
    const shown = await page.locator('main').innerText();
    await press(page, buttonOf('detailed-analysis'));
    await expectScreen(page, 'email-capture');
    const email = `photo-first-${Date.now()}@example.com`;
    await page.getByLabel('First name', { exact: true }).fill('Ines');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await press(page, buttonOf('email-capture'));
    const lead = await leadWhere('email', email);
    expect(lead?.answers['age']).toBe(chosen);
    const assessment: unknown = await page.evaluate(() => JSON.parse(sessionStorage.getItem('assessmentData') ?? 'null'));
    const expected = computeResult(lead?.answers, assessment);
    expect(expected.chronologicalAge).toBe(chosen);
    expect(shown).toContain(`Your skin age is ${String(expected['shownSkinAge'])}`);
    expect(lead?.result).toEqual(savedResult(expected));
    expect(tp.problems.filter((line) => !line.includes('Ad pixel not initialised'))).toEqual([]);
  }, 150_000);

  it('opened at the email form by its URL, tapping on asks her age before the reveal shows a score', async () => {
    const tp = await harness().open();
    const { page } = tp;
    await page.goto(tp.url(routeOf('email-capture')));
    await expectScreen(page, 'email-capture');
    await page.getByLabel('First name', { exact: true }).fill('Noa');
    await page.getByLabel('Email', { exact: true }).fill(`reveal-${Date.now()}@example.com`);
    await press(page, buttonOf('email-capture'));
    await expectScreen(page, 'doctor-investigation');
    await tapOption(page, 'doctor-investigation', 'poor-sleep');
    await press(page, buttonOf('doctor-investigation'));
    await expectScreen(page, 'anti-aging-experience');
    const tried = String(screenOf('anti-aging-experience').options?.[2]?.value ?? '');
    await tapOption(page, 'anti-aging-experience', tried);
    await press(page, buttonOf('anti-aging-experience'));
    // No score from a default age: her age is asked first, then the reveal counts to her own score.
    await expectScreen(page, 'reveal-age');
    const slider = page.getByRole('slider');
    await slider.focus();
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    const chosen = Number(screenOf('reveal-age').default ?? 0) + 6;
    await expect.poll(() => slider.inputValue(), WAIT).toBe(String(chosen));
    await press(page, buttonOf('reveal-age'));
    await expectScreen(page, 'root-cause-reveal');
    const answers: Record<string, unknown> = await page.evaluate(
      (key) => JSON.parse(sessionStorage.getItem(key) ?? '{}'),
      flow.storage.answersKey,
    );
    expect(answers['age']).toBe(chosen);
    const expected = computeResult(answers, null);
    await expect
      .poll(() => page.getByTestId('animated-percent').textContent(), { timeout: 15_000, interval: 100 })
      .toBe(`${expected.confidenceScore}%`);
    expect(tp.problems.filter((line) => !line.includes('Ad pixel not initialised'))).toEqual([]);
  });

  it('a lead sent from the email form opened by its URL carries no figure resting on a default age', async () => {
    const tp = await harness().open();
    const { page } = tp;
    await page.goto(tp.url(routeOf('email-capture')));
    await expectScreen(page, 'email-capture');
    const email = `direct-${Date.now()}@example.com`;
    await page.getByLabel('First name', { exact: true }).fill('Dee');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await press(page, buttonOf('email-capture'));
    await expect
      .poll(async () => (await harness().rows('select 1 from public.quiz_completions where email = $1', [email])).length, WAIT)
      .toBe(1);
    // The flow saves its results only with an age (tracking.lead.when): none was given here.
    expect(await harness().rows('select answers, result from public.quiz_completions where email = $1', [email])).toEqual([
      { answers: { name: 'Dee', email }, result: null },
    ]);
  });
});
