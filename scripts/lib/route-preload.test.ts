import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { APP_READY_EVENT } from '../../src/app/app-ready.ts';
import {
  NOT_FOUND_KEY,
  routePreloads,
  routePreloadScript,
  scriptHashSource,
  PASSED_PAINT_AT_THE_LATEST_MS,
  SCRIPTS_AT_THE_LATEST_MS,
  screensShownFirst,
  type BuiltChunk,
} from './route-preload.ts';

const flow = loadFlow();
const root = '/repo';
const chunk = (fileName: string, rest: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  facadeModuleId: null,
  isEntry: false,
  imports: [],
  css: [],
  ...rest,
});
const renderer = (kind: string, rest: Partial<BuiltChunk> = {}) =>
  chunk(`assets/${kind}.js`, { facadeModuleId: `${root}/src/screens/${kind}/${kind}.tsx`, ...rest });
const chunks: BuiltChunk[] = [
  chunk('assets/index.js', {
    isEntry: true,
    facadeModuleId: `${root}/index.html`,
    imports: ['assets/jsx.js'],
  }),
  chunk('assets/jsx.js'),
  chunk('assets/blocks.js', { css: ['assets/blocks.css'], imports: ['assets/jsx.js'] }),
  renderer('multi-select', {
    imports: ['assets/blocks.js', 'assets/jsx.js'],
    css: ['assets/multi-select.css'],
  }),
  renderer('slider', { imports: ['assets/blocks.js'] }),
  renderer('redirect'),
  renderer('reveal', { imports: ['assets/blocks.js'] }),
  renderer('not-found', { css: ['assets/not-found.css'] }),
  chunk('assets/result-code.js', { facadeModuleId: `${root}/src/app/result-code-chunk.ts` }),
];
const map = routePreloads(flow, chunks, { root, base: '/' });
/** The first question's route and an alias of it, and a result screen's, read from the flow. */
const byKind = (kind: string) =>
  Object.entries(flow.screens).find(([, s]) => s.kind === kind && !('requires' in s && s.requires));

describe('routePreloads', () => {
  it("maps a question's route and aliases to its chunk, its imports and their styles, minus the entry's", () => {
    const [, screen] = byKind('multi-select') ?? [];
    const expected = [
      '/assets/multi-select.css',
      '/assets/blocks.css',
      '/assets/multi-select.js',
      '/assets/blocks.js',
    ];
    expect(screen?.route && map[screen.route]).toEqual(expected);
    for (const alias of screen && 'aliases' in screen ? (screen.aliases ?? []) : [])
      expect(map[alias]).toEqual(expected);
  });

  it('maps a screen that moves on by itself to the screen it moves on to', () => {
    const [id] = Object.entries(flow.screens).find(([, s]) => 'after' in s && (s.after.delayMs ?? 0) > 0) ?? [];
    const shown = id === undefined ? [] : screensShownFirst(flow, id);
    expect(shown.length).toBeGreaterThan(1);
    expect(shown[0]?.kind).toBe('redirect');
    expect(shown.at(-1) && 'after' in shown.at(-1)!).toBe(false);
  });

  it('leaves out a screen passed through with no delay (the start page): only the one it leads to is drawn', () => {
    const shown = screensShownFirst(flow, flow.start);
    expect(shown.map((s) => s.kind)).toEqual(['multi-select']);
    expect(map['/']).toContain('/assets/multi-select.js');
    expect(map['/']).not.toContain('/assets/redirect.js');
  });

  it("adds for a guarded screen what its `otherwise` shows first, which a fresh visitor's page opens", () => {
    const guarded = Object.values(flow.screens).find((s) => {
      const otherwise = 'requires' in s ? s.requires?.otherwise : undefined;
      const target = otherwise === undefined ? undefined : flow.screens[otherwise];
      return target !== undefined && !('after' in target);
    });
    const otherwise = guarded && 'requires' in guarded ? guarded.requires?.otherwise : undefined;
    const shown = guarded?.route === undefined ? [] : screensShownFirst(flow, Object.keys(flow.screens).find((id) => flow.screens[id] === guarded) ?? '');
    expect(shown[0]).toBe(guarded);
    expect(shown).toContain(flow.screens[otherwise ?? '']);
  });

  it('adds the result code for a screen that shows a result', () => {
    const [, screen] = byKind('reveal') ?? [];
    expect(screen?.route && map[screen.route]).toEqual([
      '/assets/blocks.css',
      '/assets/reveal.js',
      '/assets/blocks.js',
      '/assets/result-code.js',
    ]);
  });
});

