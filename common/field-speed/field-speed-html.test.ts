/**
 * The HTML report's field speed section: per screen (in the flow's order) the p75 of each metric with its
 * rating in words, the shares rated good / needs improvement / poor, the split by device and connection,
 * and the empty state; read from the same rows the database gives (readFieldSpeed over a stub query).
 */
import { describe, expect, it } from 'vitest';
import type { Query } from '../report/query.ts';
import { bucketOf, ratingOf, type FieldMetric } from './field-speed-buckets.ts';
import { readFieldSpeed, type FieldSpeedFigure } from './field-speed-figures.ts';
import { fieldSpeedHtml } from './field-speed-html.ts';

interface Reading {
  screen: string;
  metric: FieldMetric;
  value: number;
  device: string;
  connection: string;
}

/** The rows funnel_report.field_speed_daily gives for these readings, summed as the reader's SQL sums them. */
function figuresOf(readings: readonly Reading[]): Promise<FieldSpeedFigure[]> {
  const rows = new Map<string, Record<string, unknown>>();
  for (const r of readings) {
    const bucket = bucketOf(r.metric, r.value);
    const rating = ratingOf(r.metric, r.value);
    const key = JSON.stringify([r.screen, r.metric, r.device, r.connection, bucket, rating]);
    const row = rows.get(key) ?? { ...r, bucket, rating, readings: 0 };
    row['readings'] = Number(row['readings']) + 1;
    rows.set(key, row);
  }
  const query: Query = () => Promise.resolve([...rows.values()]);
  return readFieldSpeed(query, 'flow');
}

const many = (count: number, reading: Omit<Reading, 'value'>, value: (i: number) => number): Reading[] =>
  Array.from({ length: count }, (_, i) => ({ ...reading, value: value(i) }));

/** The text of an HTML fragment, tags out and spaces collapsed. */
const text = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('fieldSpeedHtml', () => {
  it('shows each screen’s p75 with its rating and the shares, split by device and connection', async () => {
    const figures = await figuresOf([
      // quiz-age INP: mobile on 3g slow (600 ms: poor), desktop on 4g fast (100 ms: good).
      ...many(30, { screen: 'quiz-age', metric: 'INP', device: 'mobile', connection: '3g' }, () => 600),
      ...many(10, { screen: 'quiz-age', metric: 'INP', device: 'desktop', connection: '4g' }, () => 100),
      ...many(8, { screen: 'intro', metric: 'LCP', device: 'mobile', connection: '4g' }, (i) => 1000 + i * 100),
      ...many(4, { screen: 'intro', metric: 'CLS', device: 'tablet', connection: 'unknown' }, () => 0.3),
    ]);
    const html = fieldSpeedHtml(figures, ['intro', 'quiz-age']);
    // The flow's order, not the alphabet.
    expect(html.indexOf('data-screen="intro"')).toBeGreaterThan(-1);
    expect(html.indexOf('data-screen="intro"')).toBeLessThan(html.indexOf('data-screen="quiz-age"'));
    const age = text(html.slice(html.indexOf('data-screen="quiz-age"')));
    // 40 readings, 30 of them 600 ms: the p75 is within a bucket (4 %) of 600 ms and poor.
    expect(age).toMatch(/all \(40\) (\d+) ms poor 25 % · 0 % · 75 %/);
    const p75 = Number(/all \(40\) (\d+) ms/.exec(age)?.[1]);
    expect(Math.abs(p75 - 600) / 600).toBeLessThan(0.04);
    expect(age).toMatch(/mobile \(30\) \d+ ms poor 0 % · 0 % · 100 %/);
    expect(age).toMatch(/desktop \(10\) \d+ ms good 100 % · 0 % · 0 %/);
    expect(age).toMatch(/connection 3g \(30\) \d+ ms poor/);
    expect(age).toMatch(/connection 4g \(10\) \d+ ms good/);
    expect(age).toMatch(/INP ?: response to taps/);
    expect(age).toContain('good ≤ 200 ms, poor > 500 ms');
    // The shares' bar says its figures in words too.
    expect(html).toContain('aria-label="good 25 %, needs improvement 0 %, poor 75 %"');
    const intro = text(html.slice(0, html.indexOf('data-screen="quiz-age"')));
    expect(intro).toContain('good ≤ 2.5 s, poor > 4 s');
    expect(intro).toMatch(/LCP .* all \(8\) 1\.\d s good 100 %/);
    expect(intro).toMatch(/CLS .* all \(4\) 0\.30 poor 0 % · 0 % · 100 %/);
    expect(intro).not.toContain('INP');
  });

  it('escapes a screen id and says when there are no readings', async () => {
    const figures = await figuresOf([
      { screen: '<b>x</b>', metric: 'LCP', value: 5000, device: 'mobile', connection: '4g' },
    ]);
    const html = fieldSpeedHtml(figures);
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(html).not.toContain('<b>x</b>');
    expect(text(fieldSpeedHtml([]))).toMatch(/^No field speed readings from visitors in this period/);
    expect(fieldSpeedHtml([])).not.toContain('<table');
  });
});
