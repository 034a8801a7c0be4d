import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Blocks } from './blocks.tsx';
import { initials } from './initials.ts';

describe('proof blocks without photos', () => {
  it('initials skip titles and keep at most two letters', () => {
    expect(initials('Dr. Morgan')).toBe('M');
    expect(initials('Karen, 52')).toBe('K');
    expect(initials('Anna Maria Lopez')).toBe('AL');
    expect(initials('')).toBe('');
  });

  it('draws a rating, a profile card with credentials and a chart (loaded in their own chunk)', async () => {
    render(
      <Blocks
        blocks={[
          { type: 'rating', value: '4.8', count: '1,200 reviews' },
          { type: 'profile', person: 'Dr. Morgan', credentials: 'Board-certified dermatologist' },
          { type: 'chart', items: [{ label: 'Today', value: '52' }, { label: 'Later', value: '54', highlight: true }] },
        ]}
      />,
    );
    expect(await screen.findByText('4.8')).toBeInTheDocument();
    expect(screen.getByText('1,200 reviews')).toBeInTheDocument();
    expect(screen.getByText('Dr. Morgan')).toBeInTheDocument();
    expect(screen.getByText('Board-certified dermatologist')).toBeInTheDocument();
    expect(screen.getByText('M')).toBeInTheDocument();
    expect(screen.getByText('Today')).toBeInTheDocument();
    expect(screen.getByText('54').closest('[data-highlight]')).not.toBeNull();
  });

  it('quotes show the author\'s initials', () => {
    render(<Blocks blocks={[{ type: 'testimonial', quote: 'Firm again.', author: 'Linda, 49' }]} />);
    expect(screen.getByText('L')).toBeInTheDocument();
  });
});
