/**
 * Stored data is checked against the flow before a screen trusts it (issue 17): forged or corrupt
 * values in sessionStorage count as absent, so no screen shows a made-up value.
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

describe('stored data checked against the flow', () => {
  it('an age outside the slider’s range counts as no age: the result that needs one is not shown', async () => {
    await renderFunnel(flow, '/hormone-assessment', { quizData: { age: 200, changeSpeed: '1-2-years' } });
    // The screen requires an age; a stored 200 is foreign data, so she starts the quiz instead.
    const first = flow.screens['skin-concerns'];
    expect(await screen.findByRole('heading', { name: first && 'question' in first ? first.question : '' })).toBeInTheDocument();
    expect(screen.queryByText('Age Factor')).toBeNull();
    expect(document.body.textContent).not.toContain('200');
  });

  it('assessment data without the fields of an assessment does not unlock /primary-assessment', async () => {
    await renderFunnel(flow, '/primary-assessment', { assessmentData: { id: 'x' } });
    expect(await screen.findByRole('button', { name: 'Analyze My Skin' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/photo-analysis');
  });

  it('a real assessment still opens /primary-assessment', async () => {
    await renderFunnel(flow, '/primary-assessment', {
      assessmentData: { id: 'a1', chronological_age: 48, assessed_skin_age: 52 },
    });
    const primary = flow.screens['primary-assessment'];
    expect(
      await screen.findByRole('button', { name: primary && 'button' in primary ? primary.button : '' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/primary-assessment');
  });
});
