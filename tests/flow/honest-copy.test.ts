/**
 * The checker keeps the skin funnel honest (issue 33): copy marked as a claim (a cause, a fit or an
 * eligibility) must sit under a condition on the result, and the progress bar never goes back, on
 * deep-link chains too. Both are shown on the shipped flow's own text, with the line:column they name.
 */
import { describe, expect, it } from 'vitest';
import { formatIssue, validateFlowText } from '../../src/engine/validation/validate-flow.ts';
import { DEFAULT_FLOW_FILE } from '../../supabase/functions/_shared/flow-path.ts';
import { shippedFlowText } from '../support/load-flow.ts';

/** The 1-based line and column of the first `needle` in `text`. */
function place(text: string, needle: string): { line: number; column: number } {
  const at = text.indexOf(needle);
  expect(at).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

const check = (text: string) => validateFlowText(text, { file: DEFAULT_FLOW_FILE });

describe('claims follow the result', () => {
  it('the shipped flow has claims, and each is under a result condition', () => {
    const text = shippedFlowText();
    expect(text.match(/"claim": true/g)?.length).toBeGreaterThanOrEqual(6);
    expect(check(text).errors).toEqual([]);
  });

  it('refuses a claim without a condition, at its line:column', () => {
    const guarded = '{ "type": "text", "claim": true, "when": { "==": [{ "var": "result.claimBand" }, "supported"] }, "text": "But hormone support can reverse this."';
    const bare = '{ "type": "text", "claim": true, "text": "But hormone support can reverse this."';
    const text = shippedFlowText().replace(guarded, bare);
    expect(text).not.toBe(shippedFlowText());
    const { errors } = check(text);
    const { line, column } = place(text, '"claim": true, "text": "But hormone support');
    expect(errors.map(formatIssue)).toEqual([
      expect.stringMatching(
        new RegExp(`^${DEFAULT_FLOW_FILE}:${line}:${column + '"claim": '.length} /screens/root-cause-reveal/footer/\\d+/claim: this copy is marked as a claim`),
      ),
    ]);
  });

  it('refuses a claim guarded only by answers (an answer is not a result band)', () => {
    const text = shippedFlowText().replace(
      '"claim": true, "when": { "==": [{ "var": "result.claimBand" }, "supported"] }, "text": "Qualified for Treatment"',
      '"claim": true, "when": { "var": ["answers.age", 0] }, "text": "Qualified for Treatment"',
    );
    const { errors } = check(text);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.pointer).toMatch(/^\/screens\/education-urgency\/content\/\d+\/claim$/);
  });

  it("a list item is guarded by its list's condition, and refused in a list without one", () => {
    const text = shippedFlowText();
    const inGuarded = text.replace(
      '"title": "Your skin is losing firmness',
      '"claim": true, "title": "Your skin is losing firmness',
    );
    expect(check(inGuarded).errors).toEqual([]);
    const inBare = text.replace(
      '{ "title": "{result.dermatologistFindings.0.title}"',
      '{ "claim": true, "title": "{result.dermatologistFindings.0.title}"',
    );
    const { errors } = check(inBare);
    expect(errors.map((e) => e.pointer)).toEqual([expect.stringMatching(/^\/screens\/detailed-analysis\/content\/\d+\/items\/0\/claim$/)]);
  });
});

describe('progress never moves backwards', () => {
  it('the shipped flow moves forward on every path: no warning at all', () => {
    expect(check(shippedFlowText()).warnings.map(formatIssue)).toEqual([]);
  });

  it('warns (so --strict fails) on a backward step on a deep-link chain, at its line:column', () => {
    const text = shippedFlowText().replace(
      '"route": "/quiz/step-8",\n      "progress": { "step": 6, "of": 13 }',
      '"route": "/quiz/step-8",\n      "progress": { "step": 8, "of": 9 }',
    );
    expect(text).not.toBe(shippedFlowText());
    const { warnings, errors } = check(text);
    expect(errors).toEqual([]);
    const { line, column } = place(text, '"progress": { "step": 7, "of": 13 }');
    expect(warnings.map(formatIssue)).toContain(
      `${DEFAULT_FLOW_FILE}:${line}:${column + '"progress": '.length} /screens/photo-analysis/progress: the progress bar goes back on a path from a deep link: 8/9 on "hrt-question", then 7/13 on "photo-analysis" — raise this screen's progress or lower "hrt-question"'s, so the bar only moves forward`,
    );
  });
});
