/**
 * The route → chunk preload map of the built index.html. A split screen renderer is otherwise found
 * only after the entry has downloaded and run (the app imports it when it renders), a second round
 * trip on every direct load. A tiny inline script, run while the head is parsed, looks the page's path
 * up in a map written at build time and adds `<link rel=modulepreload>` (and the chunks' stylesheets,
 * render-blocking) for the code of the screens that page shows first, so they download alongside the
 * entry. The CSP allows exactly that script by its hash. Node only: the browser gets the script text.
 */
import { normalizePath, resolveRoute } from '../../src/engine/routes.ts';
import type { Flow, Screen } from '../../src/engine/flow-model.ts';
import { readsResult } from '../../src/engine/screen-view.ts';
import { movesOnTo, passesThrough } from '../../src/engine/timed-visit.ts';
import { rendererSource } from './before-first-question.ts';
import { APP_READY_EVENT } from '../../src/app/app-ready.ts';
import { holdsExtraBlock } from '../../src/components/extra-block-types.ts';

/** One chunk of the bundle, as read here: its file, its static imports (files) and its stylesheets. */
export interface BuiltChunk {
  fileName: string;
  /** The module the chunk is named after (absolute path), when it has one. */
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: readonly string[];
  css: readonly string[];
}

/** The source of the result code's chunk: screens that show a result wait for it. */
export const RESULT_CODE_SOURCE = 'src/app/result-code-chunk.ts';

/**
 * The source of the extra blocks' chunk (rating, profile, chart), which the app imports when a screen
 * shows one: a page drawn with one needs its stylesheet before the first paint.
 */
export const EXTRA_BLOCKS_SOURCE = 'src/components/extra-blocks.tsx';

/** The sources of the code that draws `screen`: its kind's renderer, and the extra blocks' when it shows one. */
function drawnBy(screen: Screen): string[] {
  return holdsExtraBlock(screen) ? [rendererSource(screen.kind), EXTRA_BLOCKS_SOURCE] : [rendererSource(screen.kind)];
}

/**
 * The screens a page shows first: the screen itself, and while a screen moves on by itself (`after`,
 * e.g. 'Loading your assessment...'), the one it moves on to; for a screen with `requires`, also the
 * screens its `otherwise` shows first. A screen with no delay is passed through and not shown at all.
 */
export function screensShownFirst(flow: Pick<Flow, 'screens'>, id: string): Screen[] {
  const shown: Screen[] = [];
  const seen = new Set<string>();
  const waiting = [id];
  for (let next = waiting.shift(); next !== undefined; next = waiting.shift()) {
    const screen = Object.hasOwn(flow.screens, next) ? flow.screens[next] : undefined;
    if (!screen || seen.has(next)) continue;
    seen.add(next);
    // One the machine passes through (no delay) is never drawn: its code isn't needed.
    if (!passesThrough(screen)) shown.push(screen);
    const onward = movesOnTo(screen);
    if (onward !== undefined) waiting.push(onward);
    // A guarded screen opens its `otherwise` for a visitor without its data: any fresh one (the
    // build draws that), while a returning one with the data gets the screen itself.
    if ('requires' in screen && screen.requires !== undefined) waiting.push(screen.requires.otherwise);
  }
  return shown;
}

/** A chunk's file and every file it imports statically, depth first, each once. */
function closure(byFile: ReadonlyMap<string, BuiltChunk>, file: string, into: Set<string>): void {
  const chunk = byFile.get(file);
  if (!chunk || into.has(file)) return;
  into.add(file);
  for (const imported of chunk.imports) closure(byFile, imported, into);
}

/** The chunks by file and by source (relative to `root`), and every file the entry loads anyway. */
function indexChunks(chunks: readonly BuiltChunk[], root: string) {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const bySource = new Map<string, string>();
  for (const chunk of chunks) {
    const source = chunk.facadeModuleId?.startsWith(`${root}/`) ? chunk.facadeModuleId.slice(root.length + 1) : undefined;
    if (source !== undefined) bySource.set(source, chunk.fileName);
  }
  const loaded = new Set<string>();
  for (const chunk of chunks) if (chunk.isEntry) closure(byFile, chunk.fileName, loaded);
  return { byFile, bySource, loaded };
}

