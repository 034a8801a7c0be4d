import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import flow from 'virtual:flow';
import { ConsentBanner } from './consent-banner.tsx';

// The running flow's wording (FLOW picks it); a flow without a banner shows a neutral one.
const copy = flow.settings.consentBanner ?? {
  text: 'We use cookies to measure our ads. Is that OK?',
  accept: 'Accept',
  decline: 'Decline',
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

/** As the shipped flow words it. Accepting calls onAccept only. */
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
