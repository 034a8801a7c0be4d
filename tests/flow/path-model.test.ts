/**
 * The path proofs model each screen themselves (src/engine/validation/screen-model.ts); this keeps
 * that model honest: for every screen, the ways on it sees are exactly the compiled machine's.
 */
import { readFileSync } from 'node:fs';
import type { AnyStateNode } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Flow } from '../../src/engine/flow-model.ts';
import { screenModel } from '../../src/engine/validation/screen-model.ts';
import { startFunnel } from '../support/funnel-actor.ts';
import { loadFlow } from '../support/load-flow.ts';

/** The screens a state node (and its inner states) can move to; `exit` for its own final `.done`. */
function machineTargets(node: AnyStateNode, own: string): string[] {
  // Timed moves are `after` transitions; a zero-delay one is compiled as `always`.
  const here = [...node.transitions.values(), node.always ?? []]
    .flat()
    .flatMap((t) => (t.target ?? []).map((target) => target.id))
    .flatMap((id) => {
      const [, state, inner] = id.split('.');
      // Continue onto a screen with `requires` passes its guard state, which opens the screen or sends
      // her to its `otherwise` (a way the model gives the screen itself).
      const screen = state?.startsWith('requires:') ? state.slice('requires:'.length) : state;
      if (screen !== own) return screen === undefined ? [] : [screen];
      return inner === 'done' ? ['exit'] : [];
    });
  return [...here, ...Object.values(node.states).flatMap((child) => machineTargets(child, own))];
}

const flows: [string, Flow][] = [
  ['the shipped flow', loadFlow()],
  ['the fixture', loadFlow(readFileSync('tests/fixtures/flows/valid-flow.json', 'utf8'))],
];

describe.each(flows)('the proofs’ model of %s', (_name, flow) => {
  const machine = startFunnel(flow).actor.logic;
  it.each(Object.keys(flow.screens))('%s leads where the machine does', (id) => {
    const node = machine.root.states[id];
    expect(node).toBeDefined();
    const compiled = new Set(node ? machineTargets(node, id) : []);
    const modelled = new Set(screenModel(flow, id).edges.map((edge) => edge.to ?? 'exit'));
    expect(modelled).toEqual(compiled);
  });
});