/**
 * Path (normalized, see routes.ts) → the URLs to preload for it: the scripts of the renderers of the
 * screens it shows first (and the result code where one of them shows a result), with their imports
 * and stylesheets, minus what index.html loads anyway. Paths with nothing to preload are left out.
 */
export function routePreloads(
  flow: Pick<Flow, 'screens' | 'settings' | 'notFound'>,
  chunks: readonly BuiltChunk[],
  options: { root: string; base: string },
): Record<string, string[]> {
  const { byFile, bySource, loaded } = indexChunks(chunks, options.root);

  /** The stylesheets and chunks a direct load of screen `id` needs beyond the entry's. */
  const urlsFor = (id: string): string[] => {
    const shown = screensShownFirst(flow, id);
    const sources = shown.flatMap(drawnBy);
    if (shown.some(readsResult)) sources.push(RESULT_CODE_SOURCE);
    const files = new Set<string>();
    for (const source of sources) {
      const file = bySource.get(source);
      if (file !== undefined) closure(byFile, file, files);
    }
    const scripts = [...files].filter((file) => !loaded.has(file));
    const styles = scripts.flatMap((file) => byFile.get(file)?.css ?? []);
    // A screen passed through at once is drawn for the first paint (prerender-screen.tsx): its
    // stylesheets are needed (or its spinner paints unstyled), never its code.
    const passing = new Set<string>();
    const screen = Object.hasOwn(flow.screens, id) ? flow.screens[id] : undefined;
    const passingFile = screen && passesThrough(screen) ? bySource.get(rendererSource(screen.kind)) : undefined;
    if (passingFile !== undefined) closure(byFile, passingFile, passing);
    const passingStyles = [...passing].filter((file) => !loaded.has(file)).flatMap((file) => byFile.get(file)?.css ?? []);
    return [...new Set([...passingStyles, ...styles, ...scripts])].map((file) => `${options.base}${file}`);
  };

  const map: Record<string, string[]> = {};
  for (const [id, screen] of Object.entries(flow.screens)) {
    const paths = [screen.route, ...('aliases' in screen ? (screen.aliases ?? []) : [])];
    // Kept even when empty: a page of the flow must never fall back to the not-found screen's files.
    const urls = urlsFor(id);
    for (const path of paths)
      if (path !== undefined) map[normalizePath(resolveRoute(path, flow.settings))] ??= urls;
  }
  // Any other address opens the not-found screen (its page is drawn by the build: its styles must be in
  // before the first paint, or the drawing shifts when they come).
  const notFound = Object.hasOwn(flow.screens, flow.notFound) ? urlsFor(flow.notFound) : [];
  if (notFound.length > 0) map[NOT_FOUND_KEY] = notFound;
  return map;
}

/** The screens one Continue away from the screens a page shows first (their `next` targets). */
function oneContinueAway(flow: Pick<Flow, 'screens'>, id: string): string[] {
  const targets: string[] = [];
  for (const screen of screensShownFirst(flow, id)) {
    if (screen.kind === 'not-found') continue;
    const { next } = screen;
    if (typeof next === 'string') targets.push(next);
    else next?.forEach((target) => targets.push(target.to));
  }
  return [...new Set(targets)];
}

/**
 * Path → the renderers' scripts and stylesheets of the screens one Continue away from what the page
 * shows first (and of the screens those show first), minus what the page loads anyway: preloaded after
 * the page's own code, so the visitor's first Continue doesn't wait for a round trip (Slow 3G: 2 s).
 * The result code is not among them: it is larger, and the screens that need it load it themselves.
 */
