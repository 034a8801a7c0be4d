/**
 * Simulated visits for `npm run report -- --demo`: sessions walk the flow's own graph (from the start, or
 * from a deep-link entry), each screen losing a stated share of them, with an occasional Back, and one
 * experiment whose variant truly keeps more visitors on the screen it changes. The rows are written
 * into the same tables the browser's RPCs fill, so the report's SQL reads them like real data.
 */
import { assignExperiments } from '../../src/engine/assign-experiments.ts';
import { pickVariant } from '../../src/engine/experiment-assignment.ts';
import { exposureScreens } from '../../src/engine/exposure-screens.ts';
import type { Flow, Screen } from '../../src/engine/flow.gen.ts';
import { transitions } from '../../src/engine/validation/graph-check.ts';
import { normal, seededRandom, type Random } from './seeded-random.ts';

export interface DemoPlan {
  sessions: number;
  seed: number;
  /** Share of the visitors that reach a screen and leave there, for screens not listed below. */
  dropOff: number;
  /** Stated drop-off per screen id. */
  dropOffByScreen: Record<string, number>;
  /** Drop-off of the experiment's changed screens, per variant id (the known true difference). */
  dropOffByVariant: Record<string, number>;
  /** Share of sessions that land on a deep-link entry screen instead of the start. */
  deepLinkShare: number;
  /** Chance of pressing Back on a screen (then walking on from the previous screen). */
  backShare: number;
  /** Median seconds on a screen (log-normal spread). */
  medianSeconds: number;
  /** Share of each listed variant's sessions whose rows are lost (broken tracking in an arm). */
  lostTracking?: Record<string, number>;
}

export const DEMO_PLAN: DemoPlan = {
  sessions: 4000,
  seed: 2026,
  dropOff: 0.06,
  dropOffByScreen: { 'photo-analysis': 0.2, 'email-capture': 0.25 },
  dropOffByVariant: { control: 0.3, 'tipping-point': 0.2 },
  deepLinkShare: 0.15,
  backShare: 0.03,
  medianSeconds: 7,
};

/** A run whose "tipping-point" arm loses a quarter of its sessions' tracking: the report must flag SRM. */
export const DEMO_BROKEN_PLAN: DemoPlan = {
  ...DEMO_PLAN,
  sessions: 2000,
  seed: 2027,
  lostTracking: { 'tipping-point': 0.25 },
};

export interface DemoRows {
  stepViews: {
    event_id: string;
    session_id: string;
    step_name: string;
    visited_at: string;
    variants: unknown;
    /** The visit's language (issue 32): every fifth session in Spanish. */
    language: string;
  }[];
  exposures: {
    event_id: string;
    visitor_id: string;
    session_id: string;
    experiment_id: string;
    variant_id: string;
    screen: string;
    exposed_at: string;
  }[];
  leads: {
    id: string;
    session_id: string;
    name: string;
    email: string;
    submitted_at: string;
    variants: unknown;
  }[];
  journeys: {
    session_id: string;
    clicked_final_cta: boolean;
    variants: unknown;
    utm_source: string | null;
    utm_campaign: string | null;
    user_agent: string;
  }[];
}

function uuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = '89ab'[Math.floor(random() * 4)] ?? '8';
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const stepOf = (screen: Screen): string | undefined => ('track' in screen ? screen.track?.step : undefined);
const savesLead = (screen: Screen): boolean => JSON.stringify(screen).includes('"saveLead"');
export const clicksFinal = (screen: Screen): boolean =>
  ('track' in screen && screen.track?.journey === 'final_cta_clicked') ||
  JSON.stringify(screen).includes('"recordFinalClick"');

/** Where a visitor goes on from a screen: one of its next/after targets, at random. */
function nextOf(id: string, screen: Screen, random: Random): string | undefined {
  const ways = transitions(id, screen).filter((t) => t.via !== 'otherwise');
  return ways[Math.floor(random() * ways.length)]?.to;
}

const SOURCES = [
  { utm_source: 'facebook', utm_campaign: 'spring-launch' },
  { utm_source: 'facebook', utm_campaign: 'retargeting' },
  { utm_source: 'google', utm_campaign: 'brand' },
  { utm_source: null, utm_campaign: null },
];
const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36',
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36',
];

/** A session's traffic source and device, by its number (not drawn, so the walks stay as seeded). */
function trafficOf(n: number) {
  return {
    ...(SOURCES[n % SOURCES.length] ?? { utm_source: null, utm_campaign: null }),
    user_agent: AGENTS[Math.floor(n / 3) % AGENTS.length] ?? '',
  };
}

