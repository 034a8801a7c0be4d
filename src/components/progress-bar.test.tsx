import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './progress-bar.tsx';

describe('ProgressBar', () => {
  it('exposes a fraction as now/max', () => {
    render(<ProgressBar progress={{ step: 2, of: 13 }} />);
    const bar = screen.getByRole('progressbar', { name: 'Progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '2');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '13');
  });

  it('shows "full" as 100 of 100', () => {
    render(<ProgressBar progress="full" />);
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
  });

  it('slides the fill in by the fraction (a transform, animated off the layout)', () => {
    const { rerender } = render(<ProgressBar progress={{ step: 1, of: 4 }} />);
    const fill = () => screen.getByRole('progressbar').firstElementChild as HTMLElement;
    expect(fill().style.transform).toBe('translateX(-75%)');
    expect(fill().style.width).toBe('');
    rerender(<ProgressBar progress="full" />);
    expect(fill().style.transform).toBe('translateX(0%)');
  });

  it('takes a custom accessible name', () => {
    render(<ProgressBar progress={{ step: 1, of: 4 }} label="Upload" />);
    expect(screen.getByRole('progressbar', { name: 'Upload' })).toBeInTheDocument();
  });
});
