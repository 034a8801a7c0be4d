/**
 * A built page with the stylesheets of its first paint written into it, so the drawn screen paints as
 * soon as the page is in, instead of a round trip later (on a slow phone each stylesheet on a new
 * connection costs one or two: 0.3-0.6 s on Slow 4G, 2-4 s on Slow 3G). The scripts still go out at
 * once from the page's head; only the stylesheets stop standing between the page and its paint.
 *
 * - The entry's stylesheet link (Vite's) gives way to one `<style>` at the end of the head (after the
 *   links that fetch code, which its bytes would hold back on a slow line), holding the page's own
 *   stylesheets first, as the page's script added them ahead of the entry's, then the entry's.
 * - Each stylesheet written in keeps a `<link rel="stylesheet" disabled>` ahead of the page's script:
 *   a disabled stylesheet is neither fetched nor applied, and the link tells the page's script
 *   (route-preload.ts) not to add it, and Vite's loader, when the app imports code that uses it (the
 *   entry's too), that it is in the page already (else it fetches it and holds the import until it
 *   loads).
 * - A stylesheet that can't be written inline as it is (a relative `url()`, which would resolve
 *   against the page's address, or a `</style` in its text) leaves the page as it was.
 */
import { cspHashSource } from './site-headers.ts';

/** Vite's link to the entry's stylesheet in the built index.html. */
const ENTRY_STYLESHEET = /[ \t]*<link rel="stylesheet" crossorigin href="([^"]+)">\n?/g;
const CHARSET = /<meta charset=[^>]*>/i;

export interface InlinedPage {
  html: string;
  /** The CSP source of the page's `<style>` (`'sha256-…'`), or undefined when the page was left as it was. */
  styleHash?: string;
}

/** True when `css` can't be moved into the page as it is. */
function staysLinked(css: string): boolean {
  if (/<\/style/i.test(css)) return true;
  for (const [, , raw = ''] of css.matchAll(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
    if (!/^(\/|#|data:|[a-z][a-z0-9+.-]*:)/i.test(raw)) return true;
  }
  return false;
}

/**
 * `html` with its entry stylesheet and `own` (the page's other first-paint stylesheets, as URLs) in a
 * `<style>`, reading each stylesheet's text through `read` (undefined: not in the build).
 */
export function withStylesInline(
  html: string,
  own: readonly string[],
  read: (url: string) => string | undefined,
): InlinedPage {
  const entry = [...html.matchAll(ENTRY_STYLESHEET)].map(([, href = '']) => href);
  const charset = CHARSET.exec(html);
  if (entry.length === 0 || !charset) return { html };
  const mine = own.filter((url) => !entry.includes(url));
  const texts = [...new Set([...mine, ...entry])].map(read);
  if (texts.some((text) => text === undefined || staysLinked(text))) return { html };
  const style = texts.join('\n');
  const markers = [...mine, ...entry].map((url) => `\n    <link rel="stylesheet" href="${url}" disabled>`).join('');
  const end = charset.index + charset[0].length;
  const rest = html.slice(end).replace(ENTRY_STYLESHEET, '');
  const close = rest.search(/[ \t]*<\/head>/i);
  if (close === -1) return { html };
  return {
    html: `${html.slice(0, end)}${markers}${rest.slice(0, close)}    <style>${style}</style>\n${rest.slice(close)}`,
    styleHash: cspHashSource(style),
  };
}
