import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flowPaths, isFlowPath, parseRedirectsFile, redirectsFileText } from './site-routes.ts';

const shipped: unknown = JSON.parse(readFileSync(resolve(process.cwd(), 'flows/skin-funnel.json'), 'utf8'));

describe('the pages of a flow', () => {
  it('are every route and alias, with settings filled in', () => {
    const paths = flowPaths(shipped) ?? [];
    expect(paths).toContain('/');
    expect(paths).toContain('/quiz/step-4');
    expect(paths).toContain('/results');
    expect(paths).toContain('/quiz/dr-morgan-investigation');
    expect(paths.filter((p) => p.includes('{'))).toEqual([]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('are unknown (undefined) for something that is not a flow, so nothing is called missing', () => {
    expect(flowPaths(undefined)).toBeUndefined();
    expect(flowPaths({ screens: [] })).toBeUndefined();
    expect(flowPaths({ screens: { a: { route: 7 }, b: { route: '/b', aliases: ['/c', 3] } } })).toEqual([
      '/b',
      '/c',
    ]);
  });

  it('match with or without a trailing slash, and never on a malformed escape', () => {
    const pages = new Set(['/', '/quiz/age-selection']);
    expect(isFlowPath(pages, '/quiz/age-selection/')).toBe(true);
    expect(isFlowPath(pages, '/quiz/age-selection')).toBe(true);
    expect(isFlowPath(pages, '/quiz/Age-Selection')).toBe(false);
    expect(isFlowPath(pages, '/nope')).toBe(false);
    expect(isFlowPath(pages, '/%E0%A4%A')).toBe(false);
  });

  it('round-trip through _redirects, which ends with the 404 rule for everything else', () => {
    const paths = ['/', '/a', '/quiz/b'];
    const text = redirectsFileText(paths);
    expect(text.trim().split('\n').at(-1)).toBe('/* /index.html 404');
    expect(parseRedirectsFile(text)).toEqual(new Set(paths));
  });
});
