import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { batchesOf, duration, runStages, summaryLines, vitestCounts, type Stage } from './test-stages.ts';

const node = (code: string) => (report: string) => [process.execPath, '-e', code, report];
/** A stage that writes a Vitest-shaped JSON report and exits like Vitest would. */
const fakeVitest = (passed: number, failed: number, skipped = 0) =>
  node(
    `require('fs').writeFileSync(process.argv[1], JSON.stringify({ numPassedTests: ${passed}, numFailedTests: ${failed}, numPendingTests: ${skipped}, numTodoTests: 0 })); process.exit(${failed ? 1 : 0});`,
  );

describe('npm test stages', () => {
  it('run every stage, count tests from the Vitest reports and one per other stage, and end on the total', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const stages: Stage[] = [
      { name: 'check', command: node('process.exit(0)') },
      { name: 'types', command: node('process.exit(2)') },
      { name: 'unit', command: fakeVitest(120, 0, 3), vitest: true },
      { name: 'build', command: node('process.exit(0)') },
      { name: 'e2e', command: fakeVitest(18, 2), vitest: true, needs: 'build' },
    ];
    const results = await runStages(stages);
    const seconds = expect.any(Number) as number;
    expect(results).toEqual([
      { name: 'check', passed: 1, failed: 0, skipped: 0, seconds },
      { name: 'types', passed: 0, failed: 1, skipped: 0, seconds },
      { name: 'unit', passed: 120, failed: 0, skipped: 3, seconds },
      { name: 'build', passed: 1, failed: 0, skipped: 0, seconds },
      { name: 'e2e', passed: 18, failed: 2, skipped: 0, seconds },
    ]);
    const lines = summaryLines(
      results.map((result, index) => ({ ...result, seconds: [1.25, 0.5, 412.4, 75, 3601][index] ?? 0 })),
      stages,
    );
    expect(lines.at(-1)).toBe('total: 140 passed, 3 failed');
    expect(lines.at(-2)).toBe('time: 68 min 10 s over all stages (stages run together counted once)');
    expect(lines).toContain('✗ types       0.5 s  failed');
    expect(lines).toContain('✓ unit        412 s  120 passed, 0 failed, 3 skipped');
    expect(lines).toContain('✗ e2e    60 min 1 s  18 passed, 2 failed');
  });

  it('time each stage as it runs', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const [result] = await runStages([{ name: 'wait', command: node('setTimeout(() => process.exit(0), 300)') }]);
    expect(result?.seconds).toBeGreaterThanOrEqual(0.3);
    expect(result?.seconds).toBeLessThan(30);
    expect(log.mock.calls.flat()).toContain(`── wait: ${duration(result?.seconds ?? 0)}`);
    expect([duration(8.24), duration(412.4), duration(472)]).toEqual(['8.2 s', '412 s', '472 s']);
    expect(duration(600)).toBe('10 min 0 s');
  });

  it('skip a stage whose prerequisite failed, counting it as a failure', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const stages: Stage[] = [
      { name: 'build', command: node('process.exit(1)') },
      { name: 'e2e', command: fakeVitest(5, 0), vitest: true, needs: 'build' },
    ];
    const results = await runStages(stages);
    expect(results[1]).toEqual({
      name: 'e2e',
      passed: 0,
      failed: 1,
      skipped: 0,
      note: 'not run: build failed',
      seconds: 0,
    });
    expect(summaryLines(results, stages).at(-1)).toBe('total: 0 passed, 2 failed');
  });

  it('run stages marked together at the same time, show their output whole, and count the batch once in the time', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    // Each prints when it started and when it ended: run together, every one starts before any ends.
    const wait = (name: string, code: number) =>
      node(
        `console.log('out of ${name}', 'from', Date.now()); setTimeout(() => { console.log('to', Date.now()); process.exit(${code}); }, 1000)`,
      );
    const stages: Stage[] = [
      { name: 'first', command: wait('first', 0) },
      { name: 'second', command: wait('second', 3), together: true },
      { name: 'third', command: fakeVitest(4, 0), vitest: true, together: true },
      { name: 'after', command: node('process.exit(0)'), needs: 'second' },
    ];
    expect(batchesOf(stages).map((batch) => batch.map((stage) => stage.name))).toEqual([
      ['first', 'second', 'third'],
      ['after'],
    ]);
    const results = await runStages(stages);
    const printed = log.mock.calls.flat().join('\n');
    const times = (word: string) => [...printed.matchAll(new RegExp(`${word} (\\d+)`, 'g'))].map((m) => Number(m[1]));
    expect(times('from')).toHaveLength(2);
    expect(Math.max(...times('from'))).toBeLessThan(Math.min(...times('to')));
    expect(results.map((r) => [r.name, r.passed, r.failed, r.note])).toEqual([
      ['first', 1, 0, undefined],
      ['second', 0, 1, undefined],
      ['third', 4, 0, undefined],
      ['after', 0, 1, 'not run: second failed'],
    ]);
    expect(printed).toContain('── at the same time: first, second, third');
    expect(printed).toMatch(/── second: \S+ -e [^\n]*\nout of second from \d+\nto \d+\n/);
    const lines = summaryLines(
      results.map((result, index) => ({ ...result, seconds: [2, 5, 3, 1][index] ?? 0 })),
      stages,
    );
    expect(lines.at(-2)).toBe('time: 6.0 s over all stages (stages run together counted once)');
  });

  it('count a Vitest run that fails outside any test (no report, or an error exit) as one failure', () => {
    expect(vitestCounts(undefined, 1)).toMatchObject({ passed: 0, failed: 1 });
    expect(vitestCounts({ numPassedTests: 7, numFailedTests: 0 }, 1)).toMatchObject({ passed: 7, failed: 1 });
    expect(vitestCounts({ numPassedTests: 7, numFailedTests: 0 }, 0)).toEqual({
      passed: 7,
      failed: 0,
      skipped: 0,
    });
  });
});

