/**
 * Content gaps a marketer met: a link block (a partner page for visitors the funnel is not for), and a
 * list item shown on a condition that is plain text, not a bold title. Both are valid in a flow file
 * and drawn as such; the item's `when` is applied when the screen is resolved.
 */
import { render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveScreen } from '../engine/resolve-screen.ts';
import type { Scope } from '../engine/flow-model.ts';
import { validateFlowText } from '../engine/validation/validate-flow.ts';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { Blocks } from './blocks.tsx';

const shoeText = readFileSync('flows/shoe-finder.json', 'utf8');

describe('content blocks', () => {
  it('draw a link block as a link to its address, and the checker takes it', () => {
    const withLink = shoeText.replace(
      '"type": "list",',
      '"type": "link", "text": "Renting? See our partner", "href": "https://example.com/partner" }, { "type": "list",',
    );
    expect(validateFlowText(withLink, { file: 'shoe.json' }).errors).toEqual([]);
    render(<Blocks blocks={[{ type: 'link', text: 'Renting? See our partner', href: 'https://example.com/partner' }]} />);
    expect(screen.getByRole('link', { name: 'Renting? See our partner' })).toHaveAttribute('href', 'https://example.com/partner');
  });

  it('refuse a link to a script address', () => {
    const bad = shoeText.replace('"type": "list",', '"type": "link", "text": "x", "href": "javascript:alert(1)" }, { "type": "list",');
    expect(validateFlowText(bad, { file: 'shoe.json' }).errors.map((e) => e.pointer)).toContainEqual(expect.stringMatching(/\/href$/));
  });

  it('show a conditional plain-text list item only when its rule holds, without a bold title', () => {
    const shoe = loadFlow(shoeText);
    const result = shoe.screens.result;
    if (result?.kind !== 'content') throw new Error('no result screen');
    const scope: Scope = { answers: { distance: 'marathon', niggles: ['none'] }, data: {}, result: {}, settings: shoe.settings, path: '/' };
    render(<Blocks blocks={resolveScreen(result, scope).content ?? []} />);
    const item = screen.getByText(/Built for the long haul/);
    expect(item.tagName).toBe('LI');
    expect(screen.queryByText(/Light and snappy/)).toBeNull();
  });
});
