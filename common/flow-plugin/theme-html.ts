/**
 * The flow's theme at build time (and in the dev server): index.html gets the page title, the meta
 * description and the browser's theme colour; the colours and fonts become CSS custom properties in
 * `virtual:flow-theme.css`, which the app imports, so they ship in the render-blocking stylesheet: the
 * first paint already wears the brand (no flash), and no inline style needs a CSP exception.
 */
import type { Flow } from '../../src/engine/flow.gen.ts';

type Colors = NonNullable<NonNullable<Flow['theme']>['colors']>;

/** Which design token (src/components/tokens.css) each theme colour sets. */
const COLOR_TOKENS = {
  background: '--color-bg',
  surface: '--color-surface',
  surfaceMuted: '--color-surface-muted',
  border: '--color-border',
  text: '--color-text',
  textMuted: '--color-text-muted',
  accent: '--color-accent',
  accentHover: '--color-accent-hover',
  accentSoft: '--color-accent-soft',
  onAccent: '--color-on-accent',
} as const satisfies Record<keyof Colors, `--${string}`>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The custom properties the theme sets, as one `:root { … }` rule ('' when it sets none). The schema
 * limits colours to #rrggbb and font stacks to names, commas and quotes, so nothing can leave the rule.
 */
export function themeCss(theme: Flow['theme']): string {
  const tokens = new Map<string, string>(Object.entries(COLOR_TOKENS));
  const declarations: string[] = [];
  for (const [name, value] of Object.entries(theme?.colors ?? {})) {
    const token = tokens.get(name);
    if (token !== undefined && value !== undefined) declarations.push(`${token}:${value}`);
  }
  if (theme?.fonts?.body !== undefined) declarations.push(`--font-sans:${theme.fonts.body}`);
  if (theme?.fonts?.heading !== undefined) declarations.push(`--font-serif:${theme.fonts.heading}`);
  // Doubled :root outweighs tokens.css's defaults whatever order the bundler puts the two files in.
  return declarations.length === 0 ? '' : `:root:root{${declarations.join(';')}}\n`;
}

/** The MIME type of a favicon, by its extension (the schema allows svg, png and ico). */
function iconType(path: string): string {
  if (path.endsWith('.svg')) return 'image/svg+xml';
  return path.endsWith('.png') ? 'image/png' : 'image/x-icon';
}

/** index.html with the flow's title, description, theme colour and favicon (none when it declares none). */
export function themedHtml(html: string, flow: { theme?: Flow['theme']; settings: { brand: string } }): string {
  const theme = flow.theme;
  const title = escapeHtml(theme?.title ?? flow.settings.brand);
  let out = html.replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);
  const description = /\s*<meta name="description" content="[^"]*"\s*\/?>/;
  out =
    theme?.description === undefined
      ? out.replace(description, '')
      : out.replace(description, (tag) => tag.replace(/content="[^"]*"/, `content="${escapeHtml(theme.description ?? '')}"`));
  // The tab icon is the flow's own, or none: index.html's placeholder never shows another brand's.
  const icon = /\s*<link rel="icon"[^>]*>/;
  out =
    theme?.favicon === undefined
      ? out.replace(icon, '')
      : out.replace(icon, (tag) => tag.replace(/^(\s*).*$/s, `$1<link rel="icon" href="${escapeHtml(theme.favicon ?? '')}" type="${iconType(theme.favicon ?? '')}" />`));
  if (theme?.colors?.background !== undefined) {
    out = out.replace(/<meta name="theme-color" content="[^"]*"\s*\/?>/, `<meta name="theme-color" content="${theme.colors.background}" />`);
  }
  return out;
}
