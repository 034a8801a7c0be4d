/**
 * Proves every experiment variant as a complete flow: its patches are applied to the base flow, then
 * the schema, the graph checks and the path proofs run on the result. A patch that names a missing
 * screen or path is an error at the patch's own line:column; a problem that only the variant has is
 * reported at the variant, naming the pointer in the patched flow.
 */
import { applyPatches } from '../apply-patches.ts';
import { checkedPatches, type PatchProblem } from './checked-patches.ts';
import type { Flow } from '../flow.gen.ts';
import { didYouMean } from './did-you-mean.ts';
import { error, pointerOf, type Finding } from './flow-issue.ts';
import type { CheckContext, FlowCheck } from './graph-check.ts';
import { isFlow, schemaFindings } from './schema-check.ts';

/** A patch problem in plain words. */
export function patchProblemMessage(problem: PatchProblem): string {
  switch (problem.kind) {
    case 'missing':
      return `"${problem.at}" does not exist in the flow`;
    case 'exists':
      return `"${problem.at}" already exists: use "replace"`;
    case 'past-end':
      return `"${problem.at}" is past the end of its list`;
    case 'outside':
      return `"${problem.at}" is outside /screens/ and /settings/`;
    case 'no-value':
      return `this patch needs a "value"`;
  }
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDay(day: string): boolean {
  const match = DAY.exec(day);
  if (!match) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
}

/** Findings of the experiments' own shape: unique ids, real dates, start before stop. */
function shapeFindings(flow: Flow): Finding[] {
  const found: Finding[] = [];
  const ids = new Set<string>();
  // A journey goal is counted from the step views of the screens that reach that journey step.
  const measurable = Object.values(flow.screens).flatMap((screen) =>
    'track' in screen && screen.track?.journey !== undefined && screen.track.step !== undefined
      ? [screen.track.journey]
      : [],
  );
  (flow.experiments ?? []).forEach((experiment, e) => {
    const base = pointerOf('/experiments', e);
    if (ids.has(experiment.id))
      found.push(error(pointerOf(base, 'id'), `experiment "${experiment.id}" is declared twice`));
    ids.add(experiment.id);
    for (const key of ['start', 'stop'] as const)
      if (!isRealDay(experiment[key]))
        found.push(error(pointerOf(base, key), `"${experiment[key]}" is not a real day`, 'write YYYY-MM-DD'));
    if (experiment.stop < experiment.start)
      found.push(
        error(pointerOf(base, 'stop'), `the experiment stops (${experiment.stop}) before it starts`),
      );
    const goal = experiment.goal;
    if (typeof goal === 'object' && !measurable.includes(goal.journey))
      found.push(
        error(
          pointerOf(base, 'goal', 'journey'),
          `no screen both tracks journey step "${goal.journey}" and records a step view, so the report can't count it`,
          didYouMean(goal.journey, measurable) ??
            'pick a journey step a screen declares with "track": { "journey", "step" }',
        ),
      );
    const variantIds = new Set<string>();
    experiment.variants.forEach((variant, v) => {
      if (variantIds.has(variant.id))
        found.push(error(pointerOf(base, 'variants', v, 'id'), `variant "${variant.id}" is declared twice`));
      variantIds.add(variant.id);
    });
  });
  return found;
}

/**
 * The experiments' findings. `checks` are the base flow's checks, in the groups validate-flow runs them
 * (a later group only when the earlier ones found no error). `baseFindings` are left out of a variant's
 * report, so a problem of the base flow is not repeated once per variant.
 */
export function experimentFindings(
  flow: Flow,
  context: CheckContext,
  checks: readonly (readonly FlowCheck[])[],
  baseFindings: readonly Finding[],
): Finding[] {
  const found = shapeFindings(flow);
  const known = new Set(baseFindings.map((f) => `${f.pointer} ${f.message}`));
  (flow.experiments ?? []).forEach((experiment, e) => {
    experiment.variants.forEach((variant, v) => {
      const at = pointerOf('/experiments', e, 'variants', v);
      const { flow: patched, problems } = checkedPatches(flow, variant.patches);
      for (const problem of problems)
        found.push(
          error(
            pointerOf(at, 'patches', problem.index, 'path'),
            patchProblemMessage(problem),
            'a patch may only name screens and settings that exist in this flow (add creates one new key or list item)',
          ),
        );
      if (problems.length > 0) return;
      // The browser's unchecked patching must build exactly the flow proved here.
      if (JSON.stringify(applyPatches(flow, variant.patches)) !== JSON.stringify(patched))
        found.push(
          error(
            pointerOf(at, 'patches'),
            'the browser would build another flow from these patches than the one checked',
          ),
        );
      const label = `variant "${variant.id}" of experiment "${experiment.id}"`;
      const { experiments: _ignored, ...withoutExperiments } = patched;
      const findings: Finding[] = [];
      if (!isFlow(withoutExperiments)) {
        findings.push(...schemaFindings(withoutExperiments));
      } else {
        for (const group of checks) {
          if (findings.some((f) => f.severity === 'error')) break;
          for (const check of group) findings.push(...check(withoutExperiments, context));
        }
      }
      // A problem inside (or above) what a patch changed is placed at that patch; any other at the variant.
      const placeOf = (pointer: string): string => {
        const index = variant.patches.findIndex(
          (patch) =>
            pointer.startsWith(`${patch.path}/`) ||
            pointer === patch.path ||
            patch.path.startsWith(`${pointer}/`),
        );
        return index < 0 ? at : pointerOf(at, 'patches', index);
      };
      for (const finding of findings) {
        if (known.has(`${finding.pointer} ${finding.message}`)) continue;
        const hint = finding.hint === undefined ? '' : ` — ${finding.hint}`;
        found.push({
          pointer: placeOf(finding.pointer),
          message: `${label}: ${finding.pointer} ${finding.message}${hint}`,
          severity: finding.severity,
        });
      }
    });
  });
  return found;
}
