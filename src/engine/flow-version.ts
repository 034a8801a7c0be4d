/**
 * The flow format versions this engine reads. A flow file names its format in `"version"`; a file
 * written for a newer engine (or an old one without a migration) is refused with a clear message
 * instead of being half-understood.
 */

/** Every flow format version the engine can run. */
export const SUPPORTED_FLOW_VERSIONS: readonly number[] = [1];

/** Why a flow's `version` can't be run, or undefined when it can. */
export function flowVersionProblem(version: unknown): string | undefined {
  if (typeof version === 'number' && SUPPORTED_FLOW_VERSIONS.includes(version)) return undefined;
  const known = SUPPORTED_FLOW_VERSIONS.join(', ');
  const given = version === undefined ? 'no version' : `version ${JSON.stringify(version)}`;
  return `this engine runs flow format version ${known}; the flow has ${given}`;
}

/** Throws when a flow's format version is unknown, so a wrong file fails loudly at start-up. */
export function assertFlowVersion(flow: { id?: unknown; version?: unknown }): void {
  const problem = flowVersionProblem(flow.version);
  if (problem === undefined) return;
  const name = typeof flow.id === 'string' ? ` "${flow.id}"` : '';
  throw new Error(`Can't run the flow${name}: ${problem}. Update the engine, or migrate the flow file.`);
}
