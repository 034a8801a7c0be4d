/**
 * The session save a tap causes waits for the next paint (the address bar does not: it changes with
 * the screen), and the session is saved at once when the page is hidden or left.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { renderFunnel, warmRenderers } from '../../tests/support/render-funnel.tsx';

const flow = loadFlow();
const stored = () => sessionStorage.getItem(flow.storage.answersKey) ?? '';
/** The stored mark of the screen the visitor is on (see storage.ts). */
const storedScreen = () => (JSON.parse(sessionStorage.getItem(`${flow.storage.answersKey}_flow`) ?? '{}') as { screen?: string }).screen;

/** Renders with a manual paint: the after-paint tasks run when the test says the frame is painted. */
async function renderPainted(path: string) {
  let due: (() => void)[] = [];
  await renderFunnel(flow, path, {}, { afterPaint: (task) => due.push(task) });
  return {
    paint: () => {
      const tasks = due;
      due = [];
      act(() => tasks.forEach((task) => task()));
    },
  };
}

beforeAll(warmRenderers);
afterEach(() => sessionStorage.clear());

describe('after the paint', () => {
  it('moves the address bar with the screen, and saves the session once the next screen is painted', async () => {
    const page = await renderPainted('/quiz/change-speed');
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Within the last 6 months' }));
    expect(stored()).not.toContain('changeSpeed');
    page.paint();
    expect(stored()).toContain('changeSpeed');
    await act(() => user.click(screen.getByRole('button', { name: 'Continue' })));
    expect(screen.getByRole('heading', { name: 'How old are you?' })).toBeInTheDocument();
    expect(window.location.pathname).toBe(flow.screens['age']?.route);
    expect(storedScreen()).toBe('change-speed');
    page.paint();
    expect(storedScreen()).toBe('age');
  });

  it('saves at once when the page is left, without waiting for a frame', async () => {
    await renderPainted('/quiz/change-speed');
    const before = stored();
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Within the last 6 months' }));
    expect(stored()).toBe(before);
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()).not.toBe(before);
  });
});
