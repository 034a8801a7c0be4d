/**
 * Build only: writes every page of the flow with its screen already drawn (scripts/lib/prerender-
 * pages.ts decides which; src/app/prerender-screen.tsx draws), so a visitor sees the screen as soon
 * as the page and its stylesheets are in, and the app hydrates it instead of drawing it again. The
 * not-found page goes to 404.html; the site plugin points `_redirects` at each page's own file.
 */
import react from '@vitejs/plugin-react';
import { relative } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { applyPatches } from '../src/engine/apply-patches.ts';
import type { Flow } from '../src/engine/flow-model.ts';
import { prerenderSite, type PrerenderedSite } from './lib/prerender-pages.ts';
import { flowPaths } from './lib/site-routes.ts';
import { flowPlugin } from './vite-plugin-flow.ts';
import { builtFlowFile } from './lib/built-flow-file.ts';

export const PRERENDER_PLUGIN = 'funnel-prerender';

interface PrerenderModule {
  prerenderPage(flow: Flow, path: string): Promise<string | undefined>;
  prerenderPassing(flow: Flow, path: string): Promise<string | undefined>;
}

/** Draws the pages in Node, through a Vite server of its own (the app's modules, CSS module names and flow). */
async function drawSite(config: ResolvedConfig, shell: string): Promise<PrerenderedSite> {
  const file = relative(config.root, builtFlowFile(config));
  const server = await createServer({
    configFile: false,
    root: config.root,
    plugins: [react(), flowPlugin({ file })],
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { prerenderPage, prerenderPassing } = (await server.ssrLoadModule('/src/app/prerender-screen.tsx')) as PrerenderModule;
    const { default: flow } = (await server.ssrLoadModule('virtual:flow')) as { default: Flow };
    const experiments = (flow.experiments ?? []).map(({ id, start, stop, variants }) => ({
      id,
      start,
      stop,
      variants: variants.map((variant) => ({ ...variant, flow: applyPatches(flow, variant.patches) })),
    }));
    return await prerenderSite({
      shell,
      flow,
      experiments,
      paths: flowPaths(flow) ?? [],
      render: prerenderPage,
      passing: prerenderPassing,
    });
  } finally {
    await server.close();
  }
}

/** What the site plugin reads: this build's drawn pages (for `_redirects`) and the CSP sources they need. */
export interface PrerenderApi {
  site(): Pick<PrerenderedSite, 'pages' | 'styleHashes' | 'scriptHashes'> | undefined;
}

export function prerenderPlugin(): Plugin<PrerenderApi> {
  let config: ResolvedConfig | undefined;
  // This build's pages (a plugin instance serves one build at a time; the bundle object another plugin
  // is handed is not necessarily the same object, so it can't be the key).
  let drawn: PrerenderedSite | undefined;
  return {
    name: PRERENDER_PLUGIN,
    apply: 'build',
    enforce: 'post',
    api: { site: () => drawn },
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      drawn = undefined;
    },
    async generateBundle(_options, bundle: Rollup.OutputBundle) {
      const index = bundle['index.html'];
      if (!config || config.build.ssr || index?.type !== 'asset') return;
      const site = await drawSite(config, String(index.source));
      drawn = site;
      for (const [fileName, html] of site.files) {
        if (fileName === 'index.html') index.source = html;
        else this.emitFile({ type: 'asset', fileName, source: html });
      }
      const skipped = site.skipped.map(({ path, reason }) => `${path} (${reason})`).join(', ');
      config.logger.info(
        `✓ prerendered ${site.prerendered.length} page${site.prerendered.length === 1 ? '' : 's'}${skipped ? `; drawn in the browser: ${skipped}` : ''}`,
      );
    },
  };
}
