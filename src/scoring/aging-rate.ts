import type { Scoring } from '../engine/flow.gen.ts';

/** How fast the skin ages. */
export type AgingRate = 'rapid' | 'accelerated' | 'normal';

/**
 * 'rapid' when the change speed is one of `agingRate.rapid.changeSpeeds` or the gap is over
 * `rapid.gapOver`; else 'accelerated' by its own rule; else 'normal'. A gap equal to the threshold is
 * not over it.
 */
export function agingRate(changeSpeed: string | null, ageDifference: number, scoring: Scoring): AgingRate {
  const { rapid, accelerated } = scoring.agingRate;
  const holds = (rule: { changeSpeeds: string[]; gapOver: number }): boolean =>
    (changeSpeed !== null && rule.changeSpeeds.includes(changeSpeed)) || ageDifference > rule.gapOver;
  if (holds(rapid)) return 'rapid';
  if (holds(accelerated)) return 'accelerated';
  return 'normal';
}
