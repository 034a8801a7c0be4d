/**
 * The machine of a flow, compiled once for a flow, its ports and its result code. Compiling the
 * machine is one of the longest pieces of work of a page load (xstate builds every state node of the
 * flow at once), so main.tsx compiles it in a task of its own while the first screen's code is still
 * loading; the app's first render then finds it here instead of compiling it inside React's render.
 */
import { compileFlow, type CompileOptions, type FunnelMachine } from '../engine/compile-flow.ts';
import type { Flow } from '../engine/flow-model.ts';

let last: (CompileOptions & { flow: Flow; machine: FunnelMachine }) | undefined;

/**
 * `compileFlow(flow, options)`, reused while the flow, ports and result code are the same objects as
 * on the last call (compileFlow is pure, so they give the same machine).
 */
export function compiledMachine(flow: Flow, options: CompileOptions): FunnelMachine {
  if (last?.flow !== flow || last.ports !== options.ports || last.deriveResult !== options.deriveResult)
    last = { ...options, flow, machine: compileFlow(flow, options) };
  return last.machine;
}
