/**
 * For tests: a temporary git project with the skin funnel (English only, so an edit of an English text
 * is not a stale translation) and its uploads, committed on `main`, with a local bare repository as
 * its `origin`. `withApp` clones the whole repository instead (the app's code too, for a production
 * build of a draft). Never touches the repository the tests run in.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const FLOW = 'flows/skin-funnel.json';

export interface GitProject {
  project: string;
  bare: string;
  git: (...args: string[]) => string;
  read: (file: string) => string;
  write: (file: string, text: string) => void;
  remove: () => void;
}

const ENV = { ...process.env, GIT_AUTHOR_NAME: 'Test Marketer', GIT_AUTHOR_EMAIL: 'marketer@example.test', GIT_COMMITTER_NAME: 'Test Marketer', GIT_COMMITTER_EMAIL: 'marketer@example.test' };

export function gitProject(options: { withApp?: boolean } = {}): GitProject {
  const root = mkdtempSync(join(tmpdir(), 'flow-publish-'));
  const project = join(root, 'project');
  const bare = join(root, 'remote.git');
  const run = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env: ENV, encoding: 'utf8' });
  run(root, 'init', '-q', '--bare', '-b', 'main', bare);
  if (options.withApp) {
    run(root, 'clone', '-q', '--no-checkout', REPO_ROOT, project);
    run(project, 'checkout', '-q', '-B', 'main', 'HEAD'); // -B: a clone of a checkout on main has main already
    run(project, 'remote', 'remove', 'origin');
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(project, 'node_modules'), 'dir');
    // .gitignore's node_modules/ does not match a symlink: keep `git status` about the flow files.
    writeFileSync(join(project, '.git/info/exclude'), 'node_modules\n', { flag: 'a' });
  } else {
    run(root, 'init', '-q', '-b', 'main', project);
    cpSync(join(REPO_ROOT, 'flows'), join(project, 'flows'), { recursive: true });
    cpSync(join(REPO_ROOT, 'public/uploads'), join(project, 'public/uploads'), { recursive: true });
  }
  run(project, 'config', 'user.name', 'Test Marketer');
  run(project, 'config', 'user.email', 'marketer@example.test');
  const flowPath = join(project, FLOW);
  writeFileSync(flowPath, readFileSync(flowPath, 'utf8').replace('"available": ["en", "es"]', '"available": ["en"]'));
  rmSync(join(project, 'flows/skin-funnel.es.json'), { force: true });
  run(project, 'add', '-A', 'flows', 'public/uploads');
  run(project, 'commit', '-q', '-m', 'The skin funnel in English');
  run(project, 'remote', 'add', 'origin', bare);
  run(project, 'push', '-q', 'origin', 'main');
  return {
    project,
    bare,
    git: (...args) => run(project, ...args),
    read: (file) => readFileSync(join(project, file), 'utf8'),
    write: (file, text) => writeFileSync(join(project, file), text),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
