import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'flow-languages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(script: string, ...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('flow:translate then flow:check on a flow with a Spanish file', () => {
  it('writes the file, fails while it is untranslated, passes when complete, and names the line:column of a removed string', () => {
    const flow = JSON.parse(readFileSync('tests/fixtures/flows/valid-flow.json', 'utf8')) as Record<
      string,
      unknown
    >;
    flow.languages = { default: 'en', available: ['en', 'es'] };
    const flowPath = join(dir, 'funnel.json');
    writeFileSync(flowPath, JSON.stringify(flow, null, 2));
    const missingFile = run('scripts/flow-check.ts', flowPath);
    expect(missingFile.status).toBe(1);
    expect(missingFile.stderr).toContain('"es" is listed but has no language file');

    expect(run('scripts/flow-translate.ts', flowPath, 'es').status).toBe(0);
    const esPath = join(dir, 'funnel.es.json');
    const untranslated = run('scripts/flow-check.ts', flowPath);
    expect(untranslated.status).toBe(1);
    expect(untranslated.stderr).toMatch(
      /funnel\.es\.json:\d+:\d+ \/texts\/~1screens~1concerns~1question\/es: the es translation of \/screens\/concerns\/question is empty/,
    );

    const file = JSON.parse(readFileSync(esPath, 'utf8')) as {
      texts: Record<string, Record<string, string>>;
    };
    for (const entry of Object.values(file.texts)) entry.es = `¡${entry.en ?? ''}!`;
    writeFileSync(esPath, `${JSON.stringify(file, null, 2)}\n`);
    const complete = run('scripts/flow-check.ts', flowPath, '--strict');
    expect(complete.stderr).toBe('');
    expect(complete.status).toBe(0);
    // Named by its language file, the check is the same: the file with its flow.
    const byLanguageFile = run('scripts/flow-check.ts', esPath, '--strict');
    expect(byLanguageFile.stderr).toBe('');
    expect(byLanguageFile.stdout).toContain('is a language file of');
    expect(byLanguageFile.status).toBe(0);

    const text = readFileSync(esPath, 'utf8');
    const removed = text.replace('"es": "¡What are your main skin concerns?!"', '"es": ""');
    writeFileSync(esPath, removed);
    const line = removed.split('\n').findIndex((l) => l.includes('"es": ""')) + 1;
    for (const named of [flowPath, esPath]) {
      const failed = run('scripts/flow-check.ts', named);
      expect(failed.status).toBe(1);
      expect(failed.stderr).toContain(
        `funnel.es.json:${line}:13 /texts/~1screens~1concerns~1question/es: the es translation`,
      );
    }
  }, 60_000);
});
