/**
 * `requires` has one meaning in the checker, as in the runtime (issue 27): a screen with `requires` only
 * opens when its rule holds, however the visitor arrives (by URL, reload, Back, or Continue from the
 * screen before), so a placeholder whose answer the rule proves present gets no missing-answer finding;
 * one the rule does not prove still does.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateFlowText } from './validate-flow.ts';

const FILE = 'flows/shoe-finder.json';
const shipped = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../..', FILE), 'utf8');

interface Block {
  type: string;
  text: string;
}
interface Shoe {
  screens: Record<string, { content?: Block[]; requires?: { when: unknown; otherwise: string } }>;
}

function isShoe(value: unknown): value is Shoe {
  return typeof value === 'object' && value !== null && 'screens' in value;
}

/** The shoe finder with one more text block on `screen`, and any other edit. */
function withText(screen: string, text: string, edit: (flow: Shoe) => void = () => {}): string {
  const flow: unknown = JSON.parse(shipped);
  if (!isShoe(flow)) throw new Error('the shoe finder is not a flow');
  flow.screens[screen]?.content?.push({ type: 'text', text });
  edit(flow);
  return JSON.stringify(flow, null, 2);
}

const missing = (text: string) =>
  validateFlowText(text, { file: FILE }).errors.filter((issue) =>
    issue.message.includes('may be missing here'),
  );

describe('requires in the path proofs', () => {
  it('the result screen may show the answers its requires proves, without a fallback (also `!= null`)', () => {
    // The result is reached by Continue from the lead form, which a visitor can reach from any deep link.
    expect(
      missing(withText('result', 'You run {answers.weeklyKm} km a week on {answers.feel:label} shoes.')),
    ).toEqual([]);
  });

  it('still flags an answer the rule does not prove', () => {
    const [issue, ...rest] = missing(withText('result', 'Your niggles: {answers.niggles:label}.'));
    expect(rest).toEqual([]);
    expect(issue?.pointer).toMatch(/^\/screens\/result\/content\/\d+\/text$/);
    expect(issue?.message).toContain('"{answers.niggles:label}" may be missing here');
  });

  it('without requires the same placeholder is flagged: the proof comes from the rule', () => {
    const text = withText('result', 'You run on {answers.feel:label} shoes.', (flow) => {
      const lead = flow.screens['lead'];
      const result = flow.screens['result'];
      if (lead) delete lead.requires;
      if (result) delete result.requires;
    });
    expect(missing(text).map((issue) => issue.message)).toEqual([
      expect.stringContaining('"{answers.feel:label}" may be missing here'),
    ]);
  });
});
