/**
 * The studio server's API as the browser calls it. The token comes from the URL the server printed
 * and goes with every write.
 */
import { fieldSpeedOf, type FieldSpeedMap } from './field-speed-api.ts';

/** What the server says about this run: the flow it opened and the files it offers. */
export interface StudioSession {
  file: string;
  flows: string[];
  uploads: string[];
}

const token = new URLSearchParams(window.location.search).get('token') ?? '';

async function failure(response: Response): Promise<Error> {
  const body: unknown = await response.json().catch(() => undefined);
  const message =
    typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string'
      ? body.error
      : `${response.status} ${response.statusText}`;
  return new Error(message);
}

export async function fetchSession(): Promise<StudioSession> {
  const response = await fetch('/api/session');
  if (!response.ok) throw await failure(response);
  const body: unknown = await response.json();
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);
  if (typeof body !== 'object' || body === null || !('file' in body) || typeof body.file !== 'string')
    throw new Error('the studio server sent no session');
  return {
    file: body.file,
    flows: 'flows' in body ? list(body.flows) : [],
    uploads: 'uploads' in body ? list(body.uploads) : [],
  };
}

export async function fetchFlow(file: string): Promise<string> {
  const response = await fetch(`/api/flow?file=${encodeURIComponent(file)}`, { cache: 'no-store' });
  if (!response.ok) throw await failure(response);
  return response.text();
}

/** Writes a file of the project (flows/*.json or public/uploads/*); the server refuses anything else. */
export async function writeFile(path: string, body: string | Blob): Promise<void> {
  const response = await fetch(`/api/file?path=${encodeURIComponent(path)}`, {
    method: 'PUT',
    headers: { 'x-studio-token': token },
    body,
  });
  if (!response.ok) throw await failure(response);
}

/** Calls `changed` whenever a flow file changes on disk; returns the function that stops listening. */
export function onDiskChange(changed: (file: string, text: string) => void): () => void {
  const source = new EventSource('/api/events');
  source.onmessage = (event: MessageEvent<string>) => {
    const data: unknown = JSON.parse(event.data);
    if (typeof data === 'object' && data !== null && 'file' in data && 'text' in data)
      if (typeof data.file === 'string' && typeof data.text === 'string') changed(data.file, data.text);
  };
  return () => source.close();
}

/** One screen's reach in the report: sessions that reached it, went on, and the share that left there. */
export interface ScreenReach {
  reached: number;
  continued: number;
  dropOff: number;
}

/**
 * The two newest revisions compared (issue 44): their hashes, the lead rate of each, the probability
 * that the newer is better, and the warning when their traffic differs.
 */
export interface RevisionChange {
  older: string;
  newer: string;
  leadRate: { older: number; newer: number; probabilityBetter: number };
  mixWarning: string | null;
}

/** The report overlay's figures, or why there are none (no database, no visits, a flow with errors). */
export type MapReport =
  | { available: false; reason: string }
  | {
      available: true;
      source: string;
      sessions: number;
      screens: ReadonlyMap<string, ScreenReach>;
      /** The split by revision's comparison, when two revisions have visits. */
      revisionChange: RevisionChange | null;
      /** Money per currency (minor units), when the shop reports purchases back. */
      revenue?: RevenueTotal[];
      /** Visitors' field speed per screen id (screens with readings only). */
      fieldSpeed?: FieldSpeedMap;
    };

/** One currency's purchases, net revenue and revenue per visitor (minor units). */
export interface RevenueTotal {
  currency: string;
  purchases: number;
  net: number;
  perVisitor: number;
}

/** The report's money per currency (every field checked; a malformed entry is left out). */
function revenueOf(body: object): RevenueTotal[] {
  const raw: unknown = Reflect.get(body, 'revenue');
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const currency = text(Reflect.get(entry, 'currency'));
    if (currency === null || !/^[A-Z]{3}$/.test(currency)) return [];
    const get = (key: string) => count(Reflect.get(entry, key));
    return [{ currency, purchases: get('purchases'), net: get('net'), perVisitor: get('perVisitor') }];
  });
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The comparison of the report's `revisions`, when it has one (every field checked). */
function revisionChangeOf(body: object): RevisionChange | null {
  const revisions: unknown = Reflect.get(body, 'revisions');
  const comparison: unknown = typeof revisions === 'object' && revisions !== null ? Reflect.get(revisions, 'comparison') : null;
  if (typeof comparison !== 'object' || comparison === null) return null;
  const older = text(Reflect.get(comparison, 'older'));
  const newer = text(Reflect.get(comparison, 'newer'));
  const lead: unknown = Reflect.get(comparison, 'leadRate');
  if (older === null || newer === null || typeof lead !== 'object' || lead === null) return null;
  return {
    older,
    newer,
    leadRate: {
      older: count(Reflect.get(lead, 'older')),
      newer: count(Reflect.get(lead, 'newer')),
      probabilityBetter: count(Reflect.get(lead, 'probabilityBetter')),
    },
    mixWarning: text(Reflect.get(comparison, 'mixWarning')),
  };
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The report's figures per screen of `file` (as saved) from the local database. */
export async function fetchReport(file: string): Promise<MapReport> {
  const response = await fetch(`/api/report?file=${encodeURIComponent(file)}`, { headers: { 'x-studio-token': token }, cache: 'no-store' });
  if (!response.ok) throw await failure(response);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null) throw new Error('the studio server sent no report');
  if (!('available' in body) || body.available !== true)
    return { available: false, reason: 'reason' in body && typeof body.reason === 'string' ? body.reason : 'No report.' };
  const screens = new Map<string, ScreenReach>();
  const raw = 'screens' in body && typeof body.screens === 'object' && body.screens !== null ? body.screens : {};
  for (const [id, value] of Object.entries(raw)) {
    if (typeof value !== 'object' || value === null) continue;
    const get = (key: string) => count(Reflect.get(value, key));
    screens.set(id, { reached: get('reached'), continued: get('continued'), dropOff: get('dropOff') });
  }
  return {
    available: true,
    source: 'source' in body && typeof body.source === 'string' ? body.source : 'the local database',
    sessions: 'sessions' in body ? count(body.sessions) : 0,
    screens,
    revisionChange: revisionChangeOf(body),
    revenue: revenueOf(body),
    fieldSpeed: fieldSpeedOf(body),
  };
}

/** A file name public/uploads accepts, made from `name` and not one of `taken`. */
export function uploadPath(name: string, taken: readonly string[]): string {
  const dot = name.lastIndexOf('.');
  const ext = (dot === -1 ? '' : name.slice(dot + 1)).toLowerCase().replace('jpeg', 'jpg');
  const stem = (dot === -1 ? name : name.slice(0, dot)).toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[^a-z0-9]+/, '') || 'image';
  let path = `public/uploads/${stem}.${ext}`;
  for (let n = 2; taken.includes(path); n += 1) path = `public/uploads/${stem}-${n}.${ext}`;
  return path;
}
