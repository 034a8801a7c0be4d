/**
 * A tap never shows a loading fallback: a screen whose code is in draws in the same commit as the tap,
 * and one whose code is still loading leaves the previous screen up until it can draw. This file
 * starts with no renderer loaded (each test file has its own module graph), so the first test sees
 * real chunk loads; the second runs after they are all in.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { isRendererLoaded, preloadRenderers } from '../screens/registry.ts';
import { createMemoryTracking } from '../tracking/memory-tracking.ts';
import { resultCodeFor } from './derive-result.ts';
import { FunnelApp } from './funnel-app.tsx';

const flow = loadFlow();

// The single-choice chunk takes a while to arrive, as on a slow network, so the first test's tap
// meets it still loading whatever the machine's speed.
vi.mock('../screens/single-choice/single-choice.tsx', async (importOriginal) => {
  await new Promise((resolve) => setTimeout(resolve, 400));
  return importOriginal();
});

function renderFunnel(path: string) {
  window.history.replaceState(null, '', path);
  const tracking = createMemoryTracking();
  const code = resultCodeFor(flow, flow.settings);
  return render(
    <FunnelApp
      flow={flow}
      ports={{
        tracking,
        pixel: tracking,
        analysis: { analyzePhoto: () => Promise.resolve({}) },
        navigation: { redirect: () => undefined },
        log: { warn: () => undefined },
      }}
      results={{ derive: code.derive, ready: Promise.resolve(), isReady: () => true, need: () => Promise.resolve() }}
      storage={sessionStorage}
    />,
  );
}

/** Records every moment a loading fallback was in the page, or the page showed no heading at all. */
function watchGaps(container: HTMLElement): { gaps: string[]; stop: () => void } {
  const gaps: string[] = [];
  const check = (records: MutationRecord[]) => {
    for (const record of records)
      for (const node of Array.from(record.addedNodes))
        if (node instanceof HTMLElement && (node.matches('[data-testid="screen-loading"]') || node.querySelector('[data-testid="screen-loading"]')))
          gaps.push(`loading fallback added on ${window.location.pathname}`);
    if (!container.querySelector('h1, h2, [role="status"]')) gaps.push(`no screen on ${window.location.pathname}`);
  };
  const observer = new MutationObserver(check);
  observer.observe(container, { childList: true, subtree: true });
  return { gaps, stop: () => observer.disconnect() };
}

// The first import of a chunk compiles it (seconds on a busy machine).
const heading = (name: string) => screen.findByRole('heading', { name }, { timeout: 15_000 });

afterEach(() => sessionStorage.clear());

describe('taps on screens whose code is not loaded yet', () => {
  it('keep the previous screen up (inert) instead of a fallback, then show the next one', async () => {
    expect(isRendererLoaded('multi-select')).toBe(false);
    expect(isRendererLoaded('single-choice')).toBe(false);
    const { container } = renderFunnel('/quiz/skin-concerns');
    await heading('Which changes in your skin concern you most?');
    const watch = watchGaps(container);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The click commits before the single-choice chunk is in: the old screen is still there, held.
    expect(container.querySelector('[data-holding]')).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Which changes in your skin concern you most?', hidden: true })).toBeInTheDocument();
    await heading('How quickly have you noticed these changes?');
    expect(container.querySelector('[data-holding]')).toBeNull();
    expect(isRendererLoaded('single-choice')).toBe(true);
    watch.stop();
    expect(watch.gaps).toEqual([]);
  }, 30_000);
});

describe('taps once the code is in', () => {
  it('draw the next screen in the same commit as the click, never through a fallback', async () => {
    await preloadRenderers();
    const { container } = renderFunnel('/quiz/change-speed');
    // Loaded renderers draw synchronously: the first render already shows the screen.
    expect(screen.getByRole('heading', { name: 'How quickly have you noticed these changes?' })).toBeInTheDocument();
    const watch = watchGaps(container);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Within the last 6 months' }));
    await act(() => user.click(screen.getByRole('button', { name: 'Continue' })));
    expect(screen.getByRole('heading', { name: 'How old are you?' })).toBeInTheDocument();
    await act(() => user.click(screen.getByRole('button', { name: 'Continue' })));
    expect(container.querySelector('[data-holding]')).toBeNull();
    expect(screen.getAllByRole('heading').length).toBeGreaterThan(0);
    watch.stop();
    expect(watch.gaps).toEqual([]);
  });
});
