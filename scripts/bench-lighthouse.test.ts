import { describe, expect, it } from 'vitest';
import { lighthouseSection, type LighthouseFigures, type LighthouseRun } from './bench-lighthouse.ts';

const figures = (score: number, lcpMs: number): LighthouseFigures => ({ score, fcpMs: 900, lcpMs, tbtMs: 0, cls: 0 });
const run = (throttling: LighthouseRun['throttling'], pages: LighthouseRun['pages']): LighthouseRun => ({
  throttling,
  rounds: 3,
  hello: figures(100, 1250),
  pages,
});
const row = (lines: string[], start: string) => lines.find((line) => line.startsWith(start)) ?? '';

describe('the Lighthouse sections of docs/performance.md', () => {
  it('holds each page to a score of 100 and an LCP within 1.2× the hello page, under the applied throttling', () => {
    const lines = lighthouseSection(
      run('devtools', [
        { name: 'a', lh: figures(100, 1500) },
        { name: 'b', lh: figures(100, 1520) },
        { name: 'c', lh: figures(99, 1000) },
      ]),
    );
    expect(row(lines, '| a |')).toBe('| a | 100 | 0.90 s | 1.50 s | 1.20× | 0 ms | 0.000 | ✓ |');
    expect(row(lines, '| b |')).toMatch(/\| 1\.22× \| .* \| ✗ \|$/);
    expect(row(lines, '| c |')).toMatch(/\| ✗ \|$/);
    expect(row(lines, '| React 19 hello page |')).toMatch(/\| \(yardstick\) \|$/);
  });

  it('shows the simulated figures beside them without a verdict, and says why', () => {
    const lines = lighthouseSection(run('simulate', [{ name: 'a', lh: figures(98, 2000) }]));
    expect(row(lines, '| a |')).toBe('| a | 98 | 0.90 s | 2.00 s | 1.60× | 0 ms | 0.000 |');
    expect(row(lines, '| page |')).not.toContain('meets');
    expect(lines.join('\n')).toContain('not held to the target');
  });

  it('names how the figures were throttled, and reports a page Lighthouse could not load', () => {
    const simulated = lighthouseSection(run('simulate', []));
    const applied = lighthouseSection(run('devtools', [{ name: 'd', lh: new Error('NO_FCP | retry') }]));
    expect(simulated[0]).toBe('## Lighthouse mobile per screen kind, simulated throttling (median of 3)');
    expect(applied[0]).toBe('## Lighthouse mobile per screen kind, applied throttling (median of 3)');
    expect(applied.join('\n')).toContain("throttlingMethod: 'devtools'");
    expect(row(applied, '| d |')).toBe('| d | failed: NO_FCP / retry | | | | | | ✗ |');
  });
});
