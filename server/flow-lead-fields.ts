/**
 * The lead form rules of a flow file, for the database: what the local backend registers at start
 * (and what a deploy registers on hosted Supabase) with `public.register_lead_fields`, so
 * save_quiz_completion judges the answers by the rules the browser applies (src/engine/field-rules.ts).
 */
import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { leadFieldRules, type FieldRule } from '../src/engine/field-rules.ts';
import { validateFlowText } from '../src/engine/validation/validate-flow.ts';

export interface LeadFields {
  flowId: string;
  rules: FieldRule[];
}

/** The flow file's id and field rules; null when it can't be read or is invalid (the build says why). */
export function leadFieldsOfFile(path: string): LeadFields | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  const { flow } = validateFlowText(text, { file: path });
  return flow ? { flowId: flow.id, rules: leadFieldRules(flow) } : null;
}

/** Registers the rules (as the service role would): they replace the flow's earlier ones. */
export async function registerLeadFields(db: PGlite, fields: LeadFields): Promise<void> {
  await db.query('select public.register_lead_fields($1::jsonb, $2::jsonb)', [
    JSON.stringify(fields.flowId),
    JSON.stringify(fields.rules),
  ]);
}
