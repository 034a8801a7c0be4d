import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const fixturePath = 'tests/fixtures/flows/valid-flow.json';
const dir = mkdtempSync(join(tmpdir(), 'flow-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `npm run flow:check <file>` the way npm does (tsx), from the repository root. */
function flowCheck(file: string, ...flags: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/flow-check.ts', file, ...flags], {
    cwd: repo,
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('npm run flow:check', () => {
  it('prints a summary and exits 0 for a valid flow', () => {
    const { status, stdout } = flowCheck(fixturePath);
    const [summary, budget] = stdout.trim().split('\n');
    expect(summary).toBe(`✓ ${fixturePath}: 8 screens, no errors`);
    // The share of the first screen's budget the copy takes, measured (gzip of the served part).
    expect(budget).toMatch(
      /^ {2}first-screen budget: the flow's copy takes \d+\.\d KB gzip of \d+\.\d KB \(\d+ %\); its tables and computations \(\d+\.\d KB gzip\) load after the first screen$/,
    );
    expect(status).toBe(0);
  }, 30_000);

  it('prints every issue with file:line:column pointer and exits 1', () => {
    const broken = readFileSync(join(repo, fixturePath), 'utf8')
      .replace('"next": "email"', '"next": "emial"')
      .replace('"Your result, {answers.name}"', '"Your result, {answers.nmae}"');
    const file = join(dir, 'broken.json');
    writeFileSync(file, broken);
    const { status, stderr } = flowCheck(file);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /broken\.json:\d+:\d+ \/screens\/age\/next: unknown screen "emial" — did you mean "email"\?$/,
    );
    expect(lines[1]).toMatch(
      /broken\.json:\d+:\d+ \/screens\/reveal\/content\/0\/text: unknown placeholder "\{answers\.nmae\}"/,
    );
    expect(lines[2]).toMatch(/^✗ .*broken\.json: 2 errors$/);
    expect(status).toBe(1);
  }, 30_000);

  it('prints warnings without failing, and fails on them with --strict', () => {
    const backwards = readFileSync(join(repo, fixturePath), 'utf8').replace(
      '{ "step": 1, "of": 5 }',
      '{ "step": 4, "of": 5 }',
    );
    const file = join(dir, 'backwards.json');
    writeFileSync(file, backwards);
    const relaxed = flowCheck(file);
    expect(relaxed.stderr).toMatch(
      /^warning: .*backwards\.json:\d+:\d+ \/screens\/age\/progress: the progress bar goes back on the main path from \/: 4\/5 on "concerns", then 2\/5 on "age"/m,
    );
    expect(relaxed.stdout.trim()).toMatch(/backwards\.json: 8 screens, no errors, 2 warnings\n.*first-screen budget/);
    expect(relaxed.status).toBe(0);
    const strict = flowCheck(file, '--strict');
    expect(strict.stderr.trim()).toMatch(/✗ .*backwards\.json: 2 warnings$/);
    expect(strict.status).toBe(1);
  }, 30_000);
});
