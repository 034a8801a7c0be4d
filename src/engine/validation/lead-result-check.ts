/**
 * The results a flow saves with its lead (`tracking.lead.result`) must be its own computations, and the
 * Conversions API `value` one of them: a typo would silently save nothing, so it is an error here.
 */
import type { Flow } from '../flow.gen.ts';
import { didYouMean } from './did-you-mean.ts';
import { error, pointerOf, type Finding } from './flow-issue.ts';

/** Every name in tracking.lead names a computation; `value` is one of `result`. */
export function checkLeadResult(flow: Flow): Finding[] {
  const lead = flow.tracking?.lead;
  if (lead === undefined) return [];
  const computations = Object.keys(flow.computations ?? {});
  const base = pointerOf('', 'tracking', 'lead');
  const findings: Finding[] = [];
  lead.result.forEach((name, index) => {
    if (computations.includes(name)) return;
    findings.push(
      error(
        pointerOf(base, 'result', index),
        `"${name}" is not a computation of this flow, so the lead would be saved without it`,
        didYouMean(name, computations) ?? 'name one of the flow\'s "computations"',
      ),
    );
  });
  if (lead.value !== undefined && !lead.result.some((name) => name === lead.value)) {
    findings.push(
      error(
        pointerOf(base, 'value'),
        `the Lead event's value "${lead.value}" is not one of the results saved with the lead`,
        didYouMean(lead.value, lead.result) ?? `add "${lead.value}" to "result"`,
      ),
    );
  }
  return findings;
}
