/**
 * The funnel an agent builds over MCP (new_flow and edit_flow only, see server/mcp.test.ts) is a
 * funnel the build accepts: `FLOW=<file> npm run build` (vite build, then the byte budgets of
 * scripts/bundle-size.ts) into a temporary folder, with a page for each of its routes.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { AGENT_FILE, buildAgentFunnel, startMcp } from '../support/mcp-agent-funnel.ts';
import { repoRoot } from './harness.ts';

const root = mkdtempSync(join(tmpdir(), 'mcp-build-'));
const outDir = mkdtempSync(join(tmpdir(), 'mcp-build-dist-'));
cpSync(join(repoRoot, 'flows'), join(root, 'flows'), { recursive: true });
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
});

describe('a funnel built over MCP', () => {
  it('builds with FLOW=<its file> and keeps the budgets', async () => {
    const mcp = await startMcp(repoRoot, root);
    try {
      const walk = await buildAgentFunnel(mcp);
      expect(walk.clean.data).toMatchObject({ clean: true });
      // describe_screen's picture: the result screen at 390 px, as the medium sample visitor sees it.
      const seen = await mcp.client.callTool({ name: 'describe_screen', arguments: { file: AGENT_FILE, screen: 'result', picture: true } });
      const content = Array.isArray(seen.content) ? seen.content : [];
      const image = content.find((c: { type: string }) => c.type === 'image') as { data: string } | undefined;
      expect(image, JSON.stringify(content).slice(0, 500)).toBeDefined();
      const png = PNG.sync.read(Buffer.from(image?.data ?? '', 'base64'));
      expect(png.width).toBe(390);
      writeFileSync(join(tmpdir(), 'mcp-result-390.png'), Buffer.from(image?.data ?? '', 'base64'));
    } finally {
      await mcp.close();
    }
    // What `FLOW=<file> npm run build` runs (vite build, then the budgets), into a temporary folder. A
    // child process, so the build is a production one (Vitest sets NODE_ENV=test in this process).
    const env = { ...process.env, FLOW: join(root, AGENT_FILE), NODE_ENV: 'production' };
    const run = (command: string, args: string[]) =>
      spawnSync(join(repoRoot, 'node_modules/.bin', command), args, { cwd: repoRoot, env, encoding: 'utf8' });
    const built = run('vite', ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error']);
    expect(built.status, built.stdout + built.stderr).toBe(0);
    for (const page of ['index.html', 'fit/goal.html', 'fit/race-pace.html', 'fit/your-fit.html', 'fit/result.html'])
      expect(existsSync(join(outDir, page)), page).toBe(true);
    const budgets = run('tsx', ['scripts/bundle-size.ts', outDir]);
    expect(budgets.status, budgets.stdout + budgets.stderr).toBe(0);
  }, 400_000);
});
