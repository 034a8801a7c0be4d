/**
 * reports/funnel.html: one self-contained page (it opens offline, from a file or an attachment) with a
 * drop-off chart per variant, drawn by Chart.js inlined from node_modules, the experiments' verdicts,
 * and the flow map as an SVG annotated with each screen's counts.
 */
import { REVENUE_METHOD, revenueVerdictLines } from './revenue-bayes.ts';
import { revenueLines } from './revenue.ts';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Flow } from '../../src/engine/flow.gen.ts';
import { flowMapSvg } from './flow-map-svg.ts';
import type { ArmFigures, FunnelFigures } from './read-figures.ts';
import { percent, sampleRatioLines, segmentTable, terminalReport } from './terminal-report.ts';
import { revisionHtml } from './revision-html.ts';
import type { FieldSpeedFigure } from '../field-speed/field-speed-figures.ts';
import { FIELD_SPEED_CSS, fieldSpeedHtml } from '../field-speed/field-speed-html.ts';

const require = createRequire(import.meta.url);

/** Chart.js's UMD build, made safe to sit inside a <script> element. */
function chartLibrary(): string {
  // The package's exports hide the UMD build's path; it sits beside the CommonJS entry.
  const source = readFileSync(join(dirname(require.resolve('chart.js')), 'chart.umd.min.js'), 'utf8');
  return source.replaceAll('</script', '<\\/script');
}

const escape = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** JSON for a <script> element (no way to close it from inside the data). */
const scriptJson = (value: unknown): string => JSON.stringify(value).replaceAll('<', '\\u003c');

interface ChartData {
  id: string;
  title: string;
  labels: string[];
  reached: number[];
  dropOff: number[];
}

function chartOf(arm: ArmFigures, id: string, title: string): ChartData {
  const shown = arm.mainPath.filter((screen) => screen.reached > 0);
  return {
    id,
    title,
    labels: shown.map((screen) => screen.screen),
    reached: shown.map((screen) => screen.reached),
    dropOff: shown.map((screen) => Math.round(screen.dropOff * 1000) / 10),
  };
}

const DRAW = `
for (const chart of JSON.parse(document.getElementById('chart-data').textContent)) {
  new Chart(document.getElementById(chart.id), {
    data: {
      labels: chart.labels,
      datasets: [
        { type: 'bar', label: 'sessions that reached the screen', data: chart.reached, backgroundColor: '#7c9cc9', yAxisID: 'y' },
        { type: 'line', label: 'drop-off %', data: chart.dropOff, borderColor: '#c0392b', backgroundColor: '#c0392b', yAxisID: 'drop' },
      ],
    },
    options: {
      animation: false,
      responsive: false,
      plugins: { title: { display: true, text: chart.title } },
      scales: {
        y: { beginAtZero: true, title: { display: true, text: 'sessions' } },
        drop: { position: 'right', beginAtZero: true, max: 100, grid: { drawOnChartArea: false }, title: { display: true, text: 'drop-off %' } },
      },
    },
  });
}
document.body.dataset.charts = 'drawn';
`;

