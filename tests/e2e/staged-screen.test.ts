/**
 * Issue 14: the screen a Continue leads to is drawn ahead, hidden, and laid out out of sight in idle
 * time (src/app/warm-layout.ts), so the tap's reveal has little layout left to do. Walked in Chromium:
 * before each tap the body drawn ahead is staged (fixed, invisible, inert); in the first frame after
 * the tap the shown body is back in the column, visible and interactive, and an entrance animation
 * (the reveal screen's fade-in) starts then, not while it was out of sight.
 */
import { describe, expect, it } from 'vitest';
import { loadFlow } from './harness.ts';
import { sharedHarness } from './shared-harness.ts';
import { walkMainPath } from './main-path-walk.ts';

const harness = sharedHarness();

interface AfterTap {
  position: string;
  visibility: string;
  inert: boolean;
  headingVisible: boolean;
  /** Milliseconds each CSS animation in the shown screen has run, and its state. */
  animations: { state: string; ms: number }[];
}

/** Plain JavaScript for the page: the shown body as the first frame after the next click draws it. */
const ARM_AFTER_TAP = `(() => {
  window.__afterTap = new Promise((resolve) => {
    document.addEventListener('click', () => requestAnimationFrame(() => {
      const body = document.querySelector('main > *');
      const style = getComputedStyle(body);
      const heading = document.querySelector('main h1, main h2, main [role="status"]');
      resolve({
        position: style.position,
        visibility: style.visibility,
        inert: body.hasAttribute('inert'),
        headingVisible: !!heading && heading.checkVisibility({ visibilityProperty: true }),
        animations: body.getAnimations({ subtree: true }).map((a) => ({ state: a.playState, ms: Math.round(a.currentTime ?? -1) })),
      });
    }), { capture: true, once: true });
  });
})()`;

/** Whether a body directly inside main is staged (laid out out of sight). */
const staged = () =>
  [...document.querySelectorAll('main > *')].some((el) => {
    const style = getComputedStyle(el);
    return style.position === 'fixed' && style.visibility === 'hidden' && el.hasAttribute('inert');
  });

describe('the screen drawn ahead, in Chromium', () => {
  it('is laid out out of sight before the tap and shown in the column by it, its entrance starting then', async () => {
    const flow = loadFlow();
    const tp = await harness().open();
    const { page } = tp;
    await page.goto(tp.url('/'));
    const notStaged: string[] = [];
    const reveals: AfterTap[] = [];
    const taps = await walkMainPath(page, {
      tap: async (p, tap) => {
        // Staging happens in idle time, so a reader who lingers meets it.
        const wasStaged = await p
          .waitForFunction(staged, null, { timeout: 3000 })
          .then(() => true)
          .catch(() => false);
        if (!wasStaged) notStaged.push(`${tap.from} → ${tap.to}`);
        await p.evaluate(ARM_AFTER_TAP);
        await p.getByRole('button', { name: tap.label, exact: true }).click();
        const after = await p.evaluate(
          () => (window as unknown as { __afterTap: Promise<AfterTap> }).__afterTap,
        );
        expect(after, `${tap.from} → ${tap.to}`).toMatchObject({
          position: 'static',
          visibility: 'visible',
          inert: false,
          headingVisible: true,
        });
        if (flow.screens[tap.to]?.kind === 'reveal') reveals.push(after);
      },
    });
    // Every screen of the walk is staged ahead, but the ones after a server's answer (not predicted).
    expect(notStaged).toEqual(
      taps.filter((t) => flow.screens[t.from]?.submit).map((t) => `${t.from} → ${t.to}`),
    );
    expect(notStaged.length).toBeLessThan(taps.length / 4);
    // The reveal screen fades in: its animation runs from the tap, not from when it was staged.
    expect(reveals).toHaveLength(1);
    expect(reveals[0]?.animations.length).toBeGreaterThan(0);
    for (const animation of reveals[0]?.animations ?? []) {
      expect(animation.state).toBe('running');
      expect(animation.ms).toBeLessThan(300);
    }
    expect(tp.problems.filter((p) => !p.startsWith('console.warning: Ad pixel not initialised:'))).toEqual(
      [],
    );
  }, 120_000);
});
