import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ScoreBar } from './score-bar.tsx';

function toneOf(value: number): string | null {
  render(<ScoreBar label={`Score ${value}`} value={value} max={10} good={8} fair={6} />);
  const meter = screen.getByRole('meter', { name: `Score ${value}` });
  return meter.closest('[data-tone]')?.getAttribute('data-tone') ?? null;
}

describe('ScoreBar', () => {
  it('is green at or above good, orange at or above fair, red below', () => {
    expect(toneOf(8)).toBe('good');
    expect(toneOf(9.5)).toBe('good');
    expect(toneOf(7.9)).toBe('fair');
    expect(toneOf(6)).toBe('fair');
    expect(toneOf(5.9)).toBe('poor');
  });

  it('shows the value as text and exposes it as a meter', () => {
    render(<ScoreBar label="Elasticity" value={7} max={10} good={8} fair={6} />);
    expect(screen.getByText('7')).toBeVisible();
    const meter = screen.getByRole('meter', { name: 'Elasticity' });
    expect(meter).toHaveAttribute('aria-valuenow', '7');
    expect(meter).toHaveAttribute('aria-valuemin', '0');
    expect(meter).toHaveAttribute('aria-valuemax', '10');
    expect(meter).toHaveAttribute('aria-valuetext', '7 out of 10');
  });
});
