/**
 * In Chromium (playwright-core) against the production build and the local backend: the JavaScript
 * loaded before the first question is on screen, and tap-to-painted on every main-path transition at
 * 4× CPU throttling (CDP Emulation.setCPUThrottlingRate). A tap is timed in the page: from the click
 * event's timestamp to the frame after the DOM change that put up the next screen's heading
 * (requestAnimationFrame, then a message task, which runs once that frame has been painted).
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { loadFlow, withSettings, type Harness } from '../tests/e2e/harness.ts';
import { walkMainPath, type MainPathTap } from '../tests/e2e/main-path-walk.ts';
import { median } from './bench-lighthouse.ts';
import { APP_READY_EVENT } from '../src/app/app-ready.ts';
import { firstQuestion } from './lib/before-first-question.ts';

/**
 * Armed before each tap; `__tapResult` resolves with the milliseconds from the click to the next
 * heading painted, `__tapAnswered` with those to the first change the tap made painted (on a tap that
 * waits for the server, its busy state: the photo's analysis overlay).
 */
const ARM_TAP = `(() => {
  // A screen's heading, or the status line of a screen without one (e.g. 'Creating Your Protocol').
  const headingNow = () => document.querySelector('main h1, main h2, main [role="status"]');
  const before = headingNow();
  let clickedAt;
  document.addEventListener('click', (event) => { clickedAt = event.timeStamp; }, { capture: true, once: true });
  const painted = (resolve) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now() - clickedAt);
    channel.port2.postMessage(null);
  });
  window.__tapAnswered = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (clickedAt === undefined) return;
      observer.disconnect();
      painted(resolve);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  });
  window.__tapResult = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const heading = headingNow();
      if (clickedAt === undefined || !heading || heading === before || document.querySelector('[data-holding]')) return;
      observer.disconnect();
      painted(resolve);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
})()`;

export interface TapTiming extends MainPathTap {
  /** Median milliseconds from the click to the next heading painted. */
  ms: number;
  /** Median milliseconds from the click to the first change it made painted (its busy state). */
  answeredMs: number;
  /** The tap submits to the server first (photo analysis, saving the lead): network time included. */
  waitsForServer: boolean;
}

/**
 * `thinkMs`: how long the walker stays on each screen before tapping, as a visitor reading it would;
 * the next screens' code is fetched in that idle time (a tap sooner can meet a screen still loading).
 */
export async function measureTaps(harness: Harness, rounds: number, thinkMs: number): Promise<TapTiming[]> {
  const flow = loadFlow();
  const samples = new Map<string, { tap: MainPathTap; ms: number[]; answered: number[] }>();
  for (let round = 0; round < rounds; round++) {
    const tp = await harness.open();
    const cdp = await tp.context.newCDPSession(tp.page);
    await tp.page.goto(tp.url('/'));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await walkMainPath(tp.page, {
      tap: async (page: Page, tap) => {
        await page.waitForTimeout(thinkMs);
        await page.evaluate(ARM_TAP);
        await page.getByRole('button', { name: tap.label, exact: true }).click();
        // A screen that leaves the page right away (an external redirect) can end the page first.
        const ms = await page
          .evaluate(() => (window as unknown as { __tapResult: Promise<number> }).__tapResult)
          .catch(() => Number.NaN);
        const answered = await page
          .evaluate(() => (window as unknown as { __tapAnswered: Promise<number> }).__tapAnswered)
          .catch(() => Number.NaN);
        const key = `${tap.from}→${tap.to}`;
        const entry = samples.get(key) ?? { tap, ms: [], answered: [] };
        entry.ms.push(ms);
        entry.answered.push(answered);
        samples.set(key, entry);
      },
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await harness.closePages();
  }
  return [...samples.values()].map(({ tap, ms, answered }) => ({
    ...tap,
    ms: median(ms),
    answeredMs: median(answered),
    waitsForServer: flow.screens[tap.from]?.submit !== undefined,
  }));
}

/** The same tap timing on the React hello page (its Continue puts up a new heading), median of `taps`. */
export async function measureHelloTaps(browser: Browser, url: string, taps: number, thinkMs: number): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(url);
    await page.getByRole('heading').waitFor();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const ms: number[] = [];
    for (let i = 0; i < taps; i++) {
      await page.waitForTimeout(thinkMs);
      await page.evaluate(ARM_TAP);
      await page.getByRole('button', { name: 'Continue' }).click();
      ms.push(await page.evaluate(() => (window as unknown as { __tapResult: Promise<number> }).__tapResult));
    }
    return median(ms);
  } finally {
    await context.close();
  }
}

/** The first screen from the start that waits for the visitor, and the text that shows it is up. */
function firstQuestionText(): string {
  const flow = loadFlow();
  const screen = flow.screens[firstQuestion(flow).id];
  return withSettings(screen?.question ?? screen?.button ?? '', flow.settings);
}

/** Gzip bytes (level 9, as bundle-size.ts counts) of every script fetched before the first question answers taps. */
export async function measureJsBeforeFirstQuestion(harness: Harness): Promise<{ bytes: number; files: number }> {
  const tp = await harness.open();
  const scripts: { startedAt: number; body: Promise<Buffer | null> }[] = [];
  tp.page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ startedAt: response.request().timing().startTime, body: response.body().catch(() => null) });
  });
  // The build draws the question before any script runs: what counts is the code requested until it
  // answers a tap, so until the app's first render is in. Each script counts by when it was requested,
  // not by when Node hears of its response: the screens' code the app fetches in idle time right after
  // it is in answered before the wait below saw the app in, and was counted (111-115 KB in 8-11 files
  // instead of 109.8 KB in 6).
  await tp.page.addInitScript(
    `document.addEventListener(${JSON.stringify(APP_READY_EVENT)}, () => { window.__appReadyAt = performance.timeOrigin + performance.now(); }, { once: true });`,
  );
  await tp.page.goto(tp.url('/'));
  await tp.page.getByText(firstQuestionText(), { exact: true }).first().waitFor({ timeout: 20_000 });
  const readyAt = Number(
    await (
      await tp.page.waitForFunction(() => (window as unknown as { __appReadyAt?: number }).__appReadyAt, null, { timeout: 20_000 })
    ).jsonValue(),
  );
  // Requests made before then may still be answering (the next screen's preloads).
  await tp.page.waitForTimeout(1000);
  const bodies = await Promise.all(scripts.filter((script) => script.startedAt <= readyAt).map((script) => script.body));
  const fetched = bodies.filter((body): body is Buffer => body !== null);
  await harness.closePages();
  return { bytes: fetched.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0), files: fetched.length };
}
