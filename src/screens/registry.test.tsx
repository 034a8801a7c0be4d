import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ScreenEvent } from '../engine/events.ts';
import type { ScreenOfKind } from '../engine/flow-model.ts';
import { screenRenderers } from './registry.ts';

const calculating: ScreenOfKind<'calculating'> = {
  kind: 'calculating',
  route: '/quiz/step-7',
  message: 'Analyzing Your Pattern...',
  spinnerMs: 4000,
  after: { delayMs: 4000 },
  button: 'Continue',
  next: 'hrt',
};

describe('lazy renderers', () => {
  it('render through Suspense once their chunk is in', async () => {
    const Calculating = screenRenderers.calculating;
    const send = vi.fn<(event: ScreenEvent) => void>();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Calculating
          screen={calculating}
          answers={{}}
          canContinue
          busy={false}
          error={null}
          photo={null}
          send={send}
        />
      </Suspense>,
    );
    expect(await screen.findByText('Analyzing Your Pattern...')).toBeInTheDocument();
  });
});
