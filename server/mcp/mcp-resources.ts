/**
 * What an agent reads to learn the flow format without reading src/: the flow JSON Schema, the
 * marketer's guide (docs/marketers/editing-flows.md), and the json-logic operations a flow may use, each with its
 * arity and, where the guide has one, an example.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { OPERATION_ARITY, REGISTERED_OPERATIONS } from '../../src/engine/logic-operations.ts';

export interface OperationEntry {
  name: string;
  /** [min, max] arguments; max null for "any number". */
  arity: [number, number | null];
  /** Registered by this engine (scoring helpers) rather than json-logic's own. */
  registered: boolean;
  example?: string;
  gives?: string;
}

/** A few json-logic built-ins a flow uses most, with examples (the guide's table covers the registered ones). */
const BUILT_IN_EXAMPLES: Record<string, [string, string]> = {
  var: ['{"var": "answers.age"}', 'a value of the scope: answers.*, result.*, settings.*, tables.*; a second argument is the fallback'],
  '==': ['{"==": [{"var": "answers.goal"}, "speed"]}', 'true when equal'],
  in: ['{"in": ["trail", {"var": ["answers.surfaces", []]}]}', 'true when the value is in the list (or text)'],
  if: ['{"if": [cond, "a", cond2, "b", "otherwise"]}', 'the value of the first condition that holds'],
  '+': ['{"+": [{"var": "result.a"}, 2]}', 'the sum'],
  '>=': ['{">=": [{"var": "answers.age"}, 50]}', 'a comparison'],
  and: ['{"and": [cond1, cond2]}', 'true when all hold'],
  '!': ['{"!": {"var": "answers.smoker"}}', 'not'],
};

/** The operations, with the examples of the guide's table of registered operations. */
export function operationList(guide: string): OperationEntry[] {
  const fromGuide = new Map<string, [string, string]>();
  for (const row of guide.matchAll(/^\| (`[^|]+`) \| `([^|]+)` \| ([^|]+) \|$/gm)) {
    for (const name of (row[1] ?? '').matchAll(/`([^`]+)`/g)) fromGuide.set(name[1] ?? '', [row[2] ?? '', (row[3] ?? '').trim()]);
  }
  return Object.entries(OPERATION_ARITY).map(([name, [min, max]]) => {
    const found = fromGuide.get(name) ?? BUILT_IN_EXAMPLES[name];
    return {
      name,
      arity: [min, Number.isFinite(max) ? max : null],
      registered: REGISTERED_OPERATIONS.includes(name),
      ...(found ? { example: found[0], gives: found[1] } : {}),
    };
  });
}

/** Registers the three resources; `projectDir` holds schemas/ and docs/. */
export function registerResources(server: McpServer, projectDir: string): void {
  const schemaPath = join(projectDir, 'schemas/flow.schema.json');
  const guidePath = join(projectDir, 'docs/marketers/editing-flows.md');
  server.registerResource(
    'flow-schema',
    'flow://schema',
    { title: 'The flow JSON Schema', description: 'schemas/flow.schema.json: every property of a flow file, with descriptions', mimeType: 'application/schema+json' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/schema+json', text: await readFile(schemaPath, 'utf8') }] }),
  );
  server.registerResource(
    'editing-flows',
    'flow://docs/editing-flows.md',
    { title: 'Editing the funnel', description: "docs/marketers/editing-flows.md: the marketer's guide to the flow file and the checker", mimeType: 'text/markdown' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: await readFile(guidePath, 'utf8') }] }),
  );
  server.registerResource(
    'logic-operations',
    'flow://logic-operations',
    { title: 'json-logic operations', description: 'Every json-logic operation a flow may use (guards, copy conditions, computations), with arity and examples', mimeType: 'application/json' },
    async (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(operationList(await readFile(guidePath, 'utf8')), null, 2) }],
    }),
  );
}
