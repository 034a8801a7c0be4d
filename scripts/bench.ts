/**
 * `npm run bench` (not part of `npm test`: it measures, it never fails on a time). In one run: builds
 * the funnel (enforcing the byte budgets) and a React 19 hello page, then measures side by side
 * Lighthouse mobile per screen kind against the hello page, tap-to-painted on the main path at 4× CPU,
 * the JS loaded before the first question, analyze-face cold and warm, a static request during an
 * analysis, and RPC throughput; writes docs/performance.md (date, machine, tables).
 *
 * Parts: `npm run bench -- --only <part>` runs one part alone (builds, measures, prints its section;
 * docs/performance.md is left as it is). first-tap: the time to a working tap on the first question
 * under applied Slow 4G and Slow 3G beside the hello page's (scripts/bench-first-tap.ts). lighthouse:
 * Lighthouse mobile per screen kind beside the hello page, with the mobile throttling applied (held to
 * the lab targets) and with its default simulated throttling (reported beside it)
 * (scripts/bench-lighthouse.ts). js: the JavaScript requested before the first question answers taps
 * (scripts/bench-taps.ts).
 *
 * Rounds: BENCH_LH_ROUNDS (Lighthouse, default 3), BENCH_TAP_ROUNDS (walks, default 3),
 * BENCH_FIRST_TAP_ROUNDS (cold loads per page and network, default 3),
 * BENCH_COLD_ROUNDS (fresh servers, default 3), BENCH_WARM_ROUNDS (default 10), BENCH_THINK_MS (time
 * on each screen before its tap, default 1000).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { preview } from 'vite';
import { upcomingScreens } from '../src/engine/screen-order.ts';
import { resolveRoute } from '../src/engine/routes.ts';
import { startHarness, repoRoot } from '../tests/e2e/harness.ts';
import { loadFlow } from '../tests/support/load-flow.ts';
import { buildHelloPage } from './bench-hello.ts';
import { lighthouseSection, measureLighthouse, type LighthousePage } from './bench-lighthouse.ts';
import { measureServer, percentile, median } from './bench-server.ts';
import { measureHelloTaps, measureJsBeforeFirstQuestion, measureTaps } from './bench-taps.ts';
import { firstTapSection, measureFirstTap } from './bench-first-tap.ts';

const rounds = (name: string, fallback: number) => Math.max(1, Number(process.env[name] ?? fallback) || fallback);
const LH_ROUNDS = rounds('BENCH_LH_ROUNDS', 3);
const TAP_ROUNDS = rounds('BENCH_TAP_ROUNDS', 3);
const COLD_ROUNDS = rounds('BENCH_COLD_ROUNDS', 3);
const WARM_ROUNDS = rounds('BENCH_WARM_ROUNDS', 10);
const THINK_MS = rounds('BENCH_THINK_MS', 1000);
const FIRST_TAP_ROUNDS = rounds('BENCH_FIRST_TAP_ROUNDS', 3);
const PARTS = ['first-tap', 'lighthouse', 'js'] as const;
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined;
if (only !== undefined && !PARTS.some((part) => part === only))
  throw new Error(`--only takes one of: ${PARTS.join(', ')} (got ${only ?? 'nothing'})`);
const log = (message: string) => console.log(`[bench] ${message}`);

/** One screen per kind to load directly: the first of its kind from the start that needs no stored data. */
function screensPerKind(): { kind: string; id: string; path: string }[] {
  const flow = loadFlow();
  const found = new Map<string, { kind: string; id: string; path: string }>();
  for (const id of upcomingScreens(flow, flow.start)) {
    const screen = flow.screens[id];
    if (!screen || screen.kind === 'not-found' || found.has(screen.kind) || screen.requires || !screen.route) continue;
    found.set(screen.kind, { kind: screen.kind, id, path: resolveRoute(screen.route, flow.settings) });
  }
  found.set('not-found', { kind: 'not-found', id: flow.notFound, path: '/no-such-page' });
  return [...found.values()];
}

