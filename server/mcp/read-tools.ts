/**
 * The MCP server's read tools: list, read, check, diff, describe a screen, report figures. Each calls
 * the shared flow operations (src/engine/flow-edit), the same the studio uses; none writes anything.
 */
import { revenueLines } from '../../common/report/revenue.ts';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { checkFlow, formatFinding } from '../../src/engine/flow-edit/check-flow.ts';
import { diffFlowTexts } from '../../src/engine/flow-edit/diff-flow.ts';
import { readFlow } from '../../src/engine/flow-edit/read-flow.ts';
import { formatIssue } from '../../src/engine/validation/validate-flow.ts';
import { describeScreen } from './describe-screen.ts';
import type { FlowFiles } from './flow-files.ts';
import { reportSummary } from './report-summary.ts';
import { screenPicture } from './screen-picture.ts';
import { guarded, toolError, toolResult } from './tool-result.ts';

export interface ReadToolOptions {
  files: FlowFiles;
  databaseUrl: string | undefined;
  /** The project the server runs from (for the screenshot's build). */
  projectDir: string;
}

const FILE = z.string().describe('a flow file: flows/<name>.json (or just <name>)');

/** One line of the checker's verdict, then its findings as flow:check prints them. */
export function checkText(file: string, check: ReturnType<typeof checkFlow>): string {
  const head =
    check.errors > 0
      ? `✗ ${file}: ${check.errors} error(s), ${check.warnings} warning(s)`
      : `✓ ${file}: no errors, ${check.warnings} warning(s)${check.clean ? ' (passes flow:check --strict)' : ''}`;
  return [head, ...check.findings.map((f) => formatFinding(file, f))].join('\n');
}

