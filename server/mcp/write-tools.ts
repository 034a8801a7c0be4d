/**
 * The MCP server's write tools: edit_flow (JSON Patch, applied as minimal text edits) and new_flow.
 * Both write only flows/*.json (FlowFiles refuses anything else by name) and both check what they
 * write with the shared checker; an edit that adds an error is refused unless it is a draft.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { checkFlow, formatFinding } from '../../src/engine/flow-edit/check-flow.ts';
import { editFlow } from '../../src/engine/flow-edit/edit-flow.ts';
import type { JsonPatchOp } from '../../src/engine/flow-edit/patch-text.ts';
import { newFlowText } from '../../src/engine/flow-edit/new-flow.ts';
import type { FlowFiles } from './flow-files.ts';
import { checkText } from './read-tools.ts';
import { guarded, toolError, toolResult } from './tool-result.ts';

const POINTER = z.string().describe('a JSON pointer, e.g. /screens/age/next; "-" as the last segment appends to a list');

/** One RFC 6902 operation. */
const OPERATION = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), path: POINTER, value: z.unknown() }),
  z.object({ op: z.literal('replace'), path: POINTER, value: z.unknown() }),
  z.object({ op: z.literal('test'), path: POINTER, value: z.unknown() }),
  z.object({ op: z.literal('remove'), path: POINTER }),
  z.object({ op: z.literal('move'), from: POINTER, path: POINTER }),
  z.object({ op: z.literal('copy'), from: POINTER, path: POINTER }),
]);

export function registerWriteTools(server: McpServer, files: FlowFiles): void {
  server.registerTool(
    'edit_flow',
    {
      title: 'Edit a flow file with JSON Patch',
      description:
        'Applies RFC 6902 operations (add, remove, replace, move, copy, test) to a flow file as minimal text edits: formatting, key order and untouched lines stay as they are. All or nothing. Refused when it adds a checker error, unless draft is true (then saved, and the build refuses the file until fixed). Returns the check of the result.',
      inputSchema: {
        file: z.string().describe('a flow file: flows/<name>.json'),
        ops: z.array(OPERATION).min(1),
        draft: z.boolean().default(false).describe('save even if the edit adds errors'),
      },
    },
    ({ file, ops, draft }) =>
      guarded(async () => {
        const flow = await files.read(file);
        // zod has checked each operation's shape; an add/replace/test without a value means null.
        const patch = ops.map((op): JsonPatchOp => {
          if (op.op === 'remove' || op.op === 'move' || op.op === 'copy') return op;
          return { op: op.op, path: op.path, value: op.value ?? null };
        });
        const result = editFlow(flow.text, patch, { file: flow.file, draft });
        if (!result.ok) {
          const added = result.addedErrors.map((f) => formatFinding(flow.file, f));
          return toolError([`${flow.file}: ${result.message}`, ...added].join('\n'), {
            file: flow.file,
            saved: false,
            reason: result.reason,
            ...(result.problem ? { problem: result.problem } : {}),
            addedErrors: result.addedErrors,
          });
        }
        await files.write(flow.file, result.text);
        const { firstLine, removed, added } = result.lines;
        const where = removed === 0 && added === 0 ? 'no change' : `line ${firstLine}: ${removed} line(s) replaced by ${added}`;
        const draftNote = result.addedErrors.length > 0 ? ` (draft: it added ${result.addedErrors.length} error(s))` : '';
        return toolResult(`saved ${flow.file}, ${where}${draftNote}\n${checkText(flow.file, result.check)}`, {
          file: flow.file,
          saved: true,
          lines: result.lines,
          clean: result.check.clean,
          errors: result.check.errors,
          warnings: result.check.warnings,
          findings: result.check.findings,
          addedErrors: result.addedErrors,
        });
      }),
  );

  server.registerTool(
    'new_flow',
    {
      title: 'Start a new flow file',
      description:
        'Writes flows/<id>.json from a minimal template (a start screen, a hand-off to recommendationUrl, a not-found page) that passes flow:check --strict. Build the funnel from there with edit_flow.',
      inputSchema: {
        id: z.string().describe('the flow id and file name: lower-case letters, digits and -, e.g. bike-fit'),
        brand: z.string().describe('the brand name visitors see'),
      },
    },
    ({ id, brand }) =>
      guarded(async () => {
        const created = newFlowText({ id, brand });
        if (!created.ok) return toolError(created.message);
        const flow = await files.write(`flows/${id}.json`, created.text, { create: true });
        const check = checkFlow(created.text, { file: flow.file });
        return toolResult(`created ${flow.file}\n${checkText(flow.file, check)}`, { file: flow.file, clean: check.clean });
      }),
  );
}
