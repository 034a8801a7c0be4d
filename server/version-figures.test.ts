import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFlow } from '../src/engine/flow-edit/check-flow.ts';
import { versionFigures } from './version-figures.ts';

describe('versionFigures', () => {
  it('returns no figures and says why when there is no local database (never an estimate)', async () => {
    const file = 'flows/skin-funnel.json';
    const flow = checkFlow(readFileSync(join(import.meta.dirname, '..', file), 'utf8'), { file }).flow;
    if (!flow) throw new Error('the skin funnel does not pass the checker');
    const result = await versionFigures(join(import.meta.dirname, 'no-such-database'), flow, ['0123456789ab']);
    expect(result.figures.size).toBe(0);
    expect(result.note).toMatch(/No local database/);
  });
});
