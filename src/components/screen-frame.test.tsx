import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ScreenFrame } from './screen-frame.tsx';

describe('ScreenFrame', () => {
  it('draws the wordmark as text, the progress bar, the main content and the disclaimer', () => {
    render(
      <ScreenFrame brand="Lumen" progress={{ step: 4, of: 13 }} disclaimer="Not a medical diagnosis.">
        <p>Body</p>
      </ScreenFrame>,
    );
    expect(screen.getByText('Lumen')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '4');
    expect(screen.getByRole('main')).toHaveTextContent('Body');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Not a medical diagnosis.');
  });

  it('leaves out the bar and the disclaimer when not given', () => {
    render(
      <ScreenFrame brand="Lumen">
        <p>Body</p>
      </ScreenFrame>,
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });
});
