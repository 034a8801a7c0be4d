/**
 * Turns an edit made in the studio (JSON Patch operations on the flow as she sees it) into the new
 * text of the file, through flow-edit's minimal text edits. In variant mode the operations are not
 * applied to the base flow: they are recorded as patches of the chosen experiment variant (a second
 * change of the same value updates that variant's patch instead of adding another).
 */
import type { Flow } from '../engine/flow-model.ts';
import { patchText, type JsonPatchOp } from '../engine/flow-edit/patch-text.ts';
import { pointerOf } from '../engine/validation/flow-issue.ts';
import type { PatchOp } from './value-patch.ts';

/** An experiment variant, as `<experiment id>:<variant id>`. */
export type VariantKey = `${string}:${string}`;

export type StudioEdit = { ok: true; text: string } | { ok: false; message: string };

/** The position of a variant in the flow's experiments, or undefined when there is none such. */
export function variantAt(flow: Pick<Flow, 'experiments'>, key: VariantKey): { experiment: number; variant: number } | undefined {
  const [experimentId, variantId] = key.split(':');
  const experiment = (flow.experiments ?? []).findIndex((e) => e.id === experimentId);
  const variant = flow.experiments?.[experiment]?.variants.findIndex((v) => v.id === variantId) ?? -1;
  return experiment === -1 || variant === -1 ? undefined : { experiment, variant };
}

/** Applies `ops` to the file's text: to the base flow, or as patches of `variant` when one is given. */
export function applyStudioEdit(text: string, flow: Pick<Flow, 'experiments'>, ops: readonly PatchOp[], variant?: VariantKey): StudioEdit {
  if (ops.length === 0) return { ok: true, text };
  const fileOps: JsonPatchOp[] = variant === undefined ? [...ops] : variantOps(flow, ops, variant) ?? [];
  if (variant !== undefined && fileOps.length === 0)
    return { ok: false, message: `the flow has no experiment variant "${variant}"` };
  const patched = patchText(text, fileOps);
  if (patched.ok) return patched;
  const { op, path, message } = patched.problem;
  return { ok: false, message: `${op} ${path}: ${message}` };
}

function variantOps(flow: Pick<Flow, 'experiments'>, ops: readonly PatchOp[], key: VariantKey): JsonPatchOp[] | undefined {
  const at = variantAt(flow, key);
  if (at === undefined) return undefined;
  const patches = flow.experiments?.[at.experiment]?.variants[at.variant]?.patches ?? [];
  const base = pointerOf('/experiments', at.experiment, 'variants', at.variant, 'patches');
  return ops.map((op): JsonPatchOp => {
    const same = patches.findIndex((p) => p.path === op.path && p.op === op.op && op.op !== 'remove');
    if (same !== -1 && 'value' in op) return { op: 'replace', path: pointerOf(base, same, 'value'), value: op.value };
    return { op: 'add', path: pointerOf(base, '-'), value: op };
  });
}
