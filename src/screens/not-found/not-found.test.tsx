import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ScreenEvent } from '../../engine/events.ts';
import type { ScreenOfKind } from '../../engine/flow-model.ts';
import { NotFoundScreen } from './not-found.tsx';

const notFound: ScreenOfKind<'not-found'> = {
  kind: 'not-found',
  code: '404',
  headline: 'Oops! Page not found',
  linkLabel: 'Return to Home',
};

describe('NotFoundScreen', () => {
  it('shows the code, the headline and an internal link home', () => {
    const send = vi.fn<(event: ScreenEvent) => void>();
    render(
      <NotFoundScreen
        screen={notFound}
        answers={{}}
        canContinue
        busy={false}
        error={null}
        photo={null}
        send={send}
      />,
    );
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Return to Home' });
    expect(link).toHaveAttribute('href', '/');
    expect(link).toHaveAttribute('data-internal');
  });

  it('leaves the code out when not given', () => {
    const { code: _code, ...plain } = notFound;
    const send = vi.fn<(event: ScreenEvent) => void>();
    render(
      <NotFoundScreen
        screen={plain}
        answers={{}}
        canContinue
        busy={false}
        error={null}
        photo={null}
        send={send}
      />,
    );
    expect(screen.queryByText('404')).not.toBeInTheDocument();
  });
});
