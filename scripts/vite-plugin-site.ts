/**
 * How the funnel is served: security headers on every response, and HTTP 404 (with the app, which
 * shows the not-found screen) for a page that is no route or alias of the flow.
 * - `vite build` writes both rules next to the app, for static hosts: dist/_headers and dist/_redirects.
 * - `vite preview` (`npm start`, the end-to-end tests) serves dist/ by those two files, as a host would.
 * - `vite` dev sends the same policy plus what hot reload needs, and 404 for unknown pages.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { resolve, sep } from 'node:path';
import type { Connect, Plugin, ResolvedConfig, Rollup } from 'vite';
import {
  headersFileText,
  parseHeadersFile,
  siteHeaders,
  type SiteHeaderOptions,
} from './lib/site-headers.ts';
import { flowPaths, isFlowPath, parseRedirectsFile, redirectsFileText } from './lib/site-routes.ts';
import { pageFile } from './lib/prerender-pages.ts';
import type { Flow } from '../src/engine/flow.gen.ts';
import { flowLanguages, type FlowLanguages } from '../src/engine/i18n/translation.ts';
import { chooseLanguage } from '../src/engine/i18n/visit-language.ts';
import { acceptedLanguages, languageDir, LANGUAGES_FILE } from './lib/language-pages.ts';
import { PRERENDER_PLUGIN, type PrerenderApi } from './vite-plugin-prerender.ts';
import { ROUTE_PRELOAD_PLUGIN } from './vite-plugin-route-preload.ts';
import { builtFlowFile } from './lib/built-flow-file.ts';
import { backendConfig } from '../src/tracking/backend-config.ts';

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

function readText(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

/** The header options of this build or server: a pixel id and a hosted Supabase from the flow or env. */
function headerOptions(config: ResolvedConfig, dev: boolean): SiteHeaderOptions {
  const env: Record<string, unknown> = config.env;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const flow = readJson(builtFlowFile(config));
  const settings: unknown =
    flow && typeof flow === 'object' && 'settings' in flow ? flow.settings : undefined;
  const flowPixel = settings && typeof settings === 'object' && 'pixelId' in settings ? settings.pixelId : '';
  const supabaseUrl = text(env['VITE_SUPABASE_URL']);
  return {
    pixel: text(env['VITE_META_PIXEL_ID']) !== '' || text(flowPixel) !== '',
    // Without both variables the app talks to the local backend on its own origin (backend-config.ts).
    supabaseUrl: supabaseUrl && text(env['VITE_SUPABASE_ANON_KEY']) ? supabaseUrl : undefined,
    dev,
  };
}

/**
 * The CSP sources of the inline scripts the route preload plugin writes into this bundle's index.html
 * (none without that plugin).
 */
function inlineScriptHashes(config: ResolvedConfig, bundle: Rollup.OutputBundle): string[] {
  const api: unknown = config.plugins.find((plugin) => plugin.name === ROUTE_PRELOAD_PLUGIN)?.api;
  const hashes: unknown =
    api && typeof api === 'object' && 'scriptHashes' in api && typeof api.scriptHashes === 'function'
      ? api.scriptHashes(bundle)
      : [];
  return Array.isArray(hashes) ? hashes.filter((hash): hash is string => typeof hash === 'string') : [];
}

/** The pages the prerender plugin wrote, each to its own file, and the CSP sources they need. */
function prerendered(config: ResolvedConfig): {
  styleHashes: string[];
  scriptHashes: string[];
  ownFiles: boolean;
  languages: string[];
} {
  const plugin = config.plugins.find((candidate) => candidate.name === PRERENDER_PLUGIN) as
    Plugin<PrerenderApi> | undefined;
  const site = plugin?.api?.site();
  return {
    styleHashes: site?.styleHashes ?? [],
    scriptHashes: site?.scriptHashes ?? [],
    ownFiles: site !== undefined,
    languages: site?.languages ?? [],
  };
}

