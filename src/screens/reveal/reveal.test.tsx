import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScreenEvent } from '../../engine/events.ts';
import type { ScreenOfKind } from '../../engine/flow-model.ts';
import { RevealScreen } from './reveal.tsx';

const reveal: ScreenOfKind<'reveal'> = {
  kind: 'reveal',
  route: '/quiz/root-cause-reveal',
  content: [
    { type: 'heading', eyebrow: 'Analysis Complete', text: "Here's What's Really Happening" },
    { type: 'text', text: "It's estrogen-deficiency ageing." },
  ],
  percent: {
    value: '73',
    delayMs: 500,
    steps: 60,
    stepMs: 33.33,
    label: 'High Probability',
    caption: 'Hormone deficiency is driving your skin aging',
  },
  footer: [{ type: 'text', text: 'But hormone support can reverse this.', emphasis: true }],
  button: 'Show Me How to Stop This',
  next: 'education-urgency',
};

const shown = () => screen.getByTestId('animated-percent').textContent;

function setup(screenConfig: ScreenOfKind<'reveal'> = reveal) {
  const send = vi.fn<(event: ScreenEvent) => void>();
  render(
    <RevealScreen
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

describe('RevealScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Testing Library only advances fake timers it recognises as Jest's after a user-event call.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the content, the label, the caption, the footer and the button', () => {
    setup();
    expect(
      screen.getByRole('heading', { level: 1, name: "Here's What's Really Happening" }),
    ).toBeInTheDocument();
    expect(screen.getByText('High Probability')).toBeInTheDocument();
    expect(screen.getByText('Hormone deficiency is driving your skin aging')).toBeInTheDocument();
    expect(screen.getByText('But hormone support can reverse this.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show Me How to Stop This' })).toBeInTheDocument();
  });

  it('counts from 0 and ends exactly on the score after 500 + 60 × 33.33 ms, not before', () => {
    setup();
    expect(shown()).toBe('0%');
    act(() => vi.advanceTimersByTime(500));
    expect(shown()).not.toBe('73%');
    act(() => vi.advanceTimersByTime(59 * 33.33 - 1));
    expect(shown()).not.toBe('73%');
    expect(Number.parseInt(shown() ?? '', 10)).toBeGreaterThan(60);
    act(() => vi.advanceTimersByTime(33.33 + 2));
    expect(shown()).toBe('73%');
    act(() => vi.advanceTimersByTime(3000));
    expect(shown()).toBe('73%');
  });

  it('shows the band label only when the count lands, and says one final sentence then', () => {
    setup();
    const label = screen.getByTestId('animated-percent-label');
    const live = () => document.querySelector('[aria-live]')?.textContent ?? '';
    for (let ms = 0; ms < 500 + 59 * 33.33; ms += 100) {
      // While counting the label keeps its place but is hidden, and nothing is announced.
      expect(label.dataset['landed']).toBe('false');
      expect(live()).toBe('');
      act(() => vi.advanceTimersByTime(100));
    }
    act(() => vi.advanceTimersByTime(200));
    expect(shown()).toBe('73%');
    expect(label.dataset['landed']).toBe('true');
    expect(live()).toBe('High Probability: 73%. Hormone deficiency is driving your skin aging');
  });

  it('starts from percent.from when given', () => {
    setup({ ...reveal, percent: { ...reveal.percent, from: '40', value: '81' } });
    expect(shown()).toBe('40%');
    act(() => vi.advanceTimersByTime(500 + 60 * 33.33 + 1));
    expect(shown()).toBe('81%');
  });

  it('sends CONTINUE from the button', async () => {
    const { send, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Show Me How to Stop This' }));
    expect(send).toHaveBeenCalledWith({ type: 'CONTINUE' });
  });
});
