/**
 * The MCP server over the flow files: the transport is only a front end; every tool calls the flow
 * operations the studio uses (src/engine/flow-edit). `readOnly` leaves the write tools out entirely.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { FlowFiles } from './flow-files.ts';
import { registerReadTools } from './read-tools.ts';
import { registerResources } from './mcp-resources.ts';
import { registerVersionTools } from './version-tools.ts';
import { registerWriteTools } from './write-tools.ts';
import type { PublishSettings } from '../../common/flow-publish.ts';

export interface McpServerOptions {
  /** The project whose flows/ is served (writes go only to <root>/flows/*.json). */
  root: string;
  /** Where schemas/ and docs/ are (this repository). */
  projectDir: string;
  readOnly: boolean;
  databaseUrl: string | undefined;
  /** Where publish commits (`main` by default), the remote it pushes to and its author ("Name <email>"). */
  publish?: Partial<PublishSettings>;
}

export function createMcpServer(options: McpServerOptions): McpServer {
  const server = new McpServer(
    { name: 'funnel-flows', version: '1.0.0' },
    {
      instructions:
        'Build and edit funnel flow files (flows/*.json). Read flow://docs/editing-flows.md and flow://schema first. ' +
        'Change files only with edit_flow (JSON Patch); after each edit read the checker findings it returns (JSON pointer, line:column, hint) and fix them until check_flow is clean. list_versions shows what was published; publish ships a clean flow.' +
        (options.readOnly ? ' This server is read-only: it lists, reads, checks and diffs, and never writes.' : ''),
    },
  );
  const files = new FlowFiles(options.root);
  registerResources(server, options.projectDir);
  registerReadTools(server, { files, databaseUrl: options.databaseUrl, projectDir: options.projectDir });
  if (!options.readOnly) {
    registerWriteTools(server, files);
    registerVersionTools(server, files, { branch: 'main', ...options.publish });
  }
  return server;
}
