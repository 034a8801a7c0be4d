/**
 * The flow map as an SVG annotated with the report's counts: each tracked screen a box (main path on the
 * left, deep-link chains on the right) with the sessions that reached it, its drop-off and median time,
 * and an arrow for every way on the flow declares (through untracked screens such as redirects).
 */
import type { Flow } from '../../src/engine/flow.gen.ts';
import { transitions } from '../../src/engine/validation/graph-check.ts';
import type { ArmFigures, ScreenFigure } from './read-figures.ts';
import { percent } from './terminal-report.ts';

const BOX = { width: 330, height: 46, gap: 22 };
const COLUMN_X = [20, 520];

const escape = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The tracked screens a screen leads to, looking through untracked ones (redirects, the start). */
function trackedTargets(flow: Flow, from: string, tracked: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>([from]);
  const queue = [from];
  while (queue.length > 0) {
    const id = queue.shift() ?? '';
    const screen = flow.screens[id];
    if (!screen) continue;
    for (const { to } of transitions(id, screen)) {
      if (seen.has(to)) continue;
      seen.add(to);
      if (tracked.has(to)) found.add(to);
      else queue.push(to);
    }
  }
  return found;
}

/** The SVG markup. */
export function flowMapSvg(flow: Flow, figures: ArmFigures): string {
  const place = new Map<string, { x: number; y: number; figure: ScreenFigure }>();
  [figures.mainPath, figures.deepLinks].forEach((column, c) =>
    column.forEach((figure, row) =>
      place.set(figure.screen, { x: COLUMN_X[c] ?? 0, y: 40 + row * (BOX.height + BOX.gap), figure }),
    ),
  );
  const tracked = new Set(place.keys());
  const edges: string[] = [];
  for (const [id, from] of place)
    for (const to of trackedTargets(flow, id, tracked)) {
      const target = place.get(to);
      if (!target) continue;
      const [x1, y1] = [from.x + BOX.width / 2, from.y + BOX.height];
      const [x2, y2] = [target.x + BOX.width / 2, target.y];
      const bend = target.y <= from.y || target.x !== from.x ? 120 : 0;
      edges.push(
        `<path d="M${x1} ${y1} C${x1 + bend} ${y1 + 30} ${x2 + bend} ${y2 - 30} ${x2} ${y2}" class="edge" marker-end="url(#arrow)"/>`,
      );
    }
  const boxes = [...place.values()].map(({ x, y, figure }) => {
    const time = figure.medianSeconds === null ? '–' : `${figure.medianSeconds.toFixed(1)} s`;
    const detail = `reached ${figure.reached} · drop-off ${percent(figure.dropOff)} · median ${time}`;
    return `<g><rect x="${x}" y="${y}" width="${BOX.width}" height="${BOX.height}" rx="6" class="${figure.reached > 0 ? 'box' : 'box unseen'}"/>
<text x="${x + 10}" y="${y + 19}" class="name">${escape(figure.screen)}</text>
<text x="${x + 10}" y="${y + 36}" class="detail">${escape(detail)}</text></g>`;
  });
  const rows = Math.max(figures.mainPath.length, figures.deepLinks.length);
  const height = 60 + rows * (BOX.height + BOX.gap);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="${height}" viewBox="0 0 900 ${height}" role="img" aria-label="Flow map with counts">
<style>.box{fill:#eef3fb;stroke:#7c9cc9}.unseen{fill:#f6f6f6;stroke:#ccc}.name{font:bold 13px sans-serif}.detail{font:11px sans-serif;fill:#444}.edge{fill:none;stroke:#999}.head{font:bold 14px sans-serif}</style>
<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto"><path d="M0 0L10 5L0 10z" fill="#999"/></marker></defs>
<text x="${COLUMN_X[0]}" y="24" class="head">Main path</text><text x="${COLUMN_X[1]}" y="24" class="head">Deep-link chains</text>
${edges.join('\n')}
${boxes.join('\n')}
</svg>`;
}
