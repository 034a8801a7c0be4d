/**
 * `npm run mcp [-- --read-only] [--root <project>] [--branch main] [--remote origin] [--author "Name <email>"]`:
 * the Model Context Protocol server over the flow files, on stdio, for an AI assistant (Claude Desktop,
 * VS Code, Cursor...; see README "MCP server"). Writes only <root>/flows/*.json, and publishes (git
 * commits and pushes) only flows/ and public/uploads/; runs no shell; `--read-only` serves only the reads. Stdout carries
 * the protocol, so nothing else is printed there.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer } from './mcp/mcp-server.ts';

const { values } = parseArgs({
  options: {
    'read-only': { type: 'boolean', default: false },
    root: { type: 'string' },
    branch: { type: 'string' },
    remote: { type: 'string' },
    author: { type: 'string' },
  },
});

const projectDir = resolve(fileURLToPath(new URL('..', import.meta.url)));
const server = createMcpServer({
  root: resolve(values.root ?? process.cwd()),
  projectDir,
  readOnly: values['read-only'],
  databaseUrl: process.env['DATABASE_URL'],
  publish: {
    branch: values.branch ?? 'main',
    ...(values.remote === undefined ? {} : { remote: values.remote }),
    ...(values.author === undefined ? {} : { author: values.author }),
  },
});
await server.connect(new StdioServerTransport());
console.error(`funnel-flows MCP server on stdio${values['read-only'] ? ' (read-only)' : ''}`);
