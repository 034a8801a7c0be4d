/**
 * Where an experiment exposes its visitors: the screens any of its variants changes. Every arm, the
 * control too, is exposed there, so the arms are compared over the same visitors. A variant that
 * changes settings (which any screen may show) exposes on the first screen.
 */
import type { Experiment, Patch } from './flow.gen.ts';

/** The screen ids a list of patches touches (`/screens/<id>/…`; screen ids need no escaping). */
export function patchedScreens(patches: readonly Patch[]): string[] {
  return [...new Set(patches.flatMap((patch) => /^\/screens\/([^/]+)/.exec(patch.path)?.[1] ?? []))];
}

export function exposureScreens(experiment: Experiment): { screens: string[]; everywhere: boolean } {
  const patches = experiment.variants.flatMap((variant) => variant.patches);
  return {
    screens: patchedScreens(patches),
    everywhere: patches.some((patch) => patch.path.startsWith('/settings/')),
  };
}
