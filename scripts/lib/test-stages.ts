/**
 * `npm test` as stages (flow check, types, lint, unit tests, build, Storybook build, end-to-end tests),
 * each run even when an earlier one failed (unless it needs it), then one summary: a line per stage and
 * a last line `total: N passed, M failed` over every test and check. Vitest stages are counted test by
 * test from their JSON report; every other stage counts as one check.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Stage {
  name: string;
  /** The command; a Vitest stage gets the path its JSON report must be written to. */
  command: (jsonReport: string) => string[];
  /** A Vitest run: count its tests from the JSON report instead of counting the stage as one check. */
  vitest?: boolean;
  /** A stage that must have passed first (the end-to-end tests need the build). */
  needs?: string;
}

export interface StageResult {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  /** Why it didn't run, or what went wrong outside the counted tests. */
  note?: string;
  /** How long the stage ran, in seconds (0 when it didn't run). */
  seconds: number;
}

/** Counts of a Vitest JSON report; a run that failed outside any test counts one failure. */
export function vitestCounts(report: unknown, exitCode: number | null): Omit<StageResult, 'name' | 'seconds'> {
  const count = (key: string): number => {
    const value =
      report && typeof report === 'object' && key in report ? Reflect.get(report, key) : undefined;
    return typeof value === 'number' ? value : 0;
  };
  const passed = count('numPassedTests');
  const failed = count('numFailedTests');
  const skipped = count('numPendingTests') + count('numTodoTests');
  if (failed === 0 && (exitCode !== 0 || report === undefined))
    return { passed, failed: 1, skipped, note: 'failed outside the tests (see its output above)' };
  return { passed, failed, skipped };
}

function readReport(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Runs the stages in order with their output shown as it comes; returns what each gave. */
export function runStages(stages: readonly Stage[], options: { cwd?: string } = {}): StageResult[] {
  const dir = mkdtempSync(join(tmpdir(), 'npm-test-'));
  const results: StageResult[] = [];
  try {
    for (const stage of stages) {
      const needed = stage.needs === undefined ? undefined : results.find((r) => r.name === stage.needs);
      if (needed && needed.failed > 0) {
        results.push({
          name: stage.name,
          passed: 0,
          failed: 1,
          skipped: 0,
          note: `not run: ${stage.needs} failed`,
          seconds: 0,
        });
        continue;
      }
      const report = join(dir, `${results.length}.json`);
      const [command = 'true', ...args] = stage.command(report);
      console.log(`\n── ${stage.name}: ${[command, ...args].join(' ')}`);
      const started = performance.now();
      const run = spawnSync(command, args, { cwd: options.cwd, stdio: 'inherit' });
      const seconds = (performance.now() - started) / 1000;
      const exitCode = run.error ? 1 : run.status;
      if (stage.vitest) results.push({ name: stage.name, ...vitestCounts(readReport(report), exitCode), seconds });
      else
        results.push({
          name: stage.name,
          passed: exitCode === 0 ? 1 : 0,
          failed: exitCode === 0 ? 0 : 1,
          skipped: 0,
          seconds,
        });
      console.log(`── ${stage.name}: ${duration(seconds)}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

/** A stage's time as people read it: `8.2 s`, `412 s`, `7 min 52 s`. */
export function duration(seconds: number): string {
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  if (whole < 600) return `${whole} s`;
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

/** The summary lines: each stage with its time; the last is `total: N passed, M failed`. */
export function summaryLines(results: readonly StageResult[], stages: readonly Stage[]): string[] {
  const width = Math.max(...results.map((r) => r.name.length));
  const lines = results.map((r) => {
    const isVitest = stages.find((s) => s.name === r.name)?.vitest === true;
    const counts = isVitest
      ? `${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`
      : r.failed
        ? 'failed'
        : 'passed';
    return `${r.failed ? '✗' : '✓'} ${r.name.padEnd(width)}  ${duration(r.seconds).padStart(10)}  ${counts}${r.note ? ` (${r.note})` : ''}`;
  });
  const seconds = results.reduce((sum, r) => sum + r.seconds, 0);
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  return [
    '',
    '── summary (time, then tests, and one check per other stage)',
    ...lines,
    `time: ${duration(seconds)} over all stages`,
    `total: ${passed} passed, ${failed} failed`,
  ];
}
