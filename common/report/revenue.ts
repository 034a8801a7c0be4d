/**
 * Money in the report (issue 45): purchases, revenue net of refunds, revenue per visitor and average
 * order value, overall and per source, campaign, device, language, experiment arm and flow revision,
 * each currency apart (never summed), from the per-day aggregate funnel_report.day_revenue (migration
 * 20261129003010_report_revenue.sql). Visitors per value come from the figures the report already has.
 * Amounts are in minor units; `money` formats them with Intl in the purchase currency.
 */
import type { Query } from './query.ts';

export type RevenueDimension = 'utm_source' | 'utm_campaign' | 'device' | 'language' | 'revision' | 'arm';
export const REVENUE_DIMENSIONS: readonly RevenueDimension[] = ['utm_source', 'utm_campaign', 'device', 'language', 'revision', 'arm'];

export interface RevenueRow {
  value: string;
  currency: string;
  sessions: number;
  purchases: number;
  refunds: number;
  /** Minor units: bought, and net of refunds. */
  gross: number;
  net: number;
  /** Minor units per session (net / sessions), 0 without sessions. */
  perVisitor: number;
  /** Minor units per purchase (gross / purchases), 0 without purchases. */
  averageOrder: number;
}

export interface RevenueFigures {
  /** One row per currency, value ''. */
  total: RevenueRow[];
  by: { dimension: RevenueDimension; rows: RevenueRow[] }[];
  /** What is known and what is not. */
  truth: { purchases: number; matched: number; unmatchedNet: { currency: string; net: number }[]; newestAt: string | null };
}

/** Sessions per value of each dimension (and '' for all), from the figures read beside these. */
export type SessionCounts = (dimension: RevenueDimension | 'total', value: string) => number;

const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0));

function row(value: string, currency: string, sessions: number, r: Record<string, unknown>): RevenueRow {
  const purchases = num(r['purchases']);
  const gross = num(r['gross']);
  const net = gross - num(r['refunded']);
  return {
    value, currency, sessions, purchases, refunds: num(r['refunds']), gross, net,
    perVisitor: sessions > 0 ? net / sessions : 0,
    averageOrder: purchases > 0 ? gross / purchases : 0,
  };
}

export async function readRevenue(
  query: Query,
  flowId: string,
  options: { from?: string | undefined; to?: string | undefined },
  sessions: SessionCounts,
): Promise<RevenueFigures> {
  await query('select funnel_report.refresh_revenue()', []);
  const by = (dimension: RevenueDimension | 'total') =>
    query('select * from funnel_report.revenue_by($1, $2, $3, $4)', [dimension, options.from ?? null, options.to ?? null, flowId]);
  const totals = await by('total');
  const matched = totals.filter((r) => r['matched'] === true);
  const unmatched = totals.filter((r) => r['matched'] !== true);
  const count = (rows: Record<string, unknown>[]) => rows.reduce((sum, r) => sum + num(r['purchases']), 0);
  const newest = totals.map((r) => r['newest_at']).filter((v) => v !== null && v !== undefined).map((v) => new Date(String(v)).toISOString()).sort().at(-1);
  const result: RevenueFigures = {
    total: matched.map((r) => row('', String(r['currency']), sessions('total', ''), r)),
    by: [],
    truth: {
      purchases: count(totals),
      matched: count(matched),
      unmatchedNet: unmatched.map((r) => ({ currency: String(r['currency']), net: num(r['gross']) - num(r['refunded']) })),
      newestAt: newest ?? null,
    },
  };
  for (const dimension of REVENUE_DIMENSIONS) {
    const rows = (await by(dimension)).filter((r) => r['matched'] === true);
    result.by.push({
      dimension,
      rows: rows.map((r) => row(String(r['value']), String(r['currency']), sessions(dimension, String(r['value'])), r)),
    });
  }
  return result;
}

/** `minor` minor units of `currency`, formatted by Intl (e.g. $12.35, ¥1,235). */
export function money(minor: number, currency: string, locale = 'en-US'): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

/** Revenue per visitor keeps two more digits than the currency (a few cents per visitor matter). */
export function perVisitorMoney(minor: number, currency: string): string {
  const plain = new Intl.NumberFormat('en-US', { style: 'currency', currency });
  const digits = plain.resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: digits + 2, maximumFractionDigits: digits + 2 }).format(minor / 10 ** digits);
}

const LABELS: Record<RevenueDimension, string> = {
  utm_source: 'source', utm_campaign: 'campaign', device: 'device', language: 'language', revision: 'revision', arm: 'experiment:arm',
};

function table(title: string, rows: RevenueRow[]): string[] {
  if (rows.length === 0) return [];
  const width = Math.max(title.length, ...rows.map((r) => r.value.length));
  const cells = (r: RevenueRow) => [
    String(r.sessions), String(r.purchases), money(r.net, r.currency), perVisitorMoney(r.perVisitor, r.currency), money(r.averageOrder, r.currency),
  ];
  const widths = [8, 9, 12, 14, 10].map((w, i) => Math.max(w, ...rows.map((r) => cells(r)[i]?.length ?? 0)));
  const line = (label: string, values: string[]) => `${label.padEnd(width)}  ${values.map((v, i) => v.padStart(widths[i] ?? 0)).join('  ')}`;
  return [
    line(title, ['sessions', 'purchases', 'net revenue', 'per visitor', 'AOV']),
    ...rows.map((r) => line(`${r.value || 'all'} ${rows.some((o) => o.currency !== r.currency) ? `(${r.currency})` : ''}`.trim(), cells(r))),
  ];
}

/** The money section as lines of text, with what is and is not known. */
export function revenueLines(figures: RevenueFigures, now = new Date()): string[] {
  const { truth } = figures;
  if (truth.purchases === 0) return ['Revenue: no purchases reported in this period (point the shop at /functions/v1/purchases).'];
  const share = Math.round((truth.matched / truth.purchases) * 100);
  const age = truth.newestAt ? Math.max(0, Math.round((now.getTime() - Date.parse(truth.newestAt)) / 60_000)) : null;
  return [
    'Revenue (net of refunds; each currency apart)',
    ...table('all sessions', figures.total),
    ...figures.by.flatMap(({ dimension, rows }) => ['', ...table(`by ${LABELS[dimension]}`, rows)]),
    '',
    `${truth.matched} of ${truth.purchases} purchases (${share} %) matched to a visit; ` +
      (truth.unmatchedNet.length > 0
        ? `unmatched: ${truth.unmatchedNet.map((u) => money(u.net, u.currency)).join(', ')} (counted, not in the figures above).`
        : 'none unmatched.'),
    `Revenue arrives later than leads: the newest purchase came in ${age === null ? 'at an unknown time' : age < 120 ? `${age} min ago` : `${Math.round(age / 60)} h ago`}; recent visits may still buy.`,
    'A visitor who buys on another device than the funnel (no client_reference_id, another email) stays unmatched.',
  ];
}
