/**
 * A flow's revision: a short content hash of its flow file and its language files, the same for the
 * same bytes and different for any change. The build stamps it on the flow, every record carries it,
 * and the studio's history shows it for each commit (there from the blobs `git show` returns).
 * Node-only (node:crypto); the browser only ever reads the stamped string.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** What a record written before revisions existed reads as. */
export const UNKNOWN_REVISION = 'unknown';
/** A revision as the RPCs accept it: 12 lowercase hex digits, or `unknown`. */
export const REVISION_PATTERN = /^(?:[0-9a-f]{12}|unknown)$/;

export interface RevisionLanguageFile {
  /** The language code of `flows/<flow>.<language>.json`. */
  language: string;
  text: string | Uint8Array;
}

/** The revision of a flow file's bytes and its language files' bytes (their order does not matter). */
export function flowRevision(flowText: string | Uint8Array, languageFiles: readonly RevisionLanguageFile[] = []): string {
  const hash = createHash('sha256');
  hash.update('flow\0');
  hash.update(flowText);
  const sorted = [...languageFiles].sort((a, b) => (a.language < b.language ? -1 : a.language > b.language ? 1 : 0));
  for (const file of sorted) {
    hash.update(`\0language:${file.language}\0`);
    hash.update(file.text);
  }
  return hash.digest('hex').slice(0, 12);
}

/** The language files beside a flow file on disk: `<dir>/<flow>.<language>.json`. */
export async function readRevisionLanguageFiles(flowPath: string): Promise<RevisionLanguageFile[]> {
  const dir = dirname(flowPath);
  const stem = basename(flowPath).replace(/\.json$/, '');
  const pattern = new RegExp(`^${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\\.json$`);
  const names = await readdir(dir);
  const files: RevisionLanguageFile[] = [];
  for (const name of names.sort()) {
    const language = pattern.exec(name)?.[1];
    if (language) files.push({ language, text: await readFile(join(dir, name)) });
  }
  return files;
}

/** The revision of a flow file as it is on disk now, with its language files. */
export async function readFlowRevision(flowPath: string): Promise<string> {
  return flowRevision(await readFile(flowPath), await readRevisionLanguageFiles(flowPath));
}
