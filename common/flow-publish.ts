/**
 * Publish, restore and draft a flow, for the studio and the MCP server alike:
 * - publish: the flow as `flow:check --strict` checks it (refused with the findings), its files
 *   committed onto the published branch with her message, then pushed when a remote is configured;
 * - restore: a new commit whose flow files equal an earlier version's byte for byte, same checks;
 * - draft: the files committed on draft/<name>, never on the published branch.
 * Publishes of one project run one at a time, and each names the tip it was based on: if the branch
 * moved since, it is refused as a conflict with what the other publish changed.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkFlow, formatFinding, withFindings, type FlowCheckResult } from '../src/engine/flow-edit/check-flow.ts';
import { checkedOutRef, commitFiles, pushBranch, type PushResult } from './flow-commit.ts';
import { flowFileRefs, publicFile, UPLOADS } from './flow-plugin/flow-uploads.ts';
import { flowFilesAt, languageOf, versionDiff, type FlowFilesAt } from './flow-versions.ts';
import { fileAt, git, revParse } from './git.ts';

export interface PublishSettings {
  /** The published branch (`main` by default). */
  branch: string;
  /** The remote to push to (default: the branch's remote, origin, or the only one). */
  remote?: string | undefined;
  /** "Name <email>"; git's config when absent. */
  author?: string | undefined;
}

/** A refusal: the checker's findings, a conflict with a newer publish, or a bad request. */
export class PublishRefused extends Error {
  constructor(
    message: string,
    readonly reason: 'check' | 'conflict' | 'outside' | 'unpublished' | 'invalid',
    readonly details: { findings?: string[]; head?: string | undefined; diff?: string[] } = {},
  ) {
    super(message);
  }
}

export interface Published {
  commit: string;
  branch: string;
  files: string[];
  push: PushResult;
}

/** The flow's files in the working tree. */
export async function flowFilesOnDisk(project: string, flowFile: string): Promise<FlowFilesAt> {
  const folder = flowFile.slice(0, flowFile.lastIndexOf('/'));
  const languages = new Map<string, Buffer>();
  for (const name of (await readdir(join(project, folder)).catch(() => [])).sort()) {
    const path = `${folder}/${name}`;
    if (languageOf(flowFile, path) !== undefined) languages.set(path, await readFile(join(project, path)));
  }
  const flow = await readFile(join(project, flowFile)).catch(() => undefined);
  return { flow, languages };
}

/** The flow as `flow:check --strict` checks it: flow, language files, and every public/ file it names. */
export function strictCheck(project: string, flowFile: string, files: FlowFilesAt): FlowCheckResult {
  if (files.flow === undefined) throw new PublishRefused(`${flowFile} does not exist`, 'invalid');
  const text = files.flow.toString('utf8');
  const languageFiles = [...files.languages].map(([file, bytes]) => ({ file, text: bytes.toString('utf8') }));
  const check = checkFlow(text, { file: flowFile, languageFiles });
  if (!check.flow) return check;
  const missing = flowFileRefs(JSON.parse(text)).filter(({ path }) => {
    const file = publicFile(join(project, 'public'), path);
    return file === null || !existsSync(file);
  });
  return withFindings(
    check,
    missing.map(({ pointer, path }) => ({ severity: 'error' as const, message: `"${path}" is not a file under public/`, hint: `add public${path}, or fix the path`, pointer, line: 1, column: 1 })),
  );
}

function refuseUnclean(flowFile: string, check: FlowCheckResult, what: string): void {
  if (check.clean) return;
  const findings = check.findings.map((f) => formatFinding(flowFile, f));
  const counts = `${check.errors} error(s), ${check.warnings} warning(s)`;
  throw new PublishRefused(`refused: ${what} does not pass flow:check --strict (${counts})`, 'check', { findings });
}

/** The uploads the flow names, as files of public/uploads/ in the working tree. */
async function namedUploads(project: string, flowText: string): Promise<Map<string, Buffer>> {
  const uploads = new Map<string, Buffer>();
  for (const { path } of flowFileRefs(JSON.parse(flowText))) {
    if (!path.startsWith(UPLOADS)) continue;
    const file = `public/uploads/${path.slice(UPLOADS.length)}`;
    const bytes = await readFile(join(project, file)).catch(() => undefined);
    if (bytes) uploads.set(file, bytes);
  }
  return uploads;
}

