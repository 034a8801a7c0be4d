import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withStylesInline } from './inline-styles.ts';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <script data-entry="/assets/index.js">0</script>
    <title>Funnel</title>
    <link rel="stylesheet" crossorigin href="/assets/index.css">
    <link rel="modulepreload" crossorigin href="/assets/en.js">
  </head>
  <body><div id="root"></div></body>
</html>
`;
const CSS: Record<string, string> = {
  '/assets/index.css': ':root{--a:1}',
  '/assets/kit.css': '._b_1{color:red}',
  '/assets/a.css': '._c_1{background:url(/assets/x.png)}',
};
const read = (url: string) => CSS[url];
const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('withStylesInline', () => {
  it("writes the page's stylesheets, then the entry's, into one <style> at the end of the head", () => {
    const { html, styleHash } = withStylesInline(SHELL, ['/assets/kit.css', '/assets/a.css'], read);
    const style = '._b_1{color:red}\n._c_1{background:url(/assets/x.png)}\n:root{--a:1}';
    expect(html).toContain(
      `    <title>Funnel</title>\n    <link rel="modulepreload" crossorigin href="/assets/en.js">\n    <style>${style}</style>\n  </head>`,
    );
    expect(html).not.toContain('crossorigin href="/assets/index.css"');
    expect(styleHash).toBe(sha(style));
  });

  it('leaves a disabled link of each ahead of the page script, for the script and Vite to find', () => {
    const { html } = withStylesInline(SHELL, ['/assets/kit.css'], read);
    expect(html).toContain(
      '<meta charset="UTF-8" />\n    <link rel="stylesheet" href="/assets/kit.css" disabled>\n    <link rel="stylesheet" href="/assets/index.css" disabled>\n    <script data-entry',
    );
  });

  it('writes the entry stylesheet alone on a page that needs no other', () => {
    const { html, styleHash } = withStylesInline(SHELL, [], read);
    expect(html).toContain('<style>:root{--a:1}</style>');
    expect(styleHash).toBe(sha(':root{--a:1}'));
  });

  it("leaves the page as it was when a stylesheet is not in the build, or can't be moved as it is", () => {
    expect(withStylesInline(SHELL, ['/assets/gone.css'], read)).toEqual({ html: SHELL });
    const relative = (url: string) => (url === '/assets/a.css' ? '._c{background:url(img/x.png)}' : CSS[url]);
    expect(withStylesInline(SHELL, ['/assets/a.css'], relative)).toEqual({ html: SHELL });
    const quoted = (url: string) => (url === '/assets/a.css' ? `._c{background:url("x.png")}` : CSS[url]);
    expect(withStylesInline(SHELL, ['/assets/a.css'], quoted)).toEqual({ html: SHELL });
    const closing = (url: string) => (url === '/assets/a.css' ? '._c::after{content:"</style>"}' : CSS[url]);
    expect(withStylesInline(SHELL, ['/assets/a.css'], closing)).toEqual({ html: SHELL });
    const data = (url: string) => (url === '/assets/a.css' ? '._c{background:url("data:image/png;base64,AA")}' : CSS[url]);
    expect(withStylesInline(SHELL, ['/assets/a.css'], data).styleHash).toBeDefined();
  });

  it('leaves a page with no entry stylesheet as it was', () => {
    const bare = SHELL.replace(/\s*<link rel="stylesheet"[^>]*>/, '');
    expect(withStylesInline(bare, ['/assets/kit.css'], read)).toEqual({ html: bare });
  });
});
