/**
 * An honest photo result on the screens: after a refused or lost photo the visitor is told why and can
 * try another photo or go on without one; the result says when it rests on the answers alone, and
 * which face was read when the photo had several.
 */
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadFlow } from '../support/load-flow.ts';
import { renderFunnel, warmRenderers } from '../support/render-funnel.tsx';

const flow = loadFlow();
const detailed = flow.screens['detailed-analysis'];
/** The results screen's Continue, as the flow labels it: shown once the screen is drawn. */
const RESULTS_BUTTON = detailed && 'button' in detailed ? String(detailed.button) : '';
const ANSWERS_ONLY = 'Based on your answers only: no photo was read.';
const QUIZ = { age: 48, changeSpeed: '1-2-years', skinIssues: ['texture'] };
const PHOTO_RESULT = { id: 'a1', chronological_age: 48, assessed_skin_age: 52 };

beforeAll(warmRenderers);
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('the photo screen after a lost photo', () => {
  it('offers another photo or going on without one, never a dead disabled button', async () => {
    sessionStorage.setItem(
      'quizData_flow',
      JSON.stringify({ id: flow.id, version: 1, screen: 'photo-analysis', photoChosen: true }),
    );
    await renderFunnel(flow, '/photo-analysis', { quizData: QUIZ });
    expect(await screen.findByText('Try another photo')).toBeInTheDocument();
    const without = screen.getByRole('button', { name: 'Continue without a photo' });
    expect(without).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Analyze My Skin' })).toBeNull();
    await userEvent.click(without);
    expect(await screen.findByText(ANSWERS_ONLY)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/detailed-analysis');
  });
});

describe('the detailed analysis', () => {
  it('labels a result from the answers alone', async () => {
    await renderFunnel(flow, '/detailed-analysis', { quizData: QUIZ });
    expect(await screen.findByText(ANSWERS_ONLY)).toBeInTheDocument();
  });

  it('does not say so when a photo was read, and says which face was read of several', async () => {
    await renderFunnel(flow, '/detailed-analysis', {
      quizData: QUIZ,
      assessmentData: { ...PHOTO_RESULT, photo: { face_count: 3, apparent_age: 50 } },
    });
    expect(
      await screen.findByText(/We found 3 faces and read the largest/),
    ).toBeInTheDocument();
    expect(screen.queryByText(ANSWERS_ONLY)).toBeNull();
  });

  it('says nothing about faces for a photo of one face', async () => {
    await renderFunnel(flow, '/detailed-analysis', {
      quizData: QUIZ,
      assessmentData: { ...PHOTO_RESULT, photo: { face_count: 1, apparent_age: 50 } },
    });
    expect(await screen.findByRole('button', { name: RESULTS_BUTTON })).toBeInTheDocument();
    expect(screen.queryByText(/faces and read the largest/)).toBeNull();
    expect(screen.queryByText(ANSWERS_ONLY)).toBeNull();
  });
});
