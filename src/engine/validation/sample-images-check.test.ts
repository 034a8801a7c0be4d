import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { validateFlowText } from './validate-flow.ts';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const FILE = 'tests/fixtures/flows/valid-flow.json';
const fixture = readFileSync(join(repo, FILE), 'utf8');
const resultKeys = ['confidenceScore', 'hormonalLabel', 'skinAge'];
const dir = mkdtempSync(join(tmpdir(), 'sample-images-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ORIGINAL = '"content": [{ "type": "heading", "text": "Your result, {answers.name}" }]';

/** The fixture's reveal screen with an image block (and a before/after pair) added to its content. */
function withImages(sample: boolean): string {
  const flag = sample ? ', "sample": true' : '';
  const blocks = [
    '{ "type": "heading", "text": "Your result, {answers.name}" }',
    `{ "type": "image", "image": { "src": "/uploads/doctor.svg", "alt": "Our expert"${flag} } }`,
    `{ "type": "before-after", "before": { "src": "/uploads/before-1.svg", "alt": "Before"${flag} }, "after": { "src": "/uploads/lumera-mark.svg", "alt": "After" } }`,
  ];
  expect(fixture.split(ORIGINAL)).toHaveLength(2);
  return fixture.replace(ORIGINAL, `"content": [\n        ${blocks.join(',\n        ')}\n      ]`);
}

describe('sample images', () => {
  it('warn once per placeholder, at its "sample" flag with line:column, and never block', () => {
    const text = withImages(true);
    const { flow, errors, warnings } = validateFlowText(text, { file: FILE, resultKeys });
    expect(errors).toEqual([]);
    expect(flow).not.toBeNull();
    expect(warnings.map((w) => w.pointer)).toEqual([
      '/screens/reveal/content/1/image/sample',
      '/screens/reveal/content/2/before/sample',
    ]);
    const lines = text.split('\n');
    const first = warnings[0];
    expect(lines[(first?.line ?? 0) - 1]).toContain('/uploads/doctor.svg');
    expect(first?.message).toMatch(/"\/uploads\/doctor\.svg" is a sample image/);
    expect(first?.hint).toMatch(/remove "sample": true/);
  });

  it('say nothing about real images', () => {
    const { errors, warnings } = validateFlowText(withImages(false), { file: FILE, resultKeys });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('make `flow:check --strict` fail, and plain `flow:check` pass with the warning printed', () => {
    const file = join(dir, 'samples.json');
    writeFileSync(file, withImages(true));
    const run = (...flags: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/flow-check.ts', file, ...flags], {
        cwd: repo,
        encoding: 'utf8',
      });
    const relaxed = run();
    expect(relaxed.status).toBe(0);
    expect(relaxed.stdout + relaxed.stderr).toMatch(
      /warning: .*samples\.json:\d+:\d+ \/screens\/reveal\/content\/1\/image\/sample: /,
    );
    const strict = run('--strict');
    expect(strict.status).toBe(1);
    expect(strict.stderr).toMatch(/samples\.json: 2 warnings$/m);
  }, 30_000);
});
