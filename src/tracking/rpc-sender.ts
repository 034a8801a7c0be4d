/**
 * Sends outbox entries as Supabase RPC calls through the PostgREST client (see rpc-client.ts), which is
 * imported on first use so it stays out of the screens' code. A failed call throws an {@link RpcError}
 * carrying the HTTP status, so the outbox can tell a network failure or outage (retry) from a refused
 * input (kept aside, not retried).
 */
import type { BackendConfig } from './backend-config.ts';
import { isRetryable, type OutboxEntry } from './outbox.ts';
import { loadRpcClient, type RpcClient } from './rpc-client.ts';

export class RpcError extends Error {
  constructor(
    readonly fn: string,
    /** HTTP status; 0 when the request never got an answer (offline, DNS, CORS). */
    readonly status: number,
    /** PostgREST's code, e.g. '22023' for an invalid field. */
    readonly code: string,
    message: string,
  ) {
    super(`${fn} failed (${status || 'network'}${code ? ` ${code}` : ''}): ${message}`);
    this.name = 'RpcError';
    // Our RPCs refuse an argument with 22023 and '<field>: <reason>' (the reason never holds the value).
    const refusal = code === '22023' ? /^([a-z_][a-z0-9_.]*): (.+)$/s.exec(message) : null;
    this.field = refusal?.[1] ?? null;
    this.reason = refusal?.[2] ?? null;
  }

  /** The refused argument's name ('email'), when the server named one; null otherwise. */
  readonly field: string | null;
  /** Why the server refused that argument ('must be an email address like name@example.com'). */
  readonly reason: string | null;
}

/** Worth another try: no answer at all (status 0), or what {@link isRetryable} accepts (408, 429, 5xx). */
export function isRetryableRpc(error: unknown): boolean {
  return (error instanceof RpcError && error.status === 0) || isRetryable(error);
}

export interface RpcSender {
  /** Calls the entry's RPC; `signal` aborts the request (the outbox's deadline). */
  send(entry: OutboxEntry, signal?: AbortSignal): Promise<void>;
}

/**
 * Resolves in a task of its own. Each request starts in one: the sends waiting for the client (the
 * outbox's lanes, the calls queued while the page loaded) otherwise all start in the task it arrives
 * in, one task of 50-60 ms on a slow phone (4x CPU). A message, not a timer: a hidden tab's timers are
 * throttled to a second and more, its messages are not.
 */
function nextTask(): Promise<void> {
  if (typeof MessageChannel !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * The client is imported on the first send (the funnel has no login, so no auth client at all).
 * `loadClient` is for tests.
 */
export function createRpcSender(config: BackendConfig, loadClient = loadRpcClient): RpcSender {
  let client: Promise<RpcClient> | undefined;
  const load = () => (client ??= loadClient(config));
  return {
    async send(entry, signal) {
      let supabase: RpcClient;
      try {
        supabase = await load();
      } catch (error) {
        // The client's code could not be fetched (offline): try the import again next time.
        client = undefined;
        throw new RpcError(entry.fn, 0, '', error instanceof Error ? error.message : 'client failed to load');
      }
      await nextTask();
      const call = supabase.rpc(entry.fn, entry.args);
      const { error, status } = await (signal ? call.abortSignal(signal) : call);
      if (error) throw new RpcError(entry.fn, status, error.code, error.message);
    },
  };
}
