import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ScreenEvent } from '../../engine/events.ts';
import type { Answers, ScreenOfKind } from '../../engine/flow-model.ts';
import { setFieldValue } from '../../engine/answers.ts';
import { EMAIL_TOO_LONG_HINT } from '../../engine/email-rule.ts';
import { FormScreen } from './form.tsx';

const capture: ScreenOfKind<'form'> = {
  kind: 'form',
  route: '/quiz/email-capture',
  progress: { step: 10, of: 13 },
  content: [{ type: 'heading', text: 'Step 2: Unlock Your Full Skin Report' }],
  fields: [
    {
      name: 'name',
      label: 'First name',
      type: 'text',
      placeholder: 'Your first name',
      autocomplete: 'given-name',
      required: true,
      maxLength: 80,
    },
    {
      name: 'email',
      label: 'Email',
      type: 'email',
      placeholder: 'you@example.com',
      autocomplete: 'email',
      required: true,
      mustContain: '@',
      maxLength: 254,
    },
  ],
  button: 'Get My Report',
  disabledButton: 'Enter your details above',
  busyButton: 'Saving…',
  privacyNote: 'We respect your privacy. No spam, ever.',
  next: 'doctor-investigation',
};

interface Options {
  answers?: Answers;
  canContinue?: boolean;
  busy?: boolean;
  error?: string | null;
  form?: ScreenOfKind<'form'>;
}

function setup({
  answers = {},
  canContinue = false,
  busy = false,
  error = null,
  errorField = null,
  form = capture,
}: Options & { errorField?: string | null } = {}) {
  const send = vi.fn<(event: ScreenEvent) => void>();
  render(
    <FormScreen
      screen={form}
      answers={answers}
      canContinue={canContinue}
      busy={busy}
      error={error}
      errorField={errorField}
      photo={null}
      send={send}
    />,
  );
  return { send, user: userEvent.setup() };
}

