/**
 * flow:check proves every experiment variant: a patch naming a missing path is an error at the patch's
 * line:column, and a variant that breaks the flow (a dangling target, a stranded screen) is refused.
 */
import { describe, expect, it } from 'vitest';
import { shippedFlowText } from './support/load-flow.ts';
import { formatIssue, validateFlowText } from '../src/engine/validation/validate-flow.ts';
import { variantDiffs } from '../src/engine/validation/variant-diff.ts';

const text = shippedFlowText();
const check = (edited: string) =>
  validateFlowText(edited, { file: 'flows/skin-funnel.json' }).errors.map(formatIssue);
const lineOf = (needle: string, source: string) => source.slice(0, source.indexOf(needle)).split('\n').length;

describe('experiments in flow:check', () => {
  it('passes the shipped experiment', () => {
    expect(check(text)).toEqual([]);
  });

  it('refuses a patch naming a missing screen, at the patch line', () => {
    const edited = text.replace(
      '"/screens/cliff-education/content/0/text"',
      '"/screens/cliff-educaton/content/0/text"',
    );
    const line = lineOf('/screens/cliff-educaton/', edited);
    const errors = check(edited);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      new RegExp(
        `^flows/skin-funnel\\.json:${line}:\\d+ /experiments/0/variants/1/patches/0/path: "/screens/cliff-educaton" does not exist`,
      ),
    );
  });

  it('refuses a variant that sends Continue to a missing screen, naming the variant and the pointer', () => {
    const edited = text.replace(
      '"path": "/screens/cliff-education/content/0/text",\n              "value": "Your skin may be at its tipping point."',
      '"path": "/screens/cliff-education/next",\n              "value": "photo-analysiss"',
    );
    expect(edited).not.toBe(text);
    const errors = check(edited);
    expect(errors.join('\n')).toContain(
      '/experiments/0/variants/1/patches/0: variant "tipping-point" of experiment "cliff-headline": /screens/cliff-education/next unknown screen "photo-analysiss"',
    );
  });

  it('refuses duplicate variant ids and a stop before the start', () => {
    const edited = text
      .replace('"id": "tipping-point"', '"id": "control"')
      .replace('"stop": "2027-02-28"', '"stop": "2026-01-01"');
    const errors = check(edited).join('\n');
    expect(errors).toContain('/experiments/0/variants/1/id: variant "control" is declared twice');
    expect(errors).toContain('/experiments/0/stop: the experiment stops (2026-01-01) before it starts');
  });

  it('refuses a journey goal the report cannot count, with a did-you-mean', () => {
    const edited = text.replace('"goal": "lead"', '"goal": { "journey": "photo_uplod" }');
    expect(check(edited).join('\n')).toContain(
      '/experiments/0/goal/journey: no screen both tracks journey step "photo_uplod" and records a step view, so the report can\'t count it — did you mean "photo_upload"?',
    );
    expect(check(text.replace('"goal": "lead"', '"goal": { "journey": "photo_upload" }'))).toEqual([]);
  });

  it('shows what each variant changes (flow:diff)', () => {
    const flow = validateFlowText(text, { file: 'f' }).flow;
    if (!flow) throw new Error('the shipped flow is invalid');
    expect(variantDiffs(flow).join('\n')).toContain(
      `cliff-education /content/0/text: "You're in the right place." → "Your skin may be at its tipping point."`,
    );
  });
});
