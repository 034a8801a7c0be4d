/**
 * MCP list_versions and publish on a temporary git project with a local bare repository as origin:
 * a headline edited with edit_flow and published is one commit, pushed; list_versions lists both
 * commits with their flow:diff summaries and revisions; a broken flow and a file outside flows/ are
 * refused with the findings / by name and commit nothing; --read-only lists neither tool.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowRevision } from '../common/flow-revision.ts';
import { FLOW, gitProject, type GitProject } from '../tests/support/test-git-project.ts';
import { startMcp, type McpSession } from '../tests/support/mcp-agent-funnel.ts';

const projectDir = resolve(import.meta.dirname, '..');
const HEADLINE = '/screens/cliff-education/content/0/text';
let p: GitProject;
let mcp: McpSession;

beforeAll(async () => {
  p = gitProject();
  mcp = await startMcp(projectDir, p.project);
}, 60_000);
afterAll(async () => {
  await mcp?.close();
  p?.remove();
});

const head = () => p.git('rev-parse', 'main').trim();

describe('MCP list_versions and publish', { timeout: 60_000 }, () => {
  it('publishes an edited headline as one pushed commit, and lists both versions with their diffs', async () => {
    const base = head();
    const edited = await mcp.call('edit_flow', { file: FLOW, ops: [{ op: 'replace', path: HEADLINE, value: "You're in exactly the right place." }] });
    expect(edited.isError).toBe(false);
    const published = await mcp.call('publish', { file: FLOW, message: 'Warmer headline on cliff-education', base });
    expect(published.isError, published.text).toBe(false);
    expect(published.text).toMatch(/pushed to origin/);
    expect(p.git('--git-dir', p.bare, 'rev-parse', 'main').trim()).toBe(head());
    expect(p.git('show', '--numstat', '--format=', 'main').trim()).toBe(`1\t1\t${FLOW}`);

    const listed = await mcp.call('list_versions', { file: FLOW });
    expect(listed.isError).toBe(false);
    const versions = listed.data['versions'] as { commit: string; message: string; diff: string[]; revision: string }[];
    expect(versions.map((v) => v.message)).toEqual(['Warmer headline on cliff-education', 'The skin funnel in English']);
    expect(versions[0]?.commit).toBe(head());
    expect(versions[0]?.diff.join('\n')).toMatch(/cliff-education/);
    expect(versions[1]?.diff).toEqual([`${FLOW} added`]);
    expect(versions[0]?.revision).toBe(flowRevision(p.read(FLOW)));
    expect(versions[1]?.revision).not.toBe(versions[0]?.revision);
    expect(listed.text).toContain('Warmer headline on cliff-education');
  });

  it('refuses to publish a flow with a checker error, with the findings, and commits nothing', async () => {
    const before = head();
    const broken = await mcp.call('edit_flow', { file: FLOW, draft: true, ops: [{ op: 'replace', path: '/screens/cliff-education/next', value: 'analysis-bridgx' }] });
    expect(broken.isError).toBe(false);
    const refused = await mcp.call('publish', { file: FLOW, message: 'Broken', base: before });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/does not pass flow:check --strict/);
    expect(refused.text).toMatch(/\/screens\/cliff-education\/next: unknown screen "analysis-bridgx"/);
    expect(head()).toBe(before);
  });

  it('refuses a publish that would include a file outside flows/ and public/uploads/', async () => {
    const refused = await mcp.call('publish', { file: FLOW, message: 'Sneaky', extra: ['package.json'] });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/not "package.json"/);
  });

  it('lists neither tool with --read-only', async () => {
    const readOnly = await startMcp(projectDir, p.project, ['--read-only']);
    try {
      const names = (await readOnly.client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('check_flow');
      expect(names).not.toContain('list_versions');
      expect(names).not.toContain('publish');
    } finally {
      await readOnly.close();
    }
  });
});
