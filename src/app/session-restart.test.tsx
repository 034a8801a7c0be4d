/**
 * A reload after the flow changed: a session that was on a screen the new flow no longer has starts
 * cleanly at the start screen, with nothing of the old answers, instead of a not-found page.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { renderFunnel, warmRenderers } from '../../tests/support/render-funnel.tsx';

const flow = loadFlow();

beforeAll(warmRenderers);
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('resuming a stored session', () => {
  it('restarts at / when the stored screen no longer exists', async () => {
    sessionStorage.setItem(
      'quizData_flow',
      JSON.stringify({ id: flow.id, version: 1, screen: 'removed-step' }),
    );
    const { tracking } = await renderFunnel(flow, '/quiz/removed-step', {
      quizData: { age: 61 },
      assessmentData: { skin_age: 70 },
    });
    // The start screen, which moves on to the first question at once (no start delay in the flow).
    expect(await screen.findByRole('heading', { name: 'Which changes in your skin concern you most?' })).toBeInTheDocument();
    expect(tracking.calls.flatMap((c) => (c.type === 'screenViewed' ? [c.screenId] : []))).toEqual(['start', 'skin-concerns']);
    expect(window.location.pathname).toBe('/quiz/skin-concerns');
    expect(JSON.parse(sessionStorage.getItem('quizData') ?? 'null')).toEqual({});
    expect(sessionStorage.getItem('assessmentData')).toBeNull();
    // The start screen is timed: its running timer is stored too, so a reload finishes it.
    expect(JSON.parse(sessionStorage.getItem('quizData_flow') ?? 'null')).toEqual({
      id: flow.id,
      version: 1,
      screen: 'skin-concerns',
    });
  });

  it('resumes the same screen with its answers when the session is this flow’s', async () => {
    sessionStorage.setItem('quizData_flow', JSON.stringify({ id: flow.id, version: 1, screen: 'age' }));
    await renderFunnel(flow, '/quiz/age-selection', { quizData: { age: 61 } });
    expect(await screen.findByRole('slider')).toHaveValue('61');
    expect(window.location.pathname).toBe('/quiz/age-selection');
  });

  it('after a reload on the photo screen, asks for the photo again instead of a silent disabled button', async () => {
    const message = flow.screens['photo-analysis'];
    const chooseAgain = message?.kind === 'photo-upload' ? message.chooseAgainMessage : undefined;
    expect(chooseAgain).toBeTruthy();
    sessionStorage.setItem(
      'quizData_flow',
      JSON.stringify({ id: flow.id, version: 1, screen: 'photo-analysis', photoChosen: true }),
    );
    await renderFunnel(flow, '/photo-analysis', { quizData: { age: 50 } });
    expect(await screen.findByRole('alert')).toHaveTextContent(chooseAgain ?? '');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('data:image');
  });

  it('says nothing about a photo when none had been chosen', async () => {
    sessionStorage.setItem('quizData_flow', JSON.stringify({ id: flow.id, version: 1, screen: 'photo-analysis' }));
    await renderFunnel(flow, '/photo-analysis', { quizData: { age: 50 } });
    expect(await screen.findByRole('button', { name: 'Analyze My Skin' })).toBeDisabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
