import { describe, expect, it } from 'vitest';
import { withScript } from './vite-plugin-route-preload.ts';
import { firstScreenScripts } from '../common/flow-plugin/first-screen.ts';

const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>T</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('withScript', () => {
  const page = withScript(BUILT, 'load()');

  it('puts the script right after the charset, carrying the entry the page no longer loads itself', () => {
    expect(page).toContain(
      '<meta charset="UTF-8" />\n    <script data-entry="/assets/index-1.js">load()</script>',
    );
    expect(page).not.toContain('type="module"');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
  });

  it('leaves a page without an entry tag as it was, apart from the script', () => {
    const bare = withScript('<html><head><meta charset="UTF-8"></head></html>', 'load()');
    expect(bare).toBe('<html><head><meta charset="UTF-8">\n    <script>load()</script></head></html>');
  });

  it('still lets the build find the first screen’s scripts (the bundle-size budget)', () => {
    expect(firstScreenScripts(page)).toEqual(['assets/index-1.js']);
    expect(firstScreenScripts(BUILT)).toEqual(['assets/index-1.js']);
  });
});
