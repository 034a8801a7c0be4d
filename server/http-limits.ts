/**
 * Bounds on every connection to the local server (the Node http.Server that `vite preview` and
 * `vite dev` create): how long the headers and the whole request may take, how long an idle
 * keep-alive connection stays open, how many requests one socket may carry, and how many
 * connections one client address may hold at once. Without them 200 slowloris sockets (headers
 * dribbled a byte at a time) stayed open for as long as they liked.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface HttpLimits {
  /** All request headers must arrive within this many ms of the first byte, or the socket is closed. */
  headersTimeoutMs: number;
  /** The whole request (headers and body) must arrive within this many ms (a 408 otherwise). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this many ms without a new request. */
  keepAliveTimeoutMs: number;
  /** How often Node checks the two timeouts above; a slow socket lives at most this much longer. */
  checkIntervalMs: number;
  /** Requests one socket may carry before the server answers with `Connection: close`. */
  maxRequestsPerSocket: number;
  /** Open connections one client address may hold; the next is answered 503 and closed. */
  maxConnectionsPerAddress: number;
}

export const HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  // A photo upload is at most 14 MB and the browser sends a re-encoded JPEG of a few hundred KB.
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
  maxRequestsPerSocket: 1_000,
  // A browser opens at most 6 per host; tests and benchmarks on 127.0.0.1 need more, so the cap
  // stops a flood from one address, not a busy page.
  maxConnectionsPerAddress: 128,
};

const BUSY_TEXT = 'Too many connections from this address at once';
const BUSY =
  'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 1\r\nContent-Type: text/plain\r\n' +
  `Content-Length: ${BUSY_TEXT.length}\r\n\r\n${BUSY_TEXT}`;

/**
 * Sets the limits on `server`. Call it before the server listens: Node starts the timer that
 * enforces the header and request timeouts when listening begins, at `checkIntervalMs`.
 */
export function applyHttpLimits(server: Server, limits: HttpLimits = HTTP_LIMITS): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxRequestsPerSocket = limits.maxRequestsPerSocket;
  // Not in @types/node, but read by Node's http.Server when it starts listening.
  Reflect.set(server, 'connectionsCheckingInterval', limits.checkIntervalMs);
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
    // Answered and closed before the HTTP parser sees a request on it.
    if (count > limits.maxConnectionsPerAddress) socket.end(BUSY, () => socket.destroy());
  });
}