describe('FormScreen', () => {
  it('draws one labelled input per field with its type, placeholder, autocomplete and maxLength', () => {
    setup();
    const name = screen.getByLabelText('First name');
    expect(name).toHaveAttribute('type', 'text');
    expect(name).toHaveAttribute('placeholder', 'Your first name');
    expect(name).toHaveAttribute('autocomplete', 'given-name');
    expect(name).toHaveAttribute('maxlength', '80');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Step 2: Unlock Your Full Skin Report' }),
    ).toBeInTheDocument();
  });

  it('says an over-long email is too long instead of cutting it (issue 28)', () => {
    const long = `${'a'.repeat(300)}@example.com`;
    setup({ answers: { name: 'Ann', email: long } });
    const email = screen.getByLabelText('Email');
    expect(email).not.toHaveAttribute('maxlength');
    expect(email).toHaveValue(long);
    fireEvent.blur(email);
    expect(screen.getByText(EMAIL_TOO_LONG_HINT)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(setFieldValue(capture, {}, 'email', long)).toEqual({ email: long });
    expect(setFieldValue(capture, {}, 'name', 'x'.repeat(100))).toEqual({ name: 'x'.repeat(80) });
  });

  it('shows stored values and sends SET_FIELD on typing', () => {
    const { send } = setup({ answers: { name: 'Ann', email: 'ann@' } });
    expect(screen.getByLabelText('First name')).toHaveValue('Ann');
    expect(screen.getByLabelText('Email')).toHaveValue('ann@');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    expect(send).toHaveBeenCalledWith({ type: 'SET_FIELD', field: 'email', value: 'ann@example.com' });
  });

  it('sends SET_FIELD for each keystroke', async () => {
    const { send, user } = setup();
    await user.type(screen.getByLabelText('First name'), 'Jo');
    expect(send).toHaveBeenCalledWith({ type: 'SET_FIELD', field: 'name', value: 'J' });
    expect(send).toHaveBeenCalledWith({ type: 'SET_FIELD', field: 'name', value: 'o' });
  });

  it('labels the disabled button with disabledButton and does not submit on Enter', async () => {
    const { send, user } = setup();
    const button = screen.getByRole('button', { name: 'Enter your details above' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), '{Enter}');
    expect(send).not.toHaveBeenCalledWith({ type: 'CONTINUE' });
  });

  it('ignores a submit that bypasses the disabled button (e.g. a browser autofill submit)', () => {
    const { send } = setup();
    const form = screen.getByLabelText('Email').closest('form');
    expect(form).not.toBeNull();
    if (form) fireEvent.submit(form);
    expect(send).not.toHaveBeenCalled();
  });

  it('ignores a submit while busy', () => {
    const { send } = setup({ answers: { name: 'Ann', email: 'a@b' }, canContinue: true, busy: true });
    const form = screen.getByLabelText('Email').closest('form');
    if (form) fireEvent.submit(form);
    expect(send).not.toHaveBeenCalled();
  });

  it('uses the plain label when allowed and sends CONTINUE on click', async () => {
    const { send, user } = setup({ answers: { name: 'Ann', email: 'a@b' }, canContinue: true });
    await user.click(screen.getByRole('button', { name: 'Get My Report' }));
    expect(send).toHaveBeenCalledWith({ type: 'CONTINUE' });
  });

  it('submits with Enter when allowed', async () => {
    const { send, user } = setup({ answers: { name: 'Ann', email: 'a@b' }, canContinue: true });
    await user.type(screen.getByLabelText('Email'), '{Enter}');
    expect(send).toHaveBeenCalledWith({ type: 'CONTINUE' });
  });

  it('shows busyButton, aria-busy and a disabled button while busy', async () => {
    const { send, user } = setup({ answers: { name: 'Ann', email: 'a@b' }, canContinue: true, busy: true });
    const button = screen.getByRole('button', { name: 'Saving…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.type(screen.getByLabelText('Email'), '{Enter}');
    expect(send).not.toHaveBeenCalledWith({ type: 'CONTINUE' });
  });

  it('falls back to the plain label when no disabled or busy label is given', () => {
    const { disabledButton: _disabled, busyButton: _busy, ...plain } = capture;
    setup({ form: plain, busy: true });
    expect(screen.getByRole('button', { name: 'Get My Report' })).toBeDisabled();
  });

  it('shows an error in an alert and the privacy note', () => {
    setup({ error: 'There was an error saving your responses. Please try again.', canContinue: true });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'There was an error saving your responses. Please try again.',
    );
    expect(screen.getByText('We respect your privacy. No spam, ever.')).toBeInTheDocument();
  });

  it.each(['ann@', 'not-an-email', 'ann@example', 'a@b'])(
    "says 'Enter an email like name@example.com' beside %j once the visitor leaves the field",
    async (typed) => {
      const { user } = setup({ answers: { name: 'Ann', email: typed } });
      const email = screen.getByLabelText('Email');
      expect(screen.queryByText('Enter an email like name@example.com')).not.toBeInTheDocument();
      expect(email).not.toHaveAttribute('aria-invalid');
      await user.click(email);
      await user.tab();
      const hint = screen.getByText('Enter an email like name@example.com');
      expect(email).toHaveAttribute('aria-invalid', 'true');
      expect(email).toHaveAttribute('aria-describedby', hint.id);
      expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
    },
  );

  it('shows the email hint on a submit attempt (Enter) and sends nothing', async () => {
    const { send, user } = setup({ answers: { name: 'Ann', email: 'not-an-email' } });
    await user.type(screen.getByLabelText('First name'), '{Enter}');
    expect(screen.getByText('Enter an email like name@example.com')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalledWith({ type: 'CONTINUE' });
  });

  it('says nothing about a valid or an empty email', async () => {
    const { user } = setup({ answers: { name: 'Ann', email: 'ann@example.com' } });
    await user.click(screen.getByLabelText('Email'));
    await user.tab();
    expect(screen.queryByText('Enter an email like name@example.com')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });

  it("marks only the field the server refused, described by the server's message", () => {
    setup({ answers: { name: 'Ann', email: 'ann@example.com' }, canContinue: true, error: 'Email: must be an email address like name@example.com', errorField: 'email' });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Email: must be an email address like name@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-describedby', alert.id);
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-describedby');
  });

  it('has no alert without an error', () => {
    setup();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
