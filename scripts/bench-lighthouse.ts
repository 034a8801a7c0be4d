/**
 * Lighthouse (mobile preset: simulated slow 4G and 4× CPU) against Debian's Chromium, run
 * programmatically: one fresh run per round, the median of each figure.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '../tests/e2e/harness.ts';

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface LighthouseFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export interface LighthouseOptions {
  /** The page answers 404 on purpose (the not-found screen): measure it instead of refusing it. */
  expectsNotFound?: boolean;
}

/** One Lighthouse run (performance only) in a fresh Chromium. */
async function runOnce(url: string, options: LighthouseOptions): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ignoreStatusCode: options.expectsNotFound === true,
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no report for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}

/** The median of `rounds` runs of each figure. */
export async function lighthouseMedian(
  url: string,
  rounds: number,
  options: LighthouseOptions = {},
): Promise<LighthouseFigures> {
  const runs: LighthouseFigures[] = [];
  // A run Lighthouse itself could not record (e.g. NO_NAVSTART on a busy machine) is run once more.
  for (let i = 0; i < rounds; i++) runs.push(await runOnce(url, options).catch(() => runOnce(url, options)));
  return {
    score: median(runs.map((r) => r.score)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
  };
}
