/**
 * The computed results a flow saves with its lead (`tracking.lead`, issue 27): the named computations,
 * derived from the visitor's answers and data as her screens showed them, become save_quiz_completion's
 * `result` argument (quiz_completions.result). With `value`, that result is also the server-side Lead
 * event's `value` (with `currency`), so Meta's Conversions API receives what the visitor was shown.
 */
import type { LeadResult } from '../engine/flow.gen.ts';
import type { VisitorSnapshot } from '../engine/ports.ts';
import type { DeriveResult } from '../engine/scope.ts';
import { holds } from '../engine/rules.ts';
import { readPath } from '../engine/template.ts';

/** A value as the database stores a result: a finite number, a text or true/false; else nothing. */
function storable(value: unknown): number | string | boolean | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  return undefined;
}

/**
 * The `result` argument: each declared computation by its name, left out when missing or not storable
 * (a list, a group, NaN from missing answers). Undefined when nothing is declared, the declaration's
 * `when` rule fails (the answers the results rest on are missing), or nothing is left.
 */
export function leadResult(
  lead: LeadResult | undefined,
  derive: DeriveResult | undefined,
  visitor: Pick<VisitorSnapshot, 'answers' | 'data'>,
): Record<string, number | string | boolean> | undefined {
  if (!lead || !derive) return undefined;
  const derived = derive(visitor.answers, visitor.data);
  if (lead.when !== undefined && !holds(lead.when, { answers: visitor.answers, data: visitor.data, result: derived }))
    return undefined;
  const entries = lead.result.flatMap((name): [string, number | string | boolean][] => {
    const value = storable(readPath(derived, name));
    return value === undefined ? [] : [[name, value]];
  });
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}

/**
 * The Lead event's `meta` with the declared result as its custom_data `value` and `currency` (the flow's
 * own data is kept otherwise); unchanged when the flow declares no value or the result is no number.
 */
export function withLeadValue(
  meta: Record<string, unknown> | null | undefined,
  lead: LeadResult | undefined,
  result: Record<string, unknown> | undefined,
): Record<string, unknown> | null | undefined {
  if (!meta || !lead?.value || !lead.currency) return meta;
  const value = result?.[lead.value];
  if (typeof value !== 'number') return meta;
  const data = meta['custom_data'];
  const custom = data && typeof data === 'object' ? data : {};
  return { ...meta, custom_data: { ...custom, value, currency: lead.currency } };
}
