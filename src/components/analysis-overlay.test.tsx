import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnalysisOverlay } from './analysis-overlay.tsx';

const markers = ['Wrinkle depth', 'Jawline contour', 'Under-eye elasticity'];
const doneRows = () => document.querySelectorAll('li[data-state="done"]').length;

describe('AnalysisOverlay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('raises the bar by the step each tick up to 100 and ticks rows off one by one', () => {
    render(
      <AnalysisOverlay
        title="Analyzing…"
        markers={markers}
        progressStep={8}
        progressTickMs={25}
        markerTickMs={150}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Analyzing…' });
    expect(dialog).toHaveFocus();
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(doneRows()).toBe(0);

    act(() => vi.advanceTimersByTime(25));
    expect(bar).toHaveAttribute('aria-valuenow', '8');
    act(() => vi.advanceTimersByTime(100));
    expect(bar).toHaveAttribute('aria-valuenow', '40');

    act(() => vi.advanceTimersByTime(25));
    expect(doneRows()).toBe(1);
    expect(screen.getByText('Jawline contour').closest('li')).toHaveAttribute('data-state', 'active');

    act(() => vi.advanceTimersByTime(1000));
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(doneRows()).toBe(3);
  });

  it('has one step indicator: no spinner, and nothing active once every row is done', () => {
    render(
      <AnalysisOverlay
        title="Analyzing…"
        markers={markers}
        progressStep={10}
        progressTickMs={25}
        markerTickMs={100}
      />,
    );
    expect(screen.queryByTestId('spinner')).toBeNull();
    expect(document.querySelectorAll('li[data-state="active"]')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(doneRows()).toBe(3);
    expect(document.querySelectorAll('li[data-state="active"]')).toHaveLength(0);
  });
});
