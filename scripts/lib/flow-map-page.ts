/**
 * The dev-only `/__flow` page: the flow's map as Mermaid source (there is no network, so no renderer
 * is loaded from a CDN) and a table that links every screen's route and aliases, so a marketer can
 * open any screen of the funnel in one click.
 */
import type { Flow } from '../../src/engine/flow.gen.ts';
import { flowMermaid, mapEdges, pathsOf } from '../../src/engine/validation/flow-map.ts';
import { showProgress } from '../../src/engine/validation/progress-check.ts';

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

function link(path: string): string {
  return `<a href="${escapeHtml(path)}">${escapeHtml(path)}</a>`;
}

/** The page for a valid flow. */
export function flowMapPage(flow: Flow, source: string): string {
  const rows = Object.entries(flow.screens).map(([id, screen]) => {
    const { route, aliases } = pathsOf(flow, screen);
    const paths = [route, ...aliases].flatMap((p) => (p === undefined ? [] : [link(p)])).join(' ');
    const onward = mapEdges(screen)
      .map((edge) => `${escapeHtml(edge.to)} <small>(${escapeHtml(edge.text)})</small>`)
      .join('<br>');
    return `<tr id="${escapeHtml(id)}"><td><code>${escapeHtml(id)}</code></td><td>${screen.kind}</td><td>${paths || '—'}</td><td>${showProgress(screen)}</td><td>${onward || '—'}</td></tr>`;
  });
  return page(
    `The flow map of ${escapeHtml(source)}`,
    `<p>Every screen, with a link to each of its routes. The Mermaid source below is also committed in
<code>docs/flow.md</code> (<code>npm run flow:map</code>), where GitHub draws it. This page exists only in
<code>npm run dev</code>.</p>
<table><thead><tr><th>Screen</th><th>Kind</th><th>Route and aliases</th><th>Progress</th><th>Leads to</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>
<h2>Mermaid</h2>
<pre>${escapeHtml(flowMermaid(flow))}</pre>`,
  );
}

/** The page for a flow file with errors: the checker's lines. */
export function flowErrorPage(source: string, lines: readonly string[]): string {
  return page(
    `${escapeHtml(source)} has errors`,
    `<pre>${lines.map(escapeHtml).join('\n')}</pre><p>Fix them and reload (<code>npm run flow:check</code> lists them too).</p>`,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem;max-width:80rem}table{border-collapse:collapse}
td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:left;vertical-align:top}pre{background:#f5f5f5;padding:1rem;overflow:auto}</style>
</head><body><h1>${title}</h1>
${body}
</body></html>
`;
}
