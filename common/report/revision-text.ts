/**
 * The split by revision in words, for the terminal report and its HTML page: every revision's sessions
 * and lead rate, then the two compared side by side with what changed between them.
 */
import type { ShareDifference } from './revision-compare.ts';
import type { RevisionReport } from './revision-report.ts';

const percent = (share: number): string => `${(share * 100).toFixed(1)} %`;
const points = (share: number): string => `${share >= 0 ? '+' : '−'}${Math.abs(share * 100).toFixed(1)} pt`;
const pad = (value: string | number, width: number) => String(value).padStart(width);

/** "−3.1 pt (95 % CI −6.0 – −0.2 pt), P(newer better) 98 %". */
export function differenceText(difference: ShareDifference): string {
  return `${points(difference.difference)} (95 % credible interval ${points(difference.low)} to ${points(difference.high)}), P(newer better) ${Math.round(difference.probabilityBetter * 100)} %`;
}

/** Whether the changes between the revisions name the screen (its copy, options, place, ...). */
export function isChangedScreen(changes: { lines: string[] } | { missing: string }, screen: string): boolean {
  if (!('lines' in changes)) return false;
  return changes.lines
    .map((line) => line.trim())
    .some((line) => line.startsWith(`${screen} `) || line.includes(`screen ${screen} `) || line.includes(`/screens/${screen}/`));
}

/** The revisions table: one line per revision, oldest first. */
export function revisionTable(report: RevisionReport): string[] {
  if (report.revisions.length === 0) return [`By revision: ${report.note ?? 'no visits'}`];
  const head = `${'By revision'.padEnd(14)}  ${'first day'.padEnd(10)}  ${pad('sessions', 8)}  ${pad('leads', 6)}  ${pad('lead rate', 9)}  version`;
  return [
    head,
    '─'.repeat(head.length + 20),
    ...report.revisions.map(
      (r) =>
        `${r.revision.padEnd(14)}  ${r.firstDay.padEnd(10)}  ${pad(r.sessions, 8)}  ${pad(r.leads, 6)}  ${pad(percent(r.leadRate), 9)}  ${
          r.revision === 'unknown' ? 'records from before revisions' : (r.commit?.name ?? 'not found in git')
        }`,
    ),
  ];
}

/** The comparison of the two revisions: what changed, the lead rate, then each screen side by side. */
export function comparisonLines(report: RevisionReport): string[] {
  const comparison = report.comparison;
  if (!comparison) return report.note ? [`→ ${report.note}`] : [];
  const { older, newer } = comparison;
  const lines = [`What changed from ${older.revision} to ${newer.revision} (older → newer):`];
  if ('lines' in comparison.changes)
    lines.push(...(comparison.changes.lines.length > 0 ? comparison.changes.lines.map((line) => `  ${line}`) : ['  no change to the flow files']));
  else lines.push(`  ${comparison.changes.missing}`);
  lines.push(
    '',
    `Lead rate: ${percent(comparison.leadRate.older)} (${older.leads} of ${older.sessions}) → ${percent(comparison.leadRate.newer)} (${newer.leads} of ${newer.sessions}): ${differenceText(comparison.leadRate)}`,
  );
  if (comparison.screens.length > 0) {
    const width = Math.max('Screen'.length, ...comparison.screens.map((s) => s.screen.length));
    const change = (d: ShareDifference) => `${points(d.difference)} (${points(d.low)} to ${points(d.high)}) P ${Math.round(d.probabilityBetter * 100)} %`;
    const head = `${'Screen'.padEnd(width)}  ${pad('reached', 13)}  ${pad('reach change, 95 % CI, P(newer better)', 44)}  ${pad('drop-off', 17)}  ${pad('drop-off change, 95 % CI, P(newer better)', 44)}`;
    lines.push('', head, '─'.repeat(head.length));
    const isChanged = (screen: string) => isChangedScreen(comparison.changes, screen);
    for (const s of comparison.screens)
      lines.push(
        `${s.screen.padEnd(width)}  ${pad(`${s.older.reached} → ${s.newer.reached}`, 13)}  ${pad(change(s.reach), 44)}  ${pad(`${percent(s.older.dropOff)} → ${percent(s.newer.dropOff)}`, 17)}  ${pad(change(s.dropOff), 44)}${isChanged(s.screen) ? '  ← changed' : ''}`,
      );
    lines.push(
      '  (reach: the share of the revision\'s sessions that reached the screen; drop-off: of those, the share that went no further; Beta(1 + count, 1 + rest) posteriors per revision; newer better: a higher reach or lead rate, a lower drop-off; ← changed: a screen the changes above name)',
    );
  }
  lines.push(
    '',
    comparison.mixWarning
      ? `⚠ ${comparison.mixWarning}`
      : 'Traffic source and language mixes of the two periods are alike (total variation distance ≤ 10 %); a before/after comparison is still not an experiment: other things may have changed between the periods.',
  );
  return lines;
}

/** The whole section. */
export function revisionLines(report: RevisionReport): string[] {
  return [...revisionTable(report), '', ...comparisonLines(report)];
}
