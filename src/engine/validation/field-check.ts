/**
 * Errors in a form field's rule that the schema can't express: a pattern the two regex engines (the
 * browser's and PostgreSQL's) would read differently, a select without options, options or a range on a
 * field that ignores them, a range that excludes every number.
 */
import { portablePatternProblem } from '../field-rules.ts';
import type { Finding } from './flow-issue.ts';
import { pointerSegment } from './flow-issue.ts';
import type { FlowCheck } from './graph-check.ts';

const error = (pointer: string, message: string, hint?: string): Finding => ({
  pointer,
  message,
  ...(hint === undefined ? {} : { hint }),
  severity: 'error',
});

/** One error per field rule that can't be applied alike in the browser and in the database. */
export const checkFieldRules: FlowCheck = (flow) =>
  Object.entries(flow.screens).flatMap(([id, screen]) => {
    if (screen.kind !== 'form') return [];
    return screen.fields.flatMap((field, index): Finding[] => {
      const at = `/screens/${pointerSegment(id)}/fields/${index}`;
      const found: Finding[] = [];
      if (field.pattern !== undefined) {
        const problem = portablePatternProblem(field.pattern);
        if (problem) found.push(error(`${at}/pattern`, `the pattern ${problem}`, 'write digits as [0-9] or \\d, and spell characters out'));
        if (field.type === 'select' || field.type === 'checkbox' || field.type === 'email')
          found.push(error(`${at}/pattern`, `a ${field.type} field ignores "pattern"`));
      }
      if (field.type === 'select' && (field.options ?? []).length === 0)
        found.push(error(at, `the select field "${field.name}" has no "options"`));
      if (field.type !== 'select' && field.options !== undefined)
        found.push(error(`${at}/options`, `only a select field takes "options" ("${field.name}" is ${field.type})`));
      for (const key of ['min', 'max'] as const) {
        if (field[key] !== undefined && field.type !== 'number')
          found.push(error(`${at}/${key}`, `only a number field takes "${key}" ("${field.name}" is ${field.type})`));
      }
      if (field.min !== undefined && field.max !== undefined && field.min > field.max)
        found.push(error(`${at}/min`, `"min" (${field.min}) is above "max" (${field.max}): no number passes`));
      return found;
    });
  });
