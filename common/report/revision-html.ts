/**
 * The split by revision on reports/funnel.html: every revision's counts, then the two compared side by
 * side in a table (each change with its 95 % credible interval and P(newer better)), the flow:diff
 * lines between them, and the traffic warning.
 */
import type { ShareDifference } from './revision-compare.ts';
import type { RevisionReport } from './revision-report.ts';
import { isChangedScreen } from './revision-text.ts';

const escape = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const percent = (share: number): string => `${(share * 100).toFixed(1)} %`;
const points = (share: number): string => `${share >= 0 ? '+' : '−'}${Math.abs(share * 100).toFixed(1)} pt`;
const cells = (d: ShareDifference) =>
  `<td>${points(d.difference)}</td><td>${points(d.low)} to ${points(d.high)}</td><td>${Math.round(d.probabilityBetter * 100)} %</td>`;

export function revisionHtml(report: RevisionReport): string {
  const rows = report.revisions
    .map(
      (r) =>
        `<tr><td><code>${escape(r.revision)}</code></td><td>${escape(r.firstDay)}</td><td>${r.sessions}</td><td>${r.leads}</td><td>${percent(r.leadRate)}</td><td>${escape(r.revision === 'unknown' ? 'records from before revisions' : (r.commit?.name ?? 'not found in git'))}</td></tr>`,
    )
    .join('');
  const list = rows
    ? `<div class="scroll"><table id="revisions"><tr><th>revision</th><th>first day</th><th>sessions</th><th>leads</th><th>lead rate</th><th>version</th></tr>${rows}</table></div>`
    : '<p id="revisions">No visits in the period.</p>';
  const c = report.comparison;
  if (!c) return `${list}\n<p>${escape(report.note ?? '')}</p>`;
  const changes =
    'lines' in c.changes
      ? `<pre class="changes">${escape((c.changes.lines.length > 0 ? c.changes.lines : ['no change to the flow files']).join('\n'))}</pre>`
      : `<p class="warning">${escape(c.changes.missing)}</p>`;
  const screens = c.screens
    .map(
      (s) =>
        `<tr${isChangedScreen(c.changes, s.screen) ? ' class="changed"' : ''}><td>${escape(s.screen)}${isChangedScreen(c.changes, s.screen) ? ' ← changed' : ''}</td><td>${s.older.reached}</td><td>${s.newer.reached}</td>${cells(s.reach)}<td>${percent(s.older.dropOff)}</td><td>${percent(s.newer.dropOff)}</td>${cells(s.dropOff)}</tr>`,
    )
    .join('');
  return `${list}
<h3>What changed from <code>${escape(c.older.revision)}</code> to <code>${escape(c.newer.revision)}</code></h3>
${changes}
<p class="verdict">Lead rate ${percent(c.leadRate.older)} (${c.older.leads} of ${c.older.sessions}) → ${percent(c.leadRate.newer)} (${c.newer.leads} of ${c.newer.sessions}): ${points(c.leadRate.difference)}, 95 % credible interval ${points(c.leadRate.low)} to ${points(c.leadRate.high)}, P(newer better) ${Math.round(c.leadRate.probabilityBetter * 100)} %</p>
<div class="scroll"><table id="revision-comparison"><tr><th rowspan="2">screen</th><th colspan="5">reached (sessions; change in the share of sessions)</th><th colspan="5">drop-off (change: lower is better)</th></tr>
<tr><th>older</th><th>newer</th><th>change</th><th>95 % credible interval</th><th>P(newer better)</th><th>older</th><th>newer</th><th>change</th><th>95 % credible interval</th><th>P(newer better)</th></tr>${screens}</table></div>
<p class="${c.mixWarning ? 'warning' : 'check'}">${escape(c.mixWarning ? `⚠ ${c.mixWarning}` : 'The traffic source and language mixes of the two periods are alike; a before/after comparison is still not an experiment: other things may have changed between the periods.')}</p>`;
}
