/**
 * The funnel an agent builds in the MCP tests, as the tool calls it makes: a new flow, then JSON Patch
 * edits only. Six screens a visitor walks (start, goal, race pace, lead form, result, hand-off), a
 * branch on the goal, a computed score, and a lead form. The first edit points the branch at screens
 * that don't exist yet: the checker's error, with its pointer, is what the agent fixes next.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { join } from 'node:path';
import type { JsonPatchOp } from '../../src/engine/flow-edit/patch-text.ts';

export const AGENT_FLOW = { id: 'bike-fit', brand: 'Acme Cycles' } as const;
export const AGENT_FILE = `flows/${AGENT_FLOW.id}.json`;

/** The goal question with its branch, before the screens it leads to exist (the checker refuses it). */
export const BRANCH_FIRST: JsonPatchOp[] = [
  { op: 'replace', path: '/screens/start/next', value: 'goal' },
  { op: 'replace', path: '/screens/start/progress', value: { step: 1, of: 5 } },
  {
    op: 'add',
    path: '/screens/goal',
    value: {
      kind: 'single-choice',
      route: '/fit/goal',
      progress: { step: 2, of: 5 },
      question: 'What do you ride for?',
      options: [
        { value: 'commute', label: 'Getting to work' },
        { value: 'race', label: 'Racing' },
        { value: 'fun', label: 'Weekend fun' },
      ],
      answer: 'goal',
      required: true,
      button: 'Continue',
      next: [{ when: { '==': [{ var: 'answers.goal' }, 'race'] }, to: 'race-pace' }, { to: 'lead' }],
    },
  },
];

/** The screens the branch leads to, the score and the lead's storage: after this the check is clean. */
export const FIX_AND_FINISH: JsonPatchOp[] = [
  {
    op: 'add',
    path: '/screens/race-pace',
    value: {
      kind: 'slider',
      route: '/fit/race-pace',
      progress: { step: 3, of: 5 },
      question: 'Your average speed on a long ride?',
      answer: 'speed',
      min: 15,
      max: 45,
      step: 1,
      default: 25,
      unit: 'km/h',
      button: 'Continue',
      next: 'lead',
    },
  },
  {
    op: 'add',
    path: '/screens/lead',
    value: {
      kind: 'form',
      route: '/fit/your-fit',
      progress: { step: 4, of: 5 },
      content: [{ type: 'heading', text: 'Your fit is ready' }],
      fields: [
        { name: 'name', label: 'First name', type: 'text', autocomplete: 'given-name', required: true, maxLength: 100 },
        { name: 'email', label: 'Email', type: 'email', autocomplete: 'email', required: true, mustContain: '@', maxLength: 254 },
      ],
      button: 'Show My Fit',
      privacyNote: 'We only email you about your fit.',
      continue: [{ type: 'saveLead' }],
      next: 'result',
    },
  },
  {
    op: 'add',
    path: '/screens/result',
    value: {
      kind: 'content',
      route: '/fit/result',
      progress: { step: 5, of: 5 },
      content: [
        { type: 'heading', eyebrow: 'Your fit score', text: '{result.fitScore} / 10' },
        { type: 'text', text: 'From your goal and your speed.' },
      ],
      button: 'See My Bike',
      next: 'go',
    },
  },
  { op: 'add', path: '/storage/dataKeys/-', value: 'contactInfo' },
  {
    op: 'add',
    path: '/samples',
    value: {
      low: { answers: { goal: 'commute', name: 'Sam', email: 'sam@example.com' } },
      medium: { answers: { goal: 'race', speed: 30, name: 'Alex', email: 'alex@example.com' } },
      high: { answers: { goal: 'race', speed: 45, name: 'Robin', email: 'robin@example.com' } },
    },
  },
  { op: 'add', path: '/tables', value: { goalPoints: { commute: 3, race: 6, fun: 4 } } },
  {
    op: 'add',
    path: '/computations',
    value: {
      fitScore: {
        round: [
          {
            clamp: [
              {
                '+': [
                  { lookup: [{ var: 'answers.goal' }, { var: 'tables.goalPoints' }, 0] },
                  { '/': [{ number: [{ var: 'answers.speed' }, 0] }, 15] },
                ],
              },
              0,
              10,
            ],
          },
          1,
        ],
      },
    },
  },
];

/** What a tool call gave: its text, its structured content, and whether it is an error. */
export interface ToolReply {
  text: string;
  data: Record<string, unknown>;
  isError: boolean;
}

export interface McpSession {
  client: Client;
  call(name: string, args: Record<string, unknown>): Promise<ToolReply>;
  close(): Promise<void>;
}

/** Starts `npm run mcp` (server/mcp.ts) over stdio on `root` and connects the SDK's own client to it. */
export async function startMcp(projectDir: string, root: string, extra: string[] = []): Promise<McpSession> {
  const client = new Client({ name: 'mcp-test-agent', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: join(projectDir, 'node_modules/.bin/tsx'),
    args: [join(projectDir, 'server/mcp.ts'), '--root', root, ...extra],
    cwd: projectDir,
    stderr: 'ignore',
  });
  await client.connect(transport);
  return {
    client,
    async call(name, args) {
      const result = await client.callTool({ name, arguments: args });
      const content = Array.isArray(result.content) ? result.content : [];
      const text = content.map((c: { type: string; text?: string }) => (c.type === 'text' ? (c.text ?? '') : `[${c.type}]`)).join('\n');
      const data: Record<string, unknown> = { ...(result.structuredContent ?? {}) };
      return { text, data, isError: result.isError === true };
    },
    close: () => client.close(),
  };
}

/** Steps of the agent's walk, for the README transcript: the call and the first lines of its reply. */
export type Transcript = { call: string; reply: string }[];

/**
 * The agent's walk: new_flow, the branch refused for its errors, the same edit as a draft, check_flow
 * naming the error by pointer, the fix, and a clean check. Returns each reply, for the test to judge.
 */
export async function buildAgentFunnel(session: McpSession, transcript: Transcript = []) {
  const step = async (name: string, args: Record<string, unknown>) => {
    const reply = await session.call(name, args);
    transcript.push({ call: `${name} ${JSON.stringify(args).slice(0, 160)}`, reply: reply.text });
    return reply;
  };
  const created = await step('new_flow', AGENT_FLOW);
  const refused = await step('edit_flow', { file: AGENT_FILE, ops: BRANCH_FIRST });
  const draft = await step('edit_flow', { file: AGENT_FILE, ops: BRANCH_FIRST, draft: true });
  const broken = await step('check_flow', { file: AGENT_FILE });
  const fixed = await step('edit_flow', { file: AGENT_FILE, ops: FIX_AND_FINISH });
  const clean = await step('check_flow', { file: AGENT_FILE });
  return { created, refused, draft, broken, fixed, clean, transcript };
}
