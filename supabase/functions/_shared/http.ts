/**
 * The HTTP edge of the portable `analyze-face` handler: typed client errors, their JSON shape, a bounded
 * JSON body reader and CORS. Web-standard APIs only, so the same file runs in Deno (Supabase) and Node.
 */

/**
 * The largest request body read: the base64 of a 10 MB image (13 981 016 characters) plus the data URL
 * prefix and the quiz answers, with room to spare. Checked against MAX_IMAGE_BYTES in the tests (this
 * file imports nothing, so the image limits depend on it and not the other way round).
 */
export const MAX_BODY_BYTES = 14 * 1024 * 1024;

/**
 * The deepest nesting of arrays and objects a JSON body may have. The bodies we take are a few levels
 * deep; 4,500 levels made the local backend fail with a 500 and millions cost the parser seconds.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `text` nests arrays or objects deeper than `max`, read without parsing (so before a parser
 * spends time on it). Strings are skipped whole, brackets inside them do not count. Malformed JSON
 * is left for JSON.parse to refuse.
 */
export function exceedsJsonDepth(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Jump to the closing quote: one not preceded by an odd run of backslashes.
      let end = text.indexOf('"', i + 1);
      for (;;) {
        if (end === -1) return false;
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === 0x5c) slashes++;
        if (slashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      i = end;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** A client mistake the handler answers with a 4xx status and a message naming what was wrong. */
export class RequestError extends Error {
  override readonly name = 'RequestError';
  /** HTTP status of the answer (400, 413, 415, 403 …). */
  readonly status: number;
  /** Stable machine-readable code, e.g. 'invalid_image_url', 'image_too_large'. */
  readonly code: string;
  /** The body field at fault, as a dotted path ('questionnaireData.age'). */
  readonly field: string | undefined;

  // Plain fields rather than parameter properties: erasable syntax, so Node can strip the types too.
  /** @param message Human-readable reason; starts with the field when there is one ('imageUrl: …'). */
  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

/** The Retry-After of a 503 answer: about one analysis, after which a worker is likely free. */
export const RETRY_AFTER_SECONDS = 5;

/** The JSON answer for a RequestError: `{ error: { code, message, field } }` with its status. */
export function errorResponse(error: RequestError, headers?: HeadersInit): Response {
  const responseHeaders = new Headers(headers);
  responseHeaders.set('content-type', 'application/json');
  // A 503 is "busy or stopping, try again": say when, so a client or proxy need not guess.
  if (error.status === 503) responseHeaders.set('Retry-After', String(RETRY_AFTER_SECONDS));
  const body = { error: { code: error.code, message: error.message, field: error.field } };
  return new Response(JSON.stringify(body), { status: error.status, headers: responseHeaders });
}

/**
 * Reads a JSON object body of at most `maxBytes` bytes. A declared Content-Length above the limit is
 * refused before anything is read; a body without one (chunked) is read only up to `maxBytes + 1` bytes,
 * so a lying or absent header cannot make the function buffer more than the limit.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<Record<string, unknown>> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared.trim()) > maxBytes) {
    throw tooLarge(maxBytes);
  }
  const bytes = await readBounded(request.body, maxBytes, BODY_PACE);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new RequestError(400, 'invalid_json', 'The request body is not valid UTF-8 text.');
  }
  if (exceedsJsonDepth(text, MAX_JSON_DEPTH)) {
    throw new RequestError(
      400,
      'invalid_json',
      `The request body nests JSON deeper than ${MAX_JSON_DEPTH} levels.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    const reason =
      text.trim() === ''
        ? 'The request body is empty; send a JSON object.'
        : 'The request body is not valid JSON.';
    throw new RequestError(400, 'invalid_json', reason);
  }
  if (!isPlainObject(parsed)) {
    throw new RequestError(
      400,
      'invalid_body',
      'The request body must be a JSON object like {"imageUrl": "data:image/jpeg;base64,…"}.',
    );
  }
  return parsed;
}

/** How fast a request body must arrive once its reading began (issue 42). */
export interface BodyPace {
  /** After the grace period, the body so far must average at least this many bytes a second. */
  minBytesPerSecond: number;
  /** The pace is first judged this many ms after the read began (a phone's radio wakes up, TCP ramps). */
  graceMs: number;
  /** The whole body must be in within this many ms of the read's start, whatever its pace. */
  deadlineMs: number;
}

/**
 * 8 KB/s averaged after 5 s (a photo of a few hundred KB on a poor mobile link averages 30 KB/s and
 * more), all of it within 30 s: a sender of one byte every 2 s holds a read for 5 s, not a minute.
 * The edge function and the local server (server/request-body.ts) read bodies at this pace.
 */
export const BODY_PACE: BodyPace = { minBytesPerSecond: 8 * 1024, graceMs: 5_000, deadlineMs: 30_000 };

/** The 408 for a body that fell behind `pace` after `received` bytes in `elapsedMs` (or its deadline). */
export function bodyTooSlow(pace: BodyPace, received: number, elapsedMs: number): RequestError {
  const reason =
    elapsedMs >= pace.deadlineMs
      ? `the request body did not arrive within ${pace.deadlineMs / 1000} s`
      : `the request body arrives slower than ${pace.minBytesPerSecond} bytes per second ` +
        `(${received} bytes in ${(elapsedMs / 1000).toFixed(1)} s)`;
  return new RequestError(408, 'request_too_slow', `${reason}; please send it again`);
}

/**
 * When, in ms from the read's start, a body of which `received` bytes are in falls behind `pace`
 * unless more arrives: the pace holds while received ≥ minBytesPerSecond × elapsed, from the grace
 * period on, and nothing holds past the deadline.
 */
export function paceRunsOutAt(pace: BodyPace, received: number): number {
  return Math.min(pace.deadlineMs, Math.max(pace.graceMs, (received / pace.minBytesPerSecond) * 1000));
}

/**
 * The body's bytes, at most `maxBytes` (a declared Content-Length above it is refused unread), without
 * decoding them: analyze-face hands them as they are to whatever parses the upload (upload-body.ts).
 * A body slower than `pace` is refused with 408 'request_too_slow'.
 */
export async function readBodyBytes(
  request: Request,
  maxBytes: number,
  pace: BodyPace = BODY_PACE,
): Promise<Uint8Array> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared.trim()) > maxBytes) {
    throw tooLarge(maxBytes);
  }
  return readBounded(request.body, maxBytes, pace);
}

