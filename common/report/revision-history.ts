/**
 * The flow files of each revision, from git (issue 44 point 5): the commits that touched a flow file or
 * its language files, each with the revision its files hash to (common/flow-revision.ts), so the report
 * can put the `flow:diff` lines that changed beside the figures of two revisions. git runs as a program
 * with its arguments (never a shell string); outside a clone, or for a revision never committed, the
 * report says it was not found.
 */
import { execFile } from 'node:child_process';
import { basename, dirname, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { flowRevision, readFlowRevision, readRevisionLanguageFiles, type RevisionLanguageFile } from '../flow-revision.ts';
import { diffFlowTexts } from '../../src/engine/flow-edit/diff-flow.ts';
import { diffTranslations } from '../../src/engine/i18n/translation-diff.ts';
import type { TranslationFile } from '../../src/engine/i18n/translation.ts';
import { readFile } from 'node:fs/promises';

const run = promisify(execFile);

/** One version of a flow's files: a commit, or the working copy when it differs from every commit. */
export interface FlowVersion {
  revision: string;
  /** The commit's hash; null for the working copy (not committed yet). */
  commit: string | null;
  /** ISO date of the commit (author date); null for the working copy. */
  date: string | null;
  subject: string | null;
  flowText: string;
  languages: { language: string; text: string }[];
}

/** How many commits back the history is read. */
const MAX_COMMITS = 200;

async function git(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await run('git', ['-C', cwd, ...args], { maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' });
  return stdout;
}

const languageOf = (stem: string, name: string): string | undefined =>
  new RegExp(`^${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\\.json$`).exec(name)?.[1];

/**
 * The versions of the flow file at `flowPath`, newest first: the working copy first when its revision
 * is not the newest commit's, then each commit that touched the flow or its language files. Empty when
 * the file is not in a git clone (or git is missing).
 */
export async function flowVersions(flowPath: string): Promise<FlowVersion[]> {
  const absolute = resolve(flowPath);
  const dir = dirname(absolute);
  const stem = basename(absolute).replace(/\.json$/, '');
  let top: string;
  try {
    top = (await git(dir, ['rev-parse', '--show-toplevel'])).trim();
  } catch {
    return [];
  }
  const relativeDir = relative(top, dir).split('\\').join('/');
  const prefix = relativeDir === '' ? '' : `${relativeDir}/`;
  const log = await git(top, [
    'log', `-n${MAX_COMMITS}`, '--format=%H%x1f%aI%x1f%s', '--', `${prefix}${stem}.json`, `:(glob)${prefix}${stem}.*.json`,
  ]).catch(() => '');
  const versions: FlowVersion[] = [];
  for (const line of log.split('\n').filter(Boolean)) {
    const [commit = '', date = '', subject = ''] = line.split('\x1f');
    const flowText = await git(top, ['show', `${commit}:${prefix}${stem}.json`]).catch(() => null);
    if (flowText === null) continue; // the commit removed the flow file
    const names = (await git(top, ['ls-tree', '--name-only', commit, '--', prefix === '' ? '.' : prefix])).split('\n');
    const languages: { language: string; text: string }[] = [];
    for (const name of names.map((path) => path.slice(prefix.length)).sort()) {
      const language = languageOf(stem, name);
      if (language) languages.push({ language, text: await git(top, ['show', `${commit}:${prefix}${name}`]) });
    }
    versions.push({ revision: flowRevision(flowText, languages), commit, date, subject, flowText, languages });
  }
  const current = await readFlowRevision(absolute).catch(() => null);
  if (current !== null && versions[0]?.revision !== current) {
    const files: RevisionLanguageFile[] = await readRevisionLanguageFiles(absolute);
    versions.unshift({
      revision: current,
      commit: null,
      date: null,
      subject: null,
      flowText: await readFile(absolute, 'utf8'),
      languages: files.map((file) => ({ language: file.language, text: Buffer.from(file.text).toString('utf8') })),
    });
  }
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

function translation(text: string | undefined): TranslationFile | undefined {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as TranslationFile;
  } catch {
    return undefined;
  }
}

/**
 * The `flow:diff` lines from the older revision's files to the newer one's, or, when either is not in
 * the history, why not in words.
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
  const diff = diffFlowTexts(before.flowText, after.flowText, { file });
  const lines = diff.ok ? [...diff.lines] : [diff.message];
  for (const language of new Set([...before.languages, ...after.languages].map((entry) => entry.language))) {
    const old = translation(before.languages.find((entry) => entry.language === language)?.text);
    const now = translation(after.languages.find((entry) => entry.language === language)?.text);
    lines.push(...diffTranslations(old, now));
  }
  return { lines };
}
