/**
 * tracking.lead names computations of the flow (a typo would save the lead without it) and its value
 * is one of them: each mistake is an error at its own place, with a did-you-mean.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateFlowText } from './validate-flow.ts';

const FILE = 'flows/shoe-finder.json';
const shipped = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../..', FILE), 'utf8');

function withLead(lead: unknown): string {
  const flow: unknown = JSON.parse(shipped);
  if (typeof flow !== 'object' || flow === null || !('tracking' in flow)) throw new Error('no tracking');
  const tracking: unknown = flow.tracking;
  if (typeof tracking !== 'object' || tracking === null) throw new Error('no tracking');
  Object.assign(tracking, { lead });
  return JSON.stringify(flow, null, 2);
}

const errorsOf = (lead: unknown) =>
  validateFlowText(withLead(lead), { file: FILE }).errors.map(({ pointer, message, hint }) => ({ pointer, message, hint }));

describe('tracking.lead', () => {
  it('accepts the shipped declaration and a value with its currency', () => {
    expect(errorsOf({ result: ['cushionScore', 'tier', 'shoeCode'] })).toEqual([]);
    expect(errorsOf({ result: ['cushionScore'], value: 'cushionScore', currency: 'USD' })).toEqual([]);
  });

  it('refuses a name that is no computation, with a did-you-mean', () => {
    expect(errorsOf({ result: ['cushionScore', 'teir'] })).toEqual([
      {
        pointer: '/tracking/lead/result/1',
        message: '"teir" is not a computation of this flow, so the lead would be saved without it',
        hint: 'did you mean "tier"?',
      },
    ]);
  });

  it('refuses a value that is not saved with the lead, and a value without a currency', () => {
    expect(errorsOf({ result: ['tier'], value: 'cushionScore', currency: 'USD' })).toEqual([
      {
        pointer: '/tracking/lead/value',
        message: 'the Lead event\'s value "cushionScore" is not one of the results saved with the lead',
        hint: 'add "cushionScore" to "result"',
      },
    ]);
    expect(errorsOf({ result: ['cushionScore'], value: 'cushionScore' }).map((e) => e.pointer)).toEqual([
      '/tracking/lead',
    ]);
  });

  it('checks its `when` rule like every other rule', () => {
    const errors = errorsOf({ result: ['tier'], when: { '=': [{ var: 'answers.feel' }, 'plush'] } });
    expect(errors.map((e) => [e.pointer, e.message])).toEqual([
      ['/tracking/lead/when/=', 'unknown operator "=" in this rule'],
    ]);
  });
});
