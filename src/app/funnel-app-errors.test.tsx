/**
 * A rule that breaks at run time (here an operator json-logic doesn't know, which a flow could carry
 * before the checker knew every operator) shows the screen's error boundary, never a blank page.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Flow } from '../engine/flow-model.ts';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { createMemoryTracking } from '../tracking/memory-tracking.ts';
import { FunnelApp } from './funnel-app.tsx';

const fixture = loadFlow(readFileSync(resolve(process.cwd(), 'tests/fixtures/flows/valid-flow.json'), 'utf8'));

const GUARD = '{"in":["none",{"var":"answers.skinIssues"}]}';

/**
 * The fixture with the concerns screen's first route guarded by the operator `operator` instead of
 * "in". Deliberately not validated again: it stands for a rule the checker could not see.
 */
function withConcernsGuard(operator: string): Flow {
  const text = JSON.stringify(fixture);
  if (!text.includes(GUARD)) throw new Error('the fixture changed: update GUARD');
  const broken: Flow = JSON.parse(text.replace(GUARD, GUARD.replace('"in"', JSON.stringify(operator))));
  return broken;
}

function renderFunnel(flow: Flow, path: string) {
  window.history.replaceState(null, '', path);
  const tracking = createMemoryTracking();
  const warnings: string[] = [];
  render(
    <FunnelApp
      flow={flow}
      ports={{
        tracking,
        pixel: tracking,
        analysis: { analyzePhoto: () => Promise.resolve({}) },
        navigation: { redirect: () => undefined },
        log: { warn: (message) => warnings.push(message) },
      }}
      results={{ derive: () => ({}), ready: Promise.resolve(), isReady: () => true, need: () => Promise.resolve() }}
      storage={sessionStorage}
    />,
  );
  return warnings;
}

describe('a rule that breaks at run time', () => {
  it('shows the error boundary with a way on, and logs the screen and the error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error too
    const warnings = renderFunnel(withConcernsGuard('contains'), '/quiz/skin-concerns');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, something went wrong on this page.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to the start' })).toHaveAttribute('href', '/');
    expect(screen.getByText('Glowly')).toBeInTheDocument();
    await waitFor(() =>
      expect(warnings.join('\n')).toMatch(/^screen "concerns" failed and shows the error page: Error: .*Unrecognized operation contains/),
    );
  });

  it('leaves a working rule alone', async () => {
    renderFunnel(withConcernsGuard('in'), '/quiz/skin-concerns');
    expect(await screen.findByRole('heading', { name: 'What are your main skin concerns?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'None of these' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('textbox', { name: 'First name' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
