/**
 * Which pages the build writes with their screen already drawn, and what each file holds: the first
 * render of a fresh visitor. A page one experiment changes holds each variant's drawing, and an
 * inline script shows the visitor's own before the first paint (variant-pick-script.ts); a page
 * several experiments change is the empty app shell (main.tsx then draws it as before). Node only;
 * the render itself is src/app/prerender-screen.tsx.
 */
import { normalizePath } from '../../src/engine/routes.ts';
import { cspHashSource } from './site-headers.ts';
import {
  experimentAttributes,
  VARIANT_PICK_HASH,
  variantDrawings,
  type DrawnExperiment,
} from './variant-pick-script.ts';

export interface PrerenderInput<F> {
  /** The built index.html, with an empty `<div id="root"></div>`. */
  shell: string;
  /** The flow as built, and its experiments with each variant's flow (its patches applied). */
  flow: F;
  experiments: readonly (Omit<DrawnExperiment, 'variants'> & { variants: { id: string; weight: number; flow: F }[] })[];
  /** Every page of the flow (routes and aliases, resolved). */
  paths: readonly string[];
  /** The HTML inside #root for a fresh visitor opening `path`, or undefined when it opens no screen. */
  render: (flow: F, path: string) => Promise<string | undefined>;
  /**
   * The drawing of the screen a fresh visitor opening `path` passes through on the way to the one in
   * #root (shown for the first paint only), or undefined when there is none.
   */
  passing?: (flow: F, path: string) => Promise<string | undefined>;
}

export interface PrerenderedSite {
  /** File name (relative to the output folder) → its HTML. */
  files: Map<string, string>;
  /** Every page of the flow, each written to its own file ({@link pageFile}). */
  pages: string[];
  /** The pages written with their screen drawn. */
  prerendered: string[];
  /** The pages (and the not-found page) left to the browser, with why. */
  skipped: { path: string; reason: string }[];
  /** CSP sources (`'sha256-…'`) of every style attribute in the drawn pages, sorted (site-headers.ts); the prerender plugin adds each page's `<style>`. */
  styleHashes: string[];
  /** CSP hash sources of the inline scripts the drawn pages carry (the variant pick, when a page has variants). */
  scriptHashes: string[];
  /** The languages besides the default whose pages are under _lang/<language>/ (language-pages.ts). */
  languages?: string[];
}

/** Two unknown paths: the not-found page is prerendered only when it doesn't show the address. */
export const NOT_FOUND_PROBES = ['/__prerender-not-found-a', '/__prerender-not-found-b'] as const;
export const NOT_FOUND_FILE = '404.html';
const EMPTY_ROOT = '<div id="root"></div>';
/** The mark of the not-found page, drawn for any address that is no page of the flow. */
export const NOT_FOUND_MARK = '*';

/** The file a static host (and `vite preview`) serves for a page: `/a/b` → `a/b.html`, `/` → `index.html`. */
export function pageFile(path: string): string {
  const normal = normalizePath(path);
  return normal === '/' ? 'index.html' : `${normal.slice(1)}.html`;
}

/**
 * The shell with the drawn screen in #root, marked with the path it was drawn for (or
 * {@link NOT_FOUND_MARK}): main.tsx hydrates it only at that address.
 */
export function withRoot(
  shell: string,
  mark: string,
  html: string,
  variants?: Drawn['variants'],
  passing?: string,
): string {
  if (!shell.includes(EMPTY_ROOT)) throw new Error(`index.html has no empty ${EMPTY_ROOT} to prerender into`);
  const attribute = mark.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  const experiment = variants ? experimentAttributes(variants.experiment) : '';
  const after = variants ? variantDrawings(variants.drawings) : '';
  // Outside #root, which the app hydrates; CSS shows it instead of #root until the first paint.
  const before = passing === undefined ? '' : `<div data-passing>${passing}</div>`;
  return shell.replace(
    EMPTY_ROOT,
    () => `${before}<div id="root" data-prerendered="${attribute}"${experiment}>${html}</div>${after}`,
  );
}

/** A page's drawing for a fresh visitor, and those of the variants of the one experiment that changes it. */
interface Drawn {
  html: string;
  /** The screen passed through on the way, drawn for the first paint. */
  passing?: string;
  variants?: { experiment: DrawnExperiment; drawings: Map<string, string> };
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', '#x27': "'", '#39': "'", lt: '<', gt: '>' };

/** The CSP hash sources of the style attributes in `html`, as the browser reads them (entities decoded). */
export function styleAttributeHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, value = ''] of html.matchAll(/\sstyle="([^"]*)"/g)) {
    const text = value.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (entity, name: string) => ENTITIES[name] ?? entity);
    hashes.add(cspHashSource(text));
  }
  return [...hashes];
}

/** The first render at `paths` (alike at all of them) with its variants, or why it can't be drawn. */
async function draw<F>(input: PrerenderInput<F>, paths: readonly string[]): Promise<Drawn | { reason: string }> {
  const [first, ...others] = paths;
  if (first === undefined) return { reason: 'no path' };
  const html = await input.render(input.flow, first);
  if (html === undefined) return { reason: 'opens no screen' };
  for (const path of others) {
    if ((await input.render(input.flow, path)) !== html) return { reason: 'shows the address' };
  }
  const changing: NonNullable<Drawn['variants']>[] = [];
  for (const { variants, ...experiment } of input.experiments) {
    const drawings = new Map<string, string>();
    for (const variant of variants) {
      const drawn = await input.render(variant.flow, first);
      if (drawn !== html) drawings.set(variant.id, drawn ?? '');
    }
    const ids: [string, number][] = variants.map((variant) => [variant.id, variant.weight]);
    if (drawings.size > 0) changing.push({ experiment: { ...experiment, variants: ids }, drawings });
  }
  if (changing.length > 1) return { reason: 'several experiments change it' };
  if (paths.length > 1 && changing.length > 0) return { reason: 'an experiment changes it' };
  return { html, variants: changing[0], passing: await input.passing?.(input.flow, first) };
}

export async function prerenderSite<F>(input: PrerenderInput<F>): Promise<PrerenderedSite> {
  const files = new Map<string, string>();
  const prerendered: string[] = [];
  const skipped: { path: string; reason: string }[] = [];
  let withVariants = false;
  const pages = [...new Set(input.paths.map(normalizePath))].sort();
  for (const path of pages) {
    const drawn = await draw(input, [path]);
    if ('html' in drawn) {
      files.set(pageFile(path), withRoot(input.shell, path, drawn.html, drawn.variants, drawn.passing));
      prerendered.push(path);
      withVariants ||= drawn.variants !== undefined;
    } else {
      files.set(pageFile(path), input.shell);
      skipped.push({ path, reason: drawn.reason });
    }
  }
  const notFound = await draw(input, NOT_FOUND_PROBES);
  if ('html' in notFound) files.set(NOT_FOUND_FILE, withRoot(input.shell, NOT_FOUND_MARK, notFound.html));
  else {
    files.set(NOT_FOUND_FILE, input.shell);
    skipped.push({ path: 'not found', reason: notFound.reason });
  }
  const styleHashes = new Set([...files.values()].flatMap(styleAttributeHashes));
  return {
    files,
    pages,
    prerendered,
    skipped,
    styleHashes: [...styleHashes].sort(),
    scriptHashes: withVariants ? [VARIANT_PICK_HASH] : [],
  };
}