type Added = { rel: string; href?: string; blocking?: string; type?: string; src?: string };

/**
 * Runs the script against a stand-in document at `pathname`, as the tag carrying `entry`; returns
 * what it added at once, once the page had painted (`paints`: reported by a paint observer, the
 * default; or, without one, two frames after the parse), and at the latest-ever timer.
 */
function loads(
  script: string,
  pathname: string,
  options: {
    entry?: string;
    hidden?: boolean;
    stored?: Record<string, string>;
    paints?: 'observed' | 'unobserved' | 'never';
    /** The page passes through a screen; whether the paint of the one it leads to is reported. */
    passing?: 'painted' | 'unreported';
  } = {},
): {
  atOnce: Added[];
  afterPaint: Added[];
  afterPassingWait: Added[];
  atTheLatest: Added[];
  marks: string[];
  removed: string[];
  tap: Tap;
  /** The app's first render is in. */
  ready: () => void;
} {
  const added: Added[] = [];
  const listeners = new Map<string, (event: unknown) => void>();
  const marks: string[] = [];
  const waiting: (() => void)[] = [];
  const latest: (() => void)[] = [];
  const passingWait: (() => void)[] = [];
  const removed: string[] = [];
  const paints = options.paints ?? 'observed';
  const document = {
    currentScript: { dataset: options.entry === undefined ? {} : { entry: options.entry } },
    documentElement: {
      setAttribute: (name: string) => marks.push(name),
      hasAttribute: (name: string) => marks.includes(name),
      removeAttribute: () => undefined,
    },
    visibilityState: options.hidden ? 'hidden' : 'visible',
    addEventListener: (name: string, listener: () => void) => {
      if (name === 'DOMContentLoaded' && paints === 'unobserved') waiting.push(listener);
      listeners.set(name, listener);
    },
    removeEventListener: (name: string) => listeners.delete(name),
    getElementById: () => ({ contains: () => true }),
    querySelector: (selector: string) =>
      selector === '[data-passing]' && options.passing ? { remove: () => removed.push(selector) } : null,
    createElement: (tag: string) => {
      const element: Added & { setAttribute: (n: string, v: string) => void } = {
        rel: tag,
        href: '',
        setAttribute: (name, value) => {
          if (name === 'blocking') element.blocking = value;
        },
      };
      return element;
    },
    head: { appendChild: (element: Added) => added.push(element) },
  };
  const later = (callback: () => void, ms = 0) =>
    (ms >= SCRIPTS_AT_THE_LATEST_MS ? latest : ms === PASSED_PAINT_AT_THE_LATEST_MS ? passingWait : waiting).push(callback);
  type Entries = { getEntriesByName: (name: string) => unknown[]; getEntries: () => unknown[] };
  const PerformanceObserver =
    paints === 'unobserved'
      ? undefined
      : class {
          constructor(private readonly report: (list: Entries, observer: { disconnect(): void }) => void) {}
          observe({ type }: { type: string }) {
            if (type === 'largest-contentful-paint') {
              // The screen passed to, in #root, painted after the first paint.
              const inRoot: Entries = { getEntriesByName: () => [], getEntries: () => [{ element: {} }] };
              if (options.passing === 'painted') waiting.push(() => this.report(inRoot, this));
              return;
            }
            // A paint that is not contentful first, then the first contentful one.
            const painted = (name: string): Entries => ({
              getEntriesByName: (wanted) => (wanted === name ? [{}] : []),
              getEntries: () => [{}],
            });
            if (paints === 'observed') {
              waiting.push(() => this.report(painted('first-paint'), this));
              waiting.push(() => this.report(painted('first-contentful-paint'), this));
            }
          }
          disconnect() {}
        };
  const stored = options.stored ?? {};
  const sessionStorage = { getItem: (key: string) => (Object.hasOwn(stored, key) ? stored[key] : null) };
  new Function('location', 'document', 'requestAnimationFrame', 'setTimeout', 'sessionStorage', 'PerformanceObserver', script)(
    { pathname },
    document,
    later,
    later,
    sessionStorage,
    PerformanceObserver,
  );
  const atOnce = added.splice(0);
  // The paint (or the parse ending and the frames), then the task after it: each step queues the next.
  while (waiting.length > 0) waiting.shift()?.();
  const afterPaint = added.splice(0);
  while (passingWait.length > 0 || waiting.length > 0) (waiting.shift() ?? passingWait.shift())?.();
  const afterPassingWait = added.splice(0);
  while (latest.length > 0) latest.shift()?.();
  const plain = ({ rel, href, blocking, type, src }: Added): Added =>
    type === 'module' ? { rel: 'script', type, src: src ?? '' } : { rel, href, ...(blocking ? { blocking } : {}) };
  const tap: Tap = (control, modifiers = {}) => {
    let held = false;
    const target = { closest: () => control };
    listeners.get('click')?.({ target, ...modifiers, preventDefault: () => (held = true), stopImmediatePropagation: () => undefined });
    return held;
  };
  return {
    atOnce: atOnce.map(plain),
    afterPaint: afterPaint.map(plain),
    afterPassingWait: afterPassingWait.map(plain),
    atTheLatest: added.map(plain),
    marks,
    removed,
    tap,
    ready: () => listeners.get(APP_READY_EVENT)?.({}),
  };
}

