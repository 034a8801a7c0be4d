/**
 * How a flow ships: the screens, settings and copy in the first screen's bundle (`virtual:flow`), the
 * result model (tables, computations, analyses, and Storybook's samples) in a chunk that loads after it
 * (`virtual:flow-scoring`), the id, version and tracking names with the tracking code
 * (`virtual:flow-tracking`). The theme's title, description, colours and fonts are applied at build
 * time (theme-html.ts): the page only needs its wordmark and logo.
 * The Vite plugin serves these parts and `npm run flow:check` measures the first one.
 */
import { gzipSync } from 'node:zlib';
import type { Flow } from '../../src/engine/flow.gen.ts';
import { FIRST_SCREEN_BUDGET_BYTES } from './first-screen.ts';

/**
 * The flow without its result model, samples and tracking: what the first screen's bundle holds. The
 * `$schema` link is for editors only, so it is left out too.
 */
export function firstScreenFlow(
  flow: Flow,
): Omit<Flow, 'computations' | 'tables' | 'analyses' | 'samples' | 'tracking' | '$schema'> {
  const {
    $schema: _schema,
    computations: _computations,
    tables: _tables,
    analyses: _analyses,
    samples: _samples,
    tracking: _tracking,
    theme,
    ...rest
  } = flow;
  // The page draws the wordmark (its text and icon); the rest of the theme is applied at build time.
  const drawn = {
    ...(theme?.wordmark === undefined ? {} : { wordmark: theme.wordmark }),
    ...(theme?.logo === undefined ? {} : { logo: theme.logo }),
  };
  return Object.keys(drawn).length === 0 ? rest : { ...rest, theme: drawn };
}

/** The result model (and Storybook's samples), loaded with the result code after the first screen. */
export function resultModel(flow: Flow): Pick<Flow, 'computations' | 'tables' | 'analyses' | 'samples'> {
  return { computations: flow.computations, tables: flow.tables, analyses: flow.analyses, samples: flow.samples };
}

/** What the tracking code needs: the flow's id and version and its tracking names. */
export function trackingPart(
  flow: Flow,
  revision: string,
): Pick<Flow, 'id' | 'version' | 'tracking'> & { revision: string } {
  const part = { id: flow.id, version: flow.version, revision };
  return flow.tracking ? { ...part, tracking: flow.tracking } : part;
}

/** The module source of a served part (a minifier keeps the literal, minus the indentation). */
export function partModule(part: unknown): string {
  return `export default ${JSON.stringify(part, null, 2)};\n`;
}

/**
 * One line: the gzip size of the flow's part of the first screen's JavaScript against the budget,
 * e.g. "first-screen budget: the flow's copy takes 6.1 KB gzip of 100 KB (6 %); its computations
 * (4.2 KB gzip) load after the first screen".
 */
export function flowBudgetLine(flow: Flow): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const copy = gzipSync(JSON.stringify(firstScreenFlow(flow)), { level: 9 }).length;
  const model = gzipSync(JSON.stringify(resultModel(flow)), { level: 9 }).length;
  const share = Math.round((copy / FIRST_SCREEN_BUDGET_BYTES) * 100);
  return (
    `first-screen budget: the flow's copy takes ${kb(copy)} gzip of ${kb(FIRST_SCREEN_BUDGET_BYTES)} (${share} %); ` +
    `its tables and computations (${kb(model)} gzip) load after the first screen`
  );
}
