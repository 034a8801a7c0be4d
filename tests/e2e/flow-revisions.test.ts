/**
 * Issue 44 points 1 and 5 end to end: the skin funnel is committed twice in a scratch git clone, with
 * one headline (the first question) changed between the commits. The first commit holds the shipped
 * files byte for byte, so its build is `dist/` (`npm run build`, the same revision); the second is
 * built into a folder of its own. Both builds are walked at once in Chromium against one local backend
 * database: the step views and the leads carry two revisions, each the content hash of its commit's
 * flow files; and the report shows both revisions, their commits, and the headline change beside
 * their figures.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFlowRevision } from '../../common/flow-revision.ts';
import { htmlReport } from '../../common/report/html-report.ts';
import { readFigures } from '../../common/report/read-figures.ts';
import { terminalReport } from '../../common/report/terminal-report.ts';
import { createLocalBackend, type LocalBackend } from '../../server/local-backend.ts';
import { localFunctions } from '../../server/local-functions.ts';
import { leadFieldsOfFile } from '../../server/flow-lead-fields.ts';
import { loadFlow as loadFullFlow } from '../support/load-flow.ts';
import { loadFlow, repoRoot, startHarness, type Harness } from './harness.ts';
import { walkMainPath } from './main-path-walk.ts';
import { productionBuild } from './production-build.ts';

const OLD_HEADLINE = 'Which changes in your skin concern you most?';
const NEW_HEADLINE = 'What worries you most about your skin?';
const clone = mkdtempSync(join(tmpdir(), 'flow-revisions-'));
const flowPath = join(clone, 'flows/skin-funnel.json');
const shippedDir = join(repoRoot, 'dist');
const changedDir = mkdtempSync(join(tmpdir(), 'flow-revision-b-'));
const revisions: string[] = [];
let backend: LocalBackend;
const harnesses: Harness[] = [];

const git = (...args: string[]) =>
  execFileSync('git', ['-C', clone, '-c', 'user.name=Marketer', '-c', 'user.email=marketer@example.com', ...args], {
    encoding: 'utf8',
  });

beforeAll(async () => {
  mkdirSync(join(clone, 'flows'));
  for (const name of readdirSync(join(repoRoot, 'flows')).filter((file) => file.startsWith('skin-funnel.')))
    copyFileSync(join(repoRoot, 'flows', name), join(clone, 'flows', name));
  git('init', '-q', '-b', 'main');
  git('add', 'flows');
  git('commit', '-q', '-m', 'The skin funnel as it ships');
  revisions.push(await readFlowRevision(flowPath));
  // The shipped build is this commit's build: the same bytes, so the same revision.
  expect(revisions[0]).toBe(await readFlowRevision(join(repoRoot, 'flows/skin-funnel.json')));
  // One headline changed, and the source text of its Spanish translation with it (else it is stale).
  for (const name of ['skin-funnel.json', 'skin-funnel.es.json']) {
    const file = join(clone, 'flows', name);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(`"${OLD_HEADLINE}"`);
    writeFileSync(file, text.replace(`"${OLD_HEADLINE}"`, `"${NEW_HEADLINE}"`));
  }
  git('commit', '-q', '-am', 'A shorter first question');
  revisions.push(await readFlowRevision(flowPath));
  // A production build of the clone's flow file as it is now, as `npm run build` makes it.
  await productionBuild(changedDir, { env: { FLOW: flowPath } });
  const flowFile = join(repoRoot, 'flows/skin-funnel.json');
  backend = createLocalBackend({
    functions: localFunctions(flowFile),
    leadFields: leadFieldsOfFile(flowFile),
    leadWebhooks: { flows: [loadFlow()] },
  });
  for (const outDir of [shippedDir, changedDir]) harnesses.push(await startHarness({ outDir, backend }));
}, 420_000);

afterAll(async () => {
  for (const harness of harnesses) await harness.stop();
  await backend?.close();
  for (const dir of [clone, changedDir]) rmSync(dir, { recursive: true, force: true });
});

describe('a revision on every record, and the report split by revision', () => {
  it('walks both builds, records two revisions, and reports both with the headline change', async () => {
    expect(revisions).toHaveLength(2);
    expect(revisions[0]).toMatch(/^[0-9a-f]{12}$/);
    expect(revisions[1]).toMatch(/^[0-9a-f]{12}$/);
    expect(revisions[0]).not.toBe(revisions[1]);
    // Two visitors at once, one on each build: their timed screens' waits overlap.
    await Promise.all(
      harnesses.map(async (harness, index) => {
        const tp = await harness.open();
        await tp.page.goto(tp.url('/'));
        // Each build shows its own headline.
        await tp.page.getByText(index === 0 ? OLD_HEADLINE : NEW_HEADLINE, { exact: true }).waitFor();
        const taps = await walkMainPath(tp.page);
        expect(taps.length).toBeGreaterThanOrEqual(10);
        await tp.context.close();
      }),
    );
    const rows = <T>(sql: string) => harnesses[0]?.rows<T>(sql) ?? Promise.resolve([]);
    // Every step view and lead of each walk carries its build's revision: two revisions, none unknown.
    await expect
      .poll(async () => rows<{ revision: string }>('select distinct revision from public.quiz_completions where not partial order by 1'), {
        timeout: 20_000,
      })
      .toEqual([...revisions].sort().map((revision) => ({ revision })));
    const views = await rows<{ revision: string; sessions: number }>(
      'select revision, count(distinct session_id)::int as sessions from public.quiz_step_tracking group by revision order by revision',
    );
    expect(views).toEqual([...revisions].sort().map((revision) => ({ revision, sessions: 1 })));
    const journeys = await rows<{ revision: string }>('select distinct revision from public.user_journey_sessions order by 1');
    expect(journeys).toEqual([...revisions].sort().map((revision) => ({ revision })));

    // The report, as `npm run report --flow <clone>/flows/skin-funnel.json` reads it.
    const database = await backend.database();
    const flow = loadFullFlow(readFileSync(flowPath, 'utf8'));
    const figures = await readFigures(async (sql, params) => (await database.query<Record<string, unknown>>(sql, params)).rows, flow, {
      flowPath,
    });
    const { revisions: split } = figures;
    expect(split.revisions.map((r) => [r.revision, r.sessions, r.leads, r.commit?.subject])).toEqual([
      [revisions[0], 1, 1, 'The skin funnel as it ships'],
      [revisions[1], 1, 1, 'A shorter first question'],
    ]);
    expect(split.comparison?.older.revision).toBe(revisions[0]);
    expect(split.comparison?.newer.revision).toBe(revisions[1]);
    const changes = split.comparison && 'lines' in split.comparison.changes ? split.comparison.changes.lines : [];
    expect(changes).toContain(`  skin-concerns /question: "${OLD_HEADLINE}" → "${NEW_HEADLINE}"`);
    const text = terminalReport(figures).join('\n');
    const section = text.slice(text.indexOf('By revision'));
    // The HTML page shows the same: both revisions, and the changed headline above their figures.
    const html = htmlReport(figures, flow);
    expect(section).toContain(`${revisions[0]}  `);
    expect(section).toContain(`${revisions[1]}  `);
    expect(section).toMatch(new RegExp(`What changed from ${revisions[0]} to ${revisions[1]}[^\\n]*\\n[^]*${NEW_HEADLINE}`));
    expect(section).toMatch(/Lead rate: 100\.0 % \(1 of 1\) → 100\.0 % \(1 of 1\)/);
    expect(section).toMatch(/\nskin-concerns\s+1 → 1 .*← changed\n/);
    expect(section).not.toMatch(/\nchange-speed .*← changed/);
    const revisionsAt = html.indexOf('<table id="revisions">');
    const changeAt = html.indexOf(`skin-concerns /question: &quot;${OLD_HEADLINE}&quot; → &quot;${NEW_HEADLINE}&quot;`);
    const figuresAt = html.indexOf('<table id="revision-comparison">');
    expect(revisionsAt).toBeGreaterThan(0);
    expect(html.slice(revisionsAt, changeAt)).toContain(`<code>${revisions[0]}</code>`);
    expect(html.slice(revisionsAt, changeAt)).toContain(`<code>${revisions[1]}</code>`);
    expect(changeAt).toBeGreaterThan(revisionsAt);
    expect(html.lastIndexOf('<pre class="changes">', changeAt)).toBeGreaterThan(revisionsAt);
    expect(figuresAt).toBeGreaterThan(changeAt);
    expect(html.slice(figuresAt)).toMatch(/<tr class="changed"><td>skin-concerns ← changed<\/td><td>1<\/td><td>1<\/td>/);
  }, 300_000);
});
