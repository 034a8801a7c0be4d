/**
 * The checker's hints keep what the marketer wrote: a missing answer's fallback keeps the
 * placeholder's `:label`, and a shortened computation name gets its did-you-mean.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatIssue, validateFlowText } from './validate-flow.ts';

const shoe = readFileSync('flows/shoe-finder.json', 'utf8');
const check = (text: string) => validateFlowText(text, { file: 'flows/shoe-finder.json' }).errors.map(formatIssue);

describe('checker hints', () => {
  it('keep ":label" in the fallback they suggest for an answer that may be missing', () => {
    const [first] = /"question": "[^"]+/.exec(shoe) ?? [];
    if (!first) throw new Error('the shoe finder has no question');
    const errors = check(shoe.replace(first, `${first} {answers.feel:label}`));
    expect(errors.join('\n')).toMatch(/"\{answers\.feel:label\}" may be missing here/);
    expect(errors.join('\n')).toContain('give it a fallback, {answers.feel:label|…}');
  });

  it('suggest the full name for a shortened computation ({result.cushion} → cushionScore)', () => {
    const errors = check(shoe.replace('{result.cushionScore}', '{result.cushion}'));
    expect(errors.join('\n')).toContain('did you mean "{result.cushionScore}"?');
  });
});