/** The rows of `plan.sessions` simulated sessions over `flow` (deterministic for a seed). */
export function simulateVisits(
  flow: Flow,
  plan: DemoPlan = DEMO_PLAN,
  now = new Date('2026-12-01T09:00:00Z'),
): DemoRows {
  const random = seededRandom(plan.seed);
  const rows: DemoRows = { stepViews: [], exposures: [], leads: [], journeys: [] };
  const entries = Object.entries(flow.screens)
    .filter(([, screen]) => 'entry' in screen && screen.entry === true && stepOf(screen) !== undefined)
    .map(([id]) => id);
  // Patching and reading a flow per session would be slow: each variant's flow is built once.
  const byArms = new Map<string, ReturnType<typeof assignExperiments>>();
  const leadScreens = new Set(
    Object.entries(flow.screens)
      .filter(([, s]) => savesLead(s))
      .map(([id]) => id),
  );
  const finalScreens = new Set(
    Object.entries(flow.screens)
      .filter(([, s]) => clicksFinal(s))
      .map(([id]) => id),
  );
  for (let n = 0; n < plan.sessions; n++) {
    const session = uuid(random);
    const arms = (flow.experiments ?? []).map((e) => `${e.id}:${pickVariant(e, session)?.id ?? ''}`);
    const key = arms.join(' ');
    const cached =
      byArms.get(key) ??
      assignExperiments(
        flow,
        session,
        now,
        new Map(arms.map((a) => [a.split(':')[0] ?? '', a.split(':')[1] ?? ''])),
      );
    byArms.set(key, cached);
    const seen = cached.flow;
    const assignments = cached.assignments.map((a) => {
      const definition = flow.experiments?.find((e) => e.id === a.experiment);
      return { ...a, override: false, screens: definition ? exposureScreens(definition).screens : [] };
    });
    const variants = Object.fromEntries(
      assignments.map((a) => [a.experiment, { variant: a.variant, override: false }]),
    );
    const lost = plan.lostTracking;
    if (lost && assignments.some((a) => random() < (lost[a.variant] ?? 0))) continue;
    const exposed = new Set<string>();
    let time = now.getTime() + n * 60_000;
    const deepLink = random() < plan.deepLinkShare && entries.length > 0;
    let id: string | undefined = deepLink ? entries[Math.floor(random() * entries.length)] : seen.start;
    const trail: string[] = [];
    let lead = false;
    let final = false;
    for (let hops = 0; id !== undefined && hops < 60; hops++) {
      const screen: Screen | undefined = seen.screens[id];
      if (!screen) break;
      const step = stepOf(screen);
      if (finalScreens.has(id)) final = true;
      if (step !== undefined) {
        rows.stepViews.push({
          event_id: uuid(random),
          session_id: session,
          step_name: step,
          visited_at: new Date(time).toISOString(),
          variants,
          language: n % 5 === 4 ? 'es' : 'en',
        });
        for (const a of assignments)
          if (a.screens.includes(id) && !exposed.has(a.experiment)) {
            exposed.add(a.experiment);
            rows.exposures.push({
              event_id: uuid(random),
              visitor_id: session,
              session_id: session,
              experiment_id: a.experiment,
              variant_id: a.variant,
              screen: id,
              exposed_at: new Date(time).toISOString(),
            });
          }
        const changed = assignments.find((a) => a.screens.includes(id ?? ''));
        const drop = changed
          ? (plan.dropOffByVariant[changed.variant] ?? plan.dropOff)
          : (plan.dropOffByScreen[id] ?? plan.dropOff);
        if (random() < drop) break;
        time += plan.medianSeconds * 1000 * Math.exp(0.5 * normal(random));
        const previous = trail.at(-1);
        if (previous !== undefined && random() < plan.backShare) {
          trail.pop();
          id = previous;
          continue;
        }
        trail.push(id);
      }
      if (leadScreens.has(id)) lead = true;
      id = nextOf(id, screen, random);
    }
    if (lead)
      rows.leads.push({
        id: uuid(random),
        session_id: session,
        name: 'Demo',
        email: `demo-${n}@example.com`,
        submitted_at: new Date(time).toISOString(),
        variants,
      });
    // The server keeps a final click only for a session that saved its lead (issue 28).
    rows.journeys.push({ session_id: session, clicked_final_cta: final && lead, variants, ...trafficOf(n) });
  }
  return rows;
}
