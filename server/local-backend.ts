/**
 * The embedded local backend: answers the two HTTP shapes the browser's supabase-js uses, so the app
 * runs with no account or service. `POST /rest/v1/rpc/<fn>` runs a database function as anon (see
 * rpc.ts); `POST /functions/v1/<name>` runs an edge-function handler (`Request → Response`). Any
 * other `/rest/v1/<table>` request is answered by the table's anon privileges: denied, as in production.
 * Mounted into the Vite dev and preview servers as connect middleware.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PGlite } from '@electric-sql/pglite';
import { LOCAL_ANON_KEY } from '../src/tracking/backend-config.ts';
import { openDatabase } from './database.ts';
import { registerLeadFields, type LeadFields } from './flow-lead-fields.ts';
import { startMetaWorker, type MetaWorker, type MetaWorkerOptions } from './meta-worker.ts';
import {
  startReportRefresher,
  type ReportRefresher,
  type ReportRefresherOptions,
} from './report-refresher.ts';
import {
  startLeadWebhookWorker,
  type LeadWebhookWorker,
  type LeadWebhookWorkerOptions,
} from './lead-webhook-worker.ts';
import { callRpc, errorBody } from './rpc.ts';
import { localPurchases } from './local-purchases.ts';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '../supabase/functions/_shared/http.ts';
import {
  bodyReadSlots,
  clientAborted,
  clientAddress,
  HttpError,
  readBody,
  type BodyPace,
} from './request-body.ts';

/** Request bodies above this are refused (413) before they are parsed. */
export const MAX_RPC_BODY_BYTES = 64 * 1024;

export type EdgeFunction = (request: Request) => Promise<Response>;

export interface LocalBackendOptions {
  /** Where PGlite keeps its files; undefined = in memory. */
  dataDir?: string;
  /** Edge functions by name, served at `/functions/v1/<name>`. */
  functions?: Record<string, EdgeFunction>;
  /** Byte cap for `/functions/v1/` bodies (the handler may check a lower one). */
  maxFunctionBodyBytes?: number;
  /** The Conversions API worker's settings; it runs only when the env configures Meta (see meta-worker.ts). */
  metaWorker?: MetaWorkerOptions;
  /** The running flow's form field rules, registered when the database opens (see flow-lead-fields.ts). */
  leadFields?: LeadFields | null;
  /** The lead webhook worker's settings; it runs only when a flow names a sink the env configures. */
  leadWebhooks?: LeadWebhookWorkerOptions;
  /** The report refresh every few minutes (report-refresher.ts); false turns it off. */
  reportRefresh?: ReportRefresherOptions | false;
  /** The pace `/functions/v1/` and RPC bodies must keep (request-body.ts; tests shorten it). */
  bodyPace?: BodyPace;
  /** The purchases endpoint's secrets (STRIPE_WEBHOOK_SECRET, PURCHASE_POSTBACK_SECRET); process.env by default. */
  purchasesEnv?: Record<string, string | undefined>;
}

