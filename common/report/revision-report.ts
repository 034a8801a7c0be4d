/**
 * The report's split by revision (issue 44 point 5): every revision with visits in the period, in
 * sequence, and the two newest side by side (or the two asked for) with the `flow:diff` lines that
 * changed between them and the traffic warning. Read inside the report's held live remainder.
 */
import type { Flow } from '../../src/engine/flow.gen.ts';
import type { Query, ReportOptions } from './query.ts';
import { compareRevisions, type RevisionComparison } from './revision-compare.ts';
import { figuresByRevision, mixByRevision, wholeDays, type RevisionFigures } from './revision-figures.ts';
import { flowVersions, historyIndex, revisionChanges, versionName, type FlowVersion } from './revision-history.ts';

export interface RevisionEntry extends RevisionFigures {
  /** The commit it was found in (its newest), with its date and subject; null: not found in git. */
  commit: { hash: string | null; date: string | null; subject: string | null; name: string } | null;
}

export interface RevisionReport {
  /** Every revision with sessions in the period, oldest first (`unknown`: records from before revisions). */
  revisions: RevisionEntry[];
  comparison: (RevisionComparison & { changes: { lines: string[] } | { missing: string } }) | null;
  /** Why there is no comparison (or no split at all), in words; null when there is one. */
  note: string | null;
}

/** Oldest first: by position in the git history when both are in it, else by their first and last day. */
function inSequence(entries: RevisionEntry[], versions: readonly FlowVersion[]): RevisionEntry[] {
  return [...entries].sort((a, b) => {
    const [ia, ib] = [historyIndex(versions, a.revision), historyIndex(versions, b.revision)];
    if (a.revision === 'unknown' || b.revision === 'unknown') return a.revision === 'unknown' ? -1 : 1;
    if (ia !== undefined && ib !== undefined && ia !== ib) return ib - ia;
    return a.firstDay.localeCompare(b.firstDay) || a.lastDay.localeCompare(b.lastDay) || a.revision.localeCompare(b.revision);
  });
}

export async function revisionReport(
  query: Query,
  flow: Flow,
  options: ReportOptions = {},
): Promise<RevisionReport> {
  if (!wholeDays(options))
    return { revisions: [], comparison: null, note: 'the split by revision reads whole UTC days: give --from and --to as YYYY-MM-DD' };
  const figures = await figuresByRevision(query, flow, options);
  // The history is read only when some visit carries a revision to look up.
  const stampedAny = figures.some((figure) => figure.revision !== 'unknown');
  const versions = options.flowPath && stampedAny ? await flowVersions(options.flowPath) : [];
  const entries = inSequence(
    figures.map((figure) => {
      const version = versions.find((v) => v.revision === figure.revision);
      return {
        ...figure,
        commit: version ? { hash: version.commit, date: version.date, subject: version.subject, name: versionName(version) } : null,
      };
    }),
    versions,
  );
  const stamped = entries.filter((entry) => entry.revision !== 'unknown');
  const [olderId, newerId] = options.compare ?? [stamped.at(-2)?.revision, stamped.at(-1)?.revision];
  const older = entries.find((entry) => entry.revision === olderId);
  const newer = entries.find((entry) => entry.revision === newerId);
  if (!older || !newer || olderId === newerId) {
    const note = options.compare
      ? `no comparison: ${options.compare.filter((id) => !entries.some((entry) => entry.revision === id)).join(' and ') || 'the same revision twice'} had no visits in the period`
      : `no comparison: ${stamped.length === 0 ? 'no visit carries a revision yet' : 'only one revision has visits'} in the period`;
    return { revisions: entries, comparison: null, note };
  }
  const mixes = await mixByRevision(query, flow, options);
  const file = options.flowPath ?? `the flow "${flow.id}"`;
  return {
    revisions: entries,
    comparison: {
      ...compareRevisions(older, newer, mixes),
      changes: options.flowPath
        ? revisionChanges(versions, older.revision, newer.revision, file)
        : { missing: 'the flow file was not given, so its git history was not read: the changes are not shown' },
    },
    note: null,
  };
}
