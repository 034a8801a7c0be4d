/**
 * Checks every band table a `band` operation reads. The rule (docs/marketers/editing-flows.md): bands are
 * listed highest first, `[[1500, "Excellent"], [800, "Good"]]`, and a value gets the first band it
 * reaches. A table listed lowest first would silently give every value the lowest band's output, and
 * two bands starting at the same number make the second unreachable; both are errors, at the entry.
 */
import type { Flow } from '../flow.gen.ts';
import { readPath } from '../template.ts';
import { error, pointerOf, type Finding } from './flow-issue.ts';
import type { FlowCheck } from './graph-check.ts';
import { argPointer, logicNodes, logicSites, varPath } from './logic-sites.ts';

/** The band table an argument is, written in place or read from `tables`, with its pointer. */
function tableOf(arg: unknown, pointer: string, flow: Flow): { table: unknown; pointer: string } | undefined {
  if (Array.isArray(arg)) return { table: arg, pointer };
  const [node] = logicNodes(arg, pointer);
  const path = node && varPath(node);
  if (!path?.startsWith('tables.')) return undefined;
  const rest = path.slice('tables.'.length);
  return { table: readPath(flow.tables ?? {}, rest), pointer: pointerOf('/tables', ...rest.split('.')) };
}

function tableFindings(table: unknown, pointer: string): Finding[] {
  if (!Array.isArray(table)) return [];
  const found: Finding[] = [];
  let above: { min: number; at: number } | undefined;
  table.forEach((band: unknown, i) => {
    const min: unknown = Array.isArray(band) ? band[0] : undefined;
    if (typeof min !== 'number') {
      found.push(error(pointerOf(pointer, i), 'a band is [lowest value, output], e.g. [800, "Good fit"]'));
      return;
    }
    if (above && min === above.min)
      found.push(
        error(pointerOf(pointer, i, 0), `two bands start at ${min} (entries ${above.at} and ${i}): this one is never used`),
      );
    else if (above && min > above.min)
      found.push(
        error(
          pointerOf(pointer, i, 0),
          `bands are out of order: ${min} comes after ${above.min}, so a value of ${min} gets entry ${above.at}'s output`,
          'list bands highest first, e.g. [[1500, "Excellent fit"], [800, "Good fit"]]',
        ),
      );
    if (!above || min < above.min) above = { min, at: i };
  });
  return found;
}

export const checkBands: FlowCheck = (flow) => {
  const seen = new Set<string>();
  const found: Finding[] = [];
  for (const site of logicSites(flow)) {
    for (const node of logicNodes(site.expression, site.pointer)) {
      if (node.op !== 'band') continue;
      const table = tableOf(node.args[1], argPointer(node, 1), flow);
      if (!table || seen.has(table.pointer)) continue;
      seen.add(table.pointer);
      found.push(...tableFindings(table.table, table.pointer));
    }
  }
  return found;
};
