/**
 * The funnel's events for Google Tag Manager (settings.dataLayer): a tracking port that passes every
 * call on and pushes to `window.dataLayer`:
 *
 * - `funnel_screen_view` for each screen shown;
 * - `funnel_answer` for each answer given since the last screen (the answer's key only, never its value,
 *   which may be personal data);
 * - `funnel_lead` when the lead is saved (no name or email), `funnel_complete` at the final click.
 *
 * Each carries `flow_id`, `flow_version`, `flow_revision` (the build's revision of the flow, when
 * stamped), `variant` (the visitor's experiment variants, when any) and `screen`. With consent 'required' nothing is pushed before the visitor accepts: events wait for the
 * choice, go out in order when she accepts and are dropped when she declines, as the pixel's do.
 */
import type { TrackingPort, VisitorSnapshot } from '../engine/ports.ts';
import { onConsentChoice, readConsent, type ConsentChoice } from './consent.ts';

export type DataLayerEvent = Record<string, unknown> & { event: string };

export interface DataLayerOptions {
  flow: { id: string; version: number; revision?: string };
  consent: 'none' | 'required';
  /** Where the consent choice is remembered (localStorage). */
  choices: Pick<Storage, 'getItem'> | null;
  /** The array GTM reads (window.dataLayer, created when missing). */
  target: () => { push(event: DataLayerEvent): unknown };
  /** The visitor's experiment variants ("<experiment>": "<variant>"), when the app knows them. */
  variants?: () => Record<string, string> | null;
  /** Subscribes to the visitor's consent choice (consent.ts by default). */
  onChoice?: (listener: (choice: ConsentChoice) => void) => void;
}

/** The page's dataLayer array, created as GTM's snippet does when the page has none yet. */
export function windowDataLayer(): { push(event: DataLayerEvent): unknown } {
  const win = window as Window & { dataLayer?: unknown };
  if (!Array.isArray(win.dataLayer)) win.dataLayer = [];
  const layer: unknown = win.dataLayer;
  return { push: (event) => (Array.isArray(layer) ? layer.push(event) : 0) };
}

export function withDataLayer(port: TrackingPort, options: DataLayerOptions): TrackingPort {
  let choice: ConsentChoice | null = options.consent === 'required' ? readConsent(options.choices) : 'granted';
  let waiting: DataLayerEvent[] = [];
  let screen: string | null = null;
  let answered = new Map<string, string>();

  (options.onChoice ?? onConsentChoice)((next) => {
    if (options.consent !== 'required') return;
    choice = next;
    const held = waiting;
    waiting = [];
    if (next === 'granted') held.forEach((event) => options.target().push(event));
  });

  const push = (event: string, extra: Record<string, unknown> = {}) => {
    const variants = options.variants?.() ?? null;
    const entry: DataLayerEvent = {
      event,
      flow_id: options.flow.id,
      flow_version: options.flow.version,
      ...(options.flow.revision ? { flow_revision: options.flow.revision } : {}),
      variant: variants && Object.keys(variants).length > 0 ? variants : null,
      screen,
      ...extra,
    };
    if (choice === 'granted') options.target().push(entry);
    else if (choice === null) waiting.push(entry);
  };

  /** Answers whose value changed since the last look: their keys only. */
  const newAnswers = (visitor: VisitorSnapshot) => {
    const now = new Map(Object.entries(visitor.answers).map(([key, value]) => [key, JSON.stringify(value)]));
    const changed = [...now].filter(([key, value]) => value !== undefined && answered.get(key) !== value).map(([key]) => key);
    answered = now;
    return changed;
  };

  return {
    screenViewed(track, screenId, visitor) {
      for (const answer of newAnswers(visitor)) push('funnel_answer', { answer });
      screen = screenId;
      push('funnel_screen_view');
      port.screenViewed(track, screenId, visitor);
    },
    journeyReached: (step, visitor) => port.journeyReached(step, visitor),
    stepTracked: (step, visitor) => port.stepTracked(step, visitor),
    async saveLead(visitor) {
      for (const answer of newAnswers(visitor)) push('funnel_answer', { answer });
      // Pushed once the backend has the lead (a refused one is no lead), under the screen that sent it.
      const from = screen;
      const saved = await port.saveLead(visitor);
      push('funnel_lead', { lead_id: saved.id, screen: from });
      return saved;
    },
    finalClick(visitor) {
      push('funnel_complete');
      port.finalClick(visitor);
    },
  };
}
