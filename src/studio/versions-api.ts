/**
 * The studio server's versions API as the browser calls it (server/studio-versions.ts): history,
 * a version's text, figures per version, publish, restore, drafts and their preview. Every call
 * carries the studio token. A refusal keeps its reason, findings and the newer diff for the dialog.
 */
import type { FlowVersion } from '../../common/flow-versions.ts';
import type { VersionFigures } from '../../server/version-figures.ts';

export type { FlowVersion } from '../../common/flow-versions.ts';
export type { VersionFigures } from '../../server/version-figures.ts';

export interface VersionList {
  branch: string;
  /** The published branch's tip ('' before the first publish): what a publish from this tab is based on. */
  head: string;
  remote: string | null;
  versions: FlowVersion[];
}

export interface PublishDone {
  commit: string;
  branch: string;
  files: string[];
  push: { pushed: true; remote: string } | { pushed: false; remote: string | null; reason: string };
}

export interface DraftPreview {
  revision: string;
  state: 'building' | 'ready' | 'failed';
  progress: string[];
  url?: string;
}

/** A refusal from the server: the checker's findings, or a newer version published meanwhile. */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly reason: string,
    readonly findings: string[],
    readonly head: string | undefined,
    readonly diff: string[],
  ) {
    super(message);
  }
}

const token = new URLSearchParams(window.location.search).get('token') ?? '';
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

async function call<T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<T> {
  const response = await fetch(path, {
    method,
    cache: 'no-store',
    headers: { 'x-studio-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const value: unknown = await response.json().catch(() => ({}));
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  if (!response.ok) {
    const message = typeof record['error'] === 'string' ? record['error'] : `${response.status} ${response.statusText}`;
    const head = typeof record['head'] === 'string' ? record['head'] : undefined;
    throw new Refusal(message, response.status, typeof record['reason'] === 'string' ? record['reason'] : '', strings(record['findings']), head, strings(record['diff']));
  }
  return value as T;
}

const q = encodeURIComponent;

export const fetchVersions = (file: string) => call<VersionList>('GET', `/api/versions?file=${q(file)}`);
export const fetchVersionText = (file: string, commit: string) =>
  call<{ commit: string; text: string }>('GET', `/api/version?file=${q(file)}&commit=${q(commit)}`);
export const fetchVersionFigures = (file: string, revisions: readonly string[]) =>
  call<{ figures: Record<string, VersionFigures>; note?: string }>('GET', `/api/version-figures?file=${q(file)}&revisions=${q(revisions.join(','))}`);
export const publishFlow = (file: string, message: string, base: string) => call<PublishDone>('POST', '/api/publish', { file, message, base });
export const restoreVersion = (file: string, commit: string, base: string) => call<PublishDone>('POST', '/api/restore', { file, commit, base });
export const saveDraft = (file: string, name: string) =>
  call<{ commit: string; ref: string; preview: DraftPreview }>('POST', '/api/draft', { file, name });
export const fetchDraftPreview = (revision: string) => call<DraftPreview>('GET', `/api/draft-preview?revision=${q(revision)}`);

/** What a push did, in words. */
export function pushWords(done: PublishDone): string {
  return done.push.pushed ? `pushed to ${done.push.remote}` : `not pushed: ${done.push.reason}`;
}
