import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Block } from '../engine/flow.gen.ts';
import { Blocks } from './blocks.tsx';

/** One block of every type, so a renderer that drops a type fails here. */
const everyBlock: Block[] = [
  { type: 'heading', text: 'Analysis Complete', eyebrow: 'Step 2' },
  { type: 'text', text: 'A plain paragraph.' },
  { type: 'text', text: 'An emphasised paragraph.', emphasis: true },
  {
    type: 'list',
    title: 'What we analyse',
    style: 'check',
    items: ['Skin age', { title: 'Cliff zone', text: 'Are you in it?' }],
  },
  { type: 'list', style: 'number', items: ['First', 'Second'] },
  { type: 'list', style: 'cross', items: ['Harsh filters'] },
  { type: 'list', items: ['A bullet'] },
  { type: 'image', image: { src: '/uploads/doctor.svg', alt: 'The doctor', caption: 'Your guide' } },
  {
    type: 'before-after',
    before: { src: '/uploads/before-1.svg', alt: 'Before treatment', caption: 'Before' },
    after: { src: '/uploads/after-1.svg', alt: 'After 12 weeks', caption: 'Week 12' },
    caption: 'Real user, 12 weeks',
  },
  { type: 'badge', text: 'Qualified for Treatment', tone: 'success' },
  { type: 'badges', items: ['Private & secure', 'Doctor-guided'] },
  {
    type: 'testimonial',
    quote: 'My skin feels alive again.',
    author: 'Maria, 52',
    detail: 'Verified buyer',
    rating: 5,
  },
  {
    type: 'stats',
    items: [
      { value: '3,000+', label: 'women' },
      { value: '4.9/5', label: 'rating' },
    ],
  },
  {
    type: 'cards',
    items: [{ title: 'Age Factor', value: 'High', text: 'Your age matters.', tone: 'warning' }],
  },
  {
    type: 'score-bars',
    max: 10,
    good: 8,
    fair: 6,
    items: [
      { label: 'Volume', value: '8' },
      { label: 'Texture', value: '5' },
    ],
  },
  {
    type: 'comparison',
    items: [
      { label: 'Skin age', value: '52' },
      { label: 'Real age', value: '47' },
    ],
  },
  { type: 'steps', items: ['Analysis', 'Diagnosis', 'Treatment'], current: 1 },
  { type: 'note', text: 'Great choice.', tone: 'success' },
];

describe('Blocks', () => {
  it('renders every block type', () => {
    const { container } = render(<Blocks blocks={everyBlock} />);
    const types = Array.from(container.querySelectorAll('[data-block]'), (node) =>
      node.getAttribute('data-block'),
    );
    expect(new Set(types)).toEqual(new Set(everyBlock.map((block) => block.type)));
    for (const node of container.querySelectorAll('[data-block]')) expect(node).not.toBeEmptyDOMElement();
  });

  it('makes the first heading the h1 and shows its eyebrow', () => {
    render(<Blocks blocks={[...everyBlock, { type: 'heading', text: 'Second' }]} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Analysis Complete' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Second' })).toBeInTheDocument();
    expect(screen.getByText('Step 2')).toBeInTheDocument();
  });

  it('uses h2 for a footer', () => {
    render(<Blocks blocks={[{ type: 'heading', text: 'More' }]} firstHeading={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'More' })).toBeInTheDocument();
  });

  it('draws list items as text or title with text, numbered lists as <ol>', () => {
    render(<Blocks blocks={everyBlock} />);
    expect(screen.getByText('Cliff zone')).toBeInTheDocument();
    expect(screen.getByText('Are you in it?')).toBeInTheDocument();
    const numbered = screen.getByText('First').closest('ol');
    expect(numbered).not.toBeNull();
    expect(screen.getByText('Harsh filters').closest('ul')).toHaveAttribute('data-style', 'cross');
    expect(screen.getByText('Skin age', { selector: 'li' }).closest('ul')).toHaveAttribute(
      'data-style',
      'check',
    );
  });

  it('renders images with their alt text, and both halves of a before/after', () => {
    render(<Blocks blocks={everyBlock} />);
    expect(screen.getByRole('img', { name: 'The doctor' })).toHaveAttribute('src', '/uploads/doctor.svg');
    expect(screen.getByRole('img', { name: 'Before treatment' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'After 12 weeks' })).toBeInTheDocument();
    expect(screen.getByText('Real user, 12 weeks')).toBeInTheDocument();
  });

  it('renders a testimonial with its rating in words', () => {
    render(<Blocks blocks={everyBlock} />);
    const quote = screen.getByText('My skin feels alive again.').closest('figure');
    expect(quote).not.toBeNull();
    if (!quote) return;
    expect(within(quote).getByText('Rated 5 out of 5')).toBeInTheDocument();
    expect(within(quote).getByText('Maria, 52')).toBeInTheDocument();
  });

  it('renders score bars as meters coloured by thresholds', () => {
    render(<Blocks blocks={everyBlock} />);
    expect(screen.getByRole('meter', { name: 'Volume' }).closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'good',
    );
    expect(screen.getByRole('meter', { name: 'Texture' }).closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'poor',
    );
  });

  it('marks the current step and notes', () => {
    render(<Blocks blocks={everyBlock} />);
    expect(screen.getByText('Diagnosis').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('Analysis').closest('li')).toHaveAttribute('data-state', 'done');
    expect(screen.getByRole('note')).toHaveTextContent('Great choice.');
    expect(screen.getByText('3,000+')).toBeInTheDocument();
    expect(screen.getByText('Age Factor')).toBeInTheDocument();
    expect(screen.getByText('Qualified for Treatment')).toBeInTheDocument();
    expect(screen.getByText('Doctor-guided')).toBeInTheDocument();
    expect(screen.getByText('52')).toBeInTheDocument();
  });

  it('renders nothing for no blocks', () => {
    const { container } = render(<Blocks blocks={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
