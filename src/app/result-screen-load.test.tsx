/**
 * A direct load of a screen that shows a result (issue 14): it asks for the result code at once
 * instead of waiting behind the other screens' code, and while it waits it shows a spinner without the
 * small print, which would sit at the foot of the viewport and be pushed down by the content (a
 * layout shift).
 */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { renderFunnel, warmRenderers } from '../../tests/support/render-funnel.tsx';
import { readsResult } from '../engine/screen-view.ts';
import { resultCodeFor } from './derive-result.ts';

const flow = loadFlow();
const disclaimer = flow.settings.disclaimer ?? '';
const [id, shown] =
  Object.entries(flow.screens).find(
    ([, s]) =>
      s.kind === 'reveal' && 'showDisclaimer' in s && s.showDisclaimer && !s.requires && readsResult(s),
  ) ?? [];

beforeAll(warmRenderers);
afterEach(cleanup);

describe('a result screen opened directly', () => {
  it('asks for the result code at once and shows the small print only with its content', async () => {
    expect(id && shown?.route && disclaimer).toBeTruthy();
    let arrive = () => {};
    const ready = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const code = resultCodeFor(flow, flow.settings);
    let isReady = false;
    const need = vi.fn(() => ready);
    await renderFunnel(flow, shown?.route ?? '/', {}, { results: { derive: code.derive, ready, isReady: () => isReady, need } });
    expect(need).toHaveBeenCalled();
    expect(screen.getByTestId('screen-loading')).toBeInTheDocument();
    expect(screen.queryByText(disclaimer)).toBeNull();

    isReady = true;
    await act(async () => {
      arrive();
      await ready;
    });
    expect(screen.queryByTestId('screen-loading')).toBeNull();
    expect(screen.getByText(disclaimer)).toBeInTheDocument();
  });
});
