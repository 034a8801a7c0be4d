import type { FunnelSnapshot } from '../engine/compile-flow.ts';
import type { Flow } from '../engine/flow-model.ts';
import { currentScreenId } from '../engine/screen-view.ts';
import type { TimerMark } from '../engine/storage.ts';
import { isTimed } from '../engine/timed-visit.ts';

/**
 * The timer to store for a reload: the visit of a timed screen still counting, and the address the
 * browser shows meanwhile. A timer that has run out (e.g. the final redirect already left) is not
 * stored, so coming Back to the page never fires it again.
 */
export function runningTimer(
  snapshot: FunnelSnapshot,
  flow: Flow,
  win: Pick<Window, 'location'>,
): TimerMark | undefined {
  const id = currentScreenId(snapshot);
  if (id === undefined || !isTimed(flow.screens[id])) return undefined;
  const value: unknown = snapshot.value;
  const done = typeof value === 'object' && value !== null && Object.getOwnPropertyDescriptor(value, id)?.value === 'done';
  if (done) return undefined;
  return { enteredAt: snapshot.context.enteredAt, path: win.location.pathname };
}
