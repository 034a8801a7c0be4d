/**
 * Reading request bodies on the local server: streamed into one buffer with a byte cap, at a minimum
 * pace and within a total deadline, and, for the large ones (edge-function uploads), a bounded number
 * at once, overall and per client address (issues 28 and 42).
 */
import type { IncomingMessage } from 'node:http';
import { BODY_PACE, bodyTooSlow, type BodyPace } from '../supabase/functions/_shared/http.ts';

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

export { BODY_PACE, type BodyPace } from '../supabase/functions/_shared/http.ts';

/**
 * The body, at most `limit` bytes, streamed into one buffer: with a Content-Length, the buffer is
 * allocated once at that size and each chunk copied in as it arrives (no list of chunks joined at the
 * end, no second 14 MB copy); a body longer than it declared is refused (413). A body slower than
 * `pace` is refused with 408 (the connection is closed after the answer, see local-backend.ts).
 */
export function readBody(
  req: IncomingMessage,
  limit: number,
  pace: BodyPace = BODY_PACE,
): Promise<Uint8Array<ArrayBuffer>> {
  const header = req.headers['content-length'];
  const declared = header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
  if (declared !== undefined && declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const whole = declared === undefined ? undefined : new Uint8Array(declared);
    const chunks: Buffer[] = [];
    let size = 0;
    const started = performance.now();
    const finish = (error: Error | null) => {
      clearInterval(pacer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      if (error) {
        // Nothing more is read from a refused body; the backend answers and closes the connection.
        req.pause();
        reject(error);
      } else {
        resolve(whole ? whole.subarray(0, size) : new Uint8Array(Buffer.concat(chunks)));
      }
    };
    const onData = (chunk: unknown) => {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      if (size + buffer.length > (declared ?? limit)) return finish(tooLarge(limit));
      if (whole) whole.set(buffer, size);
      else chunks.push(buffer);
      size += buffer.length;
    };
    const onEnd = () => finish(null);
    const onError = (error: Error) => finish(error);
    // The client went away before the end: the same error Node gives a for-await reader.
    const onClose = () => finish(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    // Checked a few times a second against the same pace as the edge function's reads (http.ts).
    const pacer = setInterval(
      () => {
        const elapsed = performance.now() - started;
        const behind = elapsed >= pace.graceMs && size < (pace.minBytesPerSecond * elapsed) / 1000;
        if (behind || elapsed >= pace.deadlineMs) {
          const { status, code, message } = bodyTooSlow(pace, size, elapsed);
          finish(new HttpError(status, code, message));
        }
      },
      Math.max(20, Math.min(1_000, pace.graceMs / 4)),
    );
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

const tooLarge = (limit: number) => new HttpError(413, 'PGRST413', `The request body is larger than ${limit} bytes`);

/** Function bodies (photos, up to 14 MB) read at once; more wait their turn, so memory stays bounded. */
export const MAX_BODY_READS = 4;
/** Function requests that may wait for a body read; more are answered 503 with Retry-After at once. */
export const MAX_BODY_READS_WAITING = 32;
/**
 * Body reads one client address may have at once, and requests of it that may wait for one: a few
 * slow senders from one address never hold every slot, and cannot fill the queue either.
 */
export const MAX_BODY_READS_PER_ADDRESS = 2;
export const MAX_BODY_READS_WAITING_PER_ADDRESS = 2;

export interface BodyReadLimits {
  slots: number;
  maxWaiting: number;
  perAddress: number;
  maxWaitingPerAddress: number;
}

export const BODY_READ_LIMITS: BodyReadLimits = {
  slots: MAX_BODY_READS,
  maxWaiting: MAX_BODY_READS_WAITING,
  perAddress: MAX_BODY_READS_PER_ADDRESS,
  maxWaitingPerAddress: MAX_BODY_READS_WAITING_PER_ADDRESS,
};

const busy = (why: string) => new HttpError(503, 'PGRST503', `${why}; please try again shortly`);

/**
 * A counting semaphore for the body reads, with a share per client address: `run(address, work)`
 * waits for a free slot (the first waiting request whose address is under its share gets it), or
 * refuses at once when too many wait, overall or from that address.
 */
export function bodyReadSlots(limits: BodyReadLimits = BODY_READ_LIMITS) {
  let free = limits.slots;
  const reading = new Map<string, number>();
  const waitingOf = new Map<string, number>();
  const waiting: { address: string; start: () => void }[] = [];
  const bump = (map: Map<string, number>, key: string, by: number) => {
    const value = (map.get(key) ?? 0) + by;
    if (value > 0) map.set(key, value);
    else map.delete(key);
  };
  const hand = () => {
    while (free > 0) {
      const index = waiting.findIndex((entry) => (reading.get(entry.address) ?? 0) < limits.perAddress);
      if (index === -1) return;
      const [next] = waiting.splice(index, 1);
      if (!next) return;
      free -= 1;
      bump(waitingOf, next.address, -1);
      bump(reading, next.address, 1);
      next.start();
    }
  };
  return async function run<T>(address: string, work: () => Promise<T>): Promise<T> {
    if (free > 0 && (reading.get(address) ?? 0) < limits.perAddress) {
      free -= 1;
      bump(reading, address, 1);
    } else {
      if (waiting.length >= limits.maxWaiting) throw busy('Too many uploads at once');
      if ((waitingOf.get(address) ?? 0) >= limits.maxWaitingPerAddress)
        throw busy('Too many uploads at once from this address');
      bump(waitingOf, address, 1);
      await new Promise<void>((start) => waiting.push({ address, start }));
    }
    try {
      return await work();
    } finally {
      free += 1;
      bump(reading, address, -1);
      hand();
    }
  };
}

/** The address the request came from (the socket's peer), never what its headers claim. */
export function clientAddress(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

/** Whether `error` is the client going away mid-request (its body cut short), not a failure of ours. */
export function clientAborted(req: IncomingMessage, error: unknown): boolean {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  return (
    code === 'ECONNRESET' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    (error instanceof Error && error.message === 'aborted') ||
    (req.destroyed && !req.complete)
  );
}