/**
 * Journey step names are the flow's own: each one a screen's `track.journey` or a `trackJourney`
 * action names must be declared in `tracking.journeySteps`, whose order gives the backend its position.
 */
import type { Flow } from '../flow.gen.ts';
import { didYouMean } from './did-you-mean.ts';
import { error, pointerOf, type Finding } from './flow-issue.ts';

/** Every journey step name used in the flow's screens, with the pointer of the name. */
function journeyUses(flow: Flow): { step: string; pointer: string }[] {
  const uses: { step: string; pointer: string }[] = [];
  const walk = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, pointerOf(pointer, index)));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const entries = Object.entries(node);
    for (const [key, value] of entries) {
      if (key === 'type' && value === 'trackJourney' && 'params' in node) {
        const params: unknown = node.params;
        if (params !== null && typeof params === 'object' && 'step' in params && typeof params.step === 'string')
          uses.push({ step: params.step, pointer: pointerOf(pointer, 'params', 'step') });
      }
    }
    for (const [key, value] of entries) walk(value, pointerOf(pointer, key));
  };
  for (const [id, screen] of Object.entries(flow.screens)) {
    const base = pointerOf('', 'screens', id);
    if ('track' in screen && screen.track?.journey !== undefined) {
      uses.push({ step: screen.track.journey, pointer: pointerOf(base, 'track', 'journey') });
    }
    walk(screen, base);
  }
  return uses;
}

/** A journey step the flow does not declare is an error, with a did-you-mean. */
export function checkJourneySteps(flow: Flow): Finding[] {
  const declared = flow.tracking?.journeySteps ?? [];
  return journeyUses(flow)
    .filter((use) => !declared.includes(use.step))
    .map((use) =>
      error(
        use.pointer,
        `journey step "${use.step}" is not declared in tracking.journeySteps`,
        didYouMean(use.step, declared) ?? 'add it to "tracking": { "journeySteps": [...] } in its place in the journey',
      ),
    );
}