export function registerReadTools(server: McpServer, { files, databaseUrl, projectDir }: ReadToolOptions): void {
  server.registerTool(
    'list_flows',
    { title: 'List the flow files', description: 'Every flows/*.json with its id, screen count and checker verdict.', inputSchema: {} },
    () =>
      guarded(async () => {
        const flows = [];
        for (const { file } of await files.list()) {
          const { text } = await files.read(file);
          const check = checkFlow(text, { file, languageFiles: await files.languageFiles(file) });
          const id = check.flow?.id ?? null;
          const screens = check.flow ? Object.keys(check.flow.screens).length : null;
          flows.push({ file, id, screens, errors: check.errors, warnings: check.warnings });
        }
        const lines = flows.map((f) => `${f.file}: id ${f.id ?? '?'}, ${f.screens ?? '?'} screens, ${f.errors} error(s), ${f.warnings} warning(s)`);
        return toolResult(lines.join('\n') || 'no flow files in flows/', { flows });
      }),
  );

  server.registerTool(
    'read_flow',
    {
      title: 'Read a flow file',
      description: 'The whole file, one screen, or the value at a JSON pointer, with line numbers (as the checker cites them).',
      inputSchema: {
        file: FILE,
        screen: z.string().optional().describe('a screen id: read only that screen'),
        pointer: z.string().optional().describe('a JSON pointer such as /settings: read only that value'),
      },
    },
    ({ file, screen, pointer }) =>
      guarded(async () => {
        const flow = await files.read(file);
        const read = readFlow(flow.text, { ...(screen === undefined ? {} : { screen }), ...(pointer === undefined ? {} : { pointer }) });
        if (!read.ok) return toolError(`${flow.file}: ${read.message}`);
        return toolResult(`${flow.file} lines ${read.startLine}–${read.endLine}:\n${read.numbered}`, {
          file: flow.file,
          pointer: read.pointer,
          startLine: read.startLine,
          endLine: read.endLine,
          text: read.text,
        });
      }),
  );

  server.registerTool(
    'check_flow',
    {
      title: 'Check a flow file',
      description:
        'Runs the same checker as `npm run flow:check` (schema, references, every path a visitor can take, and the flow\'s language files beside it). Findings: severity, message, JSON pointer, line:column, hint, and `file` when the finding is in a language file (flows/<flow>.<language>.json). Clean means it passes --strict.',
      inputSchema: { file: FILE },
    },
    ({ file }) =>
      guarded(async () => {
        const flow = await files.read(file);
        const check = checkFlow(flow.text, { file: flow.file, languageFiles: await files.languageFiles(file) });
        return toolResult(checkText(flow.file, check), {
          file: flow.file,
          clean: check.clean,
          errors: check.errors,
          warnings: check.warnings,
          findings: check.findings,
        });
      }),
  );

  server.registerTool(
    'diff_flow',
    {
      title: 'What changed, for visitors',
      description:
        'The `npm run flow:diff` summary of a flow file: since this server last saved it ("save"), or against the version committed at git HEAD ("head").',
      inputSchema: { file: FILE, since: z.enum(['save', 'head']).default('head') },
    },
    ({ file, since }) =>
      guarded(async () => {
        const flow = await files.read(file);
        const before = since === 'save' ? files.textBeforeLastSave(file) : await files.gitHead(file);
        if (before === undefined)
          return toolError(
            since === 'save'
              ? `${flow.file} has not been saved by this server yet: nothing to compare (try since: "head")`
              : `${flow.file} is not in git HEAD (a new file): nothing to compare`,
          );
        const diff = diffFlowTexts(before, flow.text, { file: flow.file });
        if (!diff.ok) return toolError(`${diff.message}\n${diff.errors.map(formatIssue).join('\n')}`);
        const errors = diff.errors.map(formatIssue);
        const tail = errors.length > 0 ? `\n\nThe file has ${errors.length} error(s) (check_flow):\n${errors.join('\n')}` : '';
        return toolResult(diff.lines.join('\n') + tail, { file: flow.file, since, lines: diff.lines, errors: diff.errors });
      }),
  );

  server.registerTool(
    'describe_screen',
    {
      title: 'What a visitor sees on a screen',
      description:
        "One screen resolved for one of the flow's sample visitors (low, medium, high result): its copy with placeholders filled and hidden blocks left out, as text; with a 390 px PNG when Chromium is installed and picture is true.",
      inputSchema: {
        file: FILE,
        screen: z.string().describe('the screen id'),
        sample: z.enum(['low', 'medium', 'high']).default('medium'),
        picture: z.boolean().default(false).describe('also a 390 px wide PNG (builds the funnel; takes a while)'),
      },
    },
    ({ file, screen, sample, picture }) =>
      guarded(async () => {
        const flow = await files.read(file);
        const check = checkFlow(flow.text, { file: flow.file });
        if (!check.flow) return toolError(`${flow.file} has errors: fix them first (check_flow)`);
        const seen = describeScreen(check.flow, screen, sample);
        const text = [`${seen.screen} (${seen.kind}${seen.route ? `, ${seen.route}` : ''}) for the ${seen.sample} sample visitor:`, ...seen.lines].join('\n');
        const result = toolResult(text, { ...seen });
        if (picture) {
          const png = await screenPicture({ projectDir, flowPath: flow.path, flow: check.flow, screen, sample });
          if (typeof png === 'string') result.content.push({ type: 'text', text: `(no picture: ${png})` });
          else result.content.push({ type: 'image', data: png.toString('base64'), mimeType: 'image/png' });
        }
        return result;
      }),
  );

  server.registerTool(
    'report_summary',
    {
      title: 'The funnel report in figures',
      description:
        'Sessions, leads, final clicks, per-screen reach and drop-off, figures per language, money (purchases, net revenue, revenue per visitor and average order value per source, campaign, device, language, arm and revision, each currency apart), and per flow revision (the two newest side by side: each change with its 95 % credible interval and the probability the newer is better, the flow:diff lines between them, and a warning when their traffic differs) from the local database (.data/local-db) or DATABASE_URL: counts only, never an email or a name. demo: simulated visits in memory.',
      inputSchema: {
        file: FILE,
        from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
        to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
        demo: z.boolean().default(false),
      },
    },
    ({ file, from, to, demo }) =>
      guarded(async () => {
        const flow = await files.read(file);
        const check = checkFlow(flow.text, { file: flow.file });
        if (!check.flow) return toolError(`${flow.file} has errors: the report needs a valid flow to name its screens`);
        const summary = await reportSummary(check.flow, {
          databaseUrl,
          dataDir: `${files.root}/.data/local-db`,
          demo,
          from,
          to,
          flowPath: flow.path,
        });
        const { comparison } = summary.revisions;
        const shown = (share: number) => `${(share * 100).toFixed(1)} %`;
        const lines = [
          `${summary.flowId} from ${summary.source}: ${summary.sessions} sessions, ${summary.leads} leads, ${summary.finalClicks} final clicks`,
          ...summary.screens.map((s) => `  ${s.screen}: reached ${s.reached}, went on ${s.continued}, drop-off ${Math.round(s.dropOff * 100)} %`),
          `by language: ${summary.languages.map((l) => `${l.language} ${l.sessions} sessions, ${l.leads} leads`).join('; ') || 'no visits'}`,
          `by revision: ${summary.revisions.revisions.map((r) => `${r.revision} ${r.sessions} sessions, lead rate ${shown(r.leadRate)}`).join('; ') || 'no visits'}`,
          ...(comparison
            ? [
                `${comparison.older} → ${comparison.newer}: lead rate ${shown(comparison.leadRate.older)} → ${shown(comparison.leadRate.newer)} (95 % credible interval of the change ${shown(comparison.leadRate.low)} to ${shown(comparison.leadRate.high)}, P(newer better) ${Math.round(comparison.leadRate.probabilityBetter * 100)} %)`,
                ...(comparison.changes ?? [comparison.changesMissing ?? '']).map((line) => `  changed: ${line}`),
                ...(comparison.mixWarning ? [`  ⚠ ${comparison.mixWarning}`] : []),
              ]
            : [`  ${summary.revisions.note ?? ''}`]),
          ...(summary.revenue ? revenueLines(summary.revenue) : []),
        ];
        return toolResult(lines.join('\n'), { ...summary });
      }),
  );
}
