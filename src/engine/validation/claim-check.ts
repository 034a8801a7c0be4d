/**
 * Copy that states a cause, a fit or an eligibility is marked `"claim": true`. Such copy must follow
 * the visitor's result, never show whatever her answers: the block (or the block a list item sits in)
 * must carry a `when` that reads a computed result, e.g. the band of a score that justifies it.
 */
import { ruleVars } from '../rules.ts';
import { error, pointerSegment, type Finding } from './flow-issue.ts';
import type { FlowCheck } from './graph-check.ts';

/** Whether `rule` reads at least one `result.*` value (a rule on answers alone proves nothing). */
function readsResult(rule: unknown): boolean {
  return ruleVars(rule).some((path) => path === 'result' || path.startsWith('result.'));
}

/** Every claim under `value` that no `when` on a result guards, with the pointer of its flag. */
function unguardedClaims(value: unknown, pointer: string, guarded: boolean): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => unguardedClaims(item, `${pointer}/${index}`, guarded));
  if (typeof value !== 'object' || value === null) return [];
  const when: unknown = 'when' in value ? value.when : undefined;
  const safe = guarded || (when !== undefined && readsResult(when));
  const own = 'claim' in value && value.claim === true && !safe ? [`${pointer}/claim`] : [];
  return [
    ...own,
    ...Object.entries(value).flatMap(([key, item]) =>
      key === 'when' ? [] : unguardedClaims(item, `${pointer}/${pointerSegment(key)}`, safe),
    ),
  ];
}

/** An error at each `"claim": true` that no result condition guards. */
export const checkClaims: FlowCheck = (flow) =>
  unguardedClaims(flow.screens, '/screens', false).map(
    (pointer): Finding =>
      error(
        pointer,
        'this copy is marked as a claim (a cause, a fit or an eligibility) but shows whatever the result is',
        'give it (or its block) a "when" on the result band that justifies it, e.g. { "==": [{ "var": "result.claimBand" }, "supported"] }',
      ),
  );
