import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkFlow } from './check-flow.ts';
import { placeholderScope } from './placeholder-scope.ts';

const text = readFileSync('flows/skin-funnel.json', 'utf8');
const checked = checkFlow(text, { file: 'flows/skin-funnel.json' }).flow;

describe('placeholderScope', () => {
  it('offers on a screen the answers, results and settings in scope there, each accepted by the checker', () => {
    if (!checked) throw new Error('the skin funnel does not check');
    const offered = placeholderScope(checked, 'cliff-education').map((p) => p.text);
    // The screen opens from its own route too, so no answer is given on every path to it: each is
    // offered with the fallback the path proofs accept.
    expect(offered).toContain('{answers.changeSpeed|}');
    expect(placeholderScope(checked, 'root-cause-reveal').map((p) => p.text)).toContain('{answers.antiAgingExperience}');
    expect(offered).toContain('{settings.brand}');
    expect(offered.some((p) => p.startsWith('{result.'))).toBe(true);
    // Every one of them, put in the screen's headline, leaves the checker's error count as it was.
    const before = checkFlow(text, { file: 'a.json' }).errors;
    const withAll = text.replace("You're in the right place.", offered.join(' '));
    expect(checkFlow(withAll, { file: 'a.json' }).errors).toBe(before);
  });

  it('offers every answer plainly without a screen', () => {
    if (!checked) throw new Error('the skin funnel does not check');
    expect(placeholderScope(checked).map((p) => p.text)).toContain('{answers.hrt}');
  });
});
