/**
 * The production build in real Chromium on a phone-sized screen: the main path from `/` to the
 * external recommendation page, Back and reload mid-way, an alias deep link, a guarded screen
 * without data, and the not-found page. Routes, progress, labels and copy come from the flow file.
 * The walk is on a small phone (360 × 640): every screen of it also gets narrow-checks.ts's checks
 * (no code shown, nothing wider than the screen, the question in the first screenful, options clear of
 * the sticky button), which had a walk of their own before; and the lead row's results are the
 * ones she was shown (as lead-result.test.ts checked on a walk of its own).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { computeResult } from '../support/skin-scoring.ts';
import {
  ANALYSIS_WAIT,
  WAIT,
  anyBlockText,
  blockText,
  button,
  buttonOf,
  copy,
  expectScreen,
  flow,
  isChecked,
  pathOf,
  press,
  progressOf,
  progressShown,
  progressText,
  routeOf,
  screenOf,
  tapOption,
} from './funnel.ts';
import {
  EXTERNAL_PAGE_HEADING,
  SAMPLE_FACE_PHOTO,
  startHarness,
  type Harness,
  type TestPage,
} from './harness.ts';
import { CODES, narrowProblems, overflow, PHONE, questionChecks } from './narrow-checks.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterEach(async () => {
  await harness?.closePages();
});

afterAll(async () => {
  await harness?.stop();
});

/** The 404 screen's log line for `path` (the only console output a visitor may cause). */
function notFoundLog(path: string): string {
  const log = screenOf(flow.notFound).enter?.find((a) => a.type === 'log');
  const message = log?.params?.message;
  if (typeof message !== 'string') throw new Error('The not-found screen logs nothing');
  return message.replace('{path}', path);
}

function expectNoProblems(tp: TestPage): void {
  expect(tp.problems).toEqual([]);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The slider's current number (the input's value). */
async function sliderValue(tp: TestPage): Promise<string> {
  return tp.page.getByRole('slider').inputValue();
}

/** The next screen after `id` on a straight transition. */
function nextOf(id: string): string {
  const next = screenOf(id).next;
  if (typeof next !== 'string') throw new Error(`Screen "${id}" has no single next screen`);
  return next;
}

/** The screens the main path walks, in order (the redirect screens included). */
const MAIN_PATH = [
  'start',
  'skin-concerns',
  'change-speed',
  'age',
  'cliff-education',
  'analysis-bridge',
  'photo-analysis',
  'detailed-analysis',
  'email-capture',
  'doctor-investigation',
  'anti-aging-experience',
  'root-cause-reveal',
  'education-urgency',
  'treatment-projection',
  'reversal-protocol',
  'creating-protocol',
];

/** What walking the main path must have written to the backend for this session (spec §3, §4, §7). */
/** The ad campaign of the landing URL: it must reach the journey session and the lead. */
const CAMPAIGN = {
  utm_source: 'facebook',
  utm_medium: 'paid_social',
  utm_campaign: 'spring-35-65',
  utm_term: 'skin age',
  utm_content: 'video_a',
  fbclid: 'IwAR0e2e',
  gclid: 'Cj0KCQe2e',
};

