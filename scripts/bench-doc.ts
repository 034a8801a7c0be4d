/**
 * The benches' writer for docs/performance.md: a table between its own markers (a new section with its
 * heading when the markers are missing), keeping the rows of sizes not measured this time, and the
 * machine's load average as the other sections note it (the machine is shared, figures move with it).
 */
import { loadavg } from 'node:os';

/** "load average at the start 0.9 / 2.2 / 3.2" */
export function loadLine(load: readonly number[] = loadavg()): string {
  return `load average ${load.map((value) => value.toFixed(1)).join(' / ')}`;
}

export interface Table {
  start: string;
  end: string;
  /** The section's heading, used only when the markers are not in the page yet. */
  heading: string;
  /** The lines above the table (what ran, when, on what). */
  intro: string;
  head: string;
  rows: readonly string[];
}

/** The first cell of a table row ("| 10,000,000 | …" → "10,000,000"), or null for other lines. */
const sizeOf = (line: string): string | null => /^\| ([\d,]+) \|/.exec(line)?.[1] ?? null;

/** The page with the table written between its markers; rows of other sizes from earlier runs stay. */
export function writeTable(doc: string, table: Table): string {
  for (const row of table.rows)
    if (sizeOf(row) === null) throw new Error(`bench row must start with a size: ${row}`);
  const at = doc.indexOf(table.start);
  const end = doc.indexOf(table.end);
  if (at !== -1 && end < at) throw new Error(`${table.end} is missing after ${table.start}`);
  const measured = new Set(table.rows.map(sizeOf));
  const columns = table.head.split('|').length;
  const kept =
    at === -1
      ? []
      : doc
          .slice(at, end)
          .split('\n')
          .filter((line) => sizeOf(line) !== null && !measured.has(sizeOf(line)))
          .filter((line) => line.split('|').length === columns);
  const block = [
    table.start,
    table.intro,
    '',
    table.head,
    `|${'---|'.repeat(columns - 2)}`,
    ...kept,
    ...table.rows,
    table.end,
  ].join('\n');
  return at === -1
    ? `${doc.trimEnd()}\n\n## ${table.heading}\n\n${block}\n`
    : `${doc.slice(0, at)}${block}${doc.slice(end + table.end.length)}`;
}
