import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';

function Broken(): never {
  throw new Error('cannot read "ann@example.com"');
}

describe('ScreenErrorBoundary', () => {
  it('draws its children while they work', () => {
    render(
      <ScreenErrorBoundary brand="Acme" restartHref="/" onError={() => undefined}>
        <h1>The screen</h1>
      </ScreenErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'The screen' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a friendly page with a retry and a way to the start, and logs without personal data', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error too
    const onError = vi.fn();
    const onRetry = vi.fn();
    render(
      <ScreenErrorBoundary brand="Acme" restartHref="/start" onError={onError} onRetry={onRetry}>
        <Broken />
      </ScreenErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Sorry, something went wrong on this page.');
    expect(screen.getByText('Acme')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the start' })).toHaveAttribute('href', '/start');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith('failed and shows the error page: Error: cannot read "[email]"');
  });
});
