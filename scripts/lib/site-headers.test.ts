import { describe, expect, it } from 'vitest';
import {
  PIXEL_BEACON_HOST,
  PIXEL_SCRIPT_HOST,
  contentSecurityPolicy,
  headersFileText,
  parseHeadersFile,
  siteHeaders,
} from './site-headers.ts';

/** The sources of one CSP directive. */
function directive(policy: string, name: string): string[] {
  const found = policy
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name);
  if (!found) throw new Error(`no ${name} in ${policy}`);
  return found.slice(1);
}

describe('the Content-Security-Policy', () => {
  it('allows only the page’s own scripts: no inline script, no eval, no plugins, no framing', () => {
    const policy = contentSecurityPolicy({ pixel: false });
    expect(policy).not.toMatch(/unsafe-eval|unsafe-inline|\*/);
    expect(directive(policy, 'script-src')).toEqual(["'self'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
    expect(policy).not.toContain('facebook');
  });

  it("allows Meta's hosts only when a pixel id is set", () => {
    const policy = contentSecurityPolicy({ pixel: true });
    expect(directive(policy, 'script-src')).toEqual(["'self'", PIXEL_SCRIPT_HOST]);
    expect(directive(policy, 'img-src')).toContain(PIXEL_BEACON_HOST);
    expect(directive(policy, 'connect-src')).toEqual(["'self'", PIXEL_BEACON_HOST, PIXEL_SCRIPT_HOST]);
    expect(policy).not.toMatch(/unsafe-eval|unsafe-inline/);
  });

  it('lets the browser reach the hosted Supabase project by its origin, and nothing else from a bad URL', () => {
    const policy = contentSecurityPolicy({ pixel: false, supabaseUrl: 'https://abc.supabase.co/' });
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://abc.supabase.co']);
    expect(
      directive(contentSecurityPolicy({ pixel: false, supabaseUrl: 'javascript:alert(1)' }), 'connect-src'),
    ).toEqual(["'self'"]);
  });

  it("adds the dev server's allowances (inline styles and preamble, the HMR socket) only in dev, never eval", () => {
    const policy = contentSecurityPolicy({ pixel: false, dev: true });
    expect(directive(policy, 'script-src')).toContain("'unsafe-inline'");
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'ws:', 'wss:']);
    expect(policy).not.toContain('unsafe-eval');
  });
});

describe('the other headers and the _headers file', () => {
  it('sends nosniff, a referrer policy, no framing and a closed Permissions-Policy', () => {
    const headers = siteHeaders({ pixel: false });
    expect(headers).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
    });
    expect(headers['Permissions-Policy']).toMatch(/(^|, )camera=\(\)/);
    expect(headers['Permissions-Policy']).toMatch(/(^|, )geolocation=\(\)/);
    expect(headers['Permissions-Policy']).not.toMatch(/=\((?!\))/);
  });

  it('dist/_headers sends HSTS (two years, subdomains) on every path; the dev server does not', () => {
    const text = headersFileText(siteHeaders({ pixel: false }));
    expect(parseHeadersFile(text)['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains');
    expect(siteHeaders({ pixel: false, dev: true })['Strict-Transport-Security']).toBeUndefined();
  });

  it('round-trips through the _headers file a static host reads', () => {
    const headers = siteHeaders({ pixel: true, supabaseUrl: 'https://abc.supabase.co' });
    const text = headersFileText(headers);
    expect(text).toMatch(/^\/\*$/m);
    expect(parseHeadersFile(text)).toEqual(headers);
    expect(parseHeadersFile(`/other\n  X-A: 1\n/*\n  X-B: 2\n`)).toEqual({ 'X-B': '2' });
  });
});
