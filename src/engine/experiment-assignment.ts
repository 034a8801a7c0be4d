/**
 * Which variant of each experiment a visitor sees: sticky and deterministic, from a hash (FNV-1a) of
 * the experiment id and the visitor's id, so the same visitor gets the same variant on every reload, in
 * every tab and on every device that shares her visitor id, with no server round trip. The variant's
 * patches are applied before the machine is compiled (see assign-experiments.ts): the variant's flow is
 * what runs. This file stays small because the first screen's bundle carries it; the patching code loads
 * only for visitors whose variant changes something. Pure, framework-free.
 */
import type { Experiment, Flow, Patch, Variant } from './flow.gen.ts';

/** One experiment's variant for this visitor. */
export interface Assignment {
  experiment: string;
  variant: string;
  /** Chosen with ?variant= (QA, Storybook): marked so results leave it out. */
  override: boolean;
}

/** FNV-1a, 32 bits: a fast, well-spread string hash (not for secrets: assignment is no secret). */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** The variant a visitor falls in: her hash's place in [0, 1) against the cumulative weights. */
export function pickVariant(experiment: Experiment, visitorId: string): Variant | undefined {
  const total = experiment.variants.reduce((sum, variant) => sum + variant.weight, 0);
  const point = (fnv1a(`${experiment.id}:${visitorId}`) / 2 ** 32) * total;
  let cumulative = 0;
  // The last variant also takes any rounding remainder at the very top of the range.
  return (
    experiment.variants.find((variant) => (cumulative += variant.weight) > point) ??
    experiment.variants.at(-1)
  );
}

/** Whether an experiment runs on `now` (its start and stop days, UTC, both included). */
export function isRunning(experiment: Experiment, now: Date): boolean {
  const day = now.toISOString().slice(0, 10);
  return experiment.start <= day && day <= experiment.stop;
}

/** The `?variant=<experiment>:<variant>` overrides of a query string (several may be given). */
export function variantOverrides(search: string): Map<string, string> {
  const overrides = new Map<string, string>();
  for (const value of new URLSearchParams(search).getAll('variant')) {
    const [experiment, variant] = value.split(':');
    if (experiment && variant) overrides.set(experiment, variant);
  }
  return overrides;
}

/**
 * The visitor's assignments and the patches her variants apply, in order. An override names a variant
 * of a declared experiment (an unknown one is ignored, so a stale QA link shows the normal funnel) and
 * applies even outside the experiment's dates; otherwise only running experiments assign.
 */
export function assignVariants(
  flow: Flow,
  visitorId: string,
  now: Date,
  overrides: ReadonlyMap<string, string> = new Map(),
): { assignments: Assignment[]; patches: Patch[] } {
  const assignments: Assignment[] = [];
  const patches: Patch[] = [];
  for (const experiment of flow.experiments ?? []) {
    const forced = experiment.variants.find((variant) => variant.id === overrides.get(experiment.id));
    if (!forced && !isRunning(experiment, now)) continue;
    const variant = forced ?? pickVariant(experiment, visitorId);
    if (variant === undefined) continue;
    patches.push(...variant.patches);
    assignments.push({
      experiment: experiment.id,
      variant: variant.id,
      override: forced !== undefined,
    });
  }
  return { assignments, patches };
}
