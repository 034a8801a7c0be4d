/**
 * Which "Flow interactions" stories a flow gets, picked from its own screens: the first screen of
 * each kind that can show the behaviour (options to toggle, a required choice, a form, a slider, a
 * timed screen, a reveal). Pure and React-free, so Storybook's indexer (Node), the story module and
 * the tests read the same list, and a flow without, say, a reveal simply has no reveal story.
 */
import type { Flow, Screen } from '../engine/flow-model.ts';
import { routeTable } from '../engine/routes.ts';

/** The interaction stories there can be, by their CSF export name. */
export type InteractionName =
  | 'TogglingOptions'
  | 'RequiredChoice'
  | 'FormDisabledUntilValid'
  | 'Slider'
  | 'TimerAutoAdvance'
  | 'RevealEndsOnScore';

/** One interaction story: what it is called, and the screen of the flow it plays on. */
export interface PlannedInteraction {
  exportName: InteractionName;
  name: string;
  screenId: string;
  /** The screen's resolved route, which the story opens. */
  route: string;
}

/** The story module id of the interaction stories (beside one module per screen). */
export const INTERACTIONS_MODULE = '(interactions)';
/** Their sidebar title. */
export const INTERACTIONS_TITLE = 'Flow interactions';

type FlowShape = Pick<Flow, 'screens' | 'settings' | 'notFound'>;

const PICKS: { exportName: InteractionName; name: string; fits: (screen: Screen) => boolean }[] = [
  { exportName: 'TogglingOptions', name: 'Toggling options', fits: (s) => s.kind === 'multi-select' && s.options.length >= 2 },
  { exportName: 'RequiredChoice', name: 'Required choice', fits: (s) => s.kind === 'single-choice' && s.required !== false && s.options.length >= 1 },
  { exportName: 'FormDisabledUntilValid', name: 'Form disabled until valid', fits: (s) => s.kind === 'form' },
  { exportName: 'Slider', name: 'Slider', fits: (s) => s.kind === 'slider' && s.max > s.min },
  { exportName: 'TimerAutoAdvance', name: 'Timer auto-advance', fits: (s) => s.kind === 'calculating' && (s.after.delayMs ?? 0) > 0 },
  { exportName: 'RevealEndsOnScore', name: 'Reveal ends on score', fits: (s) => s.kind === 'reveal' },
];

/** The flow's interaction stories, each on the first screen (with a route) that fits it. */
export function interactionPlan(flow: FlowShape): PlannedInteraction[] {
  const routes = routeTable(flow);
  const screens = Object.entries(flow.screens).flatMap(([screenId, screen]) => {
    const route = screenId === flow.notFound ? undefined : routes.routeOf(screenId);
    return route === undefined ? [] : [{ screenId, screen, route }];
  });
  return PICKS.flatMap(({ exportName, name, fits }) => {
    const found = screens.find(({ screen }) => fits(screen));
    return found ? [{ exportName, name, screenId: found.screenId, route: found.route }] : [];
  });
}
