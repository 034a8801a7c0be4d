/**
 * Stored data is checked against the flow before a screen trusts it (issue 17): forged or corrupt
 * values in sessionStorage count as absent, so no screen shows a made-up value.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { cardLines, renderFunnel, warmRenderers } from '../../tests/support/render-funnel.tsx';

const flow = loadFlow();

beforeAll(warmRenderers);
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('stored data checked against the flow', () => {
  it('an age outside the slider’s range is not shown as the Age Factor', async () => {
    await renderFunnel(flow, '/hormone-assessment', { quizData: { age: 200, changeSpeed: '1-2-years' } });
    expect(await screen.findByText('Age Factor')).toBeInTheDocument();
    expect(cardLines('Age Factor').join(' ')).not.toContain('200');
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
