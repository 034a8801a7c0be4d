/**
 * The MCP server's version tools, over the same operations as the studio (common/flow-publish.ts):
 * list_versions (the commits that touched a flow, each with its revision and flow:diff summary) and
 * publish (flow:check --strict, refused with the findings; only flows/ and public/uploads/; pushed
 * when a remote is configured). Both are left out with --read-only: publishing is a write, and the
 * history names people (the authors).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { publishFlow, PublishRefused, type PublishSettings } from '../../common/flow-publish.ts';
import { listVersions } from '../../common/flow-versions.ts';
import { revParse } from '../../common/git.ts';
import type { FlowFiles } from './flow-files.ts';
import { guarded, toolError, toolResult } from './tool-result.ts';

const FILE = z.string().describe('a flow file: flows/<name>.json');

export function registerVersionTools(server: McpServer, files: FlowFiles, settings: PublishSettings): void {
  server.registerTool(
    'list_versions',
    {
      title: "A flow's published versions",
      description: `The commits on the published branch (${settings.branch}) that touched a flow file or its language files, newest first: commit, author, date, message, revision (the content hash visits record) and what changed for visitors in flow:diff's words. "head" is the branch's tip, for publish's base.`,
      inputSchema: { file: FILE, limit: z.number().int().min(1).max(100).default(20) },
    },
    ({ file, limit }) =>
      guarded(async () => {
        const flow = files.resolve(file);
        const head = await revParse(files.root, `refs/heads/${settings.branch}`);
        if (!head) return toolError(`no branch "${settings.branch}" in ${files.root}: nothing published yet`);
        const versions = await listVersions(files.root, flow.file, { ref: head, limit });
        const text = versions
          .map((v) => [`${v.commit.slice(0, 8)} ${v.date} ${v.author}: ${v.message} (revision ${v.revision ?? 'none'})`, ...v.diff.map((l) => `  ${l}`)].join('\n'))
          .join('\n\n');
        return toolResult(text || `${flow.file} has no published version`, { file: flow.file, branch: settings.branch, head, versions });
      }),
  );

  server.registerTool(
    'publish',
    {
      title: 'Publish a flow',
      description: `Checks the flow as flow:check --strict does (refused with the findings if not clean), commits the flow file, its language files and the uploads it names onto ${settings.branch} with the message, and pushes when a remote is configured. Anything outside flows/ and public/uploads/ is refused. Pass base (list_versions' head) so a publish made meanwhile is not overwritten unseen.`,
      inputSchema: {
        file: FILE,
        message: z.string().min(1).describe('what changed and why, as the commit message'),
        base: z.string().optional().describe("the published branch's tip you started from (list_versions' head)"),
        extra: z.array(z.string()).optional().describe('more files to include: only flows/ and public/uploads/ are accepted'),
      },
    },
    ({ file, message, base, extra }) =>
      guarded(async () => {
        const flow = files.resolve(file);
        try {
          const done = await publishFlow(files.root, { ...settings, flowFile: flow.file, message, base, ...(extra ? { extra } : {}) });
          const push = done.push.pushed ? `pushed to ${done.push.remote}` : `not pushed: ${done.push.reason}`;
          return toolResult(`published ${flow.file} as ${done.commit.slice(0, 8)} on ${done.branch}; ${push}`, { ...done });
        } catch (error) {
          if (!(error instanceof PublishRefused)) throw error;
          const lines = [error.message, ...(error.details.findings ?? []), ...(error.details.diff ?? []).map((l) => `  ${l}`)];
          return toolError(lines.join('\n'), { published: false, reason: error.reason, ...error.details });
        }
      }),
  );
}
