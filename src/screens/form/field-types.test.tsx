/**
 * The lead form's field types as a visitor meets them, with the engine's own rules deciding (the
 * answers as SET_FIELD stores them, Continue as isComplete allows it): a ZIP code by pattern with the
 * flow's message, a phone number, a number within its range, a select, and a consent tick box.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { isComplete, setFieldValue } from '../../engine/answers.ts';
import type { Answers, ScreenOfKind } from '../../engine/flow-model.ts';
import { FormScreen } from './form.tsx';

const ZIP_MESSAGE = 'Enter a 5-digit ZIP code, like 94110';

const form: ScreenOfKind<'form'> = {
  kind: 'form',
  route: '/lead',
  fields: [
    { name: 'zip', label: 'ZIP code', type: 'text', required: true, pattern: '[0-9]{5}(-[0-9]{4})?', message: ZIP_MESSAGE },
    { name: 'phone', label: 'Phone', type: 'tel', autocomplete: 'tel' },
    { name: 'roofSize', label: 'Roof size (m²)', type: 'number', min: 10, max: 500 },
    {
      name: 'roof',
      label: 'Roof faces',
      type: 'select',
      required: true,
      placeholder: 'Choose…',
      options: [
        { value: 'south', label: 'South' },
        { value: 'east-west', label: 'East and west' },
      ],
    },
    { name: 'consent', label: 'I agree to be contacted about my quote', type: 'checkbox', required: true },
  ],
  button: 'Get my quote',
  next: 'done',
};

/** The form with the engine's answers and guard, as the machine would give them. */
function Engine() {
  const [answers, setAnswers] = useState<Answers>({});
  return (
    <FormScreen
      screen={form}
      answers={answers}
      canContinue={isComplete(form, answers, null)}
      busy={false}
      error={null}
      photo={null}
      send={(event) => {
        if (event.type === 'SET_FIELD') setAnswers((now) => setFieldValue(form, now, event.field, event.value));
      }}
    />
  );
}

describe('lead form field types', () => {
  it('refuses the ZIP "abc" with the flow\'s message beside the field, and takes 94110', async () => {
    const user = userEvent.setup();
    render(<Engine />);
    const zip = screen.getByLabelText('ZIP code');
    await user.type(zip, 'abc');
    await user.tab();
    expect(screen.getByText(ZIP_MESSAGE)).toBeInTheDocument();
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    await user.clear(zip);
    await user.type(zip, '94110');
    expect(screen.queryByText(ZIP_MESSAGE)).toBeNull();
  });

  it('keeps Continue off until every rule holds: phone, range, select and the consent tick', async () => {
    const user = userEvent.setup();
    render(<Engine />);
    const send = () => screen.getByRole('button', { name: 'Get my quote' });
    await user.type(screen.getByLabelText('ZIP code'), '94110');
    await user.selectOptions(screen.getByLabelText('Roof faces'), 'south');
    expect(send()).toBeDisabled();

    const consent = screen.getByRole('checkbox', { name: 'I agree to be contacted about my quote' });
    await user.click(consent);
    expect(consent).toBeChecked();
    expect(send()).toBeEnabled();
    await user.click(consent);
    expect(screen.getByText('Tick this box to continue')).toBeInTheDocument();
    await user.click(consent);

    const phone = screen.getByLabelText('Phone');
    expect(phone).toHaveAttribute('type', 'tel');
    await user.type(phone, 'call me');
    await user.tab();
    expect(screen.getByText('Enter a phone number')).toBeInTheDocument();
    expect(send()).toBeDisabled();
    await user.clear(phone);
    await user.type(phone, '+1 415 555 0100');
    expect(send()).toBeEnabled();

    const size = screen.getByLabelText('Roof size (m²)');
    expect(size).toHaveAttribute('inputmode', 'decimal');
    await user.type(size, '900');
    await user.tab();
    expect(screen.getByText('Enter a number from 10 to 500')).toBeInTheDocument();
    expect(send()).toBeDisabled();
    await user.clear(size);
    await user.type(size, '42');
    expect(send()).toBeEnabled();
    // Typing letter by letter into five fields takes a while on a shared test machine.
  }, 30_000);
});
