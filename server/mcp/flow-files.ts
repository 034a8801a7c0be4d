/**
 * The only files the MCP server touches: `flows/*.json` under its project root. Every tool names a flow
 * file; anything else (another folder, `..`, another extension) is refused by name, for reads and writes
 * alike, so an agent can't be talked into reading secrets or writing code.
 */
import { execFile } from 'node:child_process';
import { lstat, readdir } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { LanguageFileText } from '../../src/engine/validation/translation-check.ts';
import { readLanguageFiles } from '../../common/flow-plugin/language-files.ts';
import { readPlain, RefusedPath, writePlain } from '../plain-file.ts';

export { RefusedPath };

/** A flow file's base name: lower-case letters, digits, - and _, ending .json (no folders, no dot files). */
const FLOW_NAME = /^[a-z0-9][a-z0-9_-]*\.json$/;

export interface FlowFile {
  /** The name shown to the agent and put in findings, e.g. flows/bike-fit.json. */
  file: string;
  /** The absolute path. */
  path: string;
}

export class FlowFiles {
  readonly flowsDir: string;
  /** The text each file had before this server's last write of it ("since the last save"). */
  private readonly beforeSave = new Map<string, string>();

  constructor(readonly root: string) {
    this.flowsDir = resolve(root, 'flows');
  }

  /** `flows/x.json`, `x.json` or `x` → the flow file; anything else throws RefusedPath naming it. */
  resolve(name: string): FlowFile {
    const trimmed = name.trim().replace(/^\.\//, '');
    const base = trimmed.startsWith('flows/') ? trimmed.slice('flows/'.length) : trimmed;
    const withExt = /\.[a-z]+$/i.test(base) ? base : `${base}.json`;
    const path = resolve(this.flowsDir, withExt);
    if (!FLOW_NAME.test(withExt) || (trimmed.includes('/') && !trimmed.startsWith('flows/')) || !path.startsWith(this.flowsDir + sep))
      throw new RefusedPath(
        `refused: "${name}" is not a flow file; this server reads and writes only flows/*.json (e.g. flows/my-funnel.json)`,
      );
    return { file: `flows/${withExt}`, path };
  }

  /** The flow files (plain files only: a link in flows/ is not listed), by name. */
  async list(): Promise<FlowFile[]> {
    await this.plainFolder();
    const entries = await readdir(this.flowsDir, { withFileTypes: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isFile() && FLOW_NAME.test(entry.name))
      .map((entry) => entry.name)
      .sort()
      .map((n) => ({ file: `flows/${n}`, path: join(this.flowsDir, n) }));
  }

  async read(name: string): Promise<FlowFile & { text: string }> {
    const flow = this.resolve(name);
    await this.plainFolder();
    const text = await readPlain(flow.path, flow.file).catch((cause: unknown) => {
      if (cause instanceof RefusedPath) throw cause;
      const code = cause instanceof Error && 'code' in cause ? String(cause.code) : '';
      throw new Error(code === 'ENOENT' ? `${flow.file} does not exist (list_flows names the flow files)` : `can't read ${flow.file}: ${code || 'unreadable'}`);
    });
    return { ...flow, text };
  }

  /** The flow's language files beside it (flows/<flow>.<language>.json), read only, for the checker. */
  async languageFiles(name: string): Promise<LanguageFileText[]> {
    const flow = this.resolve(name);
    await this.plainFolder();
    return readLanguageFiles(flow.path, flow.file, readPlain);
  }

  /** Writes a flow file, remembering what it held before (for diff_flow since the last save). */
  async write(name: string, text: string, options: { create?: boolean } = {}): Promise<FlowFile> {
    const flow = this.resolve(name);
    await this.plainFolder();
    const existed = await lstat(flow.path).then(() => true, () => false);
    const before = await writePlain(flow.path, flow.file, text, options.create === true).catch((cause: unknown) => {
      const code = cause instanceof Error && 'code' in cause ? String(cause.code) : '';
      throw code === 'EEXIST' ? new Error(`${flow.file} exists already: pick another id, or edit it with edit_flow`) : cause;
    });
    if (existed && before !== undefined) this.beforeSave.set(flow.file, before);
    return flow;
  }

  /** Refuses when flows/ itself is a symbolic link (a missing folder is left to each call). */
  private async plainFolder(): Promise<void> {
    const stats = await lstat(this.flowsDir).catch(() => undefined);
    if (stats?.isSymbolicLink())
      throw new RefusedPath('refused: flows/ is a symbolic link; only plain files are read and written here (not links)');
  }

  /** The text before this server's last write of the file, if it wrote it. */
  textBeforeLastSave(name: string): string | undefined {
    return this.beforeSave.get(this.resolve(name).file);
  }

  /**
   * The file as committed at git HEAD, or undefined when it is not in HEAD. Runs `git show` through
   * execFile: no shell, fixed arguments, the path checked above.
   */
  gitHead(name: string): Promise<string | undefined> {
    const flow = this.resolve(name);
    return new Promise((done, fail) => {
      execFile('git', ['show', `HEAD:./${flow.file}`], { cwd: this.root, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
        if (!error) done(stdout);
        else if (/does not exist|exists on disk, but not in|bad revision|invalid object name/i.test(stderr)) done(undefined);
        else fail(new Error(`git show HEAD:${flow.file} failed: ${stderr.trim() || error.message}`));
      });
    });
  }
}
