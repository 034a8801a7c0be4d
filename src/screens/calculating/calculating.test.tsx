import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScreenEvent } from '../../engine/events.ts';
import type { ScreenOfKind } from '../../engine/flow-model.ts';
import { CalculatingScreen } from './calculating.tsx';

const calculating: ScreenOfKind<'calculating'> = {
  kind: 'calculating',
  route: '/quiz/step-7',
  progress: { step: 7, of: 9 },
  message: 'Analyzing Your Pattern...',
  doneMessage: 'Your pattern is ready.',
  spinnerMs: 3000,
  after: { delayMs: 4000 },
  button: 'Continue',
  next: 'hrt',
};

function setup(screenConfig: ScreenOfKind<'calculating'> = calculating) {
  const send = vi.fn<(event: ScreenEvent) => void>();
  render(
    <CalculatingScreen
      screen={screenConfig}
      answers={{}}
      canContinue
      busy={false}
      error={null}
      photo={null}
      send={send}
    />,
  );
  return { send, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
}

describe('CalculatingScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Testing Library waits on a setTimeout(0) after each user-event call and only advances fake
    // timers it recognises as Jest's; without this shim that wait never ends under Vitest.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the spinner and message, and no button, while the spinner runs', () => {
    setup();
    expect(screen.getByRole('status')).toHaveTextContent('Analyzing Your Pattern...');
    expect(screen.getByTestId('spinner')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByTestId('spinner')).toBeInTheDocument();
  });

  it('after spinnerMs ends the spinner, shows the done message and a Continue that sends CONTINUE', async () => {
    const { send, user } = setup();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByTestId('spinner')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your pattern is ready.');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(send).toHaveBeenCalledWith({ type: 'CONTINUE' });
  });

  it('keeps the message when there is no done message', () => {
    const { doneMessage: _done, ...plain } = calculating;
    setup(plain);
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('status')).toHaveTextContent('Analyzing Your Pattern...');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('never sends anything by itself (moving on is the machine’s job)', () => {
    const { send } = setup();
    act(() => vi.advanceTimersByTime(10_000));
    expect(send).not.toHaveBeenCalled();
  });
});
