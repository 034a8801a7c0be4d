/**
 * The lead form rules and the languages of a flow file, for the database: what the local backend registers at start
 * (and what a deploy registers on hosted Supabase) with `public.register_lead_fields`, so
 * save_quiz_completion judges the answers by the rules the browser applies (src/engine/field-rules.ts).
 */
import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { leadFieldRules, type FieldRule } from '../src/engine/field-rules.ts';
import { validateFlowText } from '../src/engine/validation/validate-flow.ts';
import { flowLanguages } from '../src/engine/i18n/translation.ts';

export interface LeadFields {
  flowId: string;
  rules: FieldRule[];
  /** The languages the flow ships (available and drafts): rows in any other are refused (issue 42). */
  languages?: string[];
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
  if (!flow) return null;
  const { available, drafts } = flowLanguages(flow);
  return { flowId: flow.id, rules: leadFieldRules(flow), languages: [...new Set([...available, ...drafts])] };
}

/**
 * Registers the rules and the languages (as the service role would): they replace the flow's earlier
 * ones (public.register_lead_fields, public.register_flow_languages).
 */
export async function registerLeadFields(db: Pick<PGlite, 'query'>, fields: LeadFields): Promise<void> {
  await db.query('select public.register_lead_fields($1::jsonb, $2::jsonb)', [
    JSON.stringify(fields.flowId),
    JSON.stringify(fields.rules),
  ]);
  if (fields.languages && fields.languages.length > 0)
    await db.query('select public.register_flow_languages($1::jsonb, $2::jsonb)', [
      JSON.stringify(fields.flowId),
      JSON.stringify(fields.languages),
    ]);
}
