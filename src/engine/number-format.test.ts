import { beforeAll, describe, expect, it } from 'vitest';
import { formatPlaceholder } from './number-format.ts';
import { installNumberFormats, interpolate, placeholderReads } from './template.ts';

// As the result code's chunk does in the app (result-code-chunk.ts).
beforeAll(() => installNumberFormats(formatPlaceholder));

const scope = (result: Record<string, number>, settings: Record<string, string> = { currency: 'USD' }) => ({
  result,
  settings,
});

describe('number formats in placeholders', () => {
  it('writes money in the flow\'s currency, with cents only when there are some', () => {
    expect(interpolate('{result.saving:currency}', scope({ saving: 2280 }))).toBe('$2,280');
    expect(interpolate('{result.saving:currency}', scope({ saving: 12.5 }))).toBe('$12.50');
    expect(interpolate('{result.saving:currency}', scope({ saving: 2280 }, { currency: 'EUR', locale: 'de-DE' }))).toBe(
      '2.280\u00a0€',
    );
  });

  it('groups, writes percent points and compact numbers by the locale', () => {
    expect(interpolate('{result.n:number}', scope({ n: 12300.46 }))).toBe('12,300.5');
    expect(interpolate('{result.n:number}', scope({ n: 12300.46 }, { locale: 'de-DE' }))).toBe('12.300,5');
    expect(interpolate('{result.p:percent}', scope({ p: 42 }))).toBe('42%');
    expect(interpolate('{result.n:compact}', scope({ n: 12300 }))).toBe('12.3K');
  });

  it('counts with the word the number takes, rounded as :0 rounds', () => {
    // Number and word are joined by a no-break space, so they never part at a line's end.
    const gap = (n: number) =>
      interpolate('about {result.gap:plural(year|years)} ahead', scope({ gap: n })).replace('\u00a0', ' ');
    expect(gap(1)).toBe('about 1 year ahead');
    expect(gap(1.4)).toBe('about 1 year ahead');
    expect(gap(2.5)).toBe('about 3 years ahead');
    expect(gap(0)).toBe('about 0 years ahead');
    expect(gap(-0.4)).toBe('about 0 years ahead');
    expect(gap(1200)).toBe('about 1,200 years ahead');
  });

  it('joins the number and its word with a no-break space', () => {
    expect(interpolate('{result.gap:plural(year|years)}', scope({ gap: 1 }))).toBe('1\u00a0year');
  });

  it('shows the fallback when the value is missing, after a format with words', () => {
    expect(interpolate('{result.gap:plural(year|years)|a few years}', scope({}))).toBe('a few years');
    expect(placeholderReads('{result.gap:plural(year|years)|x}')).toEqual([
      { path: 'result.gap', format: 'plural(year|years)', fallback: 'x' },
    ]);
  });

  it('leaves the older formats as they were', () => {
    expect(interpolate('{result.n:0} {result.n} {result.n:2}', scope({ n: 2280.456 }))).toBe('2280 2280.5 2280.46');
  });

  it('shows nothing for money when the flow names no currency (the checker refuses it)', () => {
    expect(interpolate('[{result.saving:currency}]', scope({ saving: 5 }, {}))).toBe('[]');
  });
});
