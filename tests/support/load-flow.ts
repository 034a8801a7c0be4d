/**
 * Test helpers: the shipped flow (or a modified copy) validated exactly as the build validates it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Flow } from '../../src/engine/flow-model.ts';
import { formatIssue, validateFlowText } from '../../src/engine/validation/validate-flow.ts';
import { DEFAULT_FLOW_FILE } from '../../supabase/functions/_shared/flow-path.ts';

export const FLOW_PATH = resolve(process.cwd(), DEFAULT_FLOW_FILE);

/** The shipped flow file's text. */
export function shippedFlowText(): string {
  return readFileSync(FLOW_PATH, 'utf8');
}

/** Validates flow text; throws with every issue when it is invalid. */
export function loadFlow(text: string = shippedFlowText()): Flow {
  const { flow, errors } = validateFlowText(text, { file: DEFAULT_FLOW_FILE });
  if (!flow) throw new Error(errors.map(formatIssue).join('\n'));
  return flow;
}

/** A modified copy of the shipped flow: `edit` changes the parsed JSON, the result is re-validated. */
export function editedFlow(edit: (json: { screens: Record<string, Record<string, unknown>> } & Record<string, unknown>) => void): Flow {
  const json: unknown = JSON.parse(shippedFlowText());
  if (json === null || typeof json !== 'object' || !('screens' in json)) throw new Error('flow file has no screens');
  edit(Object.assign({ screens: {} }, json));
  return loadFlow(JSON.stringify(json));
}
