/**
 * The report by language (issue 32 point 4, migration 20261127005100_report_language.sql): sessions
 * written through the RPCs in two languages, with different figures, are counted per language by
 * conversions_by and shown by the terminal report's "By language" table.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFigures } from '../common/report/read-figures.ts';
import { segmentTable } from '../common/report/terminal-report.ts';
import { loadFlow } from '../tests/support/load-flow.ts';
import type { SqlDatabase } from './sql-database.ts';
import { openTestDatabase } from './test-database.ts';
import { sqlKit } from './sql-test-kit.ts';

let db: SqlDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await db.close();
});

const { rpc, read } = sqlKit(() => db);

/** One visit in `language` (none: an older page) over `steps`, with a lead when `lead`. */
async function visit(flow: string, language: string | undefined, steps: string[], lead: boolean): Promise<void> {
  const session = randomUUID();
  for (const [index, step] of steps.entries())
    await rpc('track_step_view', {
      event_id: randomUUID(),
      session_id: session,
      step_name: step,
      step_number: index + 1,
      flow_id: flow,
      visited_at: new Date(Date.UTC(2026, 10, 20, 10, 0, index * 20)).toISOString(),
      language,
    });
  if (lead)
    await rpc('save_quiz_completion', {
      id: randomUUID(),
      session_id: session,
      name: 'Ana',
      email: 'ana@example.com',
      answers: {},
      flow_id: flow,
      flow_version: 1,
      language,
    });
}

describe('the report by language', () => {
  it('counts sessions, leads and rates per language', async () => {
    const json = JSON.parse(readFileSync('flows/shoe-finder.json', 'utf8')) as { id: string };
    json.id = `language-check-${randomUUID().slice(0, 8)}`;
    const flow = loadFlow(JSON.stringify(json));
    // Spanish: 3 sessions, 2 leads. Arabic: 2 sessions, no lead. One older page without a language.
    await visit(flow.id, 'es', ['finder_distance', 'finder_weekly'], true);
    await visit(flow.id, 'es', ['finder_distance', 'finder_weekly'], true);
    await visit(flow.id, 'es', ['finder_distance'], false);
    await visit(flow.id, 'ar', ['finder_distance'], false);
    await visit(flow.id, 'ar', ['finder_distance', 'finder_weekly'], false);
    await visit(flow.id, undefined, ['finder_distance'], false);

    const rows = await read(
      `select value, sessions, leads from funnel_report.conversions_by('language', p_flow => $1)`,
      [flow.id],
    );
    expect(rows).toEqual([
      { value: 'es', sessions: 3, leads: 2 },
      { value: 'ar', sessions: 2, leads: 0 },
      { value: '(none)', sessions: 1, leads: 0 },
    ]);

    const query = async (sql: string, params: unknown[]) =>
      (await db.query<Record<string, unknown>>(sql, params)).rows;
    const figures = await readFigures(query, flow);
    const byLanguage = figures.segments.find((segment) => segment.dimension === 'language');
    if (!byLanguage) throw new Error('the figures have no language segment');
    const table = segmentTable(byLanguage).join('\n');
    expect(table).toMatch(/^By language\s+sessions\s+leads\s+lead rate/);
    expect(table).toMatch(/\nes\s+3\s+2\s+66.7 %/);
    expect(table).toMatch(/\nar\s+2\s+0\s+0.0 %/);
  });
});
