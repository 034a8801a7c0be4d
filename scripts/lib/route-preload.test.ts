import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { APP_READY_EVENT } from '../../src/app/app-ready.ts';
import { holdsExtraBlock } from '../../src/components/extra-block-types.ts';
import { cspHashSource } from './site-headers.ts';
import {
  NOT_FOUND_KEY,
  routePreloads,
  nextPreloads,
  routePreloadScript,
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

  it("adds the stylesheets of the screen the start page passes through, which its first paint shows, not its code", () => {
    const styled = chunks.map((c) => (c.fileName === 'assets/redirect.js' ? { ...c, css: ['assets/status.css'] } : c));
    const start = routePreloads(flow, styled, { root, base: '/' })['/'];
    expect(start?.[0]).toBe('/assets/status.css');
    expect(start).not.toContain('/assets/redirect.js');
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

type Added = { rel: string; href?: string; blocking?: string; type?: string; src?: string; as?: string };

/** A control on the drawing, as the script reads it: its type (or its label's control's), and its marks. */
interface Control {
  type?: string;
  control?: { type: string };
  marks: Map<string, string>;
  clicks: number;
  isConnected: boolean;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  click(): void;
}

function control(type?: string, labelled?: string): Control {
  const marks = new Map<string, string>();
  const c: Control = {
    ...(type === undefined ? {} : { type }),
    ...(labelled === undefined ? {} : { control: { type: labelled } }),
    marks,
    clicks: 0,
    isConnected: true,
    setAttribute: (name, value) => marks.set(name, value),
    removeAttribute: (name) => marks.delete(name),
    click: () => {
      c.clicks += 1;
    },
  };
  return c;
}

/**
 * Runs the script against a stand-in document at `pathname`, as the tag carrying `entry`; returns
 * what it added at once, and the marks it set on <html> at once, once the page had painted (`paints`:
 * reported by a paint observer, the default; or, without one, two frames after the parse), and at the
 * latest-ever timer.
 */
function loads(
  script: string,
  pathname: string,
  options: {
    entry?: string;
    hidden?: boolean;
    stored?: Record<string, string>;
    paints?: 'observed' | 'unobserved' | 'never';
    /** The page passes through a screen, drawn for the first paint. */
    passing?: boolean;
    /** Stylesheets the page has a link for already (the build wrote them into it). */
    inPage?: string[];
  } = {},
): {
  atOnce: Added[];
  marksAtOnce: string[];
  marksAfterPaint: string[];
  marksAtTheLatest: string[];
  removed: string[];
  tap: Tap;
  reachesApp: ReachesApp;
  /** The app's first render is in; resolves once the held taps were carried out. */
  ready: () => Promise<void>;
  /** How many links and scripts were added when the session storage was first read. */
  addedBeforeStorage: number | undefined;
} {
  const added: Added[] = [];
  const listeners = new Map<string, (event: unknown) => unknown>();
  const marks: string[] = [];
  const waiting: (() => void)[] = [];
  const latest: (() => void)[] = [];
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
    querySelector: (selector: string) => {
      if (selector === '[data-passing]') return options.passing ? { remove: () => removed.push(selector) } : null;
      return (options.inPage ?? []).some((href) => selector === `link[href="${href}"]`) ? {} : null;
    },
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
  const later = (callback: () => void, ms = 0) => (ms >= SCRIPTS_AT_THE_LATEST_MS ? latest : waiting).push(callback);
  type Entries = { getEntriesByName: (name: string) => unknown[]; getEntries: () => unknown[] };
  const PerformanceObserver =
    paints === 'unobserved'
      ? undefined
      : class {
          constructor(private readonly report: (list: Entries, observer: { disconnect(): void }) => void) {}
          observe() {
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
  let addedBeforeStorage: number | undefined;
  const sessionStorage = {
    getItem: (key: string) => {
      addedBeforeStorage ??= added.length;
      return Object.hasOwn(stored, key) ? stored[key] : null;
    },
  };
  // The replay waits a task between taps: a timer that runs at once.
  const replayTimer = (callback: () => void, ms?: number) => (ms === undefined ? void callback() : later(callback, ms));
  new Function('location', 'document', 'requestAnimationFrame', 'setTimeout', 'sessionStorage', 'PerformanceObserver', script)(
    { pathname },
    document,
    later,
    replayTimer,
    sessionStorage,
    PerformanceObserver,
  );
  const atOnce = added.splice(0);
  const marksAtOnce = marks.splice(0);
  // The paint (or the parse ending and the frames), then the task after it: each step queues the next.
  while (waiting.length > 0) waiting.shift()?.();
  const marksAfterPaint = marks.splice(0);
  while (latest.length > 0) latest.shift()?.();
  const plain = ({ rel, href, blocking, type, src, as }: Added): Added =>
    type === 'module'
      ? { rel: 'script', type, src: src ?? '' }
      : { rel, href, ...(blocking ? { blocking } : {}), ...(as ? { as } : {}) };
  const tap: Tap = (target, modifiers = {}) => {
    let held = false;
    listeners.get('click')?.({
      target: { closest: () => target },
      ...modifiers,
      preventDefault: () => (held = true),
      stopImmediatePropagation: () => undefined,
    });
    return held;
  };
  const reachesApp: ReachesApp = (type, target) => {
    let stopped = false;
    listeners.get(type)?.({
      type,
      target: { ...target, closest: () => target },
      preventDefault: () => undefined,
      stopImmediatePropagation: () => (stopped = true),
    });
    return !stopped;
  };
  return {
    atOnce: atOnce.map(plain),
    marksAtOnce,
    marksAfterPaint,
    marksAtTheLatest: marks,
    removed,
    tap,
    reachesApp,
    ready: async () => {
      await listeners.get(APP_READY_EVENT)?.({});
    },
    addedBeforeStorage,
  };
}

/** An event of `type` on `target` in the drawing; whether the script let it reach the app's listeners. */
type ReachesApp = (type: string, target: Control) => boolean;

/** Clicks `target` on the drawing; whether the script held the click. */
type Tap = (target: Control, modifiers?: { ctrlKey?: boolean; metaKey?: boolean }) => boolean;

/** The links the script adds at `pathname`. */
function run(script: string, pathname: string): Added[] {
  return loads(script, pathname).atOnce;
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

describe('nextPreloads', () => {
  it("maps the first question's page to the code of the screen its Continue opens, not its own", () => {
    const first = flow.screens[flow.start];
    const to = first && 'after' in first ? first.after.to : undefined;
    const question = to === undefined ? undefined : flow.screens[to];
    const nextId = question && 'next' in question && typeof question.next === 'string' ? question.next : '';
    const nextKind = flow.screens[nextId]?.kind ?? '';
    const withNext = [...chunks, renderer(nextKind, { imports: ['assets/blocks.js'] })];
    const next = nextPreloads(flow, withNext, { root, base: '/' });
    expect(next['/']).toEqual([`/assets/${nextKind}.js`]);
    expect(next['/']).not.toContain('/assets/multi-select.js');
    expect(next['/']).not.toContain('/assets/blocks.js');
  });
});

describe('a page drawn with a rating, a profile or a chart', () => {
  const extra = chunk('assets/extra-blocks.js', {
    facadeModuleId: `${root}/src/components/extra-blocks.tsx`,
    css: ['assets/extra-blocks.css'],
    imports: ['assets/jsx.js'],
  });
  const withExtra = [...chunks, renderer('content', { imports: ['assets/blocks.js'] }), extra];
  const entries = Object.entries(flow.screens);
  const [drawnId, drawn] = entries.find(([, s]) => s.route !== undefined && holdsExtraBlock(s) && screensShownFirst(flow, entries.find(([, t]) => t === s)?.[0] ?? '').length === 1) ?? [];
  const plain = entries.find(([, s]) => s.route !== undefined && s.kind === drawn?.kind && !holdsExtraBlock(s))?.[1];

  it("loads the extra blocks' stylesheet before the first paint (else the drawing shifts when it comes), and their code", () => {
    const routes = routePreloads(flow, withExtra, { root, base: '/' });
    expect(drawnId).toBeDefined();
    expect(routes[drawn?.route ?? '']).toEqual(expect.arrayContaining(['/assets/extra-blocks.css', '/assets/extra-blocks.js']));
    expect(plain).toBeDefined();
    expect(routes[plain?.route ?? '']).not.toContain('/assets/extra-blocks.css');
  });

  it("preloads them on the page before it, with the next screen's code", () => {
    const before = entries.find(([, s]) => 'next' in s && s.next === drawnId && !holdsExtraBlock(s));
    const next = nextPreloads(flow, withExtra, { root, base: '/' });
    expect(next[before?.[1].route ?? '']).toEqual(expect.arrayContaining(['/assets/extra-blocks.css', '/assets/extra-blocks.js']));
  });

  it('finds such a block at any depth of a screen, and nothing in one without', () => {
    expect(holdsExtraBlock({ content: [{ type: 'text' }], footer: [{ when: {}, blocks: [{ type: 'chart' }] }] })).toBe(true);
    expect(holdsExtraBlock({ content: [{ type: 'text', text: 'rating' }], type: 'content' })).toBe(false);
  });
});

describe('routePreloadScript', () => {
  const script = routePreloadScript(
    { '/quiz/a': ['/assets/a.css', '/assets/a.js'], '/': ['/assets/a.js'] },
    [],
    { '/quiz/a': ['/assets/b.css', '/assets/b.js'] },
  );
  const entry = { rel: 'script', type: 'module', src: '/assets/index.js' };

  it("adds the page's links: render-blocking stylesheets and module preloads, trailing slash or not", () => {
    const links = [
      { rel: 'stylesheet', href: '/assets/a.css', blocking: 'render' },
      { rel: 'modulepreload', href: '/assets/a.js' },
    ];
    const next = [
      { rel: 'preload', href: '/assets/b.css', as: 'style' },
      { rel: 'modulepreload', href: '/assets/b.js' },
    ];
    expect(run(script, '/quiz/a')).toEqual([...links, ...next]);
    expect(run(script, '/quiz/a/')).toEqual([...links, ...next]);
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

  it("loads the stylesheets, the entry, the page's module preloads and then the next screen's, all at once", () => {
    const { atOnce, marksAtOnce } = loads(script, '/quiz/a', { entry: '/assets/index.js' });
    expect(atOnce).toEqual([
      { rel: 'stylesheet', href: '/assets/a.css', blocking: 'render' },
      entry,
      { rel: 'modulepreload', href: '/assets/a.js' },
      { rel: 'preload', href: '/assets/b.css', as: 'style' },
      { rel: 'modulepreload', href: '/assets/b.js' },
    ]);
    // The paint is marked when the browser reports it, not before.
    expect(marksAtOnce).toEqual([]);
  });

  it('adds no stylesheet the page already has (written into it by the build), for its paint or the next screen', () => {
    const { atOnce } = loads(script, '/quiz/a', { entry: '/assets/index.js', inPage: ['/assets/a.css', '/assets/b.css'] });
    expect(atOnce).toEqual([entry, { rel: 'modulepreload', href: '/assets/a.js' }, { rel: 'modulepreload', href: '/assets/b.js' }]);
  });

  it('marks the first paint as reported; without paint timing two frames after the parse; with none, at the latest', () => {
    expect(loads(script, '/quiz/a').marksAfterPaint).toEqual(['data-painted']);
    expect(loads(script, '/quiz/a', { paints: 'unobserved' }).marksAfterPaint).toEqual(['data-painted']);
    const never = loads(script, '/quiz/a', { paints: 'never' });
    expect(never.marksAfterPaint).toEqual([]);
    expect(never.marksAtTheLatest).toEqual(['data-painted']);
  });

  it('marks a hidden tab, which paints nothing, as painted at once', () => {
    expect(loads(script, '/', { hidden: true }).marksAtOnce).toEqual(['data-painted']);
  });

  it("marks the page for the app's own drawing when the visitor has answers or data stored", () => {
    const withKeys = routePreloadScript({ '/': [] }, ['answers', 'data']);
    expect(loads(withKeys, '/').marksAtOnce).toEqual([]);
    expect(loads(withKeys, '/', { stored: { answers: '{}' } }).marksAtOnce).toEqual([]);
    expect(loads(withKeys, '/', { stored: { answers: '{"a":"1"}' } }).marksAtOnce).toEqual(['data-redraw', 'data-painted']);
    const returning = loads(withKeys, '/', { stored: { data: '{"age":40}' }, entry: '/assets/index.js' });
    expect(returning.marksAtOnce).toEqual(['data-redraw', 'data-painted']);
    expect(returning.atOnce).toEqual([entry]);
  });

  it('requests the scripts and stylesheets before it reads the session storage, a synchronous call to the browser', () => {
    const withKeys = routePreloadScript({ '/quiz/a': ['/assets/a.css', '/assets/a.js'] }, ['answers']);
    const page = loads(withKeys, '/quiz/a', { entry: '/assets/index.js' });
    expect(page.atOnce).toHaveLength(3);
    expect(page.addedBeforeStorage).toBe(3);
  });

  it('takes out the drawing of a screen passed through once the app is in', async () => {
    const page = loads(script, '/', { entry: '/assets/index.js', passing: true });
    expect(page.atOnce[0]).toEqual(entry);
    expect(page.removed).toEqual([]);
    await page.ready();
    expect(page.removed).toEqual(['[data-passing]']);
  });

  it('lets a checkbox or radio (or its label) take a tap natively, and a file picker or a modified click', () => {
    const { tap } = loads(script, '/quiz/a', { entry: '/assets/index.js' });
    expect(tap(control('checkbox'))).toBe(false);
    expect(tap(control('radio'))).toBe(false);
    expect(tap(control(undefined, 'checkbox'))).toBe(false);
    expect(tap(control('file'))).toBe(false);
    expect(tap(control(undefined, 'file'))).toBe(false);
    expect(tap(control('button'), { ctrlKey: true })).toBe(false);
    expect(tap(control('button'), { metaKey: true })).toBe(false);
  });

  it("keeps a tap's events from the app until it is in, and a choice's input and change, but not typing", async () => {
    const page = loads(script, '/quiz/a', { entry: '/assets/index.js' });
    for (const type of ['pointerdown', 'mousedown', 'touchstart', 'pointerup', 'mouseup', 'touchend', 'click', 'focusin'])
      expect(page.reachesApp(type, control('checkbox')), type).toBe(false);
    expect(page.reachesApp('pointerdown', control('submit'))).toBe(false);
    expect(page.reachesApp('change', control('radio'))).toBe(false);
    expect(page.reachesApp('input', control('checkbox'))).toBe(false);
    expect(page.reachesApp('input', control('email'))).toBe(true);
    expect(page.reachesApp('change', control('file'))).toBe(true);
    expect(page.reachesApp('keydown', control('email'))).toBe(true);
    await page.ready();
    for (const type of ['pointerdown', 'click', 'change']) expect(page.reachesApp(type, control('checkbox')), type).toBe(true);
  });

  it('holds a tap on a button until the app is in, shows it busy, and carries it out once, however often it was tapped', async () => {
    const page = loads(script, '/quiz/a', { entry: '/assets/index.js' });
    const button = control('submit');
    expect(page.tap(button)).toBe(true);
    expect(page.tap(button)).toBe(true);
    expect(button.marks.get('aria-busy')).toBe('true');
    expect(button.marks.has('data-held')).toBe(true);
    expect(button.clicks).toBe(0);
    await page.ready();
    expect(button.clicks).toBe(1);
    expect(button.marks.size).toBe(0);
  });

  it('is allowed by the CSP source of its own hash', () => {
    expect(cspHashSource(script)).toBe(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  });
});