export interface LocalBackend {
  /** Connect-style middleware; calls `next` for paths that are not the backend's. */
  middleware(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /** The database, opened (and migrated) on first use. */
  database(): Promise<PGlite>;
  close(): Promise<void>;
  /** The Conversions API worker, or null when Meta delivery is not configured. */
  metaWorker: MetaWorker | null;
  /** The lead webhook worker, or null when no lead sink is configured. */
  leadWebhooks: LeadWebhookWorker | null;
  /** The report refresh, or null when turned off. */
  reportRefresher: ReportRefresher | null;
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, apikey, content-type, x-client-info, prefer, content-profile, accept-profile',
};

function send(
  res: ServerResponse,
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...CORS_HEADERS,
    ...headers,
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

function parseJson(raw: Uint8Array): unknown {
  if (raw.length === 0) return {};
  const text = Buffer.from(raw.buffer, raw.byteOffset, raw.length).toString('utf8');
  // Checked on the text, before parsing: a deep enough value costs the parser seconds by itself.
  if (exceedsJsonDepth(text, MAX_JSON_DEPTH))
    throw new HttpError(400, 'PGRST102', `The request body nests JSON deeper than ${MAX_JSON_DEPTH} levels`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'PGRST102', 'The request body is not valid JSON');
  }
  // JSON.parse reads 1e400 as Infinity, which JSON.stringify writes as null: an optional number would
  // be stored as absent. Postgres (behind PostgREST) refuses it as out of range; so does this.
  const field = outOfRangeField(value);
  if (field !== null)
    throw new HttpError(400, '22003', `${field}: the number is out of range (it must be finite)`);
  return value;
}

/** The dotted path of the first number JSON.parse made infinite, or null when there is none. */
function outOfRangeField(value: unknown, path = ''): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path || '(body)';
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = outOfRangeField(item, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

/** A %-decoded path segment; a malformed escape is the client's mistake (400), not a failure. */
function decodeSegment(segment: string, what: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(
      400,
      'PGRST100',
      `The ${what === 'path' ? 'path' : `${what} in the path`} has a malformed %-escape: a % must start two hex digits of UTF-8`,
    );
  }
}

function checkApiKey(req: IncomingMessage): void {
  const key = req.headers.apikey ?? req.headers.authorization?.replace(/^Bearer\s+/i, '');
  if (key !== LOCAL_ANON_KEY)
    throw new HttpError(401, 'PGRST301', 'No API key found in request, or the API key is not valid');
}

const TABLE_PRIVILEGE: Record<string, string> = {
  GET: 'SELECT',
  HEAD: 'SELECT',
  POST: 'INSERT',
  PATCH: 'UPDATE',
  PUT: 'UPDATE',
  DELETE: 'DELETE',
};

export function createLocalBackend(options: LocalBackendOptions = {}): LocalBackend {
  let opened: Promise<PGlite> | undefined;
  // The last close: a second close while (or after) it runs waits for the same one.
  let closing: Promise<void> | undefined;
  // A failed open (a locked or broken folder) is tried again on the next request, not cached.
  const database = () =>
    (opened ??= openDatabase({ dataDir: options.dataDir })
      .then(async (db) => {
        if (options.leadFields) await registerLeadFields(db, options.leadFields);
        return db;
      })
      .catch((error: unknown) => {
        opened = undefined;
        throw error;
      }));
  const metaWorker = startMetaWorker(database, options.metaWorker);
  const leadWebhooks = options.leadWebhooks ? startLeadWebhookWorker(database, options.leadWebhooks) : null;
  const reportRefresher =
    options.reportRefresh === false ? null : startReportRefresher(database, options.reportRefresh);
  const bodyReads = bodyReadSlots();
  // The purchases endpoint stores into this backend's own database (server/local-purchases.ts).
  const functions: Record<string, EdgeFunction> = {
    purchases: localPurchases(database, options.purchasesEnv),
    ...options.functions,
  };

  async function table(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
    const privilege = TABLE_PRIVILEGE[req.method ?? ''];
    if (!privilege) throw new HttpError(405, 'PGRST117', `Unsupported HTTP method: ${req.method ?? ''}`);
    const db = await database();
    const { rows } = await db.query<{ exists: boolean; allowed: boolean | null }>(
      `select to_regclass('public.' || quote_ident($1)) is not null as exists,
              case when to_regclass('public.' || quote_ident($1)) is null then null
                   else has_table_privilege('anon', to_regclass('public.' || quote_ident($1)), $2) end as allowed`,
      [name, privilege],
    );
    const row = rows[0];
    if (!row?.exists) {
      send(res, 404, errorBody('PGRST205', `Could not find the table 'public.${name}' in the schema cache`));
      return;
    }
    if (!row.allowed) {
      send(res, 401, errorBody('42501', `permission denied for table ${name}`));
      return;
    }
    send(
      res,
      501,
      errorBody('PGRST000', 'Direct table access is not implemented by the local backend; use an RPC'),
    );
  }

  async function rpc(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
    if (req.method !== 'POST') throw new HttpError(405, 'PGRST117', 'Functions are called with POST');
    const args = parseJson(await readBody(req, MAX_RPC_BODY_BYTES, options.bodyPace));
    // What PostgREST hands functions as request.headers: the client's address and user agent.
    const headers: Record<string, string> = {};
    if (req.socket.remoteAddress) headers['x-forwarded-for'] = req.socket.remoteAddress;
    if (typeof req.headers['user-agent'] === 'string') headers['user-agent'] = req.headers['user-agent'];
    const result = await callRpc(await database(), name, args, 'anon', headers);
    send(res, result.status, result.body);
  }

  async function edgeFunction(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
    const handler = functions[name];
    if (!handler) {
      send(res, 404, { error: { code: 'not_found', message: `No function named "${name}"` } });
      return;
    }
    const body =
      req.method === 'GET' || req.method === 'HEAD'
        ? undefined
        : await bodyReads(clientAddress(req), () =>
            readBody(req, options.maxFunctionBodyBytes ?? 16 * 1024 * 1024, options.bodyPace),
          );
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(key, value);
    }
    // The client as the socket says, never as the request claims: the handler gives each address its
    // share of the analysis workers (server/face-pool), as PostgREST's x-forwarded-for below.
    headers.set('x-forwarded-for', clientAddress(req));
    // The buffer itself, as the one chunk of a stream: a Request made from a byte array copies it
    // (14 MB of copying on the event loop per photo), and the handler may hand this very buffer to a
    // worker (transferred). A stream body needs `duplex` (Node's fetch; not in the DOM types).
    const init: RequestInit & { duplex: 'half' } = {
      method: req.method ?? 'POST',
      headers,
      body: body && oneChunk(body),
      duplex: 'half',
    };
    const response = await handler(new Request(`http://localhost${req.url ?? '/'}`, init));
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, key) => (responseHeaders[key] = value));
    res.writeHead(response.status, { ...CORS_HEADERS, ...responseHeaders });
    res.end(Buffer.from(await response.arrayBuffer()));
  }

  async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    const rpcMatch = /^\/rest\/v1\/rpc\/([^/?]+)$/.exec(path);
    const tableMatch = /^\/rest\/v1\/([^/?]+)$/.exec(path);
    const functionMatch = /^\/functions\/v1\/([^/?]+)$/.exec(path);
    if (!rpcMatch && !tableMatch && !functionMatch) {
      // Any other path goes to the static files and the app shell, but not with a broken escape.
      decodeSegment(path, 'path');
      return false;
    }
    if (req.method === 'OPTIONS') {
      send(res, 204);
      return true;
    }
    // A shop calls the purchases endpoint with its signature, not a Supabase key (deployed with
    // --no-verify-jwt, as docs/operators/purchases.md says): the handler verifies the signature.
    if (functionMatch?.[1] !== 'purchases') checkApiKey(req);
    if (rpcMatch?.[1]) await rpc(req, res, decodeSegment(rpcMatch[1], 'function name'));
    else if (functionMatch?.[1])
      await edgeFunction(req, res, decodeSegment(functionMatch[1], 'function name'));
    else if (tableMatch?.[1]) await table(req, res, decodeSegment(tableMatch[1], 'table name'));
    return true;
  }

  return {
    middleware(req, res, next) {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      handle(req, res, path)
        .then((handled) => {
          if (!handled) next();
        })
        .catch((error: unknown) => {
          if (clientAborted(req, error)) {
            // The visitor left (closed the tab, lost the network): nothing failed here, so one info line.
            console.info(`Local backend: ${req.method ?? ''} ${path} aborted by the client`);
            res.destroy();
            return;
          }
          if (res.headersSent) {
            res.end();
            return;
          }
          if (error instanceof HttpError) {
            // A body refused before it was read in full (too slow, too large, no slot) is not read
            // on: the connection closes after the answer.
            send(res, error.status, errorBody(error.code, error.message), {
              ...(error.status === 503 ? { 'retry-after': '5' } : {}),
              ...(req.complete ? {} : { connection: 'close' }),
            });
            return;
          }
          // The message may quote a visitor's input, so only the kind of failure is logged.
          console.error(
            `Local backend: ${req.method ?? ''} ${path} failed (${error instanceof Error ? error.name : 'error'})`,
          );
          send(res, 500, errorBody('PGRST000', 'The local backend failed to answer'));
        });
    },
    database,
    metaWorker,
    leadWebhooks,
    reportRefresher,
    // Idempotent: a signal's stop and the server's own close hook may both call it; PGlite closes once,
    // after a report refresh in progress has finished.
    close() {
      metaWorker?.stop();
      leadWebhooks?.stop();
      const current = opened;
      opened = undefined;
      if (current)
        closing = (async () => {
          await reportRefresher?.stop();
          await (await current).close();
        })();
      return closing ?? Promise.resolve();
    },
  };
}

/** A stream of one chunk: `bytes` itself, not a copy. */
function oneChunk(bytes: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}
