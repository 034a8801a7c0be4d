import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ScreenEvent } from '../../engine/events.ts';
import type { ScreenOfKind } from '../../engine/flow-model.ts';
import { RedirectScreen } from './redirect.tsx';

const start: ScreenOfKind<'redirect'> = {
  kind: 'redirect',
  route: '/',
  message: 'Starting assessment...',
  content: [{ type: 'text', text: 'It takes about two minutes.' }],
  after: { delayMs: 800 },
  next: 'skin-concerns',
};

describe('RedirectScreen', () => {
  it('shows a spinner and the message as a status, the content, and no button', async () => {
    const send = vi.fn<(event: ScreenEvent) => void>();
    render(
      <RedirectScreen
        screen={start}
        answers={{}}
        canContinue
        busy={false}
        error={null}
        photo={null}
        send={send}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Starting assessment...');
    expect(screen.getByTestId('spinner')).toBeInTheDocument();
    expect(await screen.findByText('It takes about two minutes.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });
});