/** The commit's files: the flow and its language files (removed ones as null), and its uploads. */
function changeSet(flowFile: string, files: FlowFilesAt, tip: FlowFilesAt | undefined, uploads: Map<string, Buffer>) {
  const set = new Map<string, Buffer | null>([[flowFile, files.flow ?? null], ...files.languages, ...uploads]);
  for (const path of tip?.languages.keys() ?? []) if (!files.languages.has(path)) set.set(path, null);
  return set;
}

let queue: Promise<unknown> = Promise.resolve();
/** Runs publishes one after the other (two tabs, or the studio and an agent, never interleave). */
function serialised<T>(run: () => Promise<T>): Promise<T> {
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}

async function refuseMoved(project: string, flowFile: string, branchRef: string, base: string | undefined): Promise<string> {
  const tip = await revParse(project, branchRef);
  // Never a first commit out of nothing: a branch missing here is a wrong --branch or not a git repository.
  if (!tip) throw new PublishRefused(`there is no branch "${branchRef.replace('refs/heads/', '')}" in ${project} (is it a git repository?): start with --branch <the branch your host builds>`, 'invalid');
  if (base === undefined || base === tip) return tip;
  const before = base === '' ? undefined : await flowFilesAt(project, base, flowFile).catch(() => undefined);
  const after = await flowFilesAt(project, tip, flowFile);
  const diff = versionDiff(before, after, flowFile);
  throw new PublishRefused(
    `refused: ${branchRef.replace('refs/heads/', '')} has a newer version than the one you started from (published meanwhile, from another tab or by someone else). Look at what it changed, then publish again.`,
    'conflict',
    { head: tip, diff },
  );
}

/** After a commit on the checked-out branch: its index entries follow, so git status stays clean. */
async function syncCheckedOut(project: string, branchRef: string, paths: string[]): Promise<void> {
  if ((await checkedOutRef(project)) !== branchRef) return;
  await git(project, ['reset', '-q', '--', ...paths]).catch(() => undefined);
}

export interface PublishRequest extends PublishSettings {
  flowFile: string;
  message: string;
  /** The published branch's tip she saw ('' for none yet); a different tip now is a conflict. */
  base?: string | undefined;
  /** More paths she asks to include: refused when outside flows/ and public/uploads/. */
  extra?: readonly string[];
}

