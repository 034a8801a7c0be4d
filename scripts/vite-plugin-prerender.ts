/**
 * Build only: writes every page of the flow with its screen already drawn (scripts/lib/prerender-
 * pages.ts decides which; src/app/prerender-screen.tsx draws), with the stylesheets of its first paint
 * written into it (inline-styles.ts), so a visitor sees the screen as soon as the page is in, and the
 * app hydrates it instead of drawing it again. The not-found page goes to 404.html; the site plugin
 * points `_redirects` at each page's own file.
 */
import react from '@vitejs/plugin-react';
import { relative } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { applyPatches } from '../src/engine/apply-patches.ts';
import type { Flow } from '../src/engine/flow-model.ts';
import { NOT_FOUND_FILE, pageFile, prerenderSite, type PrerenderedSite } from './lib/prerender-pages.ts';
import { withStylesInline } from './lib/inline-styles.ts';
import { NOT_FOUND_KEY } from './lib/route-preload.ts';
import { ROUTE_PRELOAD_PLUGIN, type RoutePreloadApi } from './vite-plugin-route-preload.ts';
import { flowPaths } from './lib/site-routes.ts';
import { flowPlugin } from '../common/flow-plugin/vite-plugin-flow.ts';
import { builtFlowFile, builtFlowShipping } from './lib/built-flow-file.ts';
import { readFileSync } from 'node:fs';
import {
  flowLanguages,
  translateFlow,
  type FlowLanguages,
  type LanguagePack,
} from '../src/engine/i18n/translation.ts';
import { checkLanguageFiles, languagePacks } from '../common/flow-plugin/language-files.ts';
import { languageDir, languageShell, LANGUAGES_FILE } from './lib/language-pages.ts';
import { TEXTS_PREFIX } from '../common/flow-plugin/flow-languages-parts.ts';

export const PRERENDER_PLUGIN = 'funnel-prerender';

interface PrerenderModule {
  prerenderPage(flow: Flow, path: string): Promise<string | undefined>;
  prerenderPassing(flow: Flow, path: string): Promise<string | undefined>;
}

/** The language files' packs of the built flow (checked by the flow plugin already). */
async function packsOf(
  config: ResolvedConfig,
): Promise<{ default: string; all: FlowLanguages; packs: Map<string, LanguagePack> }> {
  const path = builtFlowFile(config);
  const text = readFileSync(path, 'utf8');
  const full = JSON.parse(text) as Flow;
  const checked = await checkLanguageFiles(full, path, relative(config.root, path), text);
  return { default: flowLanguages(full).default, all: flowLanguages(full), packs: languagePacks(checked) };
}

/** The output file of each language's texts chunk, by language. */
function textChunks(bundle: Rollup.OutputBundle): Map<string, string> {
  const found = new Map<string, string>();
  for (const chunk of Object.values(bundle)) {
    const id = chunk.type === 'chunk' ? chunk.facadeModuleId : null;
    if (id?.startsWith(`\0${TEXTS_PREFIX}`)) found.set(id.slice(TEXTS_PREFIX.length + 1), chunk.fileName);
  }
  return found;
}

/** Draws the pages in Node, through a Vite server of its own (the app's modules, CSS module names and flow). */
async function drawSite(
  config: ResolvedConfig,
  shell: string,
  language?: { code: string; pack: LanguagePack | undefined },
): Promise<PrerenderedSite> {
  const file = relative(config.root, builtFlowFile(config));
  const server = await createServer({
    configFile: false,
    root: config.root,
    plugins: [react(), flowPlugin({ file, shipping: builtFlowShipping(config) })],
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { prerenderPage, prerenderPassing } = (await server.ssrLoadModule(
      '/src/app/prerender-screen.tsx',
    )) as PrerenderModule;
    const { default: shipped } = (await server.ssrLoadModule('virtual:flow')) as { default: Flow };
    const flow = translateFlow(shipped, language?.pack);
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

/**
 * Each file's HTML with the stylesheets of its first paint written into it (inline-styles.ts): the
 * entry's, and those the route map lists for its page (the not-found page's for 404.html). Adds the
 * CSP source of each page's `<style>` to `styleHashes`.
 */
function stylesInline(
  config: ResolvedConfig,
  bundle: Rollup.OutputBundle,
  pages: readonly string[],
  styleHashes: Set<string>,
): (fileName: string, html: string) => string {
  const api = config.plugins.find((plugin) => plugin.name === ROUTE_PRELOAD_PLUGIN)?.api as RoutePreloadApi | undefined;
  const styles = api?.pageStyles(bundle) ?? {};
  const pathOf = new Map(pages.map((path) => [pageFile(path), path]));
  const read = (url: string) => {
    const asset = url.startsWith(config.base) ? bundle[url.slice(config.base.length)] : undefined;
    if (asset?.type !== 'asset') return undefined;
    return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
  };
  return (fileName, html) => {
    const path = fileName === NOT_FOUND_FILE ? NOT_FOUND_KEY : (pathOf.get(fileName) ?? NOT_FOUND_KEY);
    const page = withStylesInline(html, styles[path] ?? [], read);
    if (page.styleHash) styleHashes.add(page.styleHash);
    return page.html;
  };
}

/** What the site plugin reads: this build's drawn pages (for `_redirects`) and the CSP sources they need. */
export interface PrerenderApi {
  site(): Pick<PrerenderedSite, 'pages' | 'styleHashes' | 'scriptHashes' | 'languages'> | undefined;
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
      const languages = await packsOf(config);
      const chunks = textChunks(bundle);
      const built = String(index.source);
      const shell = languageShell(built, languages.default, undefined, chunks.get(languages.default));
      const site = await drawSite(config, shell);
      drawn = site;
      const styleHashes = new Set(site.styleHashes);
      const inline = stylesInline(config, bundle, site.pages, styleHashes);
      for (const [fileName, drawnHtml] of site.files) {
        const html = inline(fileName, drawnHtml);
        if (fileName === 'index.html') index.source = html;
        else this.emitFile({ type: 'asset', fileName, source: html });
      }
      // Each other language's pages, drawn in it, under _lang/<language>/ (the servers pick them).
      for (const [code, pack] of languages.packs) {
        const own = languageShell(built, code, pack, chunks.get(code));
        const pages = await drawSite(config, own, { code, pack });
        for (const [fileName, html] of pages.files)
          this.emitFile({ type: 'asset', fileName: `${languageDir(code)}${fileName}`, source: inline(fileName, html) });
        for (const hash of pages.styleHashes) styleHashes.add(hash);
      }
      site.styleHashes = [...styleHashes].sort();
      site.languages = [...languages.packs.keys()];
      // What the preview server reads to pick a page's language (a static host reads _redirects).
      if (site.languages.length > 0)
        this.emitFile({
          type: 'asset',
          fileName: LANGUAGES_FILE,
          source: `${JSON.stringify(languages.all)}\n`,
        });
      const skipped = site.skipped.map(({ path, reason }) => `${path} (${reason})`).join(', ');
      config.logger.info(
        `✓ prerendered ${site.prerendered.length} page${site.prerendered.length === 1 ? '' : 's'}${skipped ? `; drawn in the browser: ${skipped}` : ''}`,
      );
    },
  };
}
