/**
 * `npm run mcp` driven as an agent drives it: the SDK's own client over stdio, on a temporary copy of
 * the project's flows/ (nothing is written to the real one). An agent builds a funnel from new_flow and
 * edit_flow only, meets a checker error by its pointer and fixes it; the file then passes
 * `flow:check --strict` (its build is tested in tests/e2e/mcp-build.test.ts). Also: one headline is one
 * line, writes outside flows/ are refused by name, --read-only serves no edit, the report has no PII.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, linkSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_FILE, buildAgentFunnel, startMcp, type McpSession } from '../tests/support/mcp-agent-funnel.ts';
import { readFlowRevision } from '../common/flow-revision.ts';
import { openDatabase } from './database.ts';

const projectDir = resolve(import.meta.dirname, '..');
const root = mkdtempSync(join(tmpdir(), 'mcp-test-'));
cpSync(join(projectDir, 'flows'), join(root, 'flows'), { recursive: true });
let mcp: McpSession;

beforeAll(async () => {
  mcp = await startMcp(projectDir, root);
}, 60_000);
afterAll(async () => {
  await mcp?.close();
  rmSync(root, { recursive: true, force: true });
});

const findingsOf = (data: Record<string, unknown>, key = 'findings') =>
  (Array.isArray(data[key]) ? data[key] : []) as { pointer: string; line: number; column: number; severity: string }[];

describe('npm run mcp, driven by the SDK client', () => {
  it('builds a funnel with a branch, a score and a lead form from new_flow and edit_flow, fixing the error the checker names', async () => {
    const walk = await buildAgentFunnel(mcp);
    expect(walk.created).toMatchObject({ isError: false, data: { clean: true } });

    // The branch to screens not made yet is refused, naming the error by pointer; a draft saves it.
    expect(walk.refused.isError).toBe(true);
    expect(findingsOf(walk.refused.data, 'addedErrors').map((f) => f.pointer)).toContain('/screens/goal/next/0/to');
    expect(walk.draft).toMatchObject({ isError: false, data: { saved: true, clean: false } });
    const error = findingsOf(walk.broken.data).find((f) => f.pointer === '/screens/goal/next/0/to');
    expect(error?.severity).toBe('error');
    const draftLines = walk.broken.text.split('\n');
    expect(draftLines.some((l) => l.startsWith(`${AGENT_FILE}:${error?.line}:${error?.column} /screens/goal/next/0/to: unknown screen "race-pace"`))).toBe(true);

    // Fixed: the check is clean, and flow:check --strict agrees.
    expect(walk.fixed).toMatchObject({ isError: false, data: { saved: true, clean: true } });
    expect(walk.clean).toMatchObject({ isError: false, data: { clean: true, errors: 0, warnings: 0 } });
    const path = join(root, AGENT_FILE);
    const strict = spawnSync(join(projectDir, 'node_modules/.bin/tsx'), ['scripts/flow-check.ts', path, '--strict'], { cwd: projectDir, encoding: 'utf8' });
    expect(strict.status, strict.stderr).toBe(0);

    const flow = JSON.parse(readFileSync(path, 'utf8')) as { screens: Record<string, { kind: string; next?: unknown; fields?: { type: string }[] }>; computations: object };
    const visited = Object.entries(flow.screens).filter(([, s]) => s.kind !== 'not-found');
    expect(visited).toHaveLength(6);
    expect(Array.isArray(flow.screens['goal']?.next)).toBe(true);
    expect(Object.keys(flow.computations)).toEqual(['fitScore']);
    expect(flow.screens['lead']?.fields?.map((f) => f.type)).toEqual(['text', 'email']);

    // What a visitor sees: the computed score for the medium sample (race at 30 km/h: 6 + 30/15 = 8).
    const seen = await mcp.call('describe_screen', { file: AGENT_FILE, screen: 'result', sample: 'medium' });
    expect(seen.text).toContain('heading: 8 / 10');
    const diff = await mcp.call('diff_flow', { file: AGENT_FILE, since: 'save' });
    expect(diff.text).toContain('+ race-pace (slider, /fit/race-pace, progress 3/5)');
  }, 120_000);

  it('changes exactly one line of the file for one headline', async () => {
    const path = join(root, 'flows/skin-funnel.json');
    const before = readFileSync(path, 'utf8').split('\n');
    const reply = await mcp.call('edit_flow', {
      file: 'flows/skin-funnel.json',
      ops: [{ op: 'replace', path: '/screens/cliff-education/content/0/text', value: 'You came to the right place.' }],
    });
    expect(reply.isError, reply.text).toBe(false);
    const after = readFileSync(path, 'utf8').split('\n');
    expect(after).toHaveLength(before.length);
    const changed = after.flatMap((line, i) => (line === before[i] ? [] : [{ line: i + 1, text: line.trim() }]));
    expect(changed).toEqual([{ line: before.findIndex((l) => l.includes("You're in the right place.")) + 1, text: '{ "type": "heading", "text": "You came to the right place." },' }]);
    const read = await mcp.call('read_flow', { file: 'skin-funnel', screen: 'cliff-education' });
    expect(read.text).toContain(`${changed[0]?.line}│         { "type": "heading", "text": "You came to the right place." },`);
  }, 60_000);

  it('refuses, by name, any file outside flows/', async () => {
    const packageJson = readFileSync(join(projectDir, 'package.json'), 'utf8');
    for (const file of ['../package.json', 'flows/../package.json', 'src/app/flow.json', '/etc/passwd', 'flows/x.ts']) {
      const reply = await mcp.call('edit_flow', { file, ops: [{ op: 'add', path: '/x', value: 1 }] });
      expect(reply.isError).toBe(true);
      expect(reply.text).toContain(`refused: "${file}" is not a flow file; this server reads and writes only flows/*.json`);
    }
    expect((await mcp.call('new_flow', { id: '../evil', brand: 'X' })).text).toContain('id "../evil" is not a flow id');
    expect(readFileSync(join(projectDir, 'package.json'), 'utf8')).toBe(packageJson);
  }, 60_000);

  it('serves only the reads with --read-only', async () => {
    const readOnly = await startMcp(projectDir, root, ['--read-only']);
    try {
      const names = (await readOnly.client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(['list_flows', 'read_flow', 'check_flow', 'diff_flow', 'describe_screen', 'report_summary']);
      const before = readFileSync(join(root, 'flows/shoe-finder.json'), 'utf8');
      for (const [name, args] of [
        ['edit_flow', { file: 'flows/shoe-finder.json', ops: [{ op: 'replace', path: '/settings/brand', value: 'X' }] }],
        ['new_flow', { id: 'other', brand: 'X' }],
      ] as const) {
        const refused = await readOnly.call(name, args).then(
          (reply) => reply.isError,
          () => true,
        );
        expect(refused).toBe(true);
      }
      expect(readFileSync(join(root, 'flows/shoe-finder.json'), 'utf8')).toBe(before);
      expect((await readOnly.call('check_flow', { file: 'shoe-finder' })).data).toMatchObject({ errors: 0 });
    } finally {
      await readOnly.close();
    }
  }, 60_000);

  it('checks a flow with its language files: a stale translation is named in its own file, line and pointer', async () => {
    const arabic = join(root, 'flows/shoe-finder.ar.json');
    const original = readFileSync(arabic, 'utf8');
    const clean = await mcp.call('check_flow', { file: 'shoe-finder' });
    expect(clean.data).toMatchObject({ errors: 0 });
    // The English source a translation was made from no longer matches the flow: the translation is stale.
    const stale = original.replace(
      '"en": "We use an ad pixel to see which ads bring runners here.',
      '"en": "We used an ad pixel to see which ads bring runners here.',
    );
    expect(stale).not.toBe(original);
    writeFileSync(arabic, stale);
    try {
      const reply = await mcp.call('check_flow', { file: 'shoe-finder' });
      expect(reply.data).toMatchObject({ clean: false, errors: 1 });
      const findings = findingsOf(reply.data) as { file?: string; pointer: string; line: number; column: number }[];
      expect(findings).toEqual([
        expect.objectContaining({ file: 'flows/shoe-finder.ar.json', pointer: '/texts/~1settings~1consentBanner~1text/en', line: 6 }),
      ]);
      expect(reply.text).toMatch(/^flows\/shoe-finder\.ar\.json:6:\d+ \/texts\/~1settings~1consentBanner~1text\/en: stale translation/m);
      const listed = await mcp.call('list_flows', {});
      expect(listed.text).toMatch(/flows\/shoe-finder\.json: id shoe-finder, \d+ screens, 1 error/);
    } finally {
      writeFileSync(arabic, original);
    }
  }, 60_000);

  it('gives report figures with no email or name in any field', async () => {
    const reply = await mcp.call('report_summary', { file: 'flows/shoe-finder.json', demo: true });
    expect(reply.isError, reply.text).toBe(false);
    expect(reply.data).toMatchObject({ flowId: 'shoe-finder' });
    expect(Number(reply.data['leads'])).toBeGreaterThan(0);
    // The demo shows every fifth visit in Spanish (issue 32: figures per language).
    expect(reply.text).toMatch(/by language: en \d+ sessions, \d+ leads; es \d+ sessions/);
    // Money (issue 45): the demo's simulated purchases, per visitor, with what is not known.
    expect(reply.text).toMatch(/all +\d+ +\d+ +\$[\d,]+\.\d\d +\$\d+\.\d{4}/);
    expect(reply.text).toMatch(/\d+ of \d+ purchases \(\d+ %\) matched to a visit/);
    expect((reply.data['revenue'] as { total: { currency: string }[] }).total.map((t) => t.currency)).toEqual(['USD']);
    const all = JSON.stringify(reply.data) + reply.text;
    // The demo's leads are named "Demo" with emails demo-<n>@example.com.
    expect(all).not.toMatch(/@|example\.com|\bDemo\b/);
    JSON.stringify(reply.data, (key, value: unknown) => {
      expect(key).not.toMatch(/email|name/i);
      return value;
    });
  }, 120_000);

  it('splits the report by revision: the two versions side by side with the question that changed', async () => {
    const files = ['flows/shoe-finder.json', 'flows/shoe-finder.ar.json'].map((file) => join(root, file));
    const originals = files.map((file) => readFileSync(file, 'utf8'));
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', root, '-c', 'user.name=Agent', '-c', 'user.email=agent@example.com', ...args], { encoding: 'utf8' });
    const [older, newer] = ['What distance do you mostly train for?', 'Which race are you training for?'];
    try {
      git('init', '-q');
      git('add', ...files);
      git('commit', '-q', '-m', 'first');
      const a = await readFlowRevision(files[0] ?? '');
      for (const [index, file] of files.entries()) writeFileSync(file, (originals[index] ?? '').replace(`"${older}"`, `"${newer}"`));
      git('commit', '-q', '-am', 'A new first question');
      const b = await readFlowRevision(files[0] ?? '');
      // A local database as `npm start` leaves it: 20 sessions on each revision, 2 then 6 leads.
      const db = await openDatabase({ dataDir: join(root, '.data/local-db') });
      let at = Date.parse('2026-11-01T10:00:00Z');
      for (const [revision, leads] of [[a, 2], [b, 6]] as const)
        for (let i = 0; i < 20; i++) {
          const session = randomUUID();
          for (const step of ['finder_distance', 'finder_weekly']) {
            at += 60_000;
            await db.query(
              `insert into public.quiz_step_tracking (event_id, session_id, step_name, step_number, visited_at, flow_id, revision)
               values ($1, $2, $3, 1, $4, 'shoe-finder', $5)`,
              [randomUUID(), session, step, new Date(at).toISOString(), revision],
            );
          }
          if (i < leads)
            await db.query(
              `insert into public.quiz_completions (id, session_id, name, email, flow_id, revision, submitted_at)
               values ($1, $2, 'Runner', 'runner@example.com', 'shoe-finder', $3, $4)`,
              [randomUUID(), session, revision, new Date(at).toISOString()],
            );
        }
      await db.close();
      const reply = await mcp.call('report_summary', { file: 'flows/shoe-finder.json' });
      expect(reply.isError, reply.text).toBe(false);
      expect(reply.text).toContain(`by revision: ${a} 20 sessions, lead rate 10.0 %; ${b} 20 sessions, lead rate 30.0 %`);
      expect(reply.text).toMatch(new RegExp(`${a} → ${b}: lead rate 10\\.0 % → 30\\.0 % \\(95 % credible interval of the change -?\\d+\\.\\d % to \\d+\\.\\d %, P\\(newer better\\) 9\\d %\\)`));
      expect(reply.text).toContain(`changed:   distance /question: "${older}" → "${newer}"`);
      expect(reply.data['revisions']).toMatchObject({
        revisions: [
          { revision: a, sessions: 20, leads: 2, version: 'commit ' + git('rev-parse', '--short=7', 'HEAD~1').trim() + ' "first"' },
          { revision: b, sessions: 20, leads: 6 },
        ],
        comparison: { older: a, newer: b, mixWarning: null },
      });
      const all = JSON.stringify(reply.data) + reply.text;
      expect(all).not.toMatch(/@|example\.com|Runner/);
    } finally {
      for (const [index, file] of files.entries()) writeFileSync(file, originals[index] ?? '');
      rmSync(join(root, '.git'), { recursive: true, force: true });
      rmSync(join(root, '.data'), { recursive: true, force: true });
    }
  }, 120_000);

  it('offers the schema, the guide and the logic operations as resources', async () => {
    const uris = (await mcp.client.listResources()).resources.map((r) => r.uri).sort();
    expect(uris).toEqual(['flow://docs/editing-flows.md', 'flow://logic-operations', 'flow://schema']);
    const ops = await mcp.client.readResource({ uri: 'flow://logic-operations' });
    const first = ops.contents[0];
    const list = JSON.parse(first && 'text' in first ? first.text : '[]') as { name: string; registered: boolean; example?: string }[];
    expect(list.find((o) => o.name === 'points')).toMatchObject({ registered: true, example: expect.stringContaining('"points"') });
    expect(list.find((o) => o.name === 'var')).toMatchObject({ registered: false });
  }, 60_000);

  it('refuses, by name, a symbolic link planted in flows/ (a flow or a language file), and writes no hard-linked file', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'mcp-outside-'));
    const marker = `outside-${Date.now()}`;
    const secretText = `{ "id": "planted", "marker": "${marker}" }\n`;
    const links = ['flows/planted.json', 'flows/shoe-finder.fr.json', 'flows/hard.json'].map((file) => join(root, file));
    try {
      writeFileSync(join(outside, 'secret.json'), secretText);
      writeFileSync(join(outside, 'hard.json'), readFileSync(join(root, 'flows/shoe-finder.json')));
      symlinkSync(join(outside, 'secret.json'), join(root, 'flows/planted.json'));
      linkSync(join(outside, 'hard.json'), join(root, 'flows/hard.json'));
      const link = 'is a symbolic link; only plain files are read and written here (not links)';

      const list = await mcp.call('list_flows', {});
      expect(list.isError, list.text).toBe(false);
      expect(list.text).not.toContain('planted');
      expect(list.text).not.toContain(marker);
      const read = await mcp.call('read_flow', { file: 'flows/planted.json' });
      expect(read.isError).toBe(true);
      expect(read.text).toContain(`refused: flows/planted.json ${link}`);
      expect(read.text).not.toContain(marker);
      const edit = await mcp.call('edit_flow', { file: 'flows/planted.json', ops: [{ op: 'add', path: '/overwritten', value: true }], draft: true });
      expect(edit.text).toContain(`refused: flows/planted.json ${link}`);
      expect(readFileSync(join(outside, 'secret.json'), 'utf8')).toBe(secretText);
      const hard = await mcp.call('edit_flow', { file: 'flows/hard.json', ops: [{ op: 'add', path: '/overwritten', value: true }], draft: true });
      expect(hard.text).toContain('refused: flows/hard.json is a hard link to another file');
      expect(readFileSync(join(outside, 'hard.json'), 'utf8')).not.toContain('overwritten');

      // A language file beside a real flow is read for its check: a link there is refused too.
      symlinkSync(join(outside, 'secret.json'), join(root, 'flows/shoe-finder.fr.json'));
      const check = await mcp.call('check_flow', { file: 'shoe-finder' });
      expect(check.text).toContain(`refused: flows/shoe-finder.fr.json ${link}`);
      expect(check.text).not.toContain(marker);
      expect(existsSync(join(outside, 'secret.json'))).toBe(true);
    } finally {
      for (const file of links) rmSync(file, { force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  }, 60_000);
});
