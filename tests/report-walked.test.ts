/**
 * `npm run report` on a database walked through the browser's own RPCs (as anon): sessions on the main
 * path, one pressing Back, one on a deep-link chain, one saving its lead and ending at the final call to
 * action. The
 * printed figures follow each session's real sequence of views, never the flow's screen order.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/database.ts';
import { sqlKit } from '../server/sql-test-kit.ts';

const dir = mkdtempSync(join(tmpdir(), 'report-walked-'));
const dataDir = join(dir, 'db');
const out = join(dir, 'funnel.html');
let stdout = '';

// The RPCs accept times within the last 30 days.
const T0 = Date.now() - 3_600_000;
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

/** Each session: its step views as [step name, seconds after T0]. */
const SESSIONS: Record<string, [string, number][]> = {
  main: [
    ['quiz_skin_issues', 0],
    ['quiz_change_speed', 10],
    ['quiz_age', 20],
    ['cliff_education', 30],
    ['analysis_bridge', 40],
  ],
  back: [
    ['quiz_skin_issues', 100],
    ['quiz_change_speed', 105],
    ['quiz_skin_issues', 108],
    ['quiz_change_speed', 112],
    ['quiz_age', 120],
  ],
  deepLink: [
    ['quiz_other_symptoms', 200],
    ['quiz_treatments', 206],
    ['quiz_calculating', 212],
    ['quiz_hrt', 216],
    ['photo_upload_page', 230],
  ],
  leftAtOnce: [['quiz_skin_issues', 300]],
  finished: [['reversal_protocol', 400]],
  // Another flow's session, with a step name this flow also has: left out of this flow's report.
  otherFlow: [
    ['quiz_skin_issues', 500],
    ['quiz_change_speed', 510],
  ],
};

beforeAll(async () => {
  const db = await openDatabase({ dataDir });
  const { rpc } = sqlKit(() => db);
  for (const [name, views] of Object.entries(SESSIONS)) {
    const session_id = randomUUID();
    for (const [step_name, seconds] of views)
      await rpc('track_step_view', {
        event_id: randomUUID(),
        session_id,
        step_name,
        step_number: 1,
        visited_at: at(seconds),
        flow_id: name === 'otherFlow' ? 'shoe-finder' : 'skin-funnel',
      });
    if (name === 'main')
      await rpc('track_exposure', {
        event_id: randomUUID(),
        visitor_id: randomUUID(),
        session_id,
        experiment: 'cliff-headline',
        variant: 'tipping-point',
        screen: 'cliff-education',
        exposed_at: at(30),
      });
    // The server counts a final click only for a session that saved its lead (issue 28).
    if (name === 'finished') {
      await rpc('save_quiz_completion', { id: randomUUID(), session_id, name: 'Ann Lee', email: 'ann@example.com' });
      await rpc('track_journey_step', { session_id, step: 'final_cta_clicked' });
    }
  }
  await db.close();
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/report.ts', '--data-dir', dataDir, '--out', out],
    {
      encoding: 'utf8',
    },
  );
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  stdout = run.stdout;
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Expects the printed row of a screen: reached, continued, drop-off, median time. A median comes from
 * the aggregates' time buckets (within 2.5 % + 0.5 s of the exact one, see the report's README
 * section): a median cell `~N s` accepts any printed time that close to N.
 */
function expectRow(text: string, screen: string, ...cells: string[]): void {
  const approx = /^~([\d.]+) s$/.exec(cells.at(-1) ?? '');
  if (!approx) {
    expect(text).toMatch(new RegExp(`^${screen}\\s+${cells.join('\\s+')}$`, 'm'));
    return;
  }
  const line = new RegExp(`^${screen}\\s+${cells.slice(0, -1).join('\\s+')}\\s+([\\d.]+) s$`, 'm').exec(text);
  expect(line, `${screen}: ${cells.join(' ')}`).not.toBeNull();
  const exact = Number(approx[1]);
  expect(Math.abs(Number(line?.[1]) - exact)).toBeLessThanOrEqual(exact * 0.025 + 0.5);
}

describe('npm run report on a walked database', () => {
  it('prints the main path along the paths taken, Back included', () => {
    const all = stdout.slice(stdout.indexOf('All sessions'), stdout.indexOf('Experiment "'));
    expect(all).toContain('5 sessions · lead 1 (20.0 %) · final call to action 1 (20.0 %)');
    // Reached by main, back and leftAtOnce; main and back went on. Times to the next view: 10, 5, 4 s.
    expectRow(all, 'skin-concerns', '3', '2', '33.3 %', '~5.0 s');
    // Times 10 (main), 3 and 8 (back, before and after going back).
    expectRow(all, 'change-speed', '2', '2', '0.0 %', '~8.0 s');
    expectRow(all, 'age', '2', '1', '50.0 %', '~10.0 s');
    expectRow(all, 'analysis-bridge', '1', '0', '100.0 %', '–');
    expectRow(all, 'photo-analysis', '1', '0', '100.0 %', '–');
    // The last screen before the final call to action counts as continued.
    expectRow(all, 'reversal-protocol', '1', '1', '0.0 %', '–');
  });

  it('prints the deep-link chain', () => {
    const chains = stdout.slice(stdout.indexOf('Deep-link chains'));
    expectRow(chains, 'other-symptoms', '1', '1', '0.0 %', '~6.0 s');
    expectRow(chains, 'calculating', '1', '1', '0.0 %', '~4.0 s');
    expectRow(chains, 'hrt-question', '1', '1', '0.0 %', '~14.0 s');
  });

  it('shows the experiment without a verdict on too little data, and writes the page', () => {
    expect(stdout).toMatch(/^tipping-point\s+1\s+0\s+0\.0 %/m);
    expect(stdout).toContain(
      '→ not enough data yet: control has 0, tipping-point has 0 of the 10 goal events each arm needs',
    );
    expect(existsSync(out)).toBe(true);
  });
});
