/**
 * End-to-end harness: serves the production build (`dist/`) with `vite preview` on a free port,
 * drives Debian's Chromium through playwright-core on a phone-sized screen, collects every console
 * error/warning and page error, and answers the external recommendation page
 * (`https://example.com/**`) locally so the funnel's final redirect can be checked offline.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { localBackendPlugin } from '../../scripts/vite-plugin-local-backend.ts';
import { sitePlugin } from '../../scripts/vite-plugin-site.ts';
import { createLocalBackend, type LocalBackend } from '../../server/local-backend.ts';
import { leadFieldsOfFile } from '../../server/flow-lead-fields.ts';
import { localFunctions } from '../../server/local-functions.ts';
import { experimentsOf, visitorFor } from './visitor.ts';
import { DEFAULT_FLOW_FILE } from '../../supabase/functions/_shared/flow-path.ts';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/* ------------------------------------------------------------------------------------------------
 * The flow file: the tests read routes, progress, copy and labels from it instead of copying them.
 * ---------------------------------------------------------------------------------------------- */

export type Progress = { step: number; of: number } | 'full';

export interface FlowOption {
  value: string;
  label: string;
}

/** The parts of a screen the end-to-end tests read (the flow schema has many more). */
export interface FlowScreen {
  kind: string;
  route?: string;
  aliases?: string[];
  progress?: Progress;
  question?: string;
  hint?: string;
  message?: string;
  doneMessage?: string;
  button?: string;
  disabledButton?: string;
  selectedNote?: string;
  required?: boolean;
  minSelected?: number;
  min?: number;
  max?: number;
  step?: number;
  default?: number;
  options?: FlowOption[];
  /** The answer key the screen stores its answer under. */
  answer?: string;
  fields?: { name: string; label: string }[];
  content?: { type: string; text?: string }[];
  footer?: { type: string; text?: string }[];
  percent?: { label?: string; caption?: string };
  after?: { delayMs?: number; to?: string };
  next?: string | { to: string }[];
  requires?: { otherwise: string };
  submit?: { actor: string; errorMessage?: string };
  headline?: string;
  linkLabel?: string;
  pickLabel?: string;
  formats?: string;
  refusals?: Record<string, string>;
  retryLabel?: string;
  continueWithoutLabel?: string;
  overlay?: { title: string; markers: string[] };
  continue?: { type: string; params?: Record<string, unknown> }[];
  track?: { journey?: string; step?: string; stepNumber?: number };
  enter?: { type: string; params?: Record<string, unknown> }[];
}

export interface FlowFile {
  settings: Record<string, string>;
  storage: { sessionIdKey: string; answersKey: string };
  start: string;
  notFound: string;
  screens: Record<string, FlowScreen>;
}

/** A flow file (relative to the project root; default the default flow) as the tests read it. */
export function loadFlow(file: string = DEFAULT_FLOW_FILE): FlowFile {
  return JSON.parse(readFileSync(join(repoRoot, file), 'utf8')) as FlowFile;
}

/** Replaces `{settings.name}` placeholders with the flow's settings, as the app does for routes and copy. */
export function withSettings(text: string, settings: Record<string, string>): string {
  return text.replace(/\{settings\.([A-Za-z_][\w-]*)\}/g, (whole, name: string) => settings[name] ?? whole);
}

/** `[aria-valuenow, aria-valuemax]` a progress fraction should show: 'full' is 100 of 100. */
export function progressValues(progress: Progress): [number, number] {
  return progress === 'full' ? [100, 100] : [progress.step, progress.of];
}

/* ------------------------------------------------------------------------------------------------
 * Server, browser and pages.
 * ---------------------------------------------------------------------------------------------- */

/** Debian's Chromium, or the one CHROMIUM_PATH names. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The stand-in for the external recommendation page. */
export const EXTERNAL_PAGE_HEADING = 'Recommendation (end-to-end stub)';

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and warnings, page errors and failed requests, in order, as readable lines. */
  problems: string[];
  /** Every request to `https://example.com/**` the page made (answered by the stub). */
  externalRequests: string[];
  /** Full URL of a path on the preview server. */
  url(path: string): string;
  /**
   * Where each watched text (see `open`) first appeared in the DOM since the last page load:
   * the pathname at that moment and the header progress bar's `aria-valuenow/aria-valuemax`.
   */
  seen(): Promise<Record<string, { path: string; progress: string | null }>>;
}

