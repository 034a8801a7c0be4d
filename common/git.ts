/**
 * `git` for the studio and the MCP server: always through execFile with an argument list (never a
 * shell string), in the project's folder, with an optional stdin and extra environment (a temporary
 * index, an author). A failure throws GitError carrying git's own words.
 */
import { execFile } from 'node:child_process';

/** A git command that failed: `message` names the command and says what git said. */
export class GitError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly stderr: string,
    readonly code: number | string | undefined,
  ) {
    super(`git ${args[0] ?? ''} failed: ${stderr.trim() || `exit code ${String(code)}`}`);
  }
}

export interface GitOptions {
  /** Written to git's stdin. */
  input?: string | Uint8Array;
  /** Added to the environment (GIT_INDEX_FILE, GIT_AUTHOR_NAME...). */
  env?: Readonly<Record<string, string>>;
  /** Bytes, not text (a blob). */
  binary?: boolean;
  timeoutMs?: number;
}

/** Runs `git <args>` in `cwd`; resolves with its stdout (text, or a Buffer when `binary`). */
export function git(cwd: string, args: readonly string[], options: GitOptions & { binary: true }): Promise<Buffer>;
export function git(cwd: string, args: readonly string[], options?: GitOptions): Promise<string>;
export function git(cwd: string, args: readonly string[], options: GitOptions = {}): Promise<string | Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      [...args],
      {
        cwd,
        encoding: options.binary ? 'buffer' : 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        timeout: options.timeoutMs ?? 60_000,
        // No prompt for a password or a host key: a push that needs one fails and says so.
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_SSH_COMMAND: 'ssh -oBatchMode=yes', LC_ALL: 'C', ...options.env },
      },
      (error, stdout, stderr) => {
        if (error) reject(new GitError(args, String(stderr), error.code ?? undefined));
        else resolve(stdout);
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

/** The commit a ref names, or undefined when there is no such ref. */
export async function revParse(cwd: string, ref: string): Promise<string | undefined> {
  try {
    return (await git(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])).trim();
  } catch {
    return undefined;
  }
}

/** A file's bytes at a commit, or undefined when the commit has no such file. */
export async function fileAt(cwd: string, commit: string, path: string): Promise<Buffer | undefined> {
  try {
    return await git(cwd, ['cat-file', 'blob', `${commit}:${path}`], { binary: true });
  } catch {
    return undefined;
  }
}

/** The paths under `folder` at a commit. */
export async function pathsAt(cwd: string, commit: string, folder: string): Promise<string[]> {
  const out = await git(cwd, ['ls-tree', '-r', '-z', '--name-only', commit, '--', folder]);
  return out.split('\0').filter(Boolean);
}