/** Publishes the working tree's flow files. */
export function publishFlow(project: string, request: PublishRequest): Promise<Published> {
  return serialised(async () => {
    const extraRefused = (request.extra ?? []).filter((p) => !/^(flows|public\/uploads)\//.test(p) || p.includes('..'));
    if (extraRefused.length > 0)
      throw new PublishRefused(`refused: a publish carries only flows/ and public/uploads/ files, not ${extraRefused.map((p) => `"${p}"`).join(', ')}`, 'outside');
    const branchRef = `refs/heads/${request.branch}`;
    const tip = await refuseMoved(project, request.flowFile, branchRef, request.base);
    const files = await flowFilesOnDisk(project, request.flowFile);
    refuseUnclean(request.flowFile, strictCheck(project, request.flowFile, files), request.flowFile);
    const tipFiles = await flowFilesAt(project, tip, request.flowFile);
    const set = changeSet(request.flowFile, files, tipFiles, await namedUploads(project, files.flow?.toString('utf8') ?? '{}'));
    for (const path of request.extra ?? []) set.set(path, (await readFile(join(project, path)).catch(() => null)));
    const made = await commitFiles(project, { ref: branchRef, parent: tip, files: set, message: request.message, author: request.author });
    if (!made.changed) throw new PublishRefused(`nothing to publish: ${request.flowFile} is the same as the published version`, 'invalid');
    await syncCheckedOut(project, branchRef, [...set.keys()]);
    return { commit: made.commit, branch: request.branch, files: [...set.keys()], push: await pushBranch(project, request.branch, request.remote) };
  });
}

export interface RestoreRequest extends PublishSettings {
  flowFile: string;
  /** The version to bring back. */
  commit: string;
  message?: string | undefined;
  base?: string | undefined;
}

/** A new commit whose flow files equal `commit`'s byte for byte; the working tree follows when it is on the branch. */
export function restoreFlow(project: string, request: RestoreRequest): Promise<Published> {
  return serialised(async () => {
    const branchRef = `refs/heads/${request.branch}`;
    const tip = await refuseMoved(project, request.flowFile, branchRef, request.base);
    if (!/^[0-9a-f]{7,40}$/.test(request.commit)) throw new PublishRefused(`"${request.commit}" is not a commit hash (7 to 40 hex digits)`, 'invalid');
    const commit = await revParse(project, request.commit);
    if (!commit) throw new PublishRefused(`no version "${request.commit}" in this repository`, 'invalid');
    const old = await flowFilesAt(project, commit, request.flowFile);
    if (!old.flow) throw new PublishRefused(`${request.flowFile} does not exist in ${commit.slice(0, 8)}`, 'invalid');
    const tipFiles = await flowFilesAt(project, tip, request.flowFile);
    const onBranch = (await checkedOutRef(project)) === branchRef;
    const disk = await flowFilesOnDisk(project, request.flowFile);
    if (onBranch && !sameFiles(disk, tipFiles))
      throw new PublishRefused(`refused: ${request.flowFile} has changes that are not published; publish them or save them as a draft first, so nothing is lost`, 'unpublished');
    // The old version's uploads come back with it when the working tree no longer has them.
    const uploads = new Map<string, Buffer>();
    for (const { path } of flowFileRefs(JSON.parse(old.flow.toString('utf8')))) {
      const file = `public/uploads/${path.slice(UPLOADS.length)}`;
      if (!path.startsWith(UPLOADS) || existsSync(join(project, file))) continue;
      const bytes = await fileAt(project, commit, file);
      if (bytes) uploads.set(file, bytes);
    }
    const set = changeSet(request.flowFile, old, tipFiles, uploads);
    for (const [path, bytes] of uploads) await writeFile(join(project, path), bytes);
    refuseUnclean(request.flowFile, strictCheck(project, request.flowFile, old), `the version ${commit.slice(0, 8)}`);
    const message = request.message?.trim() || `Restore ${request.flowFile} as of ${commit.slice(0, 8)}`;
    const made = await commitFiles(project, { ref: branchRef, parent: tip, files: set, message, author: request.author });
    if (!made.changed) throw new PublishRefused(`nothing to restore: the published ${request.flowFile} already equals that version`, 'invalid');
    if (onBranch) {
      for (const [path, bytes] of set) await (bytes === null ? rm(join(project, path), { force: true }) : writeFile(join(project, path), bytes));
      await syncCheckedOut(project, branchRef, [...set.keys()]);
    }
    return { commit: made.commit, branch: request.branch, files: [...set.keys()], push: await pushBranch(project, request.branch, request.remote) };
  });
}

function sameFiles(a: FlowFilesAt, b: FlowFilesAt): boolean {
  if (!a.flow || !b.flow || !a.flow.equals(b.flow) || a.languages.size !== b.languages.size) return false;
  return [...a.languages].every(([path, bytes]) => b.languages.get(path)?.equals(bytes) === true);
}

/** A draft's name: lower-case letters, digits and -, as in draft/new-headline. */
export const DRAFT_NAME = /^[a-z0-9][a-z0-9-]{0,59}$/;

/** Saves the working tree's flow files on draft/<name> (on the published branch's tip the first time). */
export async function saveDraft(
  project: string,
  request: { flowFile: string; name: string; branch: string; message?: string | undefined; author?: string | undefined },
): Promise<{ commit: string; ref: string; changed: boolean }> {
  if (!DRAFT_NAME.test(request.name)) throw new PublishRefused(`a draft's name is lower-case letters, digits and - (e.g. new-headline), not "${request.name}"`, 'invalid');
  const ref = `refs/heads/draft/${request.name}`;
  const parent = (await revParse(project, ref)) ?? (await revParse(project, `refs/heads/${request.branch}`));
  if (!parent) throw new PublishRefused(`there is no branch "${request.branch}" to start the draft from (is ${project} a git repository?)`, 'invalid');
  const files = await flowFilesOnDisk(project, request.flowFile);
  if (!files.flow) throw new PublishRefused(`${request.flowFile} does not exist`, 'invalid');
  const tipFiles = parent ? await flowFilesAt(project, parent, request.flowFile) : undefined;
  const set = changeSet(request.flowFile, files, tipFiles, await namedUploads(project, files.flow.toString('utf8')));
  const message = request.message?.trim() || `Draft ${request.name} of ${request.flowFile}`;
  const made = await commitFiles(project, { ref, parent, files: set, message, author: request.author });
  return { commit: made.commit, ref, changed: made.changed };
}
