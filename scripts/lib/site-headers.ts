/**
 * The security headers of the funnel's pages: one definition, used by the build (dist/_headers, for
 * static hosts), `vite preview` (which sends what dist/_headers says) and `vite` dev (the same policy
 * plus what hot reload needs). Node only: nothing here ships to the browser.
 */

import { createHash } from 'node:crypto';

/** The CSP source (`'sha256-…'`) that allows exactly this inline script, style element or style attribute. */
export function cspHashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The hosts Meta's pixel uses: its script, and the beacons and config it sends. */
export const PIXEL_SCRIPT_HOST = 'https://connect.facebook.net';
export const PIXEL_BEACON_HOST = 'https://www.facebook.com';

export interface SiteHeaderOptions {
  /** A pixel id is set (flow setting or VITE_META_PIXEL_ID): allow Meta's hosts, and only then. */
  pixel: boolean;
  /** The hosted Supabase project's URL (VITE_SUPABASE_URL) when the build talks to one. */
  supabaseUrl?: string | undefined;
  /**
   * Vite's dev server: its client injects inline styles and a small inline module (React's refresh
   * preamble) and talks to the dev server over a WebSocket. Never for a build.
   */
  dev?: boolean;
  /**
   * CSP sources (`'sha256-…'`) of the inline scripts the build writes into index.html (the route
   * preload map, scripts/lib/route-preload.ts): exactly those run, any other inline script is refused.
   */
  scriptHashes?: readonly string[];
  /**
   * CSP sources of the style attributes in the pages the build prerendered (a progress bar's width,
   * scripts/lib/prerender-pages.ts): a browser applies a style attribute parsed from HTML only when
   * the policy allows it, and exactly those values are ('unsafe-hashes' with their hashes).
   */
  styleHashes?: readonly string[];
}

/** The origin of a URL (`https://x.supabase.co`), or undefined for anything that isn't http(s). */
function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A strict Content-Security-Policy: only the page's own scripts (no inline script but the build's own,
 * allowed by hash; no eval), no plugins, no framing, and the network limited to the page's origin,
 * the Supabase project and, with a pixel id, Meta's two hosts. Photos are previewed from data: and blob: URLs, so images allow those.
 */
export function contentSecurityPolicy(options: SiteHeaderOptions): string {
  const pixelScript = options.pixel ? [PIXEL_SCRIPT_HOST] : [];
  const pixelNetwork = options.pixel ? [PIXEL_BEACON_HOST, PIXEL_SCRIPT_HOST] : [];
  const supabase = originOf(options.supabaseUrl);
  const dev = options.dev === true;
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    [
      'script-src',
      ["'self'", ...(options.scriptHashes ?? []), ...(dev ? ["'unsafe-inline'"] : []), ...pixelScript],
    ],
    [
      'style-src',
      [
        "'self'",
        ...(options.styleHashes?.length ? ["'unsafe-hashes'", ...options.styleHashes] : []),
        ...(dev ? ["'unsafe-inline'"] : []),
      ],
    ],
    ['img-src', ["'self'", 'data:', 'blob:', ...(options.pixel ? [PIXEL_BEACON_HOST] : [])]],
    ['font-src', ["'self'"]],
    [
      'connect-src',
      ["'self'", ...(supabase ? [supabase] : []), ...pixelNetwork, ...(dev ? ['ws:', 'wss:'] : [])],
    ],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * Powerful features the funnel never uses, switched off for the page and anything it embeds. The photo
 * is chosen with a file input, which needs no camera permission. Only features Chromium knows are
 * listed: an unknown one is a console error on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/** Every header the funnel's responses carry, by name. */
export function siteHeaders(options: SiteHeaderOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    // The funnel's URLs carry campaign ids; other sites see only the origin.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // frame-ancestors covers modern browsers; this covers the old ones.
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
    // HTTPS only, for two years, subdomains too (browsers ignore it on plain HTTP, so `npm start` on
    // http://localhost is unaffected). Not in dev: a dev server behind HTTPS would pin its host.
    ...(options.dev === true ? {} : { 'Strict-Transport-Security': HSTS }),
  };
}

/** The Strict-Transport-Security value of every built page and asset. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/** The `_headers` file of Netlify and Cloudflare Pages: these headers on every path. */
export function headersFileText(headers: Record<string, string>): string {
  const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
  return `# Security headers for every page and asset (generated by npm run build; see README "Deploying").\n/*\n${lines.join('\n')}\n`;
}

/** The headers of the `/*` block of a `_headers` file (what `vite preview` sends, like a static host). */
export function parseHeadersFile(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let inAll = false;
  for (const raw of text.split('\n')) {
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      inAll = raw.trim() === '/*';
      continue;
    }
    const colon = raw.indexOf(':');
    if (inAll && colon > 0) headers[raw.slice(0, colon).trim()] = raw.slice(colon + 1).trim();
  }
  return headers;
}
