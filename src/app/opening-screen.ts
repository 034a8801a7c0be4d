/**
 * The screen a visit's first render shows: the machine's first snapshot for the visitor's input, read
 * without starting it (no action runs). It can differ from the screen the address names: a screen
 * whose `requires` fails sends the visitor on to its `otherwise`. The build's prerender and main.tsx
 * both load that screen's code before they draw, so the drawing and its hydration are one and the same.
 */
import { getInitialSnapshot } from 'xstate';
import type { FunnelMachine } from '../engine/compile-flow.ts';
import type { FunnelInput } from '../engine/funnel-context.ts';
import { currentScreenId } from '../engine/screen-view.ts';

export function openingScreen(machine: FunnelMachine, input: FunnelInput): string | undefined {
  return currentScreenId(getInitialSnapshot(machine, input));
}
