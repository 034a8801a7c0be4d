import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnimatedPercent } from './animated-percent.tsx';

const shown = () => screen.getByTestId('animated-percent').textContent;

describe('AnimatedPercent', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits, counts in steps and ends exactly on the target', () => {
    const { container } = render(
      <AnimatedPercent from={0} to={73} delayMs={500} steps={60} stepMs={33.33} />,
    );
    const live = container.querySelector('[aria-live="polite"]');
    expect(shown()).toBe('0%');

    act(() => vi.advanceTimersByTime(499));
    expect(shown()).toBe('0%');

    act(() => vi.advanceTimersByTime(1 + 30 * 33.33));
    const halfway = Number.parseInt(shown() ?? '', 10);
    expect(halfway).toBeGreaterThan(30);
    expect(halfway).toBeLessThan(43);
    expect(live).toBeEmptyDOMElement();

    // Just before the 60th step the score is not there yet.
    act(() => vi.advanceTimersByTime(29 * 33.33 - 1));
    expect(shown()).not.toBe('73%');
    expect(live).toBeEmptyDOMElement();

    act(() => vi.advanceTimersByTime(40));
    expect(shown()).toBe('73%');
    expect(live).toHaveTextContent('73%');

    act(() => vi.advanceTimersByTime(5000));
    expect(shown()).toBe('73%');
  });

  it('counts from a first estimate and rounds a fractional target', () => {
    render(<AnimatedPercent from={40} to={81.6} delayMs={1000} steps={60} stepMs={33} />);
    expect(shown()).toBe('40%');
    act(() => vi.advanceTimersByTime(1000 + 60 * 33));
    expect(shown()).toBe('82%');
  });

  it('shows the target at once with reduced motion', () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query.includes('reduce'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      })),
    );
    const { container } = render(
      <AnimatedPercent from={0} to={73} delayMs={500} steps={60} stepMs={33.33} />,
    );
    expect(shown()).toBe('73%');
    expect(container.querySelector('[aria-live="polite"]')).toHaveTextContent('73%');
  });

  it('shows the unit and decimals it is given (years, one decimal), not always "%"', () => {
    const { container } = render(
      <AnimatedPercent from={40} to={56.24} delayMs={0} steps={4} stepMs={10} unit=" years" decimals={1} />,
    );
    expect(shown()).toBe('40.0 years');
    act(() => vi.advanceTimersByTime(10));
    expect(shown()).toBe('44.1 years');
    act(() => vi.advanceTimersByTime(40));
    expect(shown()).toBe('56.2 years');
    expect(container.querySelector('[aria-live="polite"]')).toHaveTextContent('56.2 years');
  });

  it('shows a bare number when the unit is empty', () => {
    render(<AnimatedPercent from={0} to={7} delayMs={0} steps={1} stepMs={10} unit="" />);
    act(() => vi.advanceTimersByTime(20));
    expect(shown()).toBe('7');
  });
});
