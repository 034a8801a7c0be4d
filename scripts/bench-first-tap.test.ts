import { describe, expect, it } from 'vitest';
import { SLOW_3G, SLOW_4G } from '../tests/e2e/throttle.ts';
import { firstTapSection, type FirstTapFigures } from './bench-first-tap.ts';

const figures = (helloFeedback: number, funnelFeedback: number): FirstTapFigures[] =>
  [SLOW_4G, SLOW_3G].flatMap((profile) => [
    { profile, page: 'React hello page', painted: 1000, works: 1080, dead: 80, feedback: helloFeedback, firstContinue: Number.NaN, kept: true },
    { profile, page: 'funnel `/`', painted: 900, works: 1000, dead: 100, feedback: funnelFeedback, firstContinue: 90, kept: true },
  ]);

const row = (lines: string[], start: string) => lines.find((line) => line.startsWith(start)) ?? '';

describe('the first-tap section of docs/performance.md', () => {
  it('marks a load whose slowest feedback is over 100 ms as missing the target', () => {
    expect(row(firstTapSection(figures(56, 88), 10), '| Slow 4G: funnel')).toMatch(/\| 88 ms \| 90 ms \| ✓ \|$/);
    expect(row(firstTapSection(figures(56, 104), 10), '| Slow 4G: funnel')).toMatch(/\| 104 ms \| 90 ms \| ✗ \|$/);
  });

  it('says the machine was busy when the hello page itself took over 100 ms to show a tap', () => {
    expect(firstTapSection(figures(56, 104), 10).join('\n')).not.toContain('machine was busy');
    const busy = firstTapSection(figures(136, 104), 10).filter((line) => line.includes('machine was busy'));
    expect(busy).toHaveLength(2);
    expect(busy[0]).toContain("Slow 4G: the hello page's own slowest feedback was 136 ms");
  });
});
