/**
 * The field speed section of reports/funnel.html: per screen, the p75 of LCP, INP and CLS with its Core
 * Web Vitals rating in words (not by color alone), and the shares of visits rated good, needs
 * improvement and poor as a bar and as numbers; the split by device and by connection folded under it.
 * Three narrow columns: readable at 360 px.
 */
import type { FieldRating } from './field-speed-buckets.ts';
import type { FieldSpeedFigure } from './field-speed-figures.ts';
import {
  fieldScreens,
  metricWords,
  ratingWords,
  thresholdWords,
  type FieldLine,
  type FieldMetricFigures,
} from './field-speed-screens.ts';
import { formatP75 } from './field-speed-text.ts';

const escape = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const percent = (share: number): string => `${Math.round(share * 100)} %`;
const ORDER: readonly FieldRating[] = ['good', 'needs-improvement', 'poor'];

export const FIELD_SPEED_CSS = `
.field-screen { margin: 12px 0 20px; max-width: 640px; }
.field-screen h3 { margin: 8px 0 4px; overflow-wrap: anywhere; }
table.field { width: 100%; table-layout: fixed; } table.field th[scope=row] { text-align: left; font-weight: normal; overflow-wrap: anywhere; }
table.field caption { text-align: left; padding: 2px 0; } table.field col.split { width: 32%; } table.field col.p75 { width: 24%; }
table.field .numbers { white-space: nowrap; font-size: 12px; }
.rating { display: inline-block; padding: 0 4px; border-radius: 3px; font-size: 12px; }
.rating.good { background: #d7f0dc; color: #135a24; } .rating.needs-improvement { background: #fdebc8; color: #6b4500; } .rating.poor { background: #f9d3d0; color: #8a1b12; }
.shares { display: flex; height: 8px; margin: 2px 0; background: #eee; } .shares span { display: block; }
.shares .good { background: #2e9d4b; } .shares .needs-improvement { background: #e0a21b; } .shares .poor { background: #d2402f; }
.field-split summary { cursor: pointer; margin: 4px 0; }
`;

function p75Cell(metric: FieldMetricFigures['metric'], line: FieldLine): string {
  const value = formatP75({ metric, p75: line.p75 });
  if (line.rating === null) return `<td>${value}</td>`;
  return `<td>${escape(value)}<br><span class="rating ${line.rating}">${ratingWords[line.rating]}</span></td>`;
}

function sharesCell(line: FieldLine): string {
  const words = ORDER.map((rating) => `${ratingWords[rating]} ${percent(line.shares[rating])}`).join(', ');
  const bar = ORDER.filter((rating) => line.shares[rating] > 0)
    .map((rating) => `<span class="${rating}" style="width: ${(line.shares[rating] * 100).toFixed(1)}%"></span>`)
    .join('');
  return `<td><div class="shares" role="img" aria-label="${words}">${bar}</div><span class="numbers">${ORDER.map((rating) => percent(line.shares[rating])).join(' · ')}</span></td>`;
}

const row = (label: string, figures: FieldMetricFigures, line: FieldLine): string =>
  `<tr><th scope="row">${escape(label)} <small>(${line.readings})</small></th>${p75Cell(figures.metric, line)}${sharesCell(line)}</tr>`;

const HEAD = '<tr><th scope="col">visits (readings)</th><th scope="col">p75</th><th scope="col">good · needs improvement · poor</th></tr>';
const COLUMNS = '<colgroup><col class="split"><col class="p75"><col></colgroup>';

function metricTable(figures: FieldMetricFigures): string {
  const caption = `<caption><strong>${figures.metric}</strong>: ${metricWords[figures.metric]} (${thresholdWords(figures.metric)})</caption>`;
  const split = [
    ...figures.devices.map((line) => row(line.device, figures, line)),
    ...figures.connections.map((line) => row(`connection ${line.connection}`, figures, line)),
  ];
  return `<table class="field">${caption}${COLUMNS}${HEAD}${row('all', figures, figures.all)}</table>${
    split.length === 0
      ? ''
      : `<details class="field-split"><summary>${figures.metric} by device and connection</summary><table class="field">${COLUMNS}${HEAD}${split.join('')}</table></details>`
  }`;
}

/** The section's HTML (without its h2): one block per screen with readings, or why there are none. */
export function fieldSpeedHtml(figures: readonly FieldSpeedFigure[], order: readonly string[] = []): string {
  const screens = fieldScreens(figures, order);
  const intro =
    '<p>Measured on visitors’ own devices (web-vitals). p75: three visits in four were this fast or faster. A screen passes a metric when its p75 is good.</p>';
  if (screens.length === 0)
    return `<div id="field-speed"><p class="empty">No field speed readings from visitors in this period: readings arrive from visitors whose browsers measure them, after their first screen.</p></div>`;
  const blocks = screens.map(
    (screen) =>
      `<section class="field-screen" data-screen="${escape(screen.screen)}"><h3>${escape(screen.screen)}</h3>${screen.metrics.map(metricTable).join('\n')}</section>`,
  );
  return `<div id="field-speed">${intro}\n${blocks.join('\n')}</div>`;
}
