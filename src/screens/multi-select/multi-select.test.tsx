import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ScreenEvent } from '../../engine/events.ts';
import type { Answers, ScreenOfKind } from '../../engine/flow-model.ts';
import { MultiSelectScreen } from './multi-select.tsx';

const question: ScreenOfKind<'multi-select'> = {
  kind: 'multi-select',
  route: '/quiz/anti-aging-experience',
  question: "What's been your experience with anti-aging products?",
  hint: 'Choose all that apply.',
  options: [
    { value: 'nothing', label: "I don't use anything right now" },
    { value: 'failing', label: "My old routine used to work, but it's failing now" },
    { value: 'none', label: 'None of these... yet' },
  ],
  answer: 'antiAgingExperience',
  minSelected: 1,
  selectedNote: 'Great, that helps us understand your skin.',
  button: 'Complete Assessment',
  next: 'root-cause-reveal',
};

function setup(answers: Answers = {}, canContinue = false) {
  const send = vi.fn<(event: ScreenEvent) => void>();
  render(
    <MultiSelectScreen
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

describe('MultiSelectScreen', () => {
  it('shows the question, the hint and every option in a labelled group', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: question.question })).toBeInTheDocument();
    expect(screen.getByText('Choose all that apply.')).toBeInTheDocument();
    const group = screen.getByRole('group', { name: question.question });
    expect(group.querySelectorAll('input[type="checkbox"]')).toHaveLength(3);
  });

  it('sends SELECT_OPTION with the option value on each tap, on and off', async () => {
    const { send, user } = setup({ antiAgingExperience: ['failing'] });
    await user.click(screen.getByRole('checkbox', { name: "I don't use anything right now" }));
    await user.click(
      screen.getByRole('checkbox', { name: "My old routine used to work, but it's failing now" }),
    );
    expect(send.mock.calls).toEqual([
      [{ type: 'SELECT_OPTION', value: 'nothing' }],
      [{ type: 'SELECT_OPTION', value: 'failing' }],
    ]);
  });

  it('treats "None of these" as an ordinary option', async () => {
    const { send, user } = setup({ antiAgingExperience: ['nothing', 'none'] });
    expect(screen.getByRole('checkbox', { name: 'None of these... yet' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: "I don't use anything right now" })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'None of these... yet' }));
    expect(send).toHaveBeenCalledWith({ type: 'SELECT_OPTION', value: 'none' });
  });

  it('shows the selection from the answers (a restored answer)', () => {
    setup({ antiAgingExperience: ['failing'] }, true);
    expect(
      screen.getByRole('checkbox', { name: "My old routine used to work, but it's failing now" }),
    ).toBeChecked();
    expect(screen.getByRole('checkbox', { name: "I don't use anything right now" })).not.toBeChecked();
  });

  it('toggles with the keyboard (space)', async () => {
    const { send, user } = setup();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: "I don't use anything right now" })).toHaveFocus();
    await user.keyboard(' ');
    expect(send).toHaveBeenCalledWith({ type: 'SELECT_OPTION', value: 'nothing' });
  });

  it('shows the green note only once something is selected', () => {
    setup();
    expect(screen.queryByText(question.selectedNote ?? '')).not.toBeInTheDocument();
  });

  it('shows the note when an option is selected', () => {
    setup({ antiAgingExperience: ['nothing'] }, true);
    expect(screen.getByRole('note')).toHaveTextContent('Great, that helps us understand your skin.');
  });

  it('disables Continue when the machine says no, and sends CONTINUE when it says yes', async () => {
    const blocked = setup({}, false);
    const button = screen.getByRole('button', { name: 'Complete Assessment' });
    expect(button).toBeDisabled();
    await blocked.user.click(button);
    expect(blocked.send).not.toHaveBeenCalled();
  });

  it('sends CONTINUE when allowed', async () => {
    const { send, user } = setup({ antiAgingExperience: ['nothing'] }, true);
    await user.click(screen.getByRole('button', { name: 'Complete Assessment' }));
    expect(send).toHaveBeenCalledWith({ type: 'CONTINUE' });
  });

  it('ignores a stored answer that is not a list', () => {
    setup({ antiAgingExperience: 'nothing' });
    expect(screen.getByRole('checkbox', { name: "I don't use anything right now" })).not.toBeChecked();
  });
});
