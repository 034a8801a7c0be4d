import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from './button.tsx';

/** The full-width, thumb-sized call to action. */
const meta = {
  title: 'Components/Button',
  component: Button,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { children: 'Continue', variant: 'primary', disabled: false, busy: false, onClick: fn() },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Continue' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};
export const Secondary: Story = { args: { variant: 'secondary', children: 'Choose a different photo' } };
/** Off until the screen's answer is valid; a tap does nothing. */
export const Disabled: Story = {
  args: { disabled: true, children: 'Enter your details above' },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Enter your details above' });
    await expect(button).toBeDisabled();
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};
/** Working: a spinner, aria-busy, and no second tap. */
export const Loading: Story = { args: { busy: true, children: 'Saving…' } };