export interface OpenOptions {
  watch?: readonly string[];
  visitorId?: string | null;
  locale?: string;
  viewport?: { width: number; height: number };
  /** false: the page as the server sends it, before any script (the first paint). */
  javaScript?: boolean;
}

export interface Harness {
  baseUrl: string;
  /** The embedded backend the preview server answers with (in memory, fresh per harness). */
  backend: LocalBackend;
  /** Rows of a query run on the backend's database as its owner (to check what the app wrote). */
  rows<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  browser: Browser;
  /**
   * A fresh phone-sized context and page. `watch` lists texts to record as they appear (see `seen`).
   * `visitorId`: the stored visitor id, by default one in the control of every experiment (so the
   * base flow's copy shows); null leaves the app to make its own. `locale`: the phone's language
   * (navigator.languages and Accept-Language; default en-GB); `viewport`: default 390 × 844.
   */
  open(options?: OpenOptions): Promise<TestPage>;
  /** Closes every context opened so far (use in afterEach). */
  closePages(): Promise<void>;
  /** Stops the browser and the server (use in afterAll). */
  stop(): Promise<void>;
}

/**
 * Installed in every page before its scripts: records when watched texts first show up. Plain
 * JavaScript in a string, so no compiler helper (e.g. esbuild's `__name`) can leak into the page.
 */
function textWatcher(texts: readonly string[]): string {
  return `(() => {
  const texts = ${JSON.stringify(texts)};
  const record = {};
  window.__e2eSeen = record;
  // Nothing to watch: no observer, so a page opened without a watch list (npm run bench's taps) pays
  // nothing for it.
  if (texts.length === 0) return;
  // What is shown, not all that is in the DOM: the next screen is drawn ahead, hidden by an inline
  // display: none (React's Activity), then laid out out of sight (visibility: hidden; warm-layout.ts).
  const hidden = (style) => !!style && (style.display === 'none' || style.visibility === 'hidden');
  const shownText = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return node.data;
    if (node.nodeType !== Node.ELEMENT_NODE || hidden(node.style)) return '';
    let text = '';
    for (const child of node.childNodes) text += shownText(child);
    return text;
  };
  const check = () => {
    const body = document.body;
    if (!body) return;
    const text = shownText(body);
    for (const wanted of texts) {
      if (record[wanted] || !text.includes(wanted)) continue;
      const bar = document.querySelector('header [role="progressbar"]');
      record[wanted] = {
        path: location.pathname,
        progress: bar ? bar.getAttribute('aria-valuenow') + '/' + bar.getAttribute('aria-valuemax') : null,
      };
    }
  };
  // A screen drawn ahead is shown by a change of its style attribute alone.
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['style'] });
})();`;
}

/**
 * `outDir`: another production build to serve (default `dist`, made by `npm run build`); `flow`: the
 * flow file that build was made from (relative to the project root; default the default flow), which
 * the local backend's analyze-face scores with; `leadSinksFlow`: the flow the lead webhook worker reads
 * its sinks from (default that flow file); `backend`: a local backend to use instead of a new one (two
 * builds served against one database), left open by stop().
 */
