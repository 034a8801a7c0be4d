import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flowRevision } from './flow-revision.ts';
import { listVersions } from './flow-versions.ts';
import { publishFlow, PublishRefused, restoreFlow, saveDraft } from './flow-publish.ts';
import { FLOW, gitProject, type GitProject } from '../tests/support/test-git-project.ts';

const OLD = "You're in the right place.";
const NEW = "You're in exactly the right place.";
let p: GitProject;
beforeEach(() => {
  p = gitProject();
});
afterEach(() => p.remove());

const settings = { branch: 'main' } as const;
const head = () => p.git('rev-parse', 'main').trim();

async function refusal(run: Promise<unknown>): Promise<PublishRefused> {
  const error = await run.then(() => undefined, (cause: unknown) => cause);
  if (!(error instanceof PublishRefused)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe('publish, restore and drafts', { timeout: 60_000 }, () => {
  it('publishes one changed line, pushed; lists it with its diff and revision; restores the old bytes', async () => {
    const original = p.read(FLOW);
    const base = head();
    p.write(FLOW, original.replace(OLD, NEW));
    const published = await publishFlow(p.project, { ...settings, flowFile: FLOW, message: 'Warmer headline', base });
    expect(published.push).toEqual({ pushed: true, remote: 'origin' });
    expect(p.git('rev-parse', 'main').trim()).toBe(published.commit);
    expect(p.git('--git-dir', p.bare, 'rev-parse', 'main').trim()).toBe(published.commit);
    expect(p.git('show', '--numstat', '--format=', published.commit).trim()).toBe(`1\t1\t${FLOW}`);
    expect(p.git('status', '--porcelain').trim()).toBe('');

    const versions = await listVersions(p.project, FLOW, { ref: 'main' });
    expect(versions.map((v) => v.message)).toEqual(['Warmer headline', 'The skin funnel in English']);
    expect(versions[0]?.author).toBe('Test Marketer');
    expect(versions[0]?.diff.join('\n')).toMatch(/cliff-education/);
    expect(versions[0]?.revision).toBe(flowRevision(p.read(FLOW)));
    expect(versions[1]?.diff).toEqual([`${FLOW} added`]);

    const restored = await restoreFlow(p.project, { ...settings, flowFile: FLOW, commit: base, base: published.commit });
    expect(restored.push.pushed).toBe(true);
    expect(p.git('show', `${restored.commit}:${FLOW}`)).toBe(original);
    expect(p.read(FLOW)).toBe(original);
    expect(p.git('rev-list', '--count', 'main').trim()).toBe('3');
  });

  it('refuses a flow with a checker error with its findings, and commits nothing', async () => {
    const before = head();
    p.write(FLOW, p.read(FLOW).replace('"next": "analysis-bridge"', '"next": "analysis-bridgx"'));
    const error = await refusal(publishFlow(p.project, { ...settings, flowFile: FLOW, message: 'Broken', base: before }));
    expect(error.reason).toBe('check');
    expect(error.details.findings?.join('\n')).toMatch(/analysis-bridgx/);
    expect(head()).toBe(before);
  });

  it('refuses a publish based on an older version as a conflict, with the newer diff', async () => {
    const base = head();
    const original = p.read(FLOW);
    p.write(FLOW, original.replace(OLD, NEW));
    await publishFlow(p.project, { ...settings, flowFile: FLOW, message: 'First tab', base });
    p.write(FLOW, original.replace(OLD, 'Second tab headline.'));
    const error = await refusal(publishFlow(p.project, { ...settings, flowFile: FLOW, message: 'Second tab', base }));
    expect(error.reason).toBe('conflict');
    expect(error.details.head).toBe(head());
    expect(error.details.diff?.join('\n')).toMatch(/cliff-education/);
  });

  it('refuses files outside flows/ and public/uploads/', async () => {
    const error = await refusal(publishFlow(p.project, { ...settings, flowFile: FLOW, message: 'x', extra: ['package.json'] }));
    expect(error.reason).toBe('outside');
    expect(error.message).toMatch(/"package.json"/);
  });

  it('keeps a push failure in words and the commit in place', async () => {
    p.git('remote', 'set-url', 'origin', '/nonexistent/remote.git');
    p.write(FLOW, p.read(FLOW).replace(OLD, NEW));
    const published = await publishFlow(p.project, { ...settings, flowFile: FLOW, message: 'Offline' });
    expect(published.push.pushed).toBe(false);
    expect(published.push.pushed ? '' : published.push.reason).toMatch(/push to origin failed.*commit is kept/);
    expect(head()).toBe(published.commit);
  });

  it('refuses to publish to a branch the repository does not have, instead of starting one from nothing', async () => {
    const error = await refusal(publishFlow(p.project, { branch: 'production', flowFile: FLOW, message: 'x' }));
    expect(error.message).toMatch(/no branch "production".*--branch/);
    expect(p.git('branch', '--list', 'production').trim()).toBe('');
  });

  it('saves a draft on draft/<name> without moving main or the checked-out branch', async () => {
    const before = head();
    p.write(FLOW, p.read(FLOW).replace(OLD, NEW));
    const draft = await saveDraft(p.project, { flowFile: FLOW, name: 'warmer', branch: 'main' });
    expect(head()).toBe(before);
    expect(p.git('symbolic-ref', 'HEAD').trim()).toBe('refs/heads/main');
    expect(p.git('show', `draft/warmer:${FLOW}`)).toContain(NEW);
    expect(draft.ref).toBe('refs/heads/draft/warmer');
    await expect(saveDraft(p.project, { flowFile: FLOW, name: '../x', branch: 'main' })).rejects.toThrow(/draft's name/);
  });
});
