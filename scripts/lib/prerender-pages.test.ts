import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  NOT_FOUND_FILE,
  NOT_FOUND_PROBES,
  pageFile,
  prerenderSite,
  styleAttributeHashes,
  withRoot,
  type PrerenderInput,
} from './prerender-pages.ts';
import { VARIANT_PICK_HASH } from './variant-pick-script.ts';

const SHELL = '<!doctype html><html><body><div id="root"></div><script type="module" src="/a.js"></script></body></html>';

/** A toy flow: path → drawn HTML; a variant is the same map with some pages changed. */
type Toy = Record<string, string>;
const base: Toy = { '/': '<p>start</p>', '/a': '<h1>A</h1>', '/b': '<h1 style="width:50%">B</h1>' };

function input(overrides: Partial<PrerenderInput<Toy>> = {}): PrerenderInput<Toy> {
  return {
    shell: SHELL,
    flow: base,
    experiments: [],
    paths: ['/', '/a', '/b/', '/a'],
    render: async (flow, path) => flow[path] ?? (NOT_FOUND_PROBES.includes(path as never) ? '<h1>Not here</h1>' : undefined),
    ...overrides,
  };
}

describe('the prerendered site', () => {
  it('writes every page to its own file with its screen drawn in #root, marked with its path', async () => {
    const site = await prerenderSite(input());
    expect(site.pages).toEqual(['/', '/a', '/b']);
    expect(site.prerendered).toEqual(['/', '/a', '/b']);
    expect([...site.files.keys()].sort()).toEqual([NOT_FOUND_FILE, 'a.html', 'b.html', 'index.html']);
    expect(site.files.get('a.html')).toContain('<div id="root" data-prerendered="/a"><h1>A</h1></div>');
    expect(site.files.get('index.html')).toContain('data-prerendered="/"><p>start</p>');
    expect(site.files.get(NOT_FOUND_FILE)).toContain('<div id="root" data-prerendered="*"><h1>Not here</h1></div>');
    // The rest of the page is the shell's.
    expect(site.files.get('a.html')).toContain('<script type="module" src="/a.js"></script>');
  });

  it("writes a page one experiment changes with each variant's drawing and the script that picks the visitor's", async () => {
    const bolder = { ...base, '/a': '<h1>A, but bolder</h1>' };
    const experiment = { id: 'headline', start: '2026-01-01', stop: '2026-12-31' };
    const site = await prerenderSite(
      input({
        experiments: [
          {
            ...experiment,
            variants: [
              { id: 'control', weight: 50, flow: base },
              { id: 'bold', weight: 50, flow: bolder },
            ],
          },
        ],
      }),
    );
    expect(site.prerendered).toEqual(['/', '/a', '/b']);
    const page = site.files.get('a.html') ?? '';
    // The base drawing in #root, marked with the experiment; only the drawing that differs as a template.
    expect(page).toContain('<h1>A</h1></div><template data-variant="bold"><h1>A, but bolder</h1></template><script>');
    expect(page).toContain(
      `data-experiment="${JSON.stringify({ ...experiment, variants: [['control', 50], ['bold', 50]] }).replaceAll('"', '&quot;')}" data-variant="headline:"`,
    );
    expect(site.files.get('b.html')).not.toContain('<template');
    expect(site.scriptHashes).toEqual([VARIANT_PICK_HASH]);
  });

  it('leaves a page several experiments change to the browser (the empty shell)', async () => {
    const variants = (text: string) => [
      { id: 'control', weight: 1, flow: base },
      { id: 'other', weight: 1, flow: { ...base, '/a': text } },
    ];
    const days = { start: '2026-01-01', stop: '2026-12-31' };
    const site = await prerenderSite(
      input({
        experiments: [
          { id: 'one', ...days, variants: variants('<h1>One</h1>') },
          { id: 'two', ...days, variants: variants('<h1>Two</h1>') },
        ],
      }),
    );
    expect(site.prerendered).toEqual(['/', '/b']);
    expect(site.files.get('a.html')).toBe(SHELL);
    expect(site.skipped).toEqual([{ path: '/a', reason: 'several experiments change it' }]);
    expect(site.scriptHashes).toEqual([]);
  });

  it('draws a screen passed through on the way before #root, outside what the app hydrates', async () => {
    const site = await prerenderSite(
      input({
        passing: async (_flow, path) => (path === '/' ? '<p style="color:red">Starting</p>' : undefined),
      }),
    );
    expect(site.files.get('index.html')).toContain(
      '<div data-passing><p style="color:red">Starting</p></div><div id="root" data-prerendered="/"><p>start</p></div>',
    );
    expect(site.files.get('a.html')).not.toContain('data-passing');
    // Its style attributes are allowed like the rest of the drawing's.
    expect(site.styleHashes).toContain(`'sha256-${createHash('sha256').update('color:red').digest('base64')}'`);
  });

  it('leaves the not-found page to the browser when it shows the address', async () => {
    const site = await prerenderSite(input({ render: async (flow, path) => flow[path] ?? `<h1>${path}</h1>` }));
    expect(site.files.get(NOT_FOUND_FILE)).toBe(SHELL);
    expect(site.skipped).toEqual([{ path: 'not found', reason: 'shows the address' }]);
  });

  it('leaves a page that opens no screen to the browser', async () => {
    const site = await prerenderSite(input({ paths: ['/a', '/gone'] }));
    expect(site.files.get('gone.html')).toBe(SHELL);
    expect(site.skipped).toContainEqual({ path: '/gone', reason: 'opens no screen' });
  });

  it('lists the CSP hash of every style attribute it drew, as the browser reads the value', async () => {
    const site = await prerenderSite(input());
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(site.styleHashes).toEqual([hash('width:50%')]);
    expect(styleAttributeHashes('<i style="content:&quot;a&quot;"></i><b data-style="x"></b>')).toEqual([
      hash('content:"a"'),
    ]);
  });
});

describe('page files', () => {
  it('are named by path, as static hosts and vite preview look them up', () => {
    expect(pageFile('/')).toBe('index.html');
    expect(pageFile('/quiz/age')).toBe('quiz/age.html');
    expect(pageFile('/quiz/age/')).toBe('quiz/age.html');
  });

  it('refuse a shell without an empty #root, and escape the mark', () => {
    expect(() => withRoot('<div id="app"></div>', '/', '')).toThrow(/no empty <div id="root"><\/div>/);
    expect(withRoot(SHELL, '/a"b&c', '')).toContain('data-prerendered="/a&quot;b&amp;c"');
  });
});