/** The page's HTML; `fieldSpeed`: the visitors' field speed per screen (common/field-speed). */
export function htmlReport(figures: FunnelFigures, flow: Flow, fieldSpeed: readonly FieldSpeedFigure[] = []): string {
  const charts: ChartData[] = [chartOf(figures.overall, 'chart-all', 'All sessions: main path')];
  for (const { experiment, arms } of figures.experiments)
    arms.forEach((arm) =>
      charts.push(
        chartOf(arm, `chart-${experiment.id}-${arm.arm}`, `${experiment.id}: variant "${arm.arm}"`),
      ),
    );
  const verdicts = figures.experiments.map((figure) => {
    const { experiment, goal, verdict } = figure;
    if (figure.revenueVerdict) {
      const money = figure.revenueVerdict;
      const won = figure.sampleRatio.flagged ? 'no winner: sample-ratio mismatch' : (money.notEnoughData ?? (money.winner ? `winner on revenue per visitor: ${money.winner}` : 'no winner yet'));
      return `<h3>Experiment ${escape(experiment.id)} <small>(goal: ${escape(goal)})</small></h3>
<pre>${escape([...revenueVerdictLines(money), ...sampleRatioLines(figure)].join('\n'))}</pre>
<p class="verdict">${escape(won)}</p><p class="check">${escape(REVENUE_METHOD)}</p>`;
    }
    const rows = verdict.arms
      .map(
        (arm) =>
          `<tr><td>${escape(arm.arm)}</td><td>${arm.sessions}</td><td>${arm.goals}</td><td>${percent(arm.rate)}</td><td>${percent(arm.low)} – ${percent(arm.high)}</td><td>${percent(arm.probabilityBest)}</td><td>${percent(arm.risk)}</td></tr>`,
      )
      .join('');
    const outcome = figure.sampleRatio.flagged
      ? 'no winner: sample-ratio mismatch'
      : (verdict.notEnoughData ?? (verdict.winner ? `winner: ${verdict.winner}` : 'no winner yet'));
    const checks = sampleRatioLines(figure);
    return `<h3>Experiment ${escape(experiment.id)} <small>(goal: ${escape(goal)})</small></h3>
<div class="scroll"><table><tr><th>arm</th><th>exposed</th><th>goals</th><th>rate</th><th>95 % credible interval</th><th>P(best)</th><th>risk</th></tr>${rows}</table></div>
${checks.map((line) => `<p class="${line.startsWith('⚠') ? 'warning' : 'check'}">${escape(line)}</p>`).join('')}
<p class="verdict">${escape(outcome)}</p>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Funnel report: ${escape(figures.flowId)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; }
table { border-collapse: collapse; margin: 8px 0; } td, th { border: 1px solid #ccc; padding: 3px 8px; text-align: right; }
td:first-child, th:first-child { text-align: left; } .verdict { font-weight: bold; } .warning { color: #b00020; font-weight: bold; }
.scroll { overflow-x: auto; } #revisions td:last-child { text-align: left; } pre.changes { white-space: pre-wrap; } tr.changed td { background: #fff6d6; } code { font-size: 13px; }
canvas { display: block; margin: 12px 0; border: 1px solid #eee; } pre { background: #f6f6f6; padding: 12px; overflow: auto; }
@media (max-width: 480px) { body { margin: 12px; } }${FIELD_SPEED_CSS}</style></head>
<body>
<h1>Funnel report: ${escape(figures.flowId)}</h1>
<h2>Drop-off per variant</h2>
${charts.map((chart) => `<div class="scroll"><canvas id="${escape(chart.id)}" width="960" height="360" aria-label="${escape(chart.title)}"></canvas></div>`).join('\n')}
<h2>Field speed per screen</h2>
${fieldSpeedHtml(fieldSpeed, Object.keys(flow.screens))}
<h2>Conversion by source, device and language</h2>
${figures.segments.map((segment) => `<pre>${escape(segmentTable(segment).join('\n'))}</pre>`).join('\n')}
<h2>Revenue</h2>
<pre>${escape((figures.revenue ? revenueLines(figures.revenue) : []).join('\n'))}</pre>
<h2>By revision: what did my change do?</h2>
${revisionHtml(figures.revisions)}
<h2>Experiments</h2>
${verdicts.join('\n') || '<p>This flow declares no experiments.</p>'}
<h2>Flow map (all sessions)</h2>
<div class="scroll">${flowMapSvg(flow, figures.overall)}</div>
<h2>Every figure</h2>
<pre>${escape(terminalReport(figures).join('\n'))}</pre>
<script>${chartLibrary()}</script>
<script type="application/json" id="chart-data">${scriptJson(charts)}</script>
<script>${DRAW}</script>
</body></html>
`;
}
