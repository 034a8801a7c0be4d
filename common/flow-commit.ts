/**
 * Commits a set of flow files onto a branch with git's plumbing, never touching the working tree's
 * checked-out branch or its index: a temporary index (GIT_INDEX_FILE) is filled from the branch's tip,
 * the files are hashed into it, and commit-tree plus update-ref (with the old tip, so a concurrent
 * move fails instead of being lost) make the commit. Only flows/ and public/uploads/ may be in it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { git, GitError, revParse } from './git.ts';

/** The files a publish may carry: flows/<name>.json and public/uploads/<file>. */
const PUBLISHABLE = /^(?:flows\/[A-Za-z0-9][A-Za-z0-9._-]*\.json|public\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*)$/;

/** Why `paths` can't be published (a path outside flows/ and public/uploads/), or undefined. */
export function outsidePublishable(paths: Iterable<string>): string | undefined {
  const outside = [...paths].filter((path) => !PUBLISHABLE.test(path) || path.split('/').includes('..'));
  if (outside.length === 0) return undefined;
  return `refused: a publish carries only flows/*.json and public/uploads/ files, and this one would include ${outside.map((p) => `"${p}"`).join(', ')}`;
}

/** "Name <email>" → git's author environment; undefined leaves git's own config (user.name, user.email). */
export function authorEnv(author: string | undefined): Record<string, string> {
  if (author === undefined || author.trim() === '') return {};
  const match = /^\s*([^<>]+?)\s*<([^<>\s]+)>\s*$/.exec(author);
  if (!match) throw new Error(`--author must read "Name <email>", not "${author}"`);
  const [, name = '', email = ''] = match;
  return { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email };
}

export interface CommitFilesOptions {
  /** The ref to move, e.g. refs/heads/main or refs/heads/draft/new-headline. */
  ref: string;
  /** The commit the new one goes on (undefined: the ref's tip, or none for a new ref). */
  parent?: string | undefined;
  /** The files: path → bytes, or null to remove the path. */
  files: ReadonlyMap<string, Buffer | null>;
  message: string;
  author?: string | undefined;
}

export type CommitResult = { changed: false; commit: string } | { changed: true; commit: string; previous: string | undefined };

/** Makes the commit and moves `ref` to it; `changed: false` when the files already equal the tip's. */
export async function commitFiles(cwd: string, options: CommitFilesOptions): Promise<CommitResult> {
  const refused = outsidePublishable(options.files.keys());
  if (refused) throw new Error(refused);
  if (options.message.trim() === '') throw new Error('a publish needs a message: say what changed and why');
  const env = authorEnv(options.author);
  const tip = await revParse(cwd, options.ref);
  const parent = options.parent ?? tip;
  const dir = await mkdtemp(join(tmpdir(), 'flow-commit-'));
  const index = { GIT_INDEX_FILE: join(dir, 'index') };
  try {
    await git(cwd, parent ? ['read-tree', parent] : ['read-tree', '--empty'], { env: index });
    for (const [path, bytes] of options.files) {
      if (bytes === null) {
        await git(cwd, ['update-index', '--force-remove', '--', path], { env: index });
        continue;
      }
      const blob = (await git(cwd, ['hash-object', '-w', '--stdin'], { input: bytes })).trim();
      await git(cwd, ['update-index', '--add', '--cacheinfo', `100644,${blob},${path}`], { env: index });
    }
    const tree = (await git(cwd, ['write-tree'], { env: index })).trim();
    if (parent && (await git(cwd, ['rev-parse', `${parent}^{tree}`])).trim() === tree) return { changed: false, commit: parent };
    let commit: string;
    try {
      commit = (await git(cwd, ['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-F', '-'], { input: options.message, env })).trim();
    } catch (error) {
      if (error instanceof GitError && /identity|tell me who you are|empty ident/i.test(error.stderr))
        throw new Error('git does not know who you are: set `git config user.name` and `git config user.email`, or start with --author "Name <email>"');
      throw error;
    }
    // With the old value: if another publish moved the ref meanwhile, this fails and nothing is lost.
    await git(cwd, ['update-ref', '-m', 'flow studio publish', options.ref, commit, tip ?? '0'.repeat(40)]);
    return { changed: true, commit, previous: tip };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The branch the working tree has checked out (refs/heads/...), or undefined (detached). */
export async function checkedOutRef(cwd: string): Promise<string | undefined> {
  try {
    return (await git(cwd, ['symbolic-ref', '-q', 'HEAD'])).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The remote a branch is pushed to: the option, the branch's own remote, origin, or the only one. */
export async function pushRemote(cwd: string, branch: string, chosen: string | undefined): Promise<string | undefined> {
  if (chosen !== undefined && chosen !== '') return chosen;
  const own = await git(cwd, ['config', '--get', `branch.${branch}.remote`]).catch(() => '');
  if (own.trim() !== '') return own.trim();
  const remotes = (await git(cwd, ['remote'])).split('\n').filter(Boolean);
  return remotes.includes('origin') ? 'origin' : remotes.length === 1 ? remotes[0] : undefined;
}

export type PushResult = { pushed: true; remote: string } | { pushed: false; remote: string | undefined; reason: string };

/** Pushes `branch` to its remote; a failure is returned in words (the commit stays). */
export async function pushBranch(cwd: string, branch: string, remote: string | undefined): Promise<PushResult> {
  const target = await pushRemote(cwd, branch, remote);
  if (target === undefined) return { pushed: false, remote: undefined, reason: 'no remote is configured (git remote add origin <url>), so the commit stays on this machine' };
  try {
    await git(cwd, ['push', '--quiet', target, `refs/heads/${branch}:refs/heads/${branch}`], { timeoutMs: 120_000 });
    return { pushed: true, remote: target };
  } catch (error) {
    const said = error instanceof GitError ? error.stderr.trim() : String(error);
    return { pushed: false, remote: target, reason: `the push to ${target} failed (the commit is kept; push again later): ${said}` };
  }
}
