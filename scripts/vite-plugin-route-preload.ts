/**
 * Writes the route → chunk preload map into the built index.html (scripts/lib/route-preload.ts), so a
 * direct load fetches its screen's code alongside the entry instead of after it. Build only: the dev
 * server serves modules one by one anyway. The site plugin reads the script's hash through `api` and
 * allows exactly that script in the CSP.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Plugin, ResolvedConfig, Rollup } from 'vite';
import { nextPreloads, routePreloads, routePreloadScript, type BuiltChunk } from './lib/route-preload.ts';
import { cspHashSource } from './lib/site-headers.ts';
import { validateFlowText } from '../src/engine/validation/validate-flow.ts';
import { builtFlowFile } from './lib/built-flow-file.ts';

export const ROUTE_PRELOAD_PLUGIN = 'funnel-route-preload';

/**
 * What the other plugins read: the CSP sources of the inline scripts this build writes (the site
 * plugin), and the stylesheets each page's first paint needs besides the entry's, by path, with
 * NOT_FOUND_KEY for any other address (the prerender plugin puts them in the page).
 */
export interface RoutePreloadApi {
  scriptHashes(bundle: Rollup.OutputBundle): string[];
  pageStyles(bundle: Rollup.OutputBundle): Readonly<Record<string, readonly string[]>>;
}

function builtChunks(bundle: Rollup.OutputBundle): BuiltChunk[] {
  return Object.values(bundle).flatMap((output) =>
    output.type === 'chunk'
      ? [
          {
            fileName: output.fileName,
            facadeModuleId: output.facadeModuleId,
            isEntry: output.isEntry,
            imports: output.imports,
            css: [...(output.viteMetadata?.importedCss ?? [])],
          },
        ]
      : [],
  );
}

/** The entry's module script as Vite writes it into the built page. */
const ENTRY_TAG = /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/;

/**
 * The page with the script right after its charset (which must stay in the first 1024 bytes), ahead
 * of the stylesheets: an inline script waits for the stylesheets before it, and the stylesheet links
 * it adds should go out at once. The entry's own tag moves into it (`data-entry`): the script loads
 * the entry at once, with the screen's module preloads (see routePreloadScript).
 */
export function withScript(html: string, script: string): string {
  const entry = ENTRY_TAG.exec(html)?.[1];
  const page = entry === undefined ? html : html.replace(ENTRY_TAG, '');
  const tag = `<script${entry === undefined ? '' : ` data-entry="${entry}"`}>${script}</script>`;
  const charset = /<meta charset=[^>]*>/i.exec(page);
  if (charset)
    return `${page.slice(0, charset.index + charset[0].length)}\n    ${tag}${page.slice(charset.index + charset[0].length)}`;
  return page.replace(/<head[^>]*>/i, (head) => `${head}\n    ${tag}`);
}

export function routePreloadPlugin(): Plugin<RoutePreloadApi> {
  let config: ResolvedConfig | undefined;
  // One map and script per bundle: the HTML and the headers must carry the same text and hash.
  const built = new WeakMap<Rollup.OutputBundle, { map: Record<string, string[]>; script: string | null }>();
  const mapped = (bundle: Rollup.OutputBundle) => {
    const known = built.get(bundle);
    if (known) return known;
    let map: Record<string, string[]> = {};
    let script: string | null = null;
    if (config) {
      const path = builtFlowFile(config);
      const { flow } = validateFlowText(readFileSync(path, 'utf8'), { file: relative(config.root, path) });
      // A broken flow has already failed the build in the flow plugin; nothing to map here.
      if (flow) {
        const options = { root: config.root, base: config.base };
        map = routePreloads(flow, builtChunks(bundle), options);
        const next = nextPreloads(flow, builtChunks(bundle), options);
        const stored = [flow.storage.answersKey, ...flow.storage.dataKeys];
        script = Object.keys(map).length > 0 ? routePreloadScript(map, stored, next) : null;
      }
    }
    const result = { map, script };
    built.set(bundle, result);
    return result;
  };
  const scriptFor = (bundle: Rollup.OutputBundle) => mapped(bundle).script;
  return {
    name: ROUTE_PRELOAD_PLUGIN,
    apply: 'build',
    api: {
      scriptHashes: (bundle) => {
        const script = scriptFor(bundle);
        return script === null ? [] : [cspHashSource(script)];
      },
      pageStyles: (bundle) =>
        Object.fromEntries(
          Object.entries(mapped(bundle).map).map(([path, urls]) => [path, urls.filter((url) => url.endsWith('.css'))]),
        ),
    },
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const script = context.bundle ? scriptFor(context.bundle) : null;
        return script === null ? html : withScript(html, script);
      },
    },
  };
}
