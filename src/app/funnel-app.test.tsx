/**
 * The running funnel follows the flow file alone: a changed label or a reorder in a copy of the JSON
 * changes what the visitor sees, with no code change.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Flow } from '../engine/flow-model.ts';
import { editedFlow, loadFlow } from '../../tests/support/load-flow.ts';
import { createMemoryTracking } from '../tracking/memory-tracking.ts';
import { resultCodeFor } from './derive-result.ts';
import { FunnelApp } from './funnel-app.tsx';
import { SETTLE_MS } from './gesture-visit.ts';

/** A visitor reads a new screen before she taps its Continue (a press while it settles is ignored). */
/** The cliff-education screen's Continue, as the flow labels it. */
const cliff = loadFlow().screens['cliff-education'];
const CLIFF_BUTTON = cliff && 'button' in cliff ? String(cliff.button) : '';
const readTheScreen = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

function renderFunnel(flow: Flow, path: string) {
  window.history.replaceState(null, '', path);
  const tracking = createMemoryTracking();
  const code = resultCodeFor(flow, flow.settings);
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
      results={{ derive: code.derive, ready: Promise.resolve(), isReady: () => true, need: () => Promise.resolve() }}
      storage={sessionStorage}
    />,
  );
}

describe('FunnelApp', () => {
  it('shows the shipped flow: change speed follows skin concerns', async () => {
    renderFunnel(loadFlow(), '/quiz/skin-concerns');
    expect(await screen.findByRole('heading', { name: 'Which changes in your skin concern you most?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'How quickly have you noticed these changes?' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/quiz/change-speed');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
  });

  it('a button label changed in the JSON alone changes the screen', async () => {
    const flow = editedFlow((json) => {
      json.screens['cliff-education'] = { ...json.screens['cliff-education'], button: 'Am I at the tipping point?' };
    });
    renderFunnel(flow, '/quiz/cliff-education');
    expect(await screen.findByRole('button', { name: 'Am I at the tipping point?' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CLIFF_BUTTON })).toBeNull();
  });

  it('reordering two screens in the JSON alone reorders the funnel', async () => {
    const flow = editedFlow((json) => {
      // start → change-speed → skin-concerns → age, instead of skin-concerns first.
      json.screens.start = { ...json.screens.start, after: { delayMs: 600, to: 'change-speed' } };
      json.screens['change-speed'] = { ...json.screens['change-speed'], next: 'skin-concerns' };
      json.screens['skin-concerns'] = { ...json.screens['skin-concerns'], next: 'age' };
    });
    renderFunnel(flow, '/quiz/change-speed');
    await userEvent.click(await screen.findByRole('radio', { name: 'Over the past year' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Which changes in your skin concern you most?' })).toBeInTheDocument();
    await readTheScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'How old are you?' })).toBeInTheDocument();
  });

  // In a browser the second click of a double click (mousedown detail 2) lands on whatever the next
  // screen shows at that spot: here its own Continue button. It must not move on again.
  it('the second click of a double click lands on the next screen and does nothing there', async () => {
    renderFunnel(loadFlow(), '/quiz/cliff-education');
    const cliff = await screen.findByRole('button', { name: CLIFF_BUTTON });
    fireEvent.mouseDown(cliff, { detail: 1 });
    fireEvent.click(cliff, { detail: 1 });
    const bridge = await screen.findByRole('button', { name: 'Upload Photo & Start Analysis' });
    fireEvent.mouseDown(bridge, { detail: 2 });
    fireEvent.click(bridge, { detail: 2 });
    expect(window.location.pathname).toBe('/quiz/analysis-bridge');
    // A new tap, once she has read the screen, is a new gesture and moves on.
    await readTheScreen();
    fireEvent.mouseDown(bridge, { detail: 1 });
    fireEvent.click(bridge, { detail: 1 });
    expect(window.location.pathname).toBe('/photo-analysis');
  });

  it('a held Enter key (repeats) moves one screen, not two', async () => {
    renderFunnel(loadFlow(), '/quiz/cliff-education');
    const cliff = await screen.findByRole('button', { name: CLIFF_BUTTON });
    fireEvent.keyDown(cliff, { key: 'Enter' });
    fireEvent.click(cliff, { detail: 0 });
    const bridge = await screen.findByRole('button', { name: 'Upload Photo & Start Analysis' });
    fireEvent.keyDown(bridge, { key: 'Enter', repeat: true });
    fireEvent.click(bridge, { detail: 0 });
    expect(window.location.pathname).toBe('/quiz/analysis-bridge');
  });

  it('keeps answers in sessionStorage and restores them on a reload', async () => {
    renderFunnel(loadFlow(), '/quiz/change-speed');
    await userEvent.click(await screen.findByRole('radio', { name: 'Within the last 6 months' }));
    expect(JSON.parse(sessionStorage.getItem('quizData') ?? '{}')).toEqual({ changeSpeed: '6-12-months' });
    cleanup();
    renderFunnel(loadFlow(), '/quiz/change-speed');
    expect(await screen.findByRole('radio', { name: 'Within the last 6 months' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Over the past year' })).not.toBeChecked();
  });
});