export function nextPreloads(
  flow: Pick<Flow, 'screens' | 'settings' | 'notFound'>,
  chunks: readonly BuiltChunk[],
  options: { root: string; base: string },
): Record<string, string[]> {
  const shownFirst = routePreloads(flow, chunks, options);
  const { byFile, bySource, loaded } = indexChunks(chunks, options.root);
  const map: Record<string, string[]> = {};
  for (const [id, screen] of Object.entries(flow.screens)) {
    const files = new Set<string>();
    for (const target of oneContinueAway(flow, id))
      for (const shown of screensShownFirst(flow, target))
        for (const source of drawnBy(shown)) {
          const file = bySource.get(source);
          if (file !== undefined) closure(byFile, file, files);
        }
    const scripts = [...files].filter((file) => !loaded.has(file));
    const styles = scripts.flatMap((file) => byFile.get(file)?.css ?? []);
    const paths = [screen.route, ...('aliases' in screen ? (screen.aliases ?? []) : [])];
    for (const path of paths) {
      if (path === undefined) continue;
      const key = normalizePath(resolveRoute(path, flow.settings));
      const own = new Set(shownFirst[key] ?? []);
      const urls = [...new Set([...styles, ...scripts])].map((file) => `${options.base}${file}`).filter((url) => !own.has(url));
      if (urls.length > 0) map[key] ??= urls;
    }
  }
  return map;
}

/** The map's key for every address that is no page of the flow (no path is "*"). */
export const NOT_FOUND_KEY = '*';

/** The events kept from the app until its first render is in (a tap's, a focus's, and a choice's). */
const KEPT_FROM_THE_APP = ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'touchstart', 'touchend', 'focusin', 'focusout', 'input', 'change'];

/**
 * The inline script: the map, and a few lines that add the current path's links. Each URL is written
 * once (a page's list holds indexes), and a path is normalized as routes.ts does. Stylesheets block
 * rendering like index.html's own, so a screen never paints before its styles; Vite's loader finds
 * the links already there and adds no second copy.
 *
 * A stylesheet the page already has a link for is not added: the build writes the page's stylesheets
 * into it, each with a disabled link (inline-styles.ts).
 *
 * The scripts (the entry, named by the tag's `data-entry`, then the page's module preloads) go out at
 * once, while the head is parsed: the page is drawn by the build, so the visitor sees her screen as
 * soon as its stylesheets are in, and every moment the code arrives later is a moment her taps can't
 * be fully answered (measured: waiting for the first paint cost 1.1 s on Slow 4G, 4.6 s on Slow 3G).
 * Then the code and stylesheets of the screens one Continue away (`next`: module preloads, and
 * stylesheets preloaded without blocking anything), so her first Continue finds them in.
 *
 * The page marks itself `data-painted` at the first contentful paint (in a browser without paint
 * timing, two frames after the document is parsed; a hidden tab at once; SCRIPTS_AT_THE_LATEST_MS at
 * the latest): a page opened on a screen the funnel passes through at once (the start page) has that
 * screen drawn for the first paint and the screen it leads to after it (the app's stylesheet switches
 * them); the passing drawing is removed once the app is in.
 *
 * Until the app's first render is in (APP_READY_EVENT), no tap on the drawing reaches the app: React
 * meeting a tap while it adopts the drawing adopts all of it at once, for as long as that takes (113 ms
 * at 4× CPU, measured), and only then is the tap drawn. Presses, touches, focus and clicks are kept
 * from it (and a choice's input and change); typing reaches it, so a field keeps what is typed.
 * Checkboxes and radios (and their labels) take a tap natively: the choice shows at once and the app
 * adopts it when it hydrates (option-button.tsx). So do a file picker (a replayed tap could not open
 * it; the photo screen takes a file chosen early when it mounts) and a click with a modifier key (a
 * link opened in a new tab). A tap on any other button or link is held (marked `aria-busy` and
 * `data-held`, which the stylesheet shows as busy) and then carried out once, one per task, on those
 * still in the page: a second tap on the same control is not kept, so a double tap is not replayed
 * as two.
 * If the entry can't load, taps go through.
 *
 * `storedKeys`: the session keys of the flow's answers and data. A visitor who has some stored is
 * drawn by the app, with what she gave, not from the build's fresh drawing: the page marks itself
 * (`data-redraw` on <html>, which the app's stylesheet hides #root for) until the app is in.
 */