const ms = (x: number) => (Number.isFinite(x) ? `${Math.round(x)} ms` : 'n/a');
const mark = (ok: boolean) => (ok ? '✓' : '✗');
/** The first question (where the start screen leads) and its Continue, for the first-tap part. */
function firstQuestionPage(): { route: string; button: string } {
  const flow = loadFlow();
  const start = flow.screens[flow.start];
  const id = start && 'after' in start && start.after.to !== undefined ? start.after.to : flow.start;
  const screen = flow.screens[id];
  const route = screen?.route === undefined ? '/' : resolveRoute(screen.route, flow.settings);
  const button = screen && 'button' in screen && typeof screen.button === 'string' ? screen.button : 'Continue';
  return { route, button };
}

async function main() {
  const started = new Date();
  const load = loadavg().map((l) => l.toFixed(1)).join(' / ');
  log('building the funnel (npm run build, which enforces the byte budgets)');
  const buildOutput = execFileSync('npm', ['run', 'build'], { cwd: repoRoot, encoding: 'utf8' });
  const budgetLines = buildOutput.split('\n').filter((line) => /^[✓✗] /.test(line));
  log('building the React hello page');
  const helloDist = await buildHelloPage(repoRoot);
  const hello = await preview({
    root: join(helloDist, '..'),
    configFile: false,
    build: { outDir: helloDist },
    logLevel: 'error',
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const helloUrl = hello.resolvedUrls?.local[0] ?? '';
  const harness = await startHarness();
  const sections: string[] = [];
  try {
    const lighthousePages: LighthousePage[] = screensPerKind().map((page) => ({
      name: `${page.kind} (\`${page.path}\`)`,
      url: `${harness.baseUrl}${page.path}`,
      expectsNotFound: page.kind === 'not-found',
    }));
    const lighthouse = async () => [
      ...lighthouseSection(await measureLighthouse(helloUrl, lighthousePages, LH_ROUNDS, 'devtools', log)),
      ...lighthouseSection(await measureLighthouse(helloUrl, lighthousePages, LH_ROUNDS, 'simulate', log)),
    ];
    if (only === 'lighthouse') {
      console.log(['', ...(await lighthouse())].join('\n'));
      return;
    }
    if (only === 'js') {
      console.log(['', ...jsSection(await measureJsBeforeFirstQuestion(harness), budgetLines)].join('\n'));
      return;
    }
    log(`first tap under applied throttling (${FIRST_TAP_ROUNDS} cold loads per page and network)`);
    const firstTap = firstTapSection(
      await measureFirstTap({ hello: helloUrl.replace(/\/$/, ''), funnel: harness.baseUrl }, firstQuestionPage(), FIRST_TAP_ROUNDS, log),
      FIRST_TAP_ROUNDS,
    );
    if (only === 'first-tap') {
      console.log(['', ...firstTap].join('\n'));
      return;
    }
    sections.push(...firstTap);
    log('JS before the first question (Chromium)');
    const js = await measureJsBeforeFirstQuestion(harness);
    log(`tap to painted at 4× CPU (${TAP_ROUNDS} walks)`);
    const taps = await measureTaps(harness, TAP_ROUNDS, THINK_MS);
    for (const t of taps) log(`  ${t.from} → ${t.to}: ${ms(t.ms)}`);
    const helloTapMs = await measureHelloTaps(harness.browser, helloUrl, 5 * TAP_ROUNDS, THINK_MS);
    log(`  hello page: ${ms(helloTapMs)}`);
    const lighthouseLines = await lighthouse();
    await harness.stop();
    log(`analyze-face (${COLD_ROUNDS} cold servers, ${WARM_ROUNDS} warm), static during analysis, RPC throughput`);
    const server = await measureServer({ coldRounds: COLD_ROUNDS, warmRounds: WARM_ROUNDS });

    sections.push(...lighthouseLines);
    const tapRows = taps.map(
      (t) =>
        `| ${t.from} → ${t.to} | ${ms(t.ms)} | ${t.waitsForServer ? `waits for the server; the tap's busy state painted at ${ms(t.answeredMs)} ${mark(t.answeredMs <= 50)}` : mark(t.ms <= 50)} |`,
    );
    sections.push(
      `## Tap to painted at 4× CPU (median of ${TAP_ROUNDS} walks of the main path)`,
      '',
      `From the click event to the frame after the next screen’s heading is in the DOM (requestAnimationFrame, then a task), after ${THINK_MS} ms on each screen. Target ≤ 50 ms.`,
      '',
      '| transition | tap to painted | ≤ 50 ms |',
      '|---|---|---|',
      `| React hello page: Continue → next heading (yardstick, median of ${5 * TAP_ROUNDS}) | ${ms(helloTapMs)} | |`,
      ...tapRows,
      '',
    );
    sections.push(...jsSection(js, budgetLines));
    sections.push(
      '## Local server',
      '',
      '| figure | p50 | p95 | max | n |',
      '|---|---|---|---|---|',
      `| analyze-face cold (first request of a fresh server) | ${ms(median(server.coldMs))} | ${ms(percentile(server.coldMs, 95))} | ${ms(Math.max(...server.coldMs))} | ${server.coldMs.length} |`,
      `| analyze-face warm | ${ms(median(server.warmMs))} | ${ms(percentile(server.warmMs, 95))} | ${ms(Math.max(...server.warmMs))} | ${server.warmMs.length} |`,
      `| static request (index.html), idle | ${ms(median(server.staticIdleMs))} | ${ms(percentile(server.staticIdleMs, 95))} | ${ms(Math.max(...server.staticIdleMs))} | ${server.staticIdleMs.length} |`,
      `| static request during an analysis | ${ms(median(server.staticDuringAnalysisMs))} | ${ms(percentile(server.staticDuringAnalysisMs, 95))} | ${ms(Math.max(...server.staticDuringAnalysisMs))} | ${server.staticDuringAnalysisMs.length} |`,
      '',
      `RPC throughput (\`track_step_view\`, 8 concurrent, 10 s): **${server.rpcPerSecond.toFixed(0)} requests/s** (${server.rpcRequests} requests, ${server.rpcFailures} failed).`,
      '',
    );
  } finally {
    await harness.stop().catch(() => undefined);
    await hello.close();
  }

  const lighthouseVersion = String((JSON.parse(readFileSync(join(repoRoot, 'node_modules/lighthouse/package.json'), 'utf8')) as { version?: unknown }).version);
  const header = [
    '# Performance figures',
    '',
    `Measured by \`npm run bench\` on ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    `Machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GB memory, Node ${process.version}; load average at the start ${load} (the machine is shared, so figures move between runs).`,
    `Lighthouse ${lighthouseVersion} (mobile preset: slow 4G and 4× CPU, simulated and applied) in Debian's Chromium; Chromium via playwright-core for taps and bytes.`,
    '',
  ];
  const out = join(repoRoot, 'docs/performance.md');
  writeFileSync(out, [...header, ...sections, ...reportSection(out)].join('\n'));
  log(`wrote ${out}`);
}

function jsSection(js: { bytes: number; files: number }, budgetLines: string[]): string[] {
  return [
    '## JavaScript before the first question',
    '',
    '| measured | gzip | budget |',
    '|---|---|---|',
    `| in Chromium: scripts requested until the first question answers taps (${js.files} files) | ${(js.bytes / 1024).toFixed(1)} KB | ≤ 110 KB ${mark(js.bytes <= 110 * 1024)} |`,
    '',
    'The build (`npm run build`) enforces both budgets:',
    '',
    ...budgetLines.map((line) => `    ${line}`),
    '',
  ];
}

/**
 * The section `npm run bench:report` measured (its table between its markers, and the notes after it
 * up to the next section), kept as it is: this run doesn't measure the report.
 */
function reportSection(file: string): string[] {
  const doc = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const at = doc.indexOf('## The report at scale');
  const end = doc.indexOf('<!-- bench:report end -->', at);
  if (at === -1 || end === -1) return [];
  const next = doc.indexOf('\n## ', end);
  return [doc.slice(at, next === -1 ? undefined : next).trimEnd(), ''];
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
