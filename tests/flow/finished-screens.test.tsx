/**
 * The last two screens of the main path carry real content from the flow, through the real FunnelApp
 * on the shipped flow: the final sales page (/reversal-protocol) shows the steps, what happens next, the
 * guarantee and trust badges; 'Creating Your Protocol' shows what happens next, numbered, and the
 * guarantee (issue 33 left its steps and badges to the sales page: one step indicator).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFlow } from '../support/load-flow.ts';
import { renderFunnel, warmRenderers } from '../support/render-funnel.tsx';

const flow = loadFlow();

function screenOf(id: string) {
  const found = flow.screens[id];
  if (!found) throw new Error(`the flow has no screen "${id}"`);
  return found;
}

/** The flow's copy of a screen's main button. */
function buttonOf(id: string): string {
  const s = screenOf(id);
  if (!('button' in s) || typeof s.button !== 'string') throw new Error(`${id} has no button`);
  return s.button;
}

/** What a finished screen shows: numbered steps, what happens next and the guarantee. */
function expectNext(main: HTMLElement) {
  const text = main.textContent ?? '';
  const steps = main.querySelectorAll('[data-block="steps"] li, [data-block="list"] ol > li');
  expect(steps.length, 'numbered steps').toBeGreaterThanOrEqual(3);
  expect(text).toMatch(/what happens next/i);
  expect(text).toMatch(/guarantee/i);
}

/** The final page's: that, and trust badges. */
function expectFinished(main: HTMLElement) {
  expectNext(main);
  const badges = main.querySelectorAll('[data-block="badges"] li');
  expect(badges.length, 'trust badges').toBeGreaterThanOrEqual(3);
  for (const badge of badges) expect(badge.textContent?.trim()).not.toBe('');
}

beforeAll(async () => {
  await warmRenderers();
});
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  sessionStorage.clear();
});

describe('the final sales page and Creating Your Protocol', () => {
  it('the final page shows the steps, what happens next, the guarantee and trust badges', async () => {
    await renderFunnel(flow, '/reversal-protocol', { quizData: { age: 50, email: 'ann@example.com' } });
    const main = await screen.findByRole('main');
    await screen.findByRole('button', { name: buttonOf('reversal-protocol') });
    expectFinished(main);
  });

  it("'Creating Your Protocol' shows what happens next, numbered, and the guarantee", async () => {
    const creating = screenOf('creating-protocol');
    expect(creating.kind).toBe('redirect');
    const message = 'message' in creating ? creating.message : '';
    await renderFunnel(flow, '/reversal-protocol', { quizData: { age: 50, email: 'ann@example.com' } });
    await userEvent.click(await screen.findByRole('button', { name: buttonOf('reversal-protocol') }));
    await screen.findByText(message);
    // A redirect screen's content blocks load on demand (they stay out of the first bundle).
    const main = await screen.findByRole('main');
    await waitFor(() => expect(main.querySelector('[data-block="list"]')).not.toBeNull());
    expectNext(main);
  });
});
