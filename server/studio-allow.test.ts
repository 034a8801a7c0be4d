/**
 * The studio's allow-list as a pure function: what is served without the token, what needs it, and
 * what is refused as malformed; and the check of requests from another origin (issue 42, break 1).
 */
import { describe, expect, it } from 'vitest';
import { admit, withoutLocalPaths } from './studio-allow.ts';
import { allowedHosts, crossOriginProblem } from './studio-guard.ts';

const ROOT = '/work/app';
const kind = (url: string, method = 'GET') => admit(method, url, ROOT).kind;

describe('admit', () => {
  it("serves the studio's pages, API, uploads and modules without the token", () => {
    for (const url of [
      '/?token=x',
      '/preview',
      '/api/session',
      '/uploads/a.png',
      '/public/uploads/a.svg?raw',
      '/@vite/client',
      '/@react-refresh',
      '/@id/__x00__virtual:flow-theme.css',
      '/src/studio/main.tsx?t=1',
      '/src/studio/check-worker.ts?worker_file&type=module',
      '/schemas/flow.schema.json?import',
      '/node_modules/.vite-studio/deps/react.js?v=1',
      '/node_modules/vite/dist/client/env.mjs',
      '/@fs/work/app/node_modules/@xyflow/react/dist/style.css',
    ])
      expect(kind(url), url).toBe('open');
  });

  it('asks the token for everything else, .data/, .git, package.json, server/ and /__ endpoints included', () => {
    for (const url of [
      '/.data/local-db/pg_wal/0001?raw',
      '/.git/HEAD',
      '/.git',
      '/package.json?import',
      '/server/studio-server.ts',
      '/scripts/start.ts?raw',
      '/flows/skin-funnel.json?raw',
      '/__open-in-editor?file=x',
      '/@id/some-package',
      '/@fs/work/app/.data/x',
      '/@fs/work/app/package.json',
      '/@fs/etc/passwd',
      '/@fs/work/app/node_modules/.cache/x',
      '/node_modules/.vite/deps/x.js',
      '/node_modules/.vite-studio/_metadata.json',
      '/src/.env',
      '/src',
    ])
      expect(kind(url), url).toBe('token');
    expect(kind('/src/studio/main.tsx', 'POST')).toBe('token');
  });

  it('refuses a path written roundabout as malformed (400), naming it', () => {
    for (const url of ['/uploads/%zz', '/%2edata/x', '/src/%2e%2e/package.json', '/src/..%2fpackage.json', '//package.json', '/src/../package.json', '/src\\..\\package.json', '/./package.json', 'http://127.0.0.1/package.json', '/a%00b'])
      expect(kind(url), url).toBe('bad');
    const bad = admit('GET', '/uploads/%zz', ROOT);
    expect(bad.kind === 'bad' && bad.message).toMatch(/"\/uploads\/%zz": its percent-encoding is malformed/);
  });
});

describe('crossOriginProblem', () => {
  const hosts = allowedHosts(4300, undefined);
  it("accepts the studio's own origin, a typed URL and requests without browser headers", () => {
    expect(crossOriginProblem({}, hosts, '/x')).toBeUndefined();
    expect(crossOriginProblem({ origin: 'http://127.0.0.1:4300', 'sec-fetch-site': 'same-origin' }, hosts, '/api/file')).toBeUndefined();
    expect(crossOriginProblem({ 'sec-fetch-site': 'none' }, hosts, '/?token=t')).toBeUndefined();
  });
  it('refuses another localhost origin, and a same-site or cross-site request but a navigation to the studio page', () => {
    expect(crossOriginProblem({ origin: 'http://localhost:5173' }, hosts, '/src/x.ts')).toMatch(/http:\/\/localhost:5173 is refused/);
    expect(crossOriginProblem({ 'sec-fetch-site': 'same-site', 'sec-fetch-dest': 'image' }, hosts, '/uploads/a.svg')).toMatch(/same-site request is refused/);
    expect(crossOriginProblem({ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }, hosts, '/public/uploads/a.svg')).toMatch(/cross-site/);
    expect(crossOriginProblem({ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }, hosts, '/?token=t')).toBeUndefined();
  });
});

describe('withoutLocalPaths', () => {
  it('makes the roots relative and hides other local folders', () => {
    expect(withoutLocalPaths("EISDIR: open '/tmp/p/flows/a.json' (/@fs/work/app/src/x.ts)", ['/tmp/p', '/work/app'])).toBe("EISDIR: open './flows/a.json' (/src/x.ts)");
    expect(withoutLocalPaths("ENOENT: '/var/db/pg' and '/tmp/x'", ['/work/app'], ['/var/db', '/tmp'])).toBe("ENOENT: '…/pg' and '…/x'");
  });
});