/** Clicks `control` on the drawing; whether the script held the click. */
type Tap = (control: { type?: string; control?: { type: string } }, modifiers?: { ctrlKey?: boolean; metaKey?: boolean }) => boolean;

/** The links the script adds at `pathname`, at once or after the first paint, in order. */
function run(script: string, pathname: string): Added[] {
  const { atOnce, afterPaint } = loads(script, pathname);
  return [...atOnce, ...afterPaint];
}

describe('routePreloads for an address that is no page', () => {
  it("maps it to the not-found screen's stylesheet and chunk, so its drawn page paints styled", () => {
    expect(map[NOT_FOUND_KEY]).toEqual(['/assets/not-found.css', '/assets/not-found.js']);
  });

  it('keeps every page of the flow in the map, even one that needs nothing beyond the entry', () => {
    const bare = routePreloads(flow, chunks.slice(0, 2), { root, base: '/' });
    const route = flow.screens[flow.start]?.route ?? '';
    expect(bare[route]).toEqual([]);
  });
});

describe('routePreloadScript', () => {
  const script = routePreloadScript({ '/quiz/a': ['/assets/a.css', '/assets/a.js'], '/': ['/assets/a.js'] });

  it("adds the page's links: render-blocking stylesheets and module preloads, trailing slash or not", () => {
    const links = [
      { rel: 'stylesheet', href: '/assets/a.css', blocking: 'render' },
      { rel: 'modulepreload', href: '/assets/a.js' },
    ];
    expect(run(script, '/quiz/a')).toEqual(links);
    expect(run(script, '/quiz/a/')).toEqual(links);
    expect(run(script, '/')).toEqual([links[1]]);
  });

  it('adds nothing on another page, even one named like an Object property', () => {
    expect(run(script, '/quiz/b')).toEqual([]);
    expect(run(script, '/constructor')).toEqual([]);
    expect(run(script, '/__proto__')).toEqual([]);
  });

  it("adds the not-found screen's links on any address that is no page", () => {
    const withNotFound = routePreloadScript({ '/quiz/a': ['/assets/a.js'], [NOT_FOUND_KEY]: ['/assets/nf.css'] });
    expect(run(withNotFound, '/quiz/b')).toEqual([{ rel: 'stylesheet', href: '/assets/nf.css', blocking: 'render' }]);
    expect(run(withNotFound, '/quiz/a')).toEqual([{ rel: 'modulepreload', href: '/assets/a.js' }]);
  });

  it('adds the stylesheets at once, and the entry then the module preloads only after the first paint', () => {
    const { atOnce, afterPaint } = loads(script, '/quiz/a', { entry: '/assets/index.js' });
    expect(atOnce).toEqual([{ rel: 'stylesheet', href: '/assets/a.css', blocking: 'render' }]);
    expect(afterPaint).toEqual([
      { rel: 'script', type: 'module', src: '/assets/index.js' },
      { rel: 'modulepreload', href: '/assets/a.js' },
    ]);
  });

  it('without paint timing, loads them two frames after the parse; with no paint ever, at the latest', () => {
    const scripts = [
      { rel: 'script', type: 'module', src: '/assets/index.js' },
      { rel: 'modulepreload', href: '/assets/a.js' },
    ];
    expect(loads(script, '/quiz/a', { entry: '/assets/index.js', paints: 'unobserved' }).afterPaint).toEqual(scripts);
    const never = loads(script, '/quiz/a', { entry: '/assets/index.js', paints: 'never' });
    expect(never.afterPaint).toEqual([]);
    expect(never.atTheLatest).toEqual(scripts);
  });

  it('loads the entry at once in a hidden tab, which paints nothing', () => {
    const { atOnce, afterPaint } = loads(script, '/', { entry: '/assets/index.js', hidden: true });
    expect(atOnce).toEqual([
      { rel: 'script', type: 'module', src: '/assets/index.js' },
      { rel: 'modulepreload', href: '/assets/a.js' },
    ]);
    expect(afterPaint).toEqual([]);
  });

  it("marks the page for the app's own drawing when the visitor has answers or data stored", () => {
    const withKeys = routePreloadScript({ '/': [] }, ['answers', 'data']);
    expect(loads(withKeys, '/').marks).toEqual(['data-painted']);
    expect(loads(withKeys, '/', { stored: { answers: '{}' } }).marks).toEqual(['data-painted']);
    expect(loads(withKeys, '/', { stored: { answers: '{"a":"1"}' } }).marks).toEqual(['data-redraw', 'data-painted']);
    const returning = loads(withKeys, '/', { stored: { data: '{"age":40}' }, entry: '/assets/index.js' });
    expect(returning.marks).toEqual(['data-redraw', 'data-painted']);
    // Nothing of the drawing shows for her: her scripts go at once, not after a paint.
    expect(returning.atOnce).toEqual([{ rel: 'script', type: 'module', src: '/assets/index.js' }]);
  });

  it('on a page that passes through a screen, loads the scripts once the screen it leads to is painted', () => {
    const scripts = [
      { rel: 'script', type: 'module', src: '/assets/index.js' },
      { rel: 'modulepreload', href: '/assets/a.js' },
    ];
    const page = loads(script, '/', { entry: '/assets/index.js', passing: 'painted' });
    // The first paint shows the screen passed through; the mark switches to the one it leads to.
    expect(page.marks).toEqual(['data-painted']);
    expect(page.afterPaint).toEqual(scripts);
    const unreported = loads(script, '/', { entry: '/assets/index.js', passing: 'unreported' });
    expect(unreported.afterPaint).toEqual([]);
    expect(unreported.afterPassingWait).toEqual(scripts);
    // The drawing passed through is taken out once the app is in.
    expect(page.removed).toEqual([]);
    page.ready();
    expect(page.removed).toEqual(['[data-passing]']);
  });

  it("holds a tap on the drawing's controls until the app is in, but not a file picker's or a modified click", () => {
    const { tap } = loads(script, '/quiz/a', { entry: '/assets/index.js' });
    expect(tap({ type: 'radio' })).toBe(true);
    expect(tap({ type: 'submit' })).toBe(true);
    expect(tap({ type: 'file' })).toBe(false);
    expect(tap({ control: { type: 'file' } })).toBe(false);
    expect(tap({}, { ctrlKey: true })).toBe(false);
    expect(tap({}, { metaKey: true })).toBe(false);
  });

  it('is allowed by the CSP source of its own hash', () => {
    expect(scriptHashSource(script)).toBe(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  });
});
