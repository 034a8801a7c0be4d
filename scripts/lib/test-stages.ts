/**
 * `npm test` as stages (flow check, types, lint, unit tests, build, Storybook build, end-to-end tests),
 * each run even when an earlier one failed (unless it needs it), then one summary: a line per stage and
 * a last line `total: N passed, M failed` over every test and check. Vitest stages are counted test by
 * test from their JSON report; every other stage counts as one check. Short stages marked `together`
 * run at the same time as the stage before them, their output held and shown whole as each ends.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Stage {
  name: string;
  /** The command; a Vitest stage gets the path its JSON report must be written to. */
  command: (jsonReport: string) => string[];
  /** A Vitest run: count its tests from the JSON report instead of counting the stage as one check. */
  vitest?: boolean;
  /** A stage that must have passed first, in an earlier batch (the end-to-end tests need the build). */
  needs?: string;
  /** Runs at the same time as the stage before it (short stages that don't time anything). */
  together?: boolean;
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

/** The stages in batches: a stage and the `together` stages right after it. */
export function batchesOf<T extends Pick<Stage, 'together'>>(stages: readonly T[]): T[][] {
  const batches: T[][] = [];
  for (const stage of stages) {
    const last = batches.at(-1);
    if (stage.together && last) last.push(stage);
    else batches.push([stage]);
  }
  return batches;
}

interface Ran {
  exitCode: number | null;
  seconds: number;
  /** The output, when it was held (a stage run beside others). */
  output?: string;
}

/** Runs one command; its output goes straight through, or is held when `hold` is set. */
function run(command: string, args: string[], cwd: string | undefined, hold: boolean): Promise<Ran> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    const end = (exitCode: number | null, error?: Error): void =>
      done({
        exitCode,
        seconds: (performance.now() - started) / 1000,
        output: hold ? Buffer.concat(chunks).toString('utf8') + (error ? `${error.message}\n` : '') : undefined,
      });
    child.on('error', (error) => end(1, error));
    child.on('close', (code) => end(code));
  });
}

/** Runs the stages batch by batch with their output shown; returns what each gave, in stage order. */
export async function runStages(
  stages: readonly Stage[],
  options: { cwd?: string } = {},
): Promise<StageResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'npm-test-'));
  const results: StageResult[] = [];
  try {
    for (const batch of batchesOf(stages)) {
      const hold = batch.length > 1;
      if (hold) console.log(`\n── at the same time: ${batch.map((stage) => stage.name).join(', ')}`);
      const ran = await Promise.all(
        batch.map(async (stage, index): Promise<StageResult> => {
          const needed = stage.needs === undefined ? undefined : results.find((r) => r.name === stage.needs);
          if (needed && needed.failed > 0)
            return { name: stage.name, passed: 0, failed: 1, skipped: 0, note: `not run: ${stage.needs} failed`, seconds: 0 };
          const report = join(dir, `${results.length + index}.json`);
          const [command = 'true', ...args] = stage.command(report);
          const header = `\n── ${stage.name}: ${[command, ...args].join(' ')}`;
          if (!hold) console.log(header);
          const { exitCode, seconds, output } = await run(command, args, options.cwd, hold);
          if (hold) console.log(`${header}\n${output ?? ''}`);
          console.log(`── ${stage.name}: ${duration(seconds)}`);
          if (stage.vitest) return { name: stage.name, ...vitestCounts(readReport(report), exitCode), seconds };
          const passed = exitCode === 0 ? 1 : 0;
          return { name: stage.name, passed, failed: 1 - passed, skipped: 0, seconds };
        }),
      );
      results.push(...ran);
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
  // A batch takes as long as its longest stage.
  const byName = new Map(results.map((r) => [r.name, r.seconds]));
  const seconds = batchesOf(stages).reduce(
    (sum, batch) => sum + Math.max(0, ...batch.map((stage) => byName.get(stage.name) ?? 0)),
    0,
  );
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  return [
    '',
    '── summary (time, then tests, and one check per other stage)',
    ...lines,
    `time: ${duration(seconds)} over all stages (stages run together counted once)`,
    `total: ${passed} passed, ${failed} failed`,
  ];
}
