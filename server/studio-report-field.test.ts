// @vitest-environment node
/**
 * The studio's /api/report (server/studio-report.ts) carries each screen's field speed: readings sent
 * through public.track_field_speed come back per screen and metric as the p75, its rating and the
 * shares, split by device and connection, with counts and classes only (no session or event id).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDemoVisits } from '../common/report/demo-database.ts';
import { DEMO_PLAN } from '../common/report/demo-visits.ts';
import { loadFlow } from '../tests/support/load-flow.ts';
import { openDatabase } from './database.ts';
import { studioReport } from './studio-report.ts';

const FILE = 'flows/skin-funnel.json';
const text = readFileSync(FILE, 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'studio-field-'));
const dataDir = join(dir, 'local-db');
const sessions = [randomUUID(), randomUUID()];

beforeAll(async () => {
  const flow = loadFlow(text);
  const db = await openDatabase({ dataDir });
  await insertDemoVisits(db, flow, { ...DEMO_PLAN, sessions: 40 });
  const send = (screen: string, metric: string, value: number, device: string, connection: string, session: string) =>
    db.query(
      `select public.track_field_speed(to_jsonb($1::text), to_jsonb($2::text), to_jsonb($3::text), to_jsonb($4::text),
         to_jsonb($5::float8), to_jsonb($6::text), to_jsonb($7::text), to_jsonb($8::text), '"en"', '"unknown"')`,
      [randomUUID(), session, screen, metric, value, device, connection, flow.id],
    );
  // age: 6 mobile taps on 3g at 640 ms (poor), 2 desktop taps on 4g at 90 ms (good); one LCP reading.
  for (let i = 0; i < 6; i++) await send('age', 'INP', 640, 'mobile', '3g', sessions[0] ?? '');
  for (let i = 0; i < 2; i++) await send('age', 'INP', 90, 'desktop', '4g', sessions[1] ?? '');
  await send('age', 'LCP', 3000, 'mobile', '3g', sessions[0] ?? '');
  // Another flow's reading stays out of this one's map.
  await db.query(
    `select public.track_field_speed(to_jsonb($1::text), to_jsonb($2::text), '"intro"', '"CLS"', '0.5', '"mobile"',
       '"4g"', '"other-flow"', '"en"', '"unknown"')`,
    [randomUUID(), randomUUID()],
  );
  await db.close();
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the studio report’s field speed', () => {
  it('gives each screen’s p75, rating and shares, split by device and connection, by name only', async () => {
    const report = await studioReport(text, FILE, dataDir, process.cwd());
    if (!report.available) throw new Error(report.reason);
    expect(Object.keys(report.fieldSpeed)).toEqual(['age']);
    const inp = report.fieldSpeed['age']?.INP;
    expect(inp?.readings).toBe(8);
    expect(inp?.p75Text).toMatch(/^\d{3} ms$/);
    expect(inp?.about).toBe('response to taps: the slowest tap to the next frame (good ≤ 200 ms, poor > 500 ms)');
    expect(inp?.rating).toBe('poor');
    expect(Math.abs((inp?.p75 ?? 0) - 640) / 640).toBeLessThan(0.04);
    expect(inp?.shares).toEqual({ good: 0.25, 'needs-improvement': 0, poor: 0.75 });
    expect(inp?.devices.map((d) => [d.device, d.readings, d.rating])).toEqual([
      ['mobile', 6, 'poor'],
      ['desktop', 2, 'good'],
    ]);
    expect(inp?.connections.map((c) => [c.connection, c.readings, c.rating])).toEqual([
      ['3g', 6, 'poor'],
      ['4g', 2, 'good'],
    ]);
    expect(report.fieldSpeed['age']?.LCP).toMatchObject({ readings: 1, rating: 'needs-improvement' });
    expect(report.fieldSpeed['age']?.CLS).toBeUndefined();
    const json = JSON.stringify(report.fieldSpeed);
    for (const session of sessions) expect(json).not.toContain(session);
    expect(json).not.toMatch(/"(session|event)_?id"/i);
  }, 120_000);
});
