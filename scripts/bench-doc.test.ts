/** The benches' writer for docs/performance.md: a table between its markers, rows of other sizes kept. */
import { describe, expect, it } from 'vitest';
import { loadLine, writeTable, type Table } from './bench-doc.ts';
import { fieldRow } from './bench-report-field.ts';

const table = (rows: string[], intro = 'Measured now.'): Table => ({
  start: '<!-- b start -->',
  end: '<!-- b end -->',
  heading: 'The bench',
  intro,
  head: '| size | time |',
  rows,
});

describe('writeTable', () => {
  it('adds a section with its heading when the markers are missing', () => {
    expect(writeTable('# Figures\n', table(['| 1,000 | 1.0 s |']))).toBe(
      '# Figures\n\n## The bench\n\n<!-- b start -->\nMeasured now.\n\n| size | time |\n|---|---|\n| 1,000 | 1.0 s |\n<!-- b end -->\n',
    );
  });

  it('replaces the row of the size measured, keeps the others and the text around', () => {
    const before = writeTable('# Figures\n', table(['| 1,000 | 1.0 s |', '| 10,000 | 9.0 s |'], 'Old run.'));
    const after = writeTable(`${before}\nProse after.\n`, table(['| 10,000 | 8.0 s |']));
    expect(after).toContain('| 1,000 | 1.0 s |\n| 10,000 | 8.0 s |\n<!-- b end -->\n\nProse after.');
    expect(after).not.toContain('9.0 s');
    expect(after).not.toContain('Old run.');
    expect(after.match(/## The bench/g)).toHaveLength(1);
  });

  it('drops kept rows of another shape (the columns changed) and refuses a row without a size', () => {
    const before = writeTable('', table(['| 1,000 | 1.0 s | extra |']));
    expect(writeTable(before, table(['| 5 | 2.0 s |']))).not.toContain('extra');
    expect(() => writeTable('', table(['| big | 1 s |']))).toThrow(/must start with a size/);
    expect(() => writeTable('<!-- b end --> <!-- b start -->', table(['| 5 | 1 s |']))).toThrow(/missing after/);
  });
});

describe('the field row and the load line', () => {
  it('writes the figures with their units', () => {
    expect(
      fieldRow(10_000_000, 10_000_003, { seeding: 95.25, month: 1.234, day: 0.05, rpc: 0.00042, whole: 2.5, rows: 1215 }),
    ).toBe('| 10,000,000 | 10,000,003 | 95.25 s | 1.23 s (1,215 figures) | 0.05 s | 0.4 ms | **2.50 s** |');
    expect(loadLine([0.91, 2.2, 3.25])).toBe('load average 0.9 / 2.2 / 3.3');
  });
});
