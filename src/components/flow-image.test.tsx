import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Block } from '../engine/flow.gen.ts';
import { Blocks } from './blocks.tsx';
import { SAMPLE_IMAGE_MARK } from './flow-image.tsx';

describe('placeholder images', () => {
  it('show a visible "Sample image" mark, and say so to screen readers', () => {
    const blocks: Block[] = [
      { type: 'image', image: { src: '/uploads/doctor.svg', alt: 'The doctor', sample: true } },
      {
        type: 'before-after',
        before: { src: '/b.svg', alt: 'Before', caption: 'Before', sample: true },
        after: { src: '/a.svg', alt: 'After', caption: 'After' },
      },
    ];
    render(<Blocks blocks={blocks} />);
    const doctor = screen.getByRole('img', { name: 'The doctor (sample image)' });
    const figure = doctor.closest('figure');
    expect(figure).not.toBeNull();
    if (!figure) return;
    expect(within(figure).getByText(SAMPLE_IMAGE_MARK)).toBeVisible();
    // Only the placeholder of the pair is marked; the real photo beside it is not.
    expect(screen.getByRole('img', { name: 'Before (sample image)' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'After' })).toBeInTheDocument();
    expect(screen.getAllByText(SAMPLE_IMAGE_MARK)).toHaveLength(2);
  });

  it('carry no mark once replaced by a real image', () => {
    render(<Blocks blocks={[{ type: 'image', image: { src: '/uploads/team.jpg', alt: 'Our team' } }]} />);
    expect(screen.getByRole('img', { name: 'Our team' })).toBeInTheDocument();
    expect(screen.queryByText(SAMPLE_IMAGE_MARK)).toBeNull();
  });
});

describe('a small image', () => {
  it('is a portrait with its caption beside it, and its mark in the caption', () => {
    render(
      <Blocks
        blocks={[
          {
            type: 'image',
            size: 'small',
            image: { src: '/uploads/doctor.svg', alt: 'Dr. X', caption: 'Question 1 of 2', sample: true },
          },
        ]}
      />,
    );
    const caption = screen.getByText('Question 1 of 2');
    expect(caption.tagName).toBe('FIGCAPTION');
    expect(within(caption).getByText(SAMPLE_IMAGE_MARK)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Dr. X (sample image)' })).toBeInTheDocument();
  });
});
