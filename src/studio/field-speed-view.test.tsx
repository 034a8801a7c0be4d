/**
 * The studio's field speed: the report body's `fieldSpeed` checked by name (fieldSpeedOf), a chip per
 * metric on a node saying its p75 and rating in words, and the inspector's split by device and
 * connection.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldSpeedOf } from './field-speed-api.ts';
import { FieldChips, FieldSpeedPanel } from './field-speed-view.tsx';

const line = (readings: number, p75: number, rating: string, good: number, needs: number, poor: number) => ({
  readings,
  p75,
  p75Text: p75 >= 1000 ? `${(p75 / 1000).toFixed(1)} s` : p75 < 1 ? p75.toFixed(2) : `${Math.round(p75)} ms`,
  rating,
  shares: { good, 'needs-improvement': needs, poor },
});

/** A body as server/studio-report.ts sends it, with one entry of each kind the parser must leave out. */
const body = {
  available: true,
  fieldSpeed: {
    age: {
      INP: {
        ...line(8, 659.4, 'poor', 0.25, 0, 0.75),
        about: 'response to taps: the slowest tap to the next frame (good ≤ 200 ms, poor > 500 ms)',
        devices: [{ device: 'mobile', ...line(6, 659.4, 'poor', 0, 0, 1) }, { device: '<script>', ...line(1, 1, 'good', 1, 0, 0) }],
        connections: [{ connection: '3g', ...line(6, 700, 'poor', 0, 0, 1) }, { connection: '4g', ...line(2, 90, 'good', 1, 0, 0) }],
      },
      LCP: { ...line(3, 2210, 'good', 1, 0, 0), about: 'loading', devices: [], connections: [] },
      CLS: { ...line(2, 0.3, 'awful', 0, 0, 1), about: 'stability', devices: [], connections: [] },
      FID: { ...line(2, 10, 'good', 1, 0, 0), about: 'old', devices: [], connections: [] },
    },
    intro: { LCP: { readings: -1, p75: 1, rating: 'good', shares: {} } },
  },
};

describe('fieldSpeedOf', () => {
  it('keeps the checked metrics and lines and leaves out malformed ones', () => {
    const map = fieldSpeedOf(body);
    expect([...map.keys()]).toEqual(['age']);
    const metrics = map.get('age') ?? [];
    expect(metrics.map((m) => m.metric)).toEqual(['LCP', 'INP']);
    const inp = metrics.find((m) => m.metric === 'INP');
    expect(inp?.split.map((l) => [l.label, l.readings, l.rating])).toEqual([
      ['mobile', 6, 'poor'],
      ['connection 3g', 6, 'poor'],
      ['connection 4g', 2, 'good'],
    ]);
    expect(fieldSpeedOf({ available: true }).size).toBe(0);
  });
});

describe('FieldChips', () => {
  it('shows each metric’s p75 with a mark, and says the rating in words', () => {
    render(<FieldChips metrics={fieldSpeedOf(body).get('age') ?? []} />);
    const list = screen.getByRole('list', { name: 'Field speed, p75 of visitors' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'LCP 2.2 s ✓LCP p75 2.2 s: good',
      'INP 659 ms ✗INP p75 659 ms: poor',
    ]);
    expect(items[1]?.className).toContain('poor');
    expect(items[1]?.getAttribute('title')).toBe(
      'INP p75 659 ms: poor; 8 readings. INP: response to taps: the slowest tap to the next frame (good ≤ 200 ms, poor > 500 ms)',
    );
  });
});

describe('FieldSpeedPanel', () => {
  it('lists all visits, then each device and connection, with the p75, its rating and the shares', () => {
    render(<FieldSpeedPanel screenId="age" metrics={fieldSpeedOf(body).get('age') ?? []} />);
    const panel = screen.getByRole('region', { name: 'Field speed of age' });
    const tables = within(panel).getAllByRole('table');
    expect(tables).toHaveLength(2);
    const inp = tables[1];
    if (inp === undefined) throw new Error('no INP table');
    expect(within(inp).getByText(/response to taps/).textContent).toBe(
      'INP: response to taps: the slowest tap to the next frame (good ≤ 200 ms, poor > 500 ms)',
    );
    const rows = within(inp).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'all (8)659 ms poor25 % · 0 % · 75 %',
      'mobile (6)659 ms poor0 % · 0 % · 100 %',
      'connection 3g (6)700 ms poor0 % · 0 % · 100 %',
      'connection 4g (2)90 ms good100 % · 0 % · 0 %',
    ]);
  });
});
