import { fileURLToPath } from 'node:url';
import { compileFromFile } from 'json-schema-to-typescript';
import { format } from 'prettier';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const FLOW_TYPES_PATH = `${root}src/engine/flow.gen.ts`;

const banner = `/* eslint-disable */
import type { RulesLogic } from 'json-logic-js';
/**
 * GENERATED from schemas/flow.schema.json by \`npm run gen:types\`. DO NOT EDIT:
 * change the schema and regenerate; a test fails when this file is stale.
 */`;

/** The TypeScript source of the flow types, formatted like the rest of the code. */
export async function generateFlowTypes(): Promise<string> {
  const ts = await compileFromFile(`${root}schemas/flow.schema.json`, {
    cwd: `${root}schemas`,
    bannerComment: banner,
    additionalProperties: false,
    unreachableDefinitions: false,
    format: false,
  });
  return format(ts, { parser: 'typescript', singleQuote: true, printWidth: 110, trailingComma: 'all' });
}
