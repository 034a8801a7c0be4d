/**
 * The screens a visitor meets from a given screen, nearest first, read from the flow's graph: used to
 * fetch the code of upcoming screens in the order it will be needed.
 */
import type { Flow, Screen, ScreenKind } from './flow-model.ts';

/** The screens a screen leads to by itself or on Continue (its `after` and `next` targets, in file order). */
function onward(screen: Screen): string[] {
  if (screen.kind === 'not-found') return [];
  const targets: string[] = [];
  if ('after' in screen && screen.after.to !== undefined) targets.push(screen.after.to);
  const { next } = screen;
  if (typeof next === 'string') targets.push(next);
  else next?.forEach((target) => targets.push(target.to));
  return targets;
}

/**
 * Every screen reachable from `from` (itself first), breadth first: the screens one step away, then
 * two, …, each level in the order the file lists the targets. A `requires.otherwise` fallback is not
 * followed: it leads back, not onward.
 */
export function upcomingScreens(flow: Pick<Flow, 'screens'>, from: string): string[] {
  const seen = new Set<string>();
  let level = [from];
  while (level.length > 0) {
    const nextLevel: string[] = [];
    for (const id of level) {
      const screen = Object.hasOwn(flow.screens, id) ? flow.screens[id] : undefined;
      if (!screen || seen.has(id)) continue;
      seen.add(id);
      nextLevel.push(...onward(screen));
    }
    level = nextLevel;
  }
  return [...seen];
}

/** The screen kinds in the order a visitor starting at `from` first needs them (its own kind first). */
export function upcomingKinds(flow: Pick<Flow, 'screens'>, from: string): ScreenKind[] {
  const kinds = new Set<ScreenKind>();
  for (const id of upcomingScreens(flow, from)) {
    const screen = flow.screens[id];
    if (screen) kinds.add(screen.kind);
  }
  return [...kinds];
}
