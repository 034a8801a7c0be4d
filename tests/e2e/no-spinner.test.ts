/**
 * Issue 14: no tap on the main path ever shows a loading spinner. A MutationObserver installed before
 * the app's scripts records every loading fallback (`screen-loading`) and every spinner added to the
 * page; the walk goes from `/` to the last screen. Spinners that are part of a screen's own content
 * (a status message such as 'Creating Your Protocol', the photo analysis overlay, a busy button) are
 * allowed; a loading fallback or any other spinner is not.
 */
import { describe, expect, it } from 'vitest';
import { sharedHarness } from './shared-harness.ts';
import { walkMainPath } from './main-path-walk.ts';

const harness = sharedHarness();

/** Plain JavaScript for the page (no compiler helpers may leak into it). */
const SPINNER_WATCH = `(() => {
  const seen = [];
  window.__spinners = seen;
  const describe = (el, what) => {
    const ownContent = !!el.closest('[role="status"], [role="dialog"], button, [data-analysis-overlay]') ||
      !!(el.parentElement && el.parentElement.querySelector('[role="status"]'));
    seen.push({ what, path: location.pathname, ownContent, at: Math.round(performance.now()) });
  };
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        const found = node.matches('[data-testid="screen-loading"], [data-testid="spinner"]')
          ? [node]
          : Array.from(node.querySelectorAll('[data-testid="screen-loading"], [data-testid="spinner"]'));
        for (const el of found) describe(el, el.getAttribute('data-testid'));
      }
  }).observe(document, { childList: true, subtree: true });
})();`;

describe('the main path in Chromium', () => {
  it('never shows a loading spinner after a tap', async () => {
    const tp = await harness().open();
    await tp.context.addInitScript({ content: SPINNER_WATCH });
    const { page } = tp;
    await page.goto(tp.url('/'));
    const taps = await walkMainPath(page);
    expect(taps.length).toBeGreaterThanOrEqual(10);
    const spinners = await page.evaluate(
      () => (window as unknown as { __spinners: { what: string; path: string; ownContent: boolean }[] }).__spinners,
    );
    // A loading fallback never shows, not even on the first screen (its renderer is in the entry).
    expect(spinners.filter((s) => s.what === 'screen-loading')).toEqual([]);
    expect(spinners.filter((s) => !s.ownContent)).toEqual([]);
    // The shipped flow sets no pixel id, so the pixel says it skipped its events (as on the main path).
    expect(tp.problems.filter((p) => !p.startsWith('console.warning: Ad pixel not initialised:'))).toEqual([]);
  }, 120_000);
});