export function routePreloadScript(
  map: Readonly<Record<string, readonly string[]>>,
  storedKeys: readonly string[] = [],
  next: Readonly<Record<string, readonly string[]>> = {},
): string {
  const urls = [...new Set([...Object.values(map).flat(), ...Object.values(next).flat()])].sort();
  const index = new Map(urls.map((url, i) => [url, i]));
  const indexes = (m: Readonly<Record<string, readonly string[]>>) =>
    Object.fromEntries(Object.entries(m).map(([path, list]) => [path, list.map((url) => index.get(url) ?? -1)]));
  const byPath = indexes(map);
  const nextByPath = indexes(next);
  return [
    `(()=>{const u=${JSON.stringify(urls)},r=${JSON.stringify(byPath)},v=${JSON.stringify(nextByPath)},`,
    `p=location.pathname.replace(/\\/+$/,"")||"/",d=document,h=d.documentElement,e=d.currentScript?.dataset.entry,s=[],q=[],`,
    `a=l=>{l.crossOrigin="";d.head.appendChild(l)},k=w=>d.querySelector('link[href="'+w+'"]'),`,
    `R=k=>d.getElementById("root")?.contains(k.target),`,
    `c=k=>{if(!R(k))return;k.stopImmediatePropagation();const t=k.target.closest?.("a,button,input,label,select,summary,[role=button]"),y=t&&(t.control||t).type;`,
    `if(t&&!(k.ctrlKey||k.metaKey||k.shiftKey||k.altKey)&&y!=="file"&&y!=="checkbox"&&y!=="radio"){k.preventDefault();`,
    `if(!q.includes(t)){q.push(t);t.setAttribute("aria-busy","true");t.setAttribute("data-held","")}}},`,
    `E=${JSON.stringify(KEPT_FROM_THE_APP)},g=k=>{const y=k.target.type;if((k.type!=="input"&&k.type!=="change"||y==="checkbox"||y==="radio")&&R(k))k.stopImmediatePropagation()},`,
    `o=()=>{d.removeEventListener("click",c,!0);for(const n of E)d.removeEventListener(n,g,!0);h.removeAttribute("data-redraw");d.querySelector("[data-passing]")?.remove();`,
    `for(const t of q){t.removeAttribute("aria-busy");t.removeAttribute("data-held")}};d.addEventListener("click",c,!0);for(const n of E)d.addEventListener(n,g,!0);`,
    `d.addEventListener(${JSON.stringify(APP_READY_EVENT)},async()=>{o();`,
    `for(const t of q)if(t.isConnected){t.click();await new Promise(f=>setTimeout(f))}},{once:!0});`,
    `const f=m=>Object.hasOwn(m,p)?m[p]:Object.hasOwn(r,p)?[]:m[${JSON.stringify(NOT_FOUND_KEY)}]||[];`,
    `for(const i of f(r)){const l=d.createElement("link"),w=u[i];`,
    `l.href=w;if(w.endsWith(".css")){if(!k(w)){l.rel="stylesheet";l.setAttribute("blocking","render");a(l)}}else{l.rel="modulepreload";s.push(l)}}`,
    `if(e){const m=d.createElement("script");m.type="module";m.src=e;m.onerror=o;a(m)}s.forEach(a);`,
    `for(const i of f(v)){const l=d.createElement("link"),w=u[i];if(k(w))continue;l.href=w;if(w.endsWith(".css")){l.rel="preload";l.as="style"}else l.rel="modulepreload";a(l)}`,
    // After the requests: reading the session storage is a synchronous call to the browser (1-12 ms measured).
    `try{if(${JSON.stringify(storedKeys)}.some(k=>{const v=sessionStorage.getItem(k);return v!==null&&v!=="{}"}))h.setAttribute("data-redraw","")}catch{}`,
    `let n=0;const x=()=>{n++||h.setAttribute("data-painted","")};`,
    `if(d.visibilityState==="hidden"||h.hasAttribute("data-redraw"))x();else{`,
    `try{new PerformanceObserver((l,b)=>{if(l.getEntriesByName("first-contentful-paint").length){b.disconnect();setTimeout(x)}}).observe({type:"paint",buffered:!0})}`,
    `catch{d.addEventListener("DOMContentLoaded",()=>requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(x))))}`,
    `setTimeout(x,${SCRIPTS_AT_THE_LATEST_MS})}})()`,
  ].join('');
}

/** The longest a page waits for its first paint before it marks itself painted anyway. */
export const SCRIPTS_AT_THE_LATEST_MS = 3000;
