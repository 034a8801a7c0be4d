import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ScreenEvent } from '../../engine/events.ts';
import type { Answers, ScreenOfKind } from '../../engine/flow-model.ts';
import { SingleChoiceScreen } from './single-choice.tsx';

const question: ScreenOfKind<'single-choice'> = {
  kind: 'single-choice',
  route: '/quiz/step-8',
  progress: { step: 8, of: 9 },
  question: 'Are you on hormone replacement therapy?',
  options: [
    { value: 'yes', label: 'Yes' },
    { value: 'no', label: 'No' },
    { value: 'past', label: 'I was in the past' },
  ],
  answer: 'hrt',
  button: 'Continue',
  next: 'photo-analysis',
};

function setup(answers: Answers = {}, canContinue = false) {
  const send = vi.fn<(event: ScreenEvent) => void>();
  render(
    <SingleChoiceScreen
      screen={question}
      answers={answers}
      canContinue={canContinue}
      busy={false}
      error={null}
      photo={null}
      send={send}
    />,
  );
  return { send, user: userEvent.setup() };
}

describe('SingleChoiceScreen', () => {
  it('is a radio group named by the question', () => {
    setup();
    const group = screen.getByRole('radiogroup', { name: question.question });
    expect(group.querySelectorAll('input[type="radio"]')).toHaveLength(3);
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
  });

  it('shows the stored choice as checked', () => {
    setup({ hrt: 'past' }, true);
    expect(screen.getByRole('radio', { name: 'I was in the past' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Yes' })).not.toBeChecked();
  });

  it('sends SELECT_OPTION with the value', async () => {
    const { send, user } = setup();
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(send).toHaveBeenCalledWith({ type: 'SELECT_OPTION', value: 'no' });
  });

  it('moves the choice with arrow keys', async () => {
    const { send, user } = setup({ hrt: 'yes' }, true);
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(send).toHaveBeenCalledWith({ type: 'SELECT_OPTION', value: 'no' });
  });

  it('keeps Continue disabled until the machine allows it', async () => {
    const { send, user } = setup();
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button).toBeDisabled();
    await user.click(button);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends CONTINUE when allowed', async () => {
    const { send, user } = setup({ hrt: 'no' }, true);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(send).toHaveBeenCalledWith({ type: 'CONTINUE' });
  });
});