export async function startHarness(
  options: { outDir?: string; flow?: string; leadSinksFlow?: unknown; backend?: LocalBackend } = {},
): Promise<Harness> {
  const outDir = options.outDir ?? join(repoRoot, 'dist');
  if (!existsSync(join(outDir, 'index.html'))) {
    throw new Error(
      `${join(outDir, 'index.html')} is missing: the end-to-end tests run against the production build. Run \`npm run build\` first.`,
    );
  }

  let server: PreviewServer | undefined;
  let browser: Browser | undefined;
  const ownBackend = options.backend === undefined;
  const backend =
    options.backend ??
    createLocalBackend({
      functions: localFunctions(join(repoRoot, options.flow ?? DEFAULT_FLOW_FILE)),
      leadFields: leadFieldsOfFile(join(repoRoot, options.flow ?? DEFAULT_FLOW_FILE)),
      // Sends leads only when the test's env configures the flow's sinks (see lead-webhooks.test.ts).
      leadWebhooks: { flows: [options.leadSinksFlow ?? loadFlow(options.flow)] },
    });
  try {
    // The build is already made; preview only needs the local backend, here an in-memory one the
    // tests can read.
    server = await preview({
      root: repoRoot,
      configFile: false,
      // The site plugin serves dist/ as a static host would: its security headers and 404s.
      plugins: [sitePlugin(), localBackendPlugin({ backend })],
      build: { outDir },
      logLevel: 'error',
      preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
    });
    await backend.database();
    const baseUrl = server.resolvedUrls?.local[0]?.replace(/\/$/, '');
    if (!baseUrl) throw new Error('vite preview started but reported no local URL');

    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    });
    const launched = browser;
    const started = server;
    const contexts: BrowserContext[] = [];

    const controlVisitor = visitorFor(experimentsOf(join(repoRoot, options.flow ?? DEFAULT_FLOW_FILE)));
    const open = async (options: OpenOptions = {}): Promise<TestPage> => {
      const context = await launched.newContext({
        viewport: options.viewport ?? { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        locale: options.locale ?? 'en-GB',
        javaScriptEnabled: options.javaScript ?? true,
      });
      contexts.push(context);
      const problems: string[] = [];
      const externalRequests: string[] = [];
      await context.route('https://example.com/**', async (route) => {
        externalRequests.push(route.request().url());
        await route.fulfill({
          status: 200,
          contentType: 'text/html; charset=utf-8',
          body: `<!doctype html><html lang="en"><head><title>Recommendation</title></head><body><h1>${EXTERNAL_PAGE_HEADING}</h1></body></html>`,
        });
      });
      await context.addInitScript({ content: textWatcher(options.watch ?? []) });
      const visitorId = options.visitorId === undefined ? controlVisitor : options.visitorId;
      if (visitorId !== null)
        await context.addInitScript({
          content: `if (!localStorage.getItem('funnel_visitor_id')) localStorage.setItem('funnel_visitor_id', ${JSON.stringify(visitorId)});`,
        });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      page.setDefaultNavigationTimeout(15_000);
      page.on('console', (message) => {
        const type = message.type();
        if (type === 'error' || type === 'warning') problems.push(`console.${type}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('requestfailed', (request) => {
        // A navigation away aborts pending requests on purpose; anything else is a problem.
        const failure = request.failure()?.errorText ?? 'failed';
        if (failure !== 'net::ERR_ABORTED') problems.push(`requestfailed: ${request.url()} (${failure})`);
      });
      return {
        page,
        context,
        problems,
        externalRequests,
        url: (path) => `${baseUrl}${path}`,
        seen: () =>
          page.evaluate(
            () =>
              (window as unknown as { __e2eSeen?: Record<string, { path: string; progress: string | null }> })
                .__e2eSeen ?? {},
          ),
      };
    };

    const closePages = async () => {
      const open = contexts.splice(0);
      await Promise.all(open.map((context) => context.close().catch(() => undefined)));
    };

    return {
      baseUrl,
      backend,
      rows: async <T>(sql: string, params: unknown[] = []) =>
        (await (await backend.database()).query<T>(sql, params)).rows,
      browser: launched,
      open,
      closePages,
      stop: async () => {
        await closePages();
        await launched.close().catch(() => undefined);
        await started.close();
        if (ownBackend) await backend.close();
      },
    };
  } catch (error) {
    await browser?.close().catch(() => undefined);
    await server?.close().catch(() => undefined);
    if (ownBackend) await backend.close();
    throw error;
  }
}

/** A real photo with faces, from the face model's package (the same photos its tests use). */
export const SAMPLE_FACE_PHOTO = join(repoRoot, 'node_modules/@vladmandic/face-api/demo/sample1.jpg');
