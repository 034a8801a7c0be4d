/**
 * The other chain of quiz screens (/quiz/step-5 → step-6 → step-7, which moves on by itself after
 * 4 s → step-8 → photo upload) and a required choice blocking Continue, in the production build.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  WAIT,
  button,
  buttonOf,
  copy,
  expectScreen,
  isChecked,
  pathOf,
  press,
  routeOf,
  screenOf,
  tapOption,
} from './funnel.ts';
import { startHarness, type Harness } from './harness.ts';

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

describe('the symptoms chain', () => {
  it('goes /quiz/step-5 → step-6 → step-7 (on by itself after 4 s) → step-8 → /photo-analysis', async () => {
    const calculating = screenOf('calculating');
    const tp = await harness.open({
      watch: [copy(calculating.message ?? ''), copy(calculating.doneMessage ?? '')],
    });
    const { page } = tp;

    // Other symptoms: a deep-linked entry screen; nothing is required.
    expect(routeOf('other-symptoms')).toBe('/quiz/step-5');
    await page.goto(tp.url('/quiz/step-5'));
    await expectScreen(page, 'other-symptoms');
    expect(await button(page, buttonOf('other-symptoms')).isEnabled()).toBe(true);
    await tapOption(page, 'other-symptoms', 'hot-flashes');
    await tapOption(page, 'other-symptoms', 'poor-sleep');
    expect(screenOf('other-symptoms').next).toBe('skin-treatments');
    await press(page, buttonOf('other-symptoms'));

    // Skin treatments.
    expect(routeOf('skin-treatments')).toBe('/quiz/step-6');
    await expectScreen(page, 'skin-treatments');
    await tapOption(page, 'skin-treatments', 'retinols');
    await tapOption(page, 'skin-treatments', 'microneedling');
    expect(screenOf('skin-treatments').next).toBe('calculating');
    // The calculating screen's timer starts when the machine enters it, after this press: timed from
    // here, its wait can't be shorter than its delay, however long the screen then takes to show.
    const pressed = Date.now();
    await press(page, buttonOf('skin-treatments'));

    // Calculating: no click; it moves on to step-8 after its delay (4 s), the spinner having
    // ended first.
    expect(routeOf('calculating')).toBe('/quiz/step-7');
    await expectScreen(page, 'calculating');
    await page.getByText(copy(calculating.message ?? ''), { exact: true }).waitFor();
    const delayMs = calculating.after?.delayMs ?? 0;
    expect(delayMs).toBe(4000);
    expect(calculating.after?.to).toBe('hrt-question');
    await page.waitForURL((url) => url.pathname === routeOf('hrt-question'), { timeout: delayMs + 10_000 });
    // Not before its time.
    expect(Date.now() - pressed).toBeGreaterThanOrEqual(delayMs);
    const seen = await tp.seen();
    expect(seen[copy(calculating.message ?? '')]?.path).toBe('/quiz/step-7');
    expect(seen[copy(calculating.doneMessage ?? '')]?.path).toBe('/quiz/step-7');

    // HRT question: required, then on to the photo upload.
    expect(routeOf('hrt-question')).toBe('/quiz/step-8');
    await expectScreen(page, 'hrt-question');
    expect(await button(page, buttonOf('hrt-question')).isDisabled()).toBe(true);
    await tapOption(page, 'hrt-question', 'past');
    expect(await page.getByRole('radio', { name: 'I was in the past', exact: true }).isChecked()).toBe(true);
    await press(page, buttonOf('hrt-question'));
    await expectScreen(page, 'photo-analysis');
    expect(pathOf(page)).toBe('/photo-analysis');

    expect(tp.problems).toEqual([]);
  });
});

describe('required choices', () => {
  it('keeps Continue disabled on /quiz/change-speed until an option is chosen', async () => {
    const tp = await harness.open();
    const { page } = tp;
    const screen = screenOf('change-speed');
    expect(screen.kind).toBe('single-choice');
    expect(screen.required).toBe(true);
    expect(routeOf('change-speed')).toBe('/quiz/change-speed');

    // Reach it the way a visitor does: from the start, past the skin concerns (answered with nothing).
    await page.goto(tp.url('/'));
    await expectScreen(page, 'skin-concerns');
    await press(page, buttonOf('skin-concerns'));
    await expectScreen(page, 'change-speed');

    const cont = button(page, buttonOf('change-speed'));
    expect(await cont.isDisabled()).toBe(true);
    for (const option of screen.options ?? [])
      expect(await isChecked(page, 'change-speed', option.value)).toBe(false);
    // A forced tap on the disabled button does nothing: still here.
    await cont.click({ force: true });
    expect(pathOf(page)).toBe(routeOf('change-speed'));
    expect(await cont.isDisabled()).toBe(true);

    await tapOption(page, 'change-speed', '1-2-years');
    await expect.poll(() => cont.isEnabled(), WAIT).toBe(true);
    // Single choice: choosing another option replaces the first.
    await tapOption(page, 'change-speed', '3-plus-years');
    expect(await isChecked(page, 'change-speed', '1-2-years')).toBe(false);
    await press(page, buttonOf('change-speed'));
    expect(screen.next).toBe('age');
    await expectScreen(page, 'age');

    // The same rule holds when the screen is opened directly by its alias in a fresh visit.
    const fresh = await harness.open();
    await fresh.page.goto(fresh.url(screen.aliases?.[0] ?? ''));
    await expectScreen(fresh.page, 'change-speed');
    expect(await button(fresh.page, buttonOf('change-speed')).isDisabled()).toBe(true);

    expect(tp.problems).toEqual([]);
    expect(fresh.problems).toEqual([]);
  });
});
