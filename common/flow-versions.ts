/**
 * A flow's versions: the commits that touched its flow file or its language files, newest first, each
 * with its author, date and message, its revision (common/flow-revision.ts, from the committed bytes)
 * and what it changed for visitors in the words of `npm run flow:diff` (the engine's diffFlowTexts and
 * diffTranslations, as scripts/flow-diff.ts prints them). Read with git through common/git.ts.
 */
import { diffFlowTexts } from '../src/engine/flow-edit/diff-flow.ts';
import { diffTranslations } from '../src/engine/i18n/translation-diff.ts';
import type { TranslationFile } from '../src/engine/i18n/translation.ts';
import { flowRevision } from './flow-revision.ts';
import { fileAt, git, pathsAt } from './git.ts';

/** A flow's files at one commit: the flow file and its language files (path → bytes). */
export interface FlowFilesAt {
  flow: Buffer | undefined;
  languages: Map<string, Buffer>;
}

export interface FlowVersion {
  commit: string;
  author: string;
  /** ISO 8601, the author's date. */
  date: string;
  message: string;
  /** The revision of the committed files; null when the commit removed the flow file. */
  revision: string | null;
  /** What changed for visitors since the commit before it, in words. */
  diff: string[];
}

/** `flows/<stem>.<language>.json` for the flow file `flows/<stem>.json`: the language, or undefined. */
export function languageOf(flowFile: string, path: string): string | undefined {
  const stem = flowFile.replace(/\.json$/, '');
  if (!path.startsWith(`${stem}.`) || !path.endsWith('.json')) return undefined;
  const language = path.slice(stem.length + 1, -'.json'.length);
  return /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(language) ? language : undefined;
}

/** The flow's files at `commit`. */
export async function flowFilesAt(cwd: string, commit: string, flowFile: string): Promise<FlowFilesAt> {
  const languages = new Map<string, Buffer>();
  const folder = flowFile.slice(0, flowFile.lastIndexOf('/') + 1) || '.';
  for (const path of await pathsAt(cwd, commit, folder)) {
    if (languageOf(flowFile, path) === undefined) continue;
    const bytes = await fileAt(cwd, commit, path);
    if (bytes) languages.set(path, bytes);
  }
  return { flow: await fileAt(cwd, commit, flowFile), languages };
}

/** The revision of a set of flow files (null without the flow file). */
export function revisionOf(files: FlowFilesAt, flowFile: string): string | null {
  if (files.flow === undefined) return null;
  const languages = [...files.languages].map(([path, text]) => ({ language: languageOf(flowFile, path) ?? path, text }));
  return flowRevision(files.flow, languages);
}

function translation(bytes: Buffer | undefined): TranslationFile | undefined {
  if (bytes === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return typeof value === 'object' && value !== null && 'texts' in value ? (value as TranslationFile) : undefined;
  } catch {
    return undefined;
  }
}

/** What changed for visitors from `before` (undefined: nothing yet) to `after`, in flow:diff's words. */
export function versionDiff(before: FlowFilesAt | undefined, after: FlowFilesAt, flowFile: string): string[] {
  if (after.flow === undefined) return [`${flowFile} removed`];
  if (before?.flow === undefined) return [`${flowFile} added`];
  const lines: string[] = [];
  const diff = diffFlowTexts(before.flow.toString('utf8'), after.flow.toString('utf8'), { file: flowFile });
  lines.push(...(diff.ok ? diff.lines : [diff.message]));
  for (const path of new Set([...before.languages.keys(), ...after.languages.keys()])) {
    const [old, now] = [before.languages.get(path), after.languages.get(path)];
    if (old !== undefined && now !== undefined && old.equals(now)) continue;
    const words = diffTranslations(translation(old), translation(now));
    // A whole language file added or removed is one line, not one per text.
    lines.push(...(old === undefined || now === undefined ? words.slice(0, 1) : words));
  }
  if (diff.ok && diff.errors.length > 0) lines.push(`(this version has ${diff.errors.length} checker error(s))`);
  return lines.length > 0 ? lines : ['nothing a visitor sees changed (formatting only)'];
}

const cache = new Map<string, FlowVersion>();

/** The versions of the flow on `ref` (a branch or commit), newest first, at most `limit` (30). */
export async function listVersions(
  cwd: string,
  flowFile: string,
  options: { ref: string; limit?: number },
): Promise<FlowVersion[]> {
  const stem = flowFile.replace(/\.json$/, '');
  const log = await git(cwd, [
    'log',
    '-z',
    `--max-count=${options.limit ?? 30}`,
    '--format=%H%x1f%P%x1f%an%x1f%aI%x1f%s',
    options.ref,
    '--',
    flowFile,
    `:(glob)${stem}.*.json`,
  ]);
  const versions: FlowVersion[] = [];
  for (const entry of log.split('\0').filter((e) => e.trim() !== '')) {
    const [commit = '', parents = '', author = '', date = '', message = ''] = entry.replace(/^\n/, '').split('\x1f');
    const key = `${cwd}\0${commit}\0${flowFile}`;
    const known = cache.get(key);
    if (known) {
      versions.push(known);
      continue;
    }
    const after = await flowFilesAt(cwd, commit, flowFile);
    const parent = parents.split(' ')[0];
    const before = parent ? await flowFilesAt(cwd, parent, flowFile) : undefined;
    const version = { commit, author, date, message, revision: revisionOf(after, flowFile), diff: versionDiff(before, after, flowFile) };
    cache.set(key, version);
    versions.push(version);
  }
  return versions;
}
