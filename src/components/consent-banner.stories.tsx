import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConsentBanner } from './consent-banner.tsx';

// Sample wording (a flow sets its own in settings.consentBanner): a component story reads no flow, so
// it keeps working while a flow file is broken.
const copy = {
  text: 'We use an ad pixel to see which ads bring visitors here. It is off until you allow it.',
  accept: 'Allow',
  decline: 'No thanks',
};

/** The ad consent banner (consent 'required' with a pixel id): a bottom sheet with two equal choices. */
const meta = {
  title: 'Components/Consent banner',
  component: ConsentBanner,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { text: copy.text, acceptLabel: copy.accept, declineLabel: copy.decline, onAccept: fn(), onDecline: fn() },
} satisfies Meta<typeof ConsentBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** With sample wording. Accepting calls onAccept only. */
export const Asking: Story = {
  play: async ({ args, canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: copy.text });
    await userEvent.click(within(region).getByRole('button', { name: copy.accept }));
    await expect(args.onAccept).toHaveBeenCalledTimes(1);
    await expect(args.onDecline).not.toHaveBeenCalled();
  },
};

/** Declining is as easy as accepting: the same kind of button, first in reading order. */
export const Declining: Story = {
  play: async ({ args, canvasElement }) => {
    const buttons = within(canvasElement).getAllByRole('button');
    await expect(buttons.map((button) => button.textContent)).toEqual([copy.decline, copy.accept]);
    await userEvent.click(buttons[0] ?? canvasElement);
    await expect(args.onDecline).toHaveBeenCalledTimes(1);
  },
};

/** Longer copy wraps; the buttons stay side by side. */
export const LongCopy: Story = {
  args: {
    text: 'We use an ad pixel to measure which of our ads bring visitors to this assessment. It stays off until you allow it, and you can keep using the assessment either way.',
  },
};
