/**
 * The machine of a flow, compiled once for a flow, its ports and its result code. Compiling the
 * machine is one of the longest pieces of work of a page load (xstate builds every state node of the
 * flow at once), so main.tsx compiles it ahead, in two tasks of its own (the configuration, then the
 * machine) while the first screen's code is still loading; the app's first render then finds it here
 * instead of compiling it inside React's render.
 */
import { prepareFlowMachine, type CompileOptions, type FunnelMachine } from '../engine/compile-flow.ts';
import type { Flow } from '../engine/flow-model.ts';

let last: (CompileOptions & { flow: Flow; machine: FunnelMachine }) | undefined;

/**
 * `compileFlow(flow, options)`, reused while the flow, ports and result code are the same objects as
 * on the last call (compileFlow is pure, so they give the same machine).
 */
export function compiledMachine(flow: Flow, options: CompileOptions): FunnelMachine {
  return preparedMachine(flow, options)();
}

/** compiledMachine in two steps: the configuration is built now, the machine when the result is called. */
export function preparedMachine(flow: Flow, options: CompileOptions): () => FunnelMachine {
  const cached = lastMachineFor(flow, options);
  if (cached) return () => cached;
  const create = prepareFlowMachine(flow, options);
  return () => {
    const machine = lastMachineFor(flow, options) ?? create();
    last = { ...options, flow, machine };
    return machine;
  };
}

/** The machine compiled last, when it was for this flow, these ports and this result code. */
function lastMachineFor(flow: Flow, options: CompileOptions): FunnelMachine | undefined {
  const same = last?.flow === flow && last.ports === options.ports && last.deriveResult === options.deriveResult;
  return same ? last?.machine : undefined;
}
