import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Blocks } from './blocks.tsx';

/**
 * Proof without photos: an average rating, quotes with the author's initials, a person's card with
 * credentials, and a chart of a few figures (e.g. a projected score). A real portrait slots into
 * the card with `image` when the business has one.
 */
const meta = {
  title: 'Components/Proof blocks',
  component: Blocks,
  parameters: { layout: 'padded' },
  args: { blocks: [{ type: 'rating', value: '4.8', count: '1,200 reviews' }] },
} satisfies Meta<typeof Blocks>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Rating: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('4.8')).toBeVisible();
    await expect(within(canvasElement).getByText('1,200 reviews')).toBeVisible();
  },
};

export const QuoteWithInitials: Story = {
  args: {
    blocks: [
      {
        type: 'testimonial',
        quote: 'It fits my week perfectly.',
        author: 'Karen Miller, 52',
        detail: 'Customer',
        rating: 5,
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('KM')).toBeInTheDocument();
  },
};

export const ProfileCard: Story = {
  args: {
    blocks: [
      {
        type: 'profile',
        person: 'Dr. Morgan',
        credentials: 'Board-certified dermatologist',
        text: 'Question 1 of 2',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Dr. Morgan')).toBeVisible();
    await expect(within(canvasElement).getByText('M')).toBeInTheDocument();
  },
};

export const ProfileWithPortrait: Story = {
  args: {
    blocks: [
      {
        type: 'profile',
        person: 'Dr. Morgan',
        credentials: 'Certified specialist, 12 years of practice',
        image: { src: '/sample-portrait.svg', alt: 'Dr. Morgan', sample: true },
      },
    ],
  },
};

export const ProjectionChart: Story = {
  args: {
    blocks: [
      {
        type: 'chart',
        title: 'Your score, projected one year ahead',
        items: [
          { label: 'Today', value: '52' },
          { label: 'In a year, same routine', value: '54' },
          { label: 'In a year, with a plan that fits', value: '53', highlight: true },
        ],
        caption: 'An estimate from your answers, not a promise.',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('54')).toBeVisible();
  },
};