async function readBounded(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  pace: BodyPace,
): Promise<Uint8Array> {
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const started = Date.now();
  for (;;) {
    // Each read must come before the pace runs out for what is in so far.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), paceRunsOutAt(pace, total) - (Date.now() - started));
    });
    const next = await Promise.race([reader.read(), late]).finally(() => clearTimeout(timer));
    if (next === 'late') {
      await reader.cancel().catch(() => undefined);
      throw bodyTooSlow(pace, total, Date.now() - started);
    }
    const { done, value } = next;
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  // A body that came in one piece (the local server hands over one buffer) is not copied again.
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function tooLarge(maxBytes: number): RequestError {
  const megabytes = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
  return new RequestError(413, 'body_too_large', `The request body is larger than ${megabytes} MB.`);
}

/** True for `{…}` (not null, not an array): the only JSON value a body or a nested object may be. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Origins allowed to call the function from a browser: a list, or '*' for any. */
export type AllowedOrigins = readonly string[] | '*';

/** Whether a browser at `origin` may call; a request without an Origin header only passes with '*'. */
export function isOriginAllowed(origin: string | null, allowedOrigins: AllowedOrigins): boolean {
  if (allowedOrigins === '*') return true;
  return origin !== null && allowedOrigins.includes(origin);
}

/**
 * CORS headers for an answer to `origin`. A disallowed origin gets no Access-Control-Allow-Origin, so the
 * browser withholds the answer; `Vary: Origin` keeps caches from serving one origin's answer to another.
 */
export function corsHeaders(origin: string | null, allowedOrigins: AllowedOrigins): Record<string, string> {
  const headers: Record<string, string> = {
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
    Vary: 'Origin',
  };
  if (allowedOrigins === '*') headers['Access-Control-Allow-Origin'] = '*';
  else if (origin !== null && isOriginAllowed(origin, allowedOrigins))
    headers['Access-Control-Allow-Origin'] = origin;
  return headers;
}

/**
 * The answer to a CORS preflight: 204 with the CORS headers, or 403 when the origin is not allowed.
 * Returns null for any other method, so the handler goes on: `preflight(request, allowed) ?? handle()`.
 */
export function preflight(request: Request, allowedOrigins: AllowedOrigins): Response | null {
  if (request.method !== 'OPTIONS') return null;
  const origin = request.headers.get('origin');
  const headers = corsHeaders(origin, allowedOrigins);
  if (!isOriginAllowed(origin, allowedOrigins)) {
    const error = new RequestError(
      403,
      'origin_not_allowed',
      `Calls from ${origin ?? 'an unknown origin'} are not allowed.`,
    );
    return errorResponse(error, headers);
  }
  return new Response(null, { status: 204, headers });
}