async function expectMainPathRows(sessionId: string, lead: { name: string; email: string; age: number }) {
  expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
  const tracked = MAIN_PATH.flatMap((id) => {
    const track = screenOf(id).track;
    return track?.step ? [{ name: track.step, number: track.stepNumber ?? 1 }] : [];
  });
  // The journey: every step of §4's table reached on this path, flags set, the count at 12.
  await expect
    .poll(
      async () =>
        (
          await harness.rows('select * from public.user_journey_sessions where session_id = $1', [sessionId])
        )[0],
      WAIT,
    )
    .toMatchObject({
      total_steps_completed: 12,
      last_step_reached: 'final_cta_clicked',
      reached_quiz: true,
      reached_photo_upload: true,
      reached_analysis: true,
      reached_diagnosis: true,
      reached_treatment: true,
      reached_contact_form: true,
      completed_form: true,
      clicked_final_cta: true,
      ...CAMPAIGN,
    });
  // Step views: each tracked screen at least once (reloads add views), with its flow step number,
  // plus the treatment projection's completion.
  const views = await harness.rows<{ step_name: string; step_number: number; completed: boolean }>(
    'select step_name, step_number, completed from public.quiz_step_tracking where session_id = $1 order by visited_at, id',
    [sessionId],
  );
  for (const step of tracked) {
    expect(views, step.name).toContainEqual({
      step_name: step.name,
      step_number: step.number,
      completed: false,
    });
  }
  expect(views).toContainEqual({
    step_name: 'treatment-projection-completed',
    step_number: 11,
    completed: true,
  });
  expect(views.filter((v) => !v.completed).map((v) => v.step_name)).toEqual(
    expect.arrayContaining(tracked.map((t) => t.name)),
  );
  // Progress: one row per step name, never completed.
  const progress = await harness.rows<{ step_name: string; completed: boolean }>(
    'select step_name, completed from public.session_quiz_progress where session_id = $1 order by step_name',
    [sessionId],
  );
  expect(progress).toEqual(
    [...new Set(tracked.map((t) => t.name))].sort().map((name) => ({ step_name: name, completed: false })),
  );
  // One lead, with the answers, marked as having clicked the final call to action.
  const completions = await harness.rows('select * from public.quiz_completions where session_id = $1', [
    sessionId,
  ]);
  expect(completions).toHaveLength(1);
  expect(completions[0]).toMatchObject({
    name: lead.name,
    email: lead.email,
    age: lead.age,
    skin_issues: ['firmness-loss'],
    change_speed: '6-12-months',
    other_symptoms: [],
    skin_treatments: [],
    hrt: null,
    clicked_final_cta: true,
    ...CAMPAIGN,
  });
  // The assessment shown was marked clicked too.
  expect(
    await harness.rows('select clicked_final_cta from public.user_assessments where session_id = $1', [
      sessionId,
    ]),
  ).toEqual([{ clicked_final_cta: true }]);
}

