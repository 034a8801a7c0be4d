/**
 * The screen a Continue leads to is drawn hidden in idle time and revealed by the tap: the very same
 * heading element becomes the shown one. A prediction that no longer draws the same is not used.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadFlow } from '../../tests/support/load-flow.ts';
import type { ScreenView } from '../engine/screen-view.ts';
import { preloadRenderers } from '../screens/registry.ts';
import { createMemoryTracking } from '../tracking/memory-tracking.ts';
import { resultCodeFor } from './derive-result.ts';
import { FunnelApp } from './funnel-app.tsx';
import { adoptPrediction, idleScheduler, viewFingerprint, type IdleScheduler } from './predicted-view.ts';

const flow = loadFlow();

/** Idle tasks run only when the test says the page is idle. */
function manualIdle(): { idle: IdleScheduler; runIdle: () => void } {
  let tasks = new Set<() => void>();
  return {
    idle: (task) => {
      tasks.add(task);
      return () => tasks.delete(task);
    },
    runIdle: () => {
      const due = tasks;
      tasks = new Set();
      act(() => due.forEach((task) => task()));
    },
  };
}

function renderFunnel(path: string, idle?: IdleScheduler) {
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
      results={{ derive: code.derive, ready: Promise.resolve(), isReady: () => true }}
      storage={sessionStorage}
      {...(idle ? { idle } : {})}
    />,
  );
}

const NEXT = 'How old are you?';

beforeAll(() => preloadRenderers());
afterEach(() => sessionStorage.clear());

describe('the next screen drawn ahead of the tap', () => {
  it('is drawn hidden once the answer allows Continue, and the tap reveals that very element', async () => {
    const { idle, runIdle } = manualIdle();
    renderFunnel('/quiz/change-speed', idle);
    const user = userEvent.setup();
    runIdle();
    // No answer yet: Continue leads nowhere, so nothing is drawn ahead.
    expect(screen.queryByRole('heading', { name: NEXT, hidden: true })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Within the last 6 months' }));
    runIdle();
    const ahead = screen.getByRole('heading', { name: NEXT, hidden: true });
    expect(screen.queryByRole('heading', { name: NEXT })).toBeNull();
    await act(() => user.click(screen.getByRole('button', { name: 'Continue' })));
    expect(screen.getByRole('heading', { name: NEXT })).toBe(ahead);
    expect(screen.queryByRole('heading', { name: 'How quickly have you noticed these changes?', hidden: true })).toBeNull();
  });

  it('is not drawn without idle time to draw it in', async () => {
    renderFunnel('/quiz/change-speed');
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Within the last 6 months' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('heading', { name: NEXT, hidden: true })).toBeNull();
  });
});

describe('adoptPrediction', () => {
  const view = (answers: Record<string, string>): ScreenView => ({
    id: 'age',
    screen: flow.screens['age']!,
    answers,
    canContinue: true,
    busy: false,
    error: null,
    errorField: null,
    photo: null,
  });

  it('uses the predicted object only when it draws exactly what the real view draws', () => {
    const predicted = view({ speed: 'fast' });
    const prediction = { view: predicted, fingerprint: viewFingerprint(predicted) };
    expect(adoptPrediction(view({ speed: 'fast' }), prediction)).toBe(predicted);
    const changed = view({ speed: 'slow' });
    expect(adoptPrediction(changed, prediction)).toBe(changed);
    const other = { ...view({ speed: 'fast' }), id: 'other' };
    expect(adoptPrediction(other, prediction)).toBe(other);
    expect(adoptPrediction(undefined, prediction)).toBeUndefined();
  });
});

describe('idleScheduler', () => {
  it('uses requestIdleCallback with a timeout and cancels it, else a short timer', () => {
    const calls: string[] = [];
    const win = {
      requestIdleCallback: (_cb: () => void, options: { timeout: number }) => (calls.push(`idle ${options.timeout}`), 7),
      cancelIdleCallback: (handle: number) => calls.push(`cancel ${handle}`),
      setTimeout: () => (calls.push('timer'), 1),
      clearTimeout: () => calls.push('clear'),
    };
    idleScheduler(win)(() => undefined)();
    expect(calls).toEqual(['idle 1000', 'cancel 7']);
    const { requestIdleCallback: _r, cancelIdleCallback: _c, ...noIdle } = win;
    idleScheduler(noIdle)(() => undefined)();
    expect(calls.slice(2)).toEqual(['timer', 'clear']);
  });
});
