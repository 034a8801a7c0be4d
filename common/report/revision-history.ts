/**
 * The flow files of each revision, from git: the commits that touched a flow file or its language files,
 * each with the revision its files hash to (common/flow-revision.ts), so the report can put the
 * `flow:diff` lines that changed beside the figures of two revisions. The commits and their files are
 * read as the studio's history reads them (common/flow-versions.ts, common/git.ts: git as a program with
 * its arguments, never a shell string); outside a clone, or for a revision never committed, the report
 * says it was not found.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { flowFilesAt, languageOf, revisionOf, versionDiff, type FlowFilesAt } from '../flow-versions.ts';
import { git } from '../git.ts';

/** One version of a flow's files: a commit, or the working copy when it differs from every commit. */
export interface FlowVersion {
  revision: string;
  /** The commit's hash; null for the working copy (not committed yet). */
  commit: string | null;
  /** ISO date of the commit (author date); null for the working copy. */
  date: string | null;
  subject: string | null;
  files: FlowFilesAt;
}

/** How many commits back the history is read. */
const MAX_COMMITS = 200;

/** The flow file and its language files as they are on disk, keyed as git names them (`flows/x.es.json`). */
async function filesOnDisk(absolute: string, flowFile: string): Promise<FlowFilesAt> {
  const folder = dirname(flowFile);
  const languages = new Map<string, Buffer>();
  for (const name of (await readdir(dirname(absolute))).sort()) {
    const path = folder === '.' ? name : `${folder}/${name}`;
    if (languageOf(flowFile, path) !== undefined) languages.set(path, await readFile(join(dirname(absolute), name)));
  }
  return { flow: await readFile(absolute), languages };
}

/**
 * The versions of the flow file at `flowPath`, newest first: the working copy first when its revision
 * is not the newest commit's, then each commit that touched the flow or its language files. Empty when
 * the file is not in a git clone (or git is missing).
 */
export async function flowVersions(flowPath: string): Promise<FlowVersion[]> {
  const absolute = resolve(flowPath);
  let top: string;
  try {
    top = (await git(dirname(absolute), ['rev-parse', '--show-toplevel'])).trim();
  } catch {
    return [];
  }
  const flowFile = relative(top, absolute).split('\\').join('/');
  const stem = flowFile.replace(/\.json$/, '');
  const log = await git(top, ['log', `-n${MAX_COMMITS}`, '--format=%H%x1f%aI%x1f%s', '--', flowFile, `:(glob)${stem}.*.json`]).catch(() => '');
  const versions: FlowVersion[] = [];
  for (const line of log.split('\n').filter(Boolean)) {
    const [commit = '', date = '', subject = ''] = line.split('\x1f');
    const files = await flowFilesAt(top, commit, flowFile);
    const revision = revisionOf(files, flowFile);
    if (revision !== null) versions.push({ revision, commit, date, subject, files }); // null: the commit removed the flow file
  }
  const current = await filesOnDisk(absolute, flowFile).catch(() => null);
  const revision = current && revisionOf(current, flowFile);
  if (current && revision && versions[0]?.revision !== revision)
    versions.unshift({ revision, commit: null, date: null, subject: null, files: current });
  return versions;
}

/** The position of a revision in the history (0: newest); a revision committed twice counts at its newest. */
export function historyIndex(versions: readonly FlowVersion[], revision: string): number | undefined {
  const index = versions.findIndex((version) => version.revision === revision);
  return index < 0 ? undefined : index;
}

/** How a version is named in words: its short commit and subject, or "the working copy". */
export function versionName(version: FlowVersion): string {
  return version.commit === null ? 'the working copy (not committed)' : `commit ${version.commit.slice(0, 7)} "${version.subject ?? ''}"`;
}

/**
 * The `flow:diff` lines from the older revision's files to the newer one's (as the studio's history says
 * them), or, when either is not in the history, why not in words.
 */
export function revisionChanges(
  versions: readonly FlowVersion[],
  older: string,
  newer: string,
  file: string,
): { lines: string[] } | { missing: string } {
  const before = versions.find((version) => version.revision === older);
  const after = versions.find((version) => version.revision === newer);
  const absent = [older, newer].filter((revision) => !versions.some((version) => version.revision === revision));
  if (!before || !after)
    return {
      missing:
        `the flow files of revision ${absent.join(' and ')} were not found in the git history of ${file} ` +
        '(never committed here, or the report runs outside the clone): the changes between them are not shown',
    };
  return { lines: versionDiff(before.files, after.files, file) };
}
