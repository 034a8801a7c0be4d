/**
 * `npm run report [-- --flow flows/x.json] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--compare <old>,<new>] [--demo [--broken-arm]] [--out file] [--refresh-only]`:
 * the funnel report. Per screen (main path and deep-link chains), per experiment variant: the sessions
 * that reached it, that went on, the drop-off and the median time, along the paths sessions took; the
 * conversion to lead and final call to action; each experiment's arms with 95 % credible intervals and
 * the probability of being best; the split by flow revision, the two newest revisions (or --compare's)
 * side by side with what changed between them (from the flow file's git history). Prints a table and
 * writes reports/funnel.html.
 * --refresh-only: only moves final sessions into the aggregates (in batches, progress on stderr) and
 * exits 0, for a systemd timer, cron or a container loop (docs/operators/scheduling.md).
 * Reads DATABASE_URL (Postgres, e.g. Supabase) when set, else a snapshot of .data/local-db; --demo fills
 * a throwaway database with simulated visits instead.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { formatIssue, validateFlowText } from '../src/engine/validation/validate-flow.ts';
import { htmlReport } from '../common/report/html-report.ts';
import { openReportDatabase } from '../common/report/open-report-database.ts';
import { readFigures } from '../common/report/read-figures.ts';
import { flowFile } from '../supabase/functions/_shared/flow-path.ts';
import { terminalReport } from '../common/report/terminal-report.ts';
import { readFieldSpeed } from '../common/field-speed/field-speed-figures.ts';
import { fieldSpeedText } from '../common/field-speed/field-speed-text.ts';
import { leadWebhookLine } from '../common/report/lead-webhook-line.ts';
import { lastRefreshed, progressLine, refreshInBatches } from '../common/report/refresh-batches.ts';

const { values } = parseArgs({
  options: {
    flow: { type: 'string', default: flowFile() },
    from: { type: 'string' },
    to: { type: 'string' },
    compare: { type: 'string' },
    demo: { type: 'boolean', default: false },
    'broken-arm': { type: 'boolean', default: false },
    out: { type: 'string', default: 'reports/funnel.html' },
    'data-dir': { type: 'string', default: '.data/local-db' },
    'refresh-only': { type: 'boolean', default: false },
  },
});

const DAY = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/;
for (const key of ['from', 'to'] as const) {
  const value = values[key];
  if (value !== undefined && (!DAY.test(value) || Number.isNaN(Date.parse(value)))) {
    console.error(`✗ --${key} ${value}: write a day as YYYY-MM-DD`);
    process.exit(2);
  }
}

const REVISIONS = /^([0-9a-f]{12}|unknown),([0-9a-f]{12}|unknown)$/;
const compared = values.compare === undefined ? undefined : REVISIONS.exec(values.compare);
if (compared === null) {
  console.error(
    `✗ --compare ${values.compare}: give two revisions, older first, e.g. --compare 0123456789ab,ba9876543210`,
  );
  process.exit(2);
}

const file = relative(process.cwd(), values.flow) || values.flow;
const { flow, errors } = validateFlowText(readFileSync(values.flow, 'utf8'), { file });
if (!flow) {
  for (const issue of errors) console.error(formatIssue(issue));
  console.error(
    `✗ ${file} has errors (npm run flow:check): the report needs a valid flow to name its screens`,
  );
  process.exit(1);
}

try {
  const database = await openReportDatabase({
    demo: values.demo,
    brokenArm: values['broken-arm'],
    databaseUrl: process.env['DATABASE_URL'],
    dataDir: values['data-dir'],
    flow,
  });
  try {
    // Final sessions move into the per-day aggregates first, in bounded batches with a progress line
    // (a never-refreshed database may hold months of them): the report then reads those and computes
    // only the sessions still live. On Supabase pg_cron also runs it every five minutes.
    // A refresh done in one batch is quick and prints nothing; a backlog prints a line per batch.
    let printing = false;
    const closed = await refreshInBatches(database.query, {
      onProgress: (progress) => {
        printing ||= progress.closed < progress.total;
        if (printing) console.error(progressLine(progress));
      },
    });
    const refreshedAt = await lastRefreshed(database.query);
    if (values['refresh-only']) {
      console.log(`refreshed ${database.source}: ${closed} sessions newly final`);
    } else {
      const figures = await readFigures(database.query, flow, {
        from: values.from,
        to: values.to,
        flowPath: values.flow,
        compare: compared ? [compared[1] ?? '', compared[2] ?? ''] : undefined,
      });
      console.log(
        `Source: ${database.source} (${closed} sessions newly final; aggregates last refreshed ${refreshedAt?.toISOString() ?? 'never'})\n`,
      );
      console.log(terminalReport(figures).join('\n'));
      // Field speed per screen (web-vitals readings from visitors; migration 20261129005000_field_speed.sql).
      const fieldSpeed = await readFieldSpeed(database.query, flow.id, values.from, values.to);
      console.log(`\n${fieldSpeedText(fieldSpeed).join('\n')}`);
      const webhooks = await leadWebhookLine(database.query, (flow.settings.leadSinks ?? []).length > 0);
      if (webhooks) console.log(`\n${webhooks}`);
      mkdirSync(dirname(values.out), { recursive: true });
      writeFileSync(values.out, htmlReport(figures, flow, fieldSpeed));
      console.log(`\nwrote ${values.out}`);
    }
  } finally {
    await database.close();
  }
} catch (cause) {
  console.error(`✗ report: ${cause instanceof Error ? cause.message : String(cause)}`);
  process.exit(1);
}