describe('the main path, from / to the external recommendation page', () => {
  it('walks every screen with its route and progress on a 360 px phone, survives Back and reload, saves the results she was shown, and redirects with the email', async () => {
    const start = screenOf(flow.start);
    const creating = screenOf(nextOf('reversal-protocol'));
    const photo = screenOf('photo-analysis');
    const tp = await harness.open({
      watch: [copy(start.message ?? ''), photo.overlay?.title ?? '', copy(creating.message ?? '')],
      viewport: PHONE,
    });
    const { page } = tp;
    // What the small phone shows wrong, screen by screen (checked at the end: none).
    const narrow: string[] = [];
    const checkNarrow = async (id: string) => narrow.push(...(await narrowProblems(page, id)));
    // The answers tapped below are codes the screens after must never show.
    expect(CODES).toEqual(expect.arrayContaining(['1-2-years', '6-12-months']));
    const name = 'Jane';
    const email = 'jane.doe+e2e@example.com';

    // Start: 'Starting assessment...' on /, then on by itself to the first question. The redirect
    // screen is replaced in history, not kept. The visitor comes from an ad, with its campaign.
    await page.goto(tp.url(`/?${new URLSearchParams(CAMPAIGN).toString()}`));
    // The app's code loads after the page's first paint: the session id is stored once it runs.
    const readSessionId = () =>
      page.evaluate((key) => sessionStorage.getItem(key), flow.storage.sessionIdKey);
    await expect.poll(readSessionId, WAIT).not.toBeNull();
    const sessionId = await readSessionId();
    const historyAtStart = await page.evaluate(() => history.length);
    expect(start.route).toBe('/');
    expect(start.after?.to).toBe('skin-concerns');
    await expectScreen(page, 'skin-concerns');
    await checkNarrow('skin-concerns');
    const seenAtStart = (await tp.seen())[copy(start.message ?? '')];
    expect(seenAtStart).toEqual({ path: '/', progress: progressText(progressOf(flow.start)) });
    expect(await page.evaluate(() => history.length)).toBe(historyAtStart);

    // Skin concerns: options toggle on and off; none is required.
    expect(screenOf('skin-concerns').next).toBe('change-speed');
    await tapOption(page, 'skin-concerns', 'firmness-loss');
    await tapOption(page, 'skin-concerns', 'multiple-concerns');
    await tapOption(page, 'skin-concerns', 'multiple-concerns', false);
    expect(await isChecked(page, 'skin-concerns', 'firmness-loss')).toBe(true);
    await press(page, buttonOf('skin-concerns'));

    // Change speed: a single choice, required.
    await expectScreen(page, 'change-speed');
    await checkNarrow('change-speed');
    expect(await button(page, buttonOf('change-speed')).isDisabled()).toBe(true);
    await tapOption(page, 'change-speed', '6-12-months');
    await press(page, buttonOf('change-speed'));

    // Age: slider, default in the middle; move it with the keyboard like a visitor would.
    const age = screenOf('age');
    await expectScreen(page, 'age');
    await checkNarrow('age');
    expect(await sliderValue(tp)).toBe(String(age.default ?? ''));
    const slider = page.getByRole('slider');
    expect(await slider.getAttribute('min')).toBe(String(age.min));
    expect(await slider.getAttribute('max')).toBe(String(age.max));
    await slider.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
    const chosenAge = String((age.default ?? 0) - 5);
    await expect.poll(() => sliderValue(tp), WAIT).toBe(chosenAge);
    await expect.poll(() => page.getByTestId('slider-value').textContent(), WAIT).toContain(chosenAge);

    // The browser's Back button: the previous screen, with its answer still chosen.
    await page.goBack();
    await expectScreen(page, 'change-speed');
    expect(await isChecked(page, 'change-speed', '6-12-months')).toBe(true);
    expect(await button(page, buttonOf('change-speed')).isEnabled()).toBe(true);
    // …and forward again through Continue: the age chosen before is still there.
    await press(page, buttonOf('change-speed'));
    await expectScreen(page, 'age');
    await expect.poll(() => sliderValue(tp), WAIT).toBe(chosenAge);
    await press(page, buttonOf('age'));

    // Cliff education → analysis bridge → photo upload.
    await expectScreen(page, 'cliff-education');
    await checkNarrow('cliff-education');
    await page.getByText(anyBlockText('cliff-education', 'heading')).first().waitFor();
    await press(page, buttonOf('cliff-education'));
    await expectScreen(page, 'analysis-bridge');
    await checkNarrow('analysis-bridge');
    await page.getByText(anyBlockText('analysis-bridge', 'heading')).first().waitFor();
    await press(page, buttonOf('analysis-bridge'));

    // Photo upload: nothing to analyse until a real image is picked.
    await expectScreen(page, 'photo-analysis');
    await checkNarrow('photo-analysis');
    await page.getByText(photo.hint ?? '', { exact: true }).waitFor();
    await page.getByText(photo.formats ?? '', { exact: true }).waitFor();
    expect(await button(page, buttonOf('photo-analysis')).isDisabled()).toBe(true);
    await page.locator('input[type="file"]').setInputFiles(SAMPLE_FACE_PHOTO);
    await page.getByRole('img', { name: 'Your chosen photo' }).waitFor();
    await page.getByText(photo.hint ?? '', { exact: true }).waitFor({ state: 'hidden' });
    narrow.push(...(await overflow(page)).map((line) => `photo-analysis with a photo: ${line}`));
    await press(page, buttonOf('photo-analysis'));

    // Detailed analysis (the overlay ran while the photo was analysed), from the photo's assessment.
    await expectScreen(page, 'detailed-analysis', ANALYSIS_WAIT);
    await checkNarrow('detailed-analysis');
    expect((await tp.seen())[photo.overlay?.title ?? '']?.path).toBe(routeOf('photo-analysis'));
    const assessment = await page.evaluate(() =>
      JSON.parse(sessionStorage.getItem('assessmentData') ?? 'null'),
    );
    expect(assessment?.photo?.face_count).toBeGreaterThanOrEqual(1);
    expect(assessment?.chronological_age).toBe(Number(chosenAge));
    // 'Your skin age is {result.shownSkinAge}' (she has not given her name yet) shows a number, not a
    // placeholder ("N+" past the flow's credible gap).
    const headings = screenOf('detailed-analysis').content?.filter((b) => b.type === 'heading') ?? [];
    const unnamed = copy(headings.find((b) => b.text !== undefined && !b.text.startsWith('{'))?.text ?? '');
    const skinAgeHeading = unnamed.replace(/\{.*$/, '');
    expect(skinAgeHeading).not.toBe('');
    await page
      .getByText(new RegExp(`^${escapeRegExp(skinAgeHeading)}\\d+\\+?$`))
      .first()
      .waitFor();
    const shownAtResult = await page.locator('main').innerText();
    await button(page, buttonOf('detailed-analysis')).waitFor();
    await press(page, buttonOf('detailed-analysis'));

    // Email capture: the button says what is missing until both fields are valid.
    const capture = screenOf('email-capture');
    const disabledLabel = copy(capture.disabledButton ?? '');
    await expectScreen(page, 'email-capture');
    await checkNarrow('email-capture');
    await page.getByText(anyBlockText('email-capture', 'heading')).first().waitFor();
    expect(await button(page, disabledLabel).isDisabled()).toBe(true);
    const nameField = page.getByLabel(capture.fields?.[0]?.label ?? '', { exact: true });
    const emailField = page.getByLabel(capture.fields?.[1]?.label ?? '', { exact: true });
    await nameField.fill(name);
    expect(await button(page, disabledLabel).isDisabled()).toBe(true);
    await emailField.fill('jane.doe');
    expect(await button(page, disabledLabel).isDisabled()).toBe(true);
    await emailField.fill(email);
    await button(page, buttonOf('email-capture')).waitFor();
    expect(await button(page, buttonOf('email-capture')).isEnabled()).toBe(true);

    // Reload mid-way: the same screen, with what was typed.
    await page.reload();
    await expectScreen(page, 'email-capture');
    await expect.poll(() => nameField.inputValue(), WAIT).toBe(name);
    await expect.poll(() => emailField.inputValue(), WAIT).toBe(email);
    expect(await button(page, buttonOf('email-capture')).isEnabled()).toBe(true);
    await press(page, buttonOf('email-capture'));

    // Doctor investigation (route carries the persona's slug): at least one answer is required.
    await expectScreen(page, 'doctor-investigation');
    await checkNarrow('doctor-investigation');
    expect(routeOf('doctor-investigation')).toBe(`/quiz/${flow.settings.doctorSlug}`);
    expect(await button(page, buttonOf('doctor-investigation')).isDisabled()).toBe(true);
    await tapOption(page, 'doctor-investigation', 'poor-sleep');
    await tapOption(page, 'doctor-investigation', 'hot-flashes');
    // Reload here too: the same answers come back.
    await page.reload();
    await expectScreen(page, 'doctor-investigation');
    await expect.poll(() => isChecked(page, 'doctor-investigation', 'poor-sleep'), WAIT).toBe(true);
    expect(await isChecked(page, 'doctor-investigation', 'hot-flashes')).toBe(true);
    expect(await isChecked(page, 'doctor-investigation', 'none')).toBe(false);
    await press(page, buttonOf('doctor-investigation'));

    // Anti-aging experience: a choice brings the green note.
    const experience = screenOf('anti-aging-experience');
    const failing = "My old routine used to work, but it's failing now";
    await expectScreen(page, 'anti-aging-experience');
    await checkNarrow('anti-aging-experience');
    expect(await button(page, buttonOf('anti-aging-experience')).isDisabled()).toBe(true);
    await tapOption(page, 'anti-aging-experience', failing);
    await page.getByText(copy(experience.selectedNote ?? ''), { exact: true }).waitFor();
    await press(page, buttonOf('anti-aging-experience'));

    // Root cause reveal: the level label and the animated percentage.
    const reveal = screenOf('root-cause-reveal');
    await expectScreen(page, 'root-cause-reveal');
    await checkNarrow('root-cause-reveal');
    // She gave her name on the email capture: the heading speaks to her.
    await page
      .getByText(blockText('root-cause-reveal', 'heading').replace('{answers.name|}', name), { exact: true })
      .waitFor();
    await page
      .getByText(copy(reveal.percent?.caption ?? ''), { exact: true })
      .first()
      .waitFor();
    await page.getByText(/^(Very High|High|Medium-High|Medium|Low-Medium) Probability$/).waitFor();
    // Its footer says what her band supports (issue 33): one of the flow's conditional lines.
    const footerLines = (reveal.footer ?? []).flatMap((b) =>
      b.type === 'text' && b.text ? [copy(b.text)] : [],
    );
    await page
      .getByText(new RegExp(`^(${footerLines.map(escapeRegExp).join('|')})$`))
      .first()
      .waitFor();
    await press(page, buttonOf('root-cause-reveal'));

    // Education urgency → treatment plan → reversal protocol (progress full).
    await expectScreen(page, 'education-urgency');
    await checkNarrow('education-urgency');
    await page.getByText(anyBlockText('education-urgency', 'heading')).first().waitFor();
    await press(page, buttonOf('education-urgency'));
    await expectScreen(page, 'treatment-projection');
    await checkNarrow('treatment-projection');
    await press(page, buttonOf('treatment-projection'));
    await expectScreen(page, 'reversal-protocol');
    await checkNarrow('reversal-protocol');
    await page.getByText(anyBlockText('reversal-protocol', 'heading')).first().waitFor();
    await press(page, buttonOf('reversal-protocol'));

    // 'Creating Your Protocol' (a transient screen: the address stays), then the external page
    // with the visitor's email, URL-encoded, and the source marker.
    await page.getByText(copy(creating.message ?? ''), { exact: true }).waitFor();
    expect(pathOf(page)).toBe(routeOf('reversal-protocol'));
    narrow.push(...(await overflow(page)).map((line) => `creating-protocol: ${line}`));
    expect(await progressShown(page)).toBe(progressText(creating.progress ?? 'full'));
    const expectedUrl = `${flow.settings.recommendationUrl}?email=${encodeURIComponent(email)}&source=${flow.settings.source}&client_reference_id=${sessionId ?? ''}`;
    expect(expectedUrl).toBe(
      `https://example.com/recommendation?email=${encodeURIComponent(email)}&source=skin-funnel&client_reference_id=${sessionId ?? ''}`,
    );
    await page.waitForURL(expectedUrl, { timeout: (creating.after?.delayMs ?? 3000) + 10_000 });
    await page.getByRole('heading', { name: EXTERNAL_PAGE_HEADING }).waitFor();
    expect(tp.externalRequests).toEqual([expectedUrl]);
    expect(new URL(page.url()).searchParams.get('email')).toBe(email);

    // Back from the external page returns to the protocol page, not to the transient screen.
    await page.goBack();
    await expectScreen(page, 'reversal-protocol');

    expect(narrow).toEqual([]);
    await expectMainPathRows(sessionId ?? '', { name, email, age: Number(chosenAge) });
    // The lead row holds the skin age and likelihood she was shown, as the flow's own computations make
    // them from her answers and stored assessment (tracking.lead.result), and the result screen drew
    // that skin age (result.shownSkinAge, whole years).
    const [lead] = await harness.rows<{ answers: Record<string, unknown>; result: unknown }>(
      'select answers, result from public.quiz_completions where session_id = $1',
      [sessionId],
    );
    const expected = computeResult(lead?.answers, assessment);
    expect(lead?.result).toEqual({
      skinAge: expected.skinAge,
      hormonalLikelihood: expected.hormonalLikelihood,
      hormonalLabel: expected.hormonalLabel,
    });
    expect(shownAtResult).toContain(`Your skin age is ${String(expected['shownSkinAge'])}`);
    expect(Math.round(expected.skinAge)).toBe(Number(expected['shownSkinAge']));
    // The shipped flow sets no pixel id: each ad event is skipped with a console warning (spec §8),
    // and nothing else is logged.
    expect(flow.settings.pixelId).toBe('');
    expect(tp.problems).toEqual([
      'console.warning: Ad pixel not initialised: Lead skipped',
      'console.warning: Ad pixel not initialised: CompleteRegistration skipped',
    ]);
  }, 180_000);
});

describe('deep links, guards and unknown paths', () => {
  it("opens the doctor's screen on a 360 px phone: the question in the first screenful, options clear of the button", async () => {
    const tp = await harness.open({ viewport: PHONE });
    await tp.page.goto(tp.url(routeOf('doctor-investigation')));
    await expectScreen(tp.page, 'doctor-investigation');
    await tp.page.waitForLoadState('load');
    expect(await questionChecks(tp.page, 'doctor-investigation')).toEqual([]);
    expect(await overflow(tp.page)).toEqual([]);
  });

  it('opens the age screen from the alias /quiz/step-4 and shows its canonical route', async () => {
    const tp = await harness.open();
    const alias = '/quiz/step-4';
    expect(screenOf('age').aliases).toContain(alias);
    await tp.page.goto(tp.url(alias));
    await expectScreen(tp.page, 'age');
    expect(pathOf(tp.page)).toBe(routeOf('age'));
    expect(await sliderValue(tp)).toBe(String(screenOf('age').default));
    await tp.page.getByText(copy(screenOf('age').question ?? ''), { exact: true }).waitFor();
    expectNoProblems(tp);
  });

  it('sends a visitor without any data from /detailed-analysis to its redirect target', async () => {
    const tp = await harness.open();
    const guarded = screenOf('detailed-analysis');
    const target = guarded.requires?.otherwise ?? '';
    expect(target).toBe('photo-analysis');
    await tp.page.goto(tp.url(routeOf('detailed-analysis')));
    await expectScreen(tp.page, target);
    expect(pathOf(tp.page)).toBe('/photo-analysis');
    expect(await tp.page.getByText(buttonOf('detailed-analysis'), { exact: true }).count()).toBe(0);
    expectNoProblems(tp);
  });

  it('shows the not-found page for /nope, keeps the path, logs it, and links back to the start', async () => {
    const tp = await harness.open();
    const { page } = tp;
    const notFound = screenOf(flow.notFound);
    const response = await page.goto(tp.url('/nope'));
    // The server answers an unknown page with 404, which Chromium reports on the console.
    expect(response?.status()).toBe(404);
    const status404 =
      'console.error: Failed to load resource: the server responded with a status of 404 (Not Found)';
    await page.getByRole('heading', { name: notFound.headline ?? '', exact: true }).waitFor();
    expect(notFound.headline).toBe('Oops! Page not found');
    expect(pathOf(page)).toBe('/nope');
    await expect
      .poll(() => tp.problems, WAIT)
      .toEqual([status404, `console.warning: ${notFoundLog('/nope')}`]);
    // Still on /nope after the app has settled.
    expect(pathOf(page)).toBe('/nope');

    const home = page.getByRole('link', { name: notFound.linkLabel ?? '', exact: true });
    expect(notFound.linkLabel).toBe('Return to Home');
    expect(await home.getAttribute('href')).toBe('/');
    await home.click();
    // Back at the start, which moves on to the first question by itself.
    await expectScreen(page, 'skin-concerns');
    await button(page, buttonOf('skin-concerns')).waitFor();
    expect(tp.problems).toEqual([status404, `console.warning: ${notFoundLog('/nope')}`]);
  });
});
