/**
 * The screen a Continue leads to is drawn hidden in idle time and revealed by the tap: the very same
 * heading element becomes the shown one. A prediction that no longer draws the same is not used.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadFlow } from '../../tests/support/load-flow.ts';
import type { ScreenView } from '../engine/screen-view.ts';
import { renderFunnel, warmRenderers } from '../../tests/support/render-funnel.tsx';
import { predictionOf, sameJson } from './predict-next.ts';
import type { IdleScheduler } from './screen-prefetch.ts';

const flow = loadFlow();

/** Idle tasks run only when the test says the page is idle. */
function manualIdle(): { idle: IdleScheduler; runIdle: () => Promise<void> } {
  let tasks = new Set<() => void>();
  return {
    idle: (task) => {
      tasks.add(task);
      return () => tasks.delete(task);
    },
    // The predicting code is a dynamic import: let it arrive and its update commit.
    runIdle: async () => {
      const due = tasks;
      tasks = new Set();
      await act(async () => {
        due.forEach((task) => task());
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
    },
  };
}

const NEXT = 'How old are you?';

beforeAll(warmRenderers);
afterEach(() => sessionStorage.clear());

describe('the next screen drawn ahead of the tap', () => {
  it('is drawn hidden once the answer allows Continue, and the tap reveals that very element', async () => {
    const { idle, runIdle } = manualIdle();
    await renderFunnel(flow, '/quiz/change-speed', {}, { idle });
    const user = userEvent.setup();
    await runIdle();
    // No answer yet: Continue leads nowhere, so nothing is drawn ahead.
    expect(screen.queryByRole('heading', { name: NEXT, hidden: true })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Within the last 6 months' }));
    await runIdle();
    const ahead = screen.getByRole('heading', { name: NEXT, hidden: true });
    expect(screen.queryByRole('heading', { name: NEXT })).toBeNull();
    await act(() => user.click(screen.getByRole('button', { name: 'Continue' })));
    expect(screen.getByRole('heading', { name: NEXT })).toBe(ahead);
    expect(screen.queryByRole('heading', { name: 'How quickly have you noticed these changes?', hidden: true })).toBeNull();
  });

  it('is not drawn without idle time to draw it in', async () => {
    await renderFunnel(flow, '/quiz/change-speed');
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Within the last 6 months' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('heading', { name: NEXT, hidden: true })).toBeNull();
  });
});

describe('a prediction', () => {
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
    const prediction = predictionOf(predicted);
    expect(prediction.adopt(view({ speed: 'fast' }))).toBe(predicted);
    const changed = view({ speed: 'slow' });
    expect(prediction.adopt(changed)).toBe(changed);
    const unfinished = { ...view({ speed: 'fast' }), canContinue: false };
    expect(prediction.adopt(unfinished)).toBe(unfinished);
    const other = { ...view({ speed: 'fast' }), id: 'other' };
    expect(prediction.adopt(other)).toBe(other);
    expect(prediction.adopt(undefined)).toBeUndefined();
  });

  it('compares what is drawn by value, as JSON would write it', () => {
    const photo = `data:image/jpeg;base64,${'A'.repeat(1000)}`;
    const predicted = { ...view({ speed: 'fast' }), photo };
    const prediction = predictionOf(predicted);
    // Equal copies (the photo in another string, the screen cloned) draw the same.
    expect(prediction.adopt({ ...view({ speed: 'fast' }), photo: photo.slice(0, 10) + photo.slice(10) })).toBe(predicted);
    expect(prediction.adopt({ ...predicted, screen: structuredClone(predicted.screen) })).toBe(predicted);
    const otherPhoto = { ...predicted, photo: `${photo}B` };
    expect(prediction.adopt(otherPhoto)).toBe(otherPhoto);
  });
});

describe('sameJson', () => {
  it('is JSON equality: nested values, arrays in order, undefined properties absent', () => {
    expect(sameJson({ a: [1, { b: 'x' }], c: undefined }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson({ a: null }, { a: undefined })).toBe(false);
    expect(sameJson([], {})).toBe(false);
    expect(sameJson('1', 1)).toBe(false);
  });
});
