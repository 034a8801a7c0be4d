import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { OptionButton } from './option-button.tsx';

/** One answer as a large tappable card over a real checkbox or radio. */
const meta = {
  title: 'Components/Option button',
  component: OptionButton,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: {
    type: 'checkbox',
    name: 'priorities',
    value: 'quality',
    label: 'Quality that lasts, even with daily use',
    checked: false,
    onSelect: fn(),
  },
} satisfies Meta<typeof OptionButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Checkbox: Story = {};
export const CheckboxSelected: Story = { args: { checked: true } };
export const Radio: Story = { args: { type: 'radio', name: 'changeSpeed', label: 'Over the past year' } };
export const RadioSelected: Story = {
  args: { type: 'radio', name: 'changeSpeed', label: 'Over the past year', checked: true },
};
