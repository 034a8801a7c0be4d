import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StoryAnswers } from '../story-answers.tsx';
import { FormScreen } from './form.tsx';

/** Fields such as name and email; the `screen` control is the screen's JSON. */
const meta = {
  title: 'Renderers/form',
  component: FormScreen,
  tags: ['autodocs'],
  args: {
    screen: {
      kind: 'form',
      route: '/quiz/email-capture',
      content: [
        { type: 'heading', text: 'Step 2: Unlock Your Full Report' },
        { type: 'text', text: 'Tell us where to send your personalised report.' },
      ],
      fields: [
        {
          name: 'name',
          label: 'First name',
          type: 'text',
          placeholder: 'Your first name',
          autocomplete: 'given-name',
          required: true,
          maxLength: 100,
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
      privacyNote: 'We respect your privacy. Your details are never shared or sold.',
      next: 'next-step',
    },
    answers: {},
    canContinue: false,
    busy: false,
    error: null,
    photo: null,
    send: fn(),
  },
  render: (args) => (
    <StoryAnswers screen={args.screen} answers={args.answers} send={args.send}>
      {(answers, send) => <FormScreen {...args} answers={answers} send={send} />}
    </StoryAnswers>
  ),
} satisfies Meta<typeof FormScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const filled = { name: 'Ann', email: 'ann@example.com' };

/** Empty: the button is off and says what is missing. */
export const Empty: Story = {};

/** Filled in and accepted by the machine's guards. */
export const Valid: Story = { args: { answers: filled, canContinue: true } };

/** Saving the lead: fields read-only, the button busy. */
export const Loading: Story = { args: { answers: filled, canContinue: true, busy: true } };

/** The save failed: an alert under the fields, the button on again. */
export const SaveError: Story = {
  args: {
    answers: filled,
    canContinue: true,
    error: 'There was an error saving your responses. Please try again.',
  },
};

/** Typing sends SET_FIELD per keystroke and the fields show what was typed. */
export const Typing: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('First name'), 'Ann');
    await userEvent.type(canvas.getByLabelText('Email'), 'ann@example.com');
    await expect(canvas.getByLabelText('Email')).toHaveValue('ann@example.com');
    await expect(args.send).toHaveBeenLastCalledWith({
      type: 'SET_FIELD',
      field: 'email',
      value: 'ann@example.com',
    });
    // Still off: whether the form is valid is the machine's call (see the flow interaction story).
    await expect(canvas.getByRole('button', { name: 'Enter your details above' })).toBeDisabled();
  },
};

/** An address the shared email rule refuses: said beside the field once she leaves it. */
export const InvalidEmail: Story = {
  args: { answers: { name: 'Ann', email: 'ann@' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = canvas.getByLabelText('Email');
    await userEvent.click(email);
    await userEvent.tab();
    await expect(canvas.getByText('Enter an email like name@example.com')).toBeInTheDocument();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
  },
};

/** The server refused the email: its reason under the fields, the email field marked. */
export const RefusedEmail: Story = {
  args: {
    answers: filled,
    canContinue: true,
    error: 'Email: must be an email address like name@example.com',
    errorField: 'email',
  },
};

/**
 * The lead fields a real form needs: a ZIP code by pattern with its own message, a phone number, a
 * number within a range, a select and a consent tick box. "abc" in the ZIP field is refused beside it.
 */
export const LeadFields: Story = {
  args: {
    screen: {
      ...meta.args.screen,
      fields: [
        { name: 'zip', label: 'ZIP code', type: 'text', placeholder: 'e.g. 94110', autocomplete: 'postal-code', required: true, pattern: '[0-9]{5}(-[0-9]{4})?', message: 'Enter a 5-digit ZIP code, like 94110' },
        { name: 'phone', label: 'Phone', type: 'tel', autocomplete: 'tel' },
        { name: 'size', label: 'Household size', type: 'number', min: 1, max: 12 },
        {
          name: 'contact',
          label: 'Best time to call',
          type: 'select',
          placeholder: 'Choose a time',
          options: [
            { value: 'morning', label: 'Morning' },
            { value: 'afternoon', label: 'Afternoon' },
          ],
        },
        { name: 'consent', label: 'I agree to be contacted about my quote', type: 'checkbox', required: true },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('ZIP code'), 'abc');
    await userEvent.tab();
    await expect(canvas.getByText('Enter a 5-digit ZIP code, like 94110')).toBeInTheDocument();
  },
};
