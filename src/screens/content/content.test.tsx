import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ScreenEvent } from '../../engine/events.ts';
import type { ScreenOfKind } from '../../engine/flow-model.ts';
import { ContentScreen } from './content.tsx';

const education: ScreenOfKind<'content'> = {
  kind: 'content',
  route: '/quiz/cliff-education',
  progress: { step: 5, of: 13 },
  content: [
    { type: 'heading', text: "You're in the right place." },
    { type: 'text', text: 'Ageing can speed up 3X faster after a key shift.' },
    { type: 'image', image: { src: '/uploads/doctor.svg', alt: 'Your guide' } },
  ],
  footer: [{ type: 'badges', items: ['3,000+ women', '4.9/5'] }],
  button: "Check If You're At the Tipping Point",
  next: 'analysis-bridge',
};

function setup(busy = false) {
  const send = vi.fn<(event: ScreenEvent) => void>();
  render(
    <ContentScreen
      screen={education}
      answers={{}}
      canContinue
      busy={busy}
      error={null}
      photo={null}
      send={send}
    />,
  );
  return { send, user: userEvent.setup() };
}

describe('ContentScreen', () => {
  it('renders the content blocks, the button and the footer blocks in order', () => {
    setup();
    const heading = screen.getByRole('heading', { level: 1, name: "You're in the right place." });
    const button = screen.getByRole('button', { name: "Check If You're At the Tipping Point" });
    const footer = screen.getByText('3,000+ women');
    expect(screen.getByRole('img', { name: 'Your guide' })).toBeInTheDocument();
    expect(heading.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(button.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('sends CONTINUE', async () => {
    const { send, user } = setup();
    await user.click(screen.getByRole('button', { name: "Check If You're At the Tipping Point" }));
    expect(send).toHaveBeenCalledWith({ type: 'CONTINUE' });
  });

  it('blocks taps while busy', async () => {
    const { send, user } = setup(true);
    await user.click(screen.getByRole('button', { name: "Check If You're At the Tipping Point" }));
    expect(send).not.toHaveBeenCalled();
  });
});
