/**
 * The report overlay's state: off, or on with the local database's figures per screen of the open
 * flow, or on with why there are none (no database, no visits yet). Fetched when turned on.
 */
import { useCallback, useState } from 'react';
import { fetchReport, type MapReport } from './studio-api.ts';

export type MapReportState = { on: false } | { on: true; report: MapReport | undefined; error?: string };

export function useMapReport(file: string): { state: MapReportState; toggle: () => void } {
  const [state, setState] = useState<MapReportState>({ on: false });
  const toggle = useCallback(() => {
    if (state.on) return setState({ on: false });
    setState({ on: true, report: undefined });
    fetchReport(file).then(
      (report) => setState((s) => (s.on ? { on: true, report } : s)),
      (cause: unknown) => setState((s) => (s.on ? { on: true, report: undefined, error: cause instanceof Error ? cause.message : String(cause) } : s)),
    );
  }, [state.on, file]);
  return { state, toggle };
}

/** Minor units in the currency's own format (Intl); `extra` more digits for a per-visitor figure. */
function money(minor: number, currency: string, extra = 0): string {
  const digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const shown = digits + extra;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: shown, maximumFractionDigits: shown }).format(minor / 10 ** digits);
}

/** The overlay's line in words: loading, the reason there are no figures, or where they come from. */
export function reportStatus(state: MapReportState): string | undefined {
  if (!state.on) return undefined;
  if (state.error !== undefined) return `The report could not be read: ${state.error}`;
  if (state.report === undefined) return 'Reading the report from the local database…';
  if (!state.report.available) return state.report.reason;
  const line =
    `Report on the map: ${state.report.sessions} sessions, from ${state.report.source} (the saved file's screens).` +
    (state.report.revenue ?? []).map((r) => ` Revenue (${r.currency}): ${r.purchases} purchase${r.purchases === 1 ? '' : 's'}, ${money(r.net, r.currency)} net, ${money(r.perVisitor, r.currency, 2)} per visitor.`).join('');
  const change = state.report.revisionChange;
  if (!change) return line;
  const rate = (share: number) => `${(share * 100).toFixed(1)} %`;
  return (
    `${line} Revision ${change.older} → ${change.newer}: lead rate ${rate(change.leadRate.older)} → ${rate(change.leadRate.newer)}, ` +
    `P(newer better) ${Math.round(change.leadRate.probabilityBetter * 100)} % (npm run report shows each screen).` +
    (change.mixWarning ? ` ⚠ ${change.mixWarning}` : '')
  );
}
