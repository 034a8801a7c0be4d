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
function flowCheck(file: string) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/flow-check.ts', file], {
    cwd: repo,
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('npm run flow:check', () => {
  it('prints a summary and exits 0 for a valid flow', () => {
    const { status, stdout } = flowCheck(fixturePath);
    expect(stdout.trim()).toBe(`✓ ${fixturePath}: 8 screens, no errors`);
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
});