describe('the stages of npm test', () => {
  it('are every check and test, the end-to-end run after the build, every Vitest run counted by test', async () => {
    const { NPM_TEST_STAGES } = await import('./npm-test-stages.ts');
    const commands = NPM_TEST_STAGES.map((stage) => stage.command('/tmp/report.json').join(' '));
    expect(commands).toEqual([
      'npm run --silent flow:check',
      'npm run --silent typecheck',
      'npm run --silent lint',
      'npx vitest run --reporter=default --reporter=json --outputFile.json=/tmp/report.json',
      'npx vitest run --config vitest.postgres.config.ts --reporter=default --reporter=json --outputFile.json=/tmp/report.json',
      'npm run --silent build',
      'npm run --silent build-storybook',
      'env E2E_GROUP=alone npx vitest run --config vitest.e2e.config.ts --reporter=default --reporter=json --outputFile.json=/tmp/report.json',
      'env E2E_GROUP=shared npx vitest run --config vitest.e2e.config.ts --reporter=default --reporter=json --outputFile.json=/tmp/report.json',
    ]);
    expect(NPM_TEST_STAGES.filter((stage) => stage.vitest).length).toBe(4);
    expect(NPM_TEST_STAGES.slice(-2).map((stage) => stage.needs)).toEqual(['build', 'build']);
    // Nothing that times or counts frames runs beside another stage: only the short checks and builds.
    expect(NPM_TEST_STAGES.filter((stage) => stage.together).map((stage) => stage.name)).toEqual([
      'build',
      'build-storybook',
    ]);
    // The PostgreSQL stage heads the builds' batch.
    expect(NPM_TEST_STAGES[4]?.name).toBe('SQL tests on PostgreSQL');
    const pkg: unknown = JSON.parse(readFileSync(resolve(process.cwd(), 'package.json'), 'utf8'));
    const scripts = pkg && typeof pkg === 'object' && 'scripts' in pkg ? pkg.scripts : undefined;
    expect(scripts && typeof scripts === 'object' && 'test' in scripts ? scripts.test : undefined).toBe(
      'tsx scripts/test-all.ts',
    );
  });
});

describe('the two groups of end-to-end files', () => {
  it('keep alone only files that exist, fewer than the ones that share', async () => {
    const { RUN_ALONE } = await import('../../vitest.e2e.config.ts');
    const files = readdirSync(resolve(process.cwd(), 'tests/e2e'))
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => `tests/e2e/${name}`);
    expect(RUN_ALONE.filter((file) => !files.includes(file))).toEqual([]);
    expect(files.length - RUN_ALONE.length).toBeGreaterThan(RUN_ALONE.length);
  });
});
