import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadFlow } from '../../tests/support/load-flow.ts';
import {
  NOT_FOUND_KEY,
  routePreloads,
  routePreloadScript,
  scriptHashSource,
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

  it('maps a screen that moves on by itself to the screen it moves on to (the start page)', () => {
    const shown = screensShownFirst(flow, flow.start);
    expect(shown.length).toBeGreaterThan(1);
    expect(shown[0]?.kind).toBe('redirect');
    const last = shown.at(-1);
    expect(last && 'after' in last).toBe(false);
    expect(map['/']).toContain(`/assets/${last?.kind}.js`);
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

/** Runs the script against a stand-in document at `pathname`; returns the links it added. */
function run(script: string, pathname: string): { rel: string; href: string; blocking?: string }[] {
  const added: { rel: string; href: string; blocking?: string }[] = [];
  const document = {
    createElement: () => {
      const link: {
        rel: string;
        href: string;
        crossOrigin?: string;
        blocking?: string;
        setAttribute: (n: string, v: string) => void;
      } = {
        rel: '',
        href: '',
        setAttribute: (name, value) => {
          if (name === 'blocking') link.blocking = value;
        },
      };
      return link;
    },
    head: { appendChild: (link: { rel: string; href: string; blocking?: string }) => added.push(link) },
  };
  new Function('location', 'document', script)({ pathname }, document);
  return added.map(({ rel, href, blocking }) => ({ rel, href, ...(blocking ? { blocking } : {}) }));
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

  it('is allowed by the CSP source of its own hash', () => {
    expect(scriptHashSource(script)).toBe(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  });
});
