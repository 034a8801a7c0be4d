/**
 * An honest photo result in Chromium, with the real face model behind the local backend: a picture
 * with no face is refused on the photo screen (try another photo, or continue without one, and the
 * result then says it rests on the answers alone); a group photo's result says which face was read.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tinyPng } from '../../supabase/functions/_shared/image-bytes.test-helpers.ts';
import { ANALYSIS_WAIT, button, buttonOf, expectScreen, routeOf, screenOf } from './funnel.ts';
import { SAMPLE_FACE_PHOTO, startHarness, type Harness } from './harness.ts';

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

const photoScreen = screenOf('photo-analysis');
const ANSWERS_ONLY = 'Based on your answers only: no photo was read.';

async function openPhotoScreen() {
  const tp = await harness.open();
  // She answers the age question first, as on the main path (a photo without an age asks it first).
  await tp.page.goto(tp.url(routeOf('age')));
  await expectScreen(tp.page, 'age');
  await button(tp.page, buttonOf('age')).click();
  await expectScreen(tp.page, 'cliff-education');
  await tp.page.goto(tp.url(routeOf('photo-analysis')));
  await expectScreen(tp.page, 'photo-analysis');
  return tp;
}

describe('the photo result', () => {
  it('a picture with no face: says so, offers another photo or going on without one', async () => {
    const noFace = photoScreen.refusals?.['no_face'];
    expect(noFace).toBeTruthy();
    const tp = await openPhotoScreen();
    const { page } = tp;
    await page.locator('input[type="file"]').setInputFiles({
      name: 'wall.png',
      mimeType: 'image/png',
      buffer: Buffer.from(tinyPng(320)),
    });
    await page.getByRole('img', { name: 'Your chosen photo' }).waitFor();
    await button(page, buttonOf('photo-analysis')).click();
    await page
      .getByText(noFace ?? '', { exact: true })
      .waitFor(ANALYSIS_WAIT)
      .catch((error: unknown) => {
        throw new Error(`no refusal shown at ${page.url()}; console: ${tp.problems.join(' | ')}`, { cause: error });
      });
    expect(new URL(page.url()).pathname).toBe(routeOf('photo-analysis'));
    await page.getByText(photoScreen.retryLabel ?? '', { exact: true }).waitFor();
    await button(page, photoScreen.continueWithoutLabel ?? '').click();
    await expectScreen(page, 'detailed-analysis');
    await page.getByText(ANSWERS_ONLY, { exact: true }).waitFor();
    expect(tp.problems.filter((line) => line.startsWith('pageerror'))).toEqual([]);
  }, 150_000);

  it('a group photo: the result says how many faces were found and which was read', async () => {
    const tp = await openPhotoScreen();
    const { page } = tp;
    await page.locator('input[type="file"]').setInputFiles(SAMPLE_FACE_PHOTO);
    await page.getByRole('img', { name: 'Your chosen photo' }).waitFor();
    await button(page, buttonOf('photo-analysis')).click();
    await page.waitForURL((url) => url.pathname === routeOf('detailed-analysis'), ANALYSIS_WAIT);
    const assessment = await page.evaluate(() => JSON.parse(sessionStorage.getItem('assessmentData') ?? 'null'));
    const faces: unknown = assessment?.photo?.face_count;
    expect(faces).toBeGreaterThan(1);
    await page
      .getByText(`We found ${String(faces)} faces and read the largest`, { exact: false })
      .waitFor();
    expect(await page.getByText(ANSWERS_ONLY).count()).toBe(0);
  }, 150_000);
});
