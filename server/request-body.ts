/**
 * Reading request bodies on the local server: streamed into one buffer with a byte cap, and, for the
 * large ones (edge-function uploads), a bounded number at once (issue 28).
 */
import type { IncomingMessage } from 'node:http';

/** A refusal the local backend answers in PostgREST's error shape. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The body, at most `limit` bytes, streamed into one buffer: with a Content-Length, the buffer is
 * allocated once at that size and each chunk copied in as it arrives (no list of chunks joined at the
 * end, no second 14 MB copy); a body longer than it declared is refused.
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () => new HttpError(413, 'PGRST413', `The request body is larger than ${limit} bytes`);
  const header = req.headers['content-length'];
  const declared = header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
  if (declared !== undefined && declared > limit) throw tooLarge();
  const whole = declared === undefined ? undefined : new Uint8Array(declared);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    if (size + buffer.length > (declared ?? limit)) throw tooLarge();
    if (whole) whole.set(buffer, size);
    else chunks.push(buffer);
    size += buffer.length;
  }
  return whole ? whole.subarray(0, size) : new Uint8Array(Buffer.concat(chunks));
}

/** Function bodies (photos, up to 14 MB) read at once; more wait their turn, so memory stays bounded. */
export const MAX_BODY_READS = 4;
/** Function requests that may wait for a body read; more are answered 503 with Retry-After at once. */
export const MAX_BODY_READS_WAITING = 32;

/** A counting semaphore for the body reads: `run` waits for a free slot, or refuses when too many wait. */
export function bodyReadSlots(slots: number, maxWaiting: number) {
  let free = slots;
  const waiting: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (free === 0) {
      if (waiting.length >= maxWaiting)
        throw new HttpError(503, 'PGRST503', 'Too many uploads at once; please try again shortly');
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      free -= 1;
    }
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}

