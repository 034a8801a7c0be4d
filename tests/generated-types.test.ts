import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FLOW_TYPES_PATH, generateFlowTypes } from '../scripts/lib/flow-types.ts';

describe('src/engine/flow.gen.ts', () => {
  it('is exactly what schemas/flow.schema.json generates (run `npm run gen:types` after a schema change)', async () => {
    const committed = readFileSync(FLOW_TYPES_PATH, 'utf8');
    expect(committed).toBe(await generateFlowTypes());
  }, 30_000);
});
