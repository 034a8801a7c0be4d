import { describe, expect, it } from 'vitest';
import { allowedHosts, hostProblem, readableFlow, tokenProblem, writablePath } from './studio-guard.ts';

describe('studio guard', () => {
  const hosts = allowedHosts(4300, undefined);

  it('accepts the loopback names on its port and refuses any other Host', () => {
    expect(hostProblem('127.0.0.1:4300', hosts)).toBeUndefined();
    expect(hostProblem('localhost:4300', hosts)).toBeUndefined();
    expect(hostProblem('evil.example:4300', hosts)).toMatch(/DNS rebinding/);
    expect(hostProblem('127.0.0.1:4301', hosts)).toMatch(/not this studio's address/);
    expect(hostProblem(undefined, hosts)).toMatch(/no Host header/);
  });

  it('adds the --host name when one is given', () => {
    expect(hostProblem('studio.lan:4300', allowedHosts(4300, 'studio.lan'))).toBeUndefined();
  });

  it('needs the exact token for a write', () => {
    expect(tokenProblem('abc123', 'abc123')).toBeUndefined();
    expect(tokenProblem(undefined, 'abc123')).toMatch(/needs the studio token/);
    expect(tokenProblem('abc124', 'abc123')).toMatch(/wrong/);
    expect(tokenProblem('abc1234', 'abc123')).toMatch(/wrong/);
  });

  it('writes only flows/*.json and public/uploads images', () => {
    expect(writablePath('/p', 'flows/a.json')).toEqual({ ok: true, absolute: '/p/flows/a.json', file: 'flows/a.json' });
    expect(writablePath('/p', 'public/uploads/x.png').ok).toBe(true);
    for (const bad of ['package.json', 'flows/../package.json', '/etc/passwd', 'flows/a.ts', 'flows/sub/a.json', 'public/index.html', '../x/flows/a.json']) {
      const checked = writablePath('/p', bad);
      expect(checked.ok, bad).toBe(false);
      if (!checked.ok) expect(checked.message).toContain(`"${bad}"`);
    }
  });

  it('reads only flow files', () => {
    expect(readableFlow('/p', 'flows/a.json').ok).toBe(true);
    expect(readableFlow('/p', 'public/uploads/x.png').ok).toBe(false);
  });
});
