/**
 * A throwaway PGlite database with every migration applied, filled with the demo's simulated visits
 * (`npm run report -- --demo`, in memory: nothing is written to disk).
 */
import type { PGlite } from '@electric-sql/pglite';
import type { Flow } from '../../src/engine/flow.gen.ts';
import { openDatabase } from '../../server/database.ts';
import type { SqlDatabase } from '../../server/sql-database.ts';
import { insertDemoFieldSpeed } from './demo-field-speed.ts';
import { insertDemoPurchases } from './demo-purchases.ts';
import { DEMO_PLAN, simulateVisits, type DemoPlan } from './demo-visits.ts';

/** Inserts a list of rows through one jsonb parameter (fast, and typed by the table's own columns). */
async function insertRows(
  db: SqlDatabase,
  table: string,
  columns: string,
  rows: readonly object[],
  onConflict = '',
): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `insert into public.${table} (${columns}) select ${columns} from jsonb_populate_recordset(null::public.${table}, $1::jsonb) ${onConflict}`,
    [JSON.stringify(rows)],
  );
}

/**
 * A database holding the simulated visits of `plan` over `flow`: in memory, or in the folder
 * `dataDir` (a local database as `npm start` leaves it, for tests of what reads one).
 */
export async function demoDatabase(flow: Flow, plan: DemoPlan = DEMO_PLAN, dataDir?: string): Promise<PGlite> {
  const db = await openDatabase(dataDir === undefined ? {} : { dataDir });
  await insertDemoVisits(db, flow, plan);
  await insertDemoPurchases(db, plan.seed);
  // Field speed of the screens a visitor sees (a redirect paints nothing of its own).
  const shown = Object.entries(flow.screens).filter(([, screen]) => screen.kind !== 'redirect');
  await insertDemoFieldSpeed(db, flow.id, shown.map(([id]) => id));
  // The simulated visits are over: every session moves into the report's per-day aggregates.
  await db.query(`select funnel_report.refresh('2100-01-01')`);
  return db;
}

/** Writes the simulated visits of `plan` over `flow` into any database with the migrations applied. */
export async function insertDemoVisits(db: SqlDatabase, flow: Flow, plan: DemoPlan = DEMO_PLAN): Promise<void> {
  const rows = simulateVisits(flow, plan);
  await insertRows(
    db,
    'quiz_step_tracking',
    'event_id, session_id, step_name, step_number, visited_at, variants, language',
    rows.stepViews.map((row) => ({ ...row, step_number: 1 })),
  );
  await insertRows(
    db,
    'experiment_exposures',
    'event_id, visitor_id, session_id, experiment_id, variant_id, screen, exposed_at',
    rows.exposures,
  );
  await insertRows(db, 'quiz_completions', 'id, session_id, name, email, submitted_at, variants', rows.leads);
  // A saved lead has already opened its session's journey row (a trigger): the demo's row completes it.
  await insertRows(
    db,
    'user_journey_sessions',
    'session_id, clicked_final_cta, variants, utm_source, utm_campaign, user_agent',
    rows.journeys,
    `on conflict (session_id) do update set clicked_final_cta = excluded.clicked_final_cta, variants = excluded.variants,
       utm_source = excluded.utm_source, utm_campaign = excluded.utm_campaign, user_agent = excluded.user_agent`,
  );
}