/**
 * The request's path as sent, without query or hash. Not `new URL(path, base)`: that reads `//x` as a
 * host and answered `//x` with the start page's path, `/` (issue 42).
 */
function pathnameOf(req: Connect.IncomingMessage): string {
  return (req.url ?? '/').split(/[?#]/, 1)[0] || '/';
}

/**
 * `//x`, `///x` or a backslash anywhere (`/\x`; browsers read `\` as `/`): no page of the funnel, and
 * a link a browser reads as another site. Answered 404, never the start page, and never redirected (a
 * redirect to the path as sent would be an open redirect to `//evil.com`).
 */
function isOtherSiteLike(pathname: string): boolean {
  return pathname.startsWith('//') || pathname.includes('\\') || /%5c/i.test(pathname) || /^\/%2f/i.test(pathname);
}

/** Is there a file (or a folder with index.html) for this path under `dir`? Never looks outside it. */
function fileExists(dir: string, pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const path = resolve(dir, `.${decoded}`);
  if (path !== dir && !path.startsWith(dir + sep)) return false;
  try {
    const stat = statSync(path);
    return stat.isFile() || (stat.isDirectory() && existsSync(resolve(path, 'index.html')));
  } catch {
    return false;
  }
}

/** 404 with the app's page, so the visitor sees the not-found screen (plain text for non-pages). */
function notFound(req: Connect.IncomingMessage, res: ServerResponse, html: string): void {
  const wantsPage = (req.headers.accept ?? '').includes('text/html');
  const body = wantsPage ? html : 'Not found\n';
  res.statusCode = 404;
  res.setHeader('Content-Type', wantsPage ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** `/_headers` or `/_redirects`, however spelled (%-escaped, any case, a trailing slash or dot). */
function isHostRuleFile(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const last = decoded.split(/[\\/]/).filter(Boolean).at(-1) ?? '';
  return /^_(headers|redirects)[.\s]*$/i.test(last);
}

const isRead = (req: Connect.IncomingMessage) => req.method === 'GET' || req.method === 'HEAD';

function setAll(res: ServerResponse, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

/**
 * Refuses a build or server given half of a hosted backend (one of VITE_SUPABASE_URL and
 * VITE_SUPABASE_ANON_KEY): its pages would fail at the first call in a visitor's browser instead.
 */
export function backendEnvChecked(env: Record<string, unknown>): void {
  const text = (name: string) => (typeof env[name] === 'string' ? env[name] : undefined);
  try {
    backendConfig({ VITE_SUPABASE_URL: text('VITE_SUPABASE_URL'), VITE_SUPABASE_ANON_KEY: text('VITE_SUPABASE_ANON_KEY') }, 'http://localhost');
  } catch (error) {
    throw new Error(
      `VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY are set together or not at all (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/** The Vite plugin serving the funnel with its headers and its 404s. */
export function sitePlugin(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'funnel-site',
    configResolved(resolved) {
      config = resolved;
      backendEnvChecked(resolved.env);
    },
    // Last, after the prerender plugin has drawn the pages (and knows their style attributes).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (!config) return;
        const paths = flowPaths(readJson(builtFlowFile(config))) ?? [];
        const pages = prerendered(config);
        const { styleHashes, ownFiles } = pages;
        const scriptHashes = [...inlineScriptHashes(config, bundle), ...pages.scriptHashes];
        this.emitFile({
          type: 'asset',
          fileName: '_headers',
          source: headersFileText(
            siteHeaders({ ...headerOptions(config, false), scriptHashes, styleHashes }),
          ),
        });
        const built = readJson(builtFlowFile(config)) as Flow | undefined;
        const drafts = built?.settings ? flowLanguages(built).drafts : [];
        const languages = pages.languages.map((code) => ({ code, draft: drafts.includes(code) }));
        this.emitFile({
          type: 'asset',
          fileName: '_redirects',
          source: redirectsFileText(paths, ownFiles, languages),
        });
      },
    },
    configurePreviewServer(server) {
      const outDir = resolve(server.config.root, server.config.build.outDir);
      // Serve exactly what a static host would read from the build. A build made without this plugin
      // has neither file: it is served as before rather than by rules guessed for another flow.
      const headersText = readText(resolve(outDir, '_headers'));
      const redirects = readText(resolve(outDir, '_redirects'));
      if (headersText === undefined || redirects === undefined) {
        server.config.logger.warn(
          `${outDir} has no _headers or _redirects: served without security headers and 404s (build with vite.config.ts to get them)`,
        );
      }
      const headers = headersText === undefined ? {} : parseHeadersFile(headersText);
      const pages = redirects === undefined ? undefined : parseRedirectsFile(redirects);
      const languages = readJson(resolve(outDir, LANGUAGES_FILE)) as FlowLanguages | undefined;
      const languagePage = (req: Connect.IncomingMessage, file: string): string | undefined => {
        if (!Array.isArray(languages?.available) || languages.available.length < 2) return undefined;
        const { language } = chooseLanguage({
          languages,
          search: new URL(req.url ?? '/', 'http://localhost').search,
          preferred: acceptedLanguages(req.headers['accept-language']),
        });
        const own = `${languageDir(language)}${file}`;
        return language !== languages.default && existsSync(resolve(outDir, own)) ? own : undefined;
      };
      server.middlewares.use((req, res, next) => {
        setAll(res, headers);
        const pathname = pathnameOf(req);
        // The static host's own rule files are read by the host, never served (a host answers 404).
        if (isHostRuleFile(pathname) || isOtherSiteLike(pathname)) {
          notFound(req, res, readText(resolve(outDir, '404.html')) ?? '');
          return;
        }
        if (pages && isRead(req) && isFlowPath(pages, pathname)) {
          // A page the build wrote to its own file (its screen prerendered) is served from it, with or
          // without a trailing slash, as a static host does by dist/_redirects.
          // In the visitor's language when the build drew her pages: ?lang=, then Accept-Language.
          const file = pageFile(pathname);
          const own = languagePage(req, file);
          res.setHeader('Vary', 'Accept-Language');
          if (own !== undefined) req.url = `/${own}`;
          else if (existsSync(resolve(outDir, file))) req.url = `/${file}`;
          return next();
        }
        if (!pages || !isRead(req) || fileExists(outDir, pathname)) return next();
        // The not-found page as the build wrote it (prerendered), else the app shell of older builds.
        notFound(
          req,
          res,
          readText(resolve(outDir, '404.html')) ?? readText(resolve(outDir, 'index.html')) ?? '',
        );
      });
    },
    configureServer(server) {
      const headers = siteHeaders(headerOptions(server.config, true));
      const root = server.config.root;
      const publicDir = server.config.publicDir;
      server.middlewares.use((req, res, next) => {
        setAll(res, headers);
        const pathname = pathnameOf(req);
        // Only page loads: modules, Vite's own paths (/@vite/…, /__flow) and files go on as usual.
        const page = isRead(req) && (req.headers.accept ?? '').includes('text/html');
        if (!page || pathname.startsWith('/@') || pathname.startsWith('/__')) return next();
        if (!isOtherSiteLike(pathname)) {
          if (fileExists(root, pathname) || (publicDir && fileExists(publicDir, pathname))) return next();
          // The flow is read on each page load, so an edited route counts at once; a flow that doesn't
          // parse mid-edit is left to the flow plugin's error overlay.
          const paths = flowPaths(readJson(builtFlowFile(server.config)));
          if (paths === undefined || isFlowPath(new Set(paths), pathname)) return next();
        }
        server
          .transformIndexHtml(req.url ?? '/', readFileSync(resolve(root, 'index.html'), 'utf8'))
          .then((html) => notFound(req, res, html), next);
      });
    },
  };
}
