/**
 * A screen that shows the computed result waits for the result code instead of showing empty values:
 * whether it reads the result is asked of the flow's screen, not of the screen already resolved (whose
 * result placeholders are by then empty text).
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { preloadRenderers } from '../screens/registry.ts';
import { createMemoryTracking } from '../tracking/memory-tracking.ts';
import { resultCodeFor } from './derive-result.ts';
import { FunnelApp } from './funnel-app.tsx';

const flow = loadFlow();

beforeAll(() => preloadRenderers());
afterEach(() => sessionStorage.clear());

describe('a screen that shows the result', () => {
  it('shows the loading state until the result code is in, then the result', async () => {
    window.history.replaceState(null, '', '/quiz/root-cause-reveal');
    const tracking = createMemoryTracking();
    const code = resultCodeFor(flow, flow.settings);
    let loaded = false;
    let arrive = () => {};
    const ready = new Promise<void>((resolve) => {
      arrive = () => {
        loaded = true;
        resolve();
      };
    });
    render(
      <FunnelApp
        flow={flow}
        ports={{
          tracking,
          pixel: tracking,
          analysis: { analyzePhoto: () => Promise.resolve({}) },
          navigation: { redirect: () => undefined },
          log: { warn: () => undefined },
        }}
        results={{ derive: code.derive, ready, isReady: () => loaded }}
        storage={sessionStorage}
      />,
    );
    expect(screen.getByTestId('screen-loading')).toBeInTheDocument();
    expect(screen.queryByText(/Probability/)).toBeNull();
    await act(async () => arrive());
    expect(screen.queryByTestId('screen-loading')).toBeNull();
    expect(await screen.findByText(/\S+ Probability/)).toBeInTheDocument();
  });
});
