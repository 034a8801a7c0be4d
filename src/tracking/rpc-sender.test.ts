/**
 * The RPC sender over a mocked RPC client (rpc-client.ts): when the client is made, what a call sends, and
 * how failures are classified for the outbox.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from './outbox.ts';
import { createRpcSender, isRetryableRpc, RpcError } from './rpc-sender.ts';

const supabase = { createClient: vi.fn(), rpc: vi.fn() };

const CONFIG = { url: 'https://abc.supabase.co', anonKey: 'anon-key-1' };

function entry(fn: string, args: Record<string, unknown> = {}): OutboxEntry {
  return { id: `id-${fn}`, fn, args, attempts: 0, createdAt: 0 };
}

/** Gives the dynamic import and its `then`s every chance to run. */
const ticks = () => new Promise((done) => setTimeout(done, 20));

/** postgrest-js's builder: awaitable, with `abortSignal` returning the same answer. */
function builder(answer: unknown) {
  const signals: AbortSignal[] = [];
  return Object.assign(Promise.resolve(answer), {
    signals,
    abortSignal: (signal: AbortSignal) => (signals.push(signal), Promise.resolve(answer)),
  });
}

beforeEach(() => {
  supabase.rpc.mockReset().mockImplementation(() => builder({ data: null, error: null, status: 204 }));
  supabase.createClient.mockReset().mockImplementation(() => Promise.resolve({ rpc: supabase.rpc }));
});

describe('createRpcSender', () => {
  it('loads the RPC client only on the first send, for the configured backend', async () => {
    const sender = createRpcSender(CONFIG, supabase.createClient);
    await ticks();
    expect(supabase.createClient).not.toHaveBeenCalled();

    await expect(sender.send(entry('track_journey_step', { step: 'quiz_started' }))).resolves.toBeUndefined();
    expect(supabase.createClient).toHaveBeenCalledTimes(1);
    expect(supabase.createClient).toHaveBeenCalledWith(CONFIG);
    expect(supabase.rpc).toHaveBeenCalledWith('track_journey_step', { step: 'quiz_started' });
  });

  it('starts each request in a task of its own, not all in the task the client arrives in', async () => {
    const sender = createRpcSender(CONFIG, supabase.createClient);
    // What runs in a request's task after it starts: in one shared task all three starts come first.
    const order: string[] = [];
    supabase.rpc.mockImplementation((fn: string) => {
      order.push(fn);
      queueMicrotask(() => order.push(`after ${fn}`));
      return builder({ data: null, error: null, status: 204 });
    });
    await Promise.all(['track_step_view', 'track_step_progress', 'track_journey_step'].map((fn) => sender.send(entry(fn))));
    expect(order).toEqual([
      'track_step_view',
      'after track_step_view',
      'track_step_progress',
      'after track_step_progress',
      'track_journey_step',
      'after track_journey_step',
    ]);
  });

  it('reuses one client for every send, calling the entry RPC with its args', async () => {
    const sender = createRpcSender(CONFIG, supabase.createClient);
    await Promise.all([
      sender.send(entry('track_step_view', { event_id: 'e1' })),
      sender.send(entry('track_step_progress', { step_number: 2 })),
    ]);
    await sender.send(entry('record_final_click', { email: null }));
    expect(supabase.createClient).toHaveBeenCalledTimes(1);
    expect(supabase.rpc.mock.calls).toEqual([
      ['track_step_view', { event_id: 'e1' }],
      ['track_step_progress', { step_number: 2 }],
      ['record_final_click', { email: null }],
    ]);
  });

  it('throws an RpcError with the status and PostgREST code when the call fails', async () => {
    supabase.rpc.mockReturnValueOnce(
      builder({ data: null, error: { code: '22023', message: 'invalid email', details: null, hint: null }, status: 400 }),
    );
    const sender = createRpcSender(CONFIG, supabase.createClient);
    const failure = await sender.send(entry('save_quiz_completion')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RpcError);
    expect(failure).toMatchObject({
      name: 'RpcError',
      fn: 'save_quiz_completion',
      status: 400,
      code: '22023',
      message: 'save_quiz_completion failed (400 22023): invalid email',
    });
    expect(isRetryableRpc(failure)).toBe(false);
  });

  it('reports a call that got no answer as status 0, which is retried', async () => {
    supabase.rpc.mockReturnValueOnce(
      builder({ data: null, error: { code: '', message: 'TypeError: Failed to fetch' }, status: 0 }),
    );
    const failure = await createRpcSender(CONFIG, supabase.createClient).send(entry('track_journey_step')).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 0, code: '', message: 'track_journey_step failed (network): TypeError: Failed to fetch' });
    expect(isRetryableRpc(failure)).toBe(true);
  });

  it("passes the outbox's abort signal to the request", async () => {
    const call = builder({ data: null, error: null, status: 204 });
    supabase.rpc.mockReturnValueOnce(call);
    const controller = new AbortController();
    await createRpcSender(CONFIG, supabase.createClient).send(entry('track_journey_step'), controller.signal);
    expect(call.signals).toEqual([controller.signal]);
  });

  it('names the refused field and its reason from a 22023 answer, and nothing for other codes', () => {
    const refused = new RpcError('save_quiz_completion', 400, '22023', 'email: must be an email address like name@example.com');
    expect(refused).toMatchObject({ field: 'email', reason: 'must be an email address like name@example.com' });
    expect(new RpcError('fn', 400, 'PGRST202', 'email: no such function')).toMatchObject({ field: null, reason: null });
  });

  it('tries to load the client again on the next send after loading failed', async () => {
    // Via the error path: the client's creation fails once, as a failed chunk download would.
    supabase.createClient.mockImplementationOnce(() => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const sender = createRpcSender(CONFIG, supabase.createClient);
    const failure = await sender.send(entry('track_journey_step')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RpcError);
    expect(failure).toMatchObject({ status: 0, message: 'track_journey_step failed (network): Failed to fetch dynamically imported module' });
    expect(isRetryableRpc(failure)).toBe(true);
    expect(supabase.rpc).not.toHaveBeenCalled();

    await expect(sender.send(entry('track_journey_step'))).resolves.toBeUndefined();
    expect(supabase.createClient).toHaveBeenCalledTimes(2);
    expect(supabase.rpc).toHaveBeenCalledTimes(1);
  });
});

describe('isRetryableRpc', () => {
  it.each([0, 408, 429, 500, 503])('retries an RPC answered with status %i', (status) => {
    expect(isRetryableRpc(new RpcError('fn', status, '', 'x'))).toBe(true);
  });

  it.each([400, 401, 404])('drops an RPC refused with status %i', (status) => {
    expect(isRetryableRpc(new RpcError('fn', status, 'PGRST', 'x'))).toBe(false);
  });

  it('follows the outbox rule for other errors', () => {
    expect(isRetryableRpc(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryableRpc(new Error('bug'))).toBe(false);
    expect(isRetryableRpc(null)).toBe(false);
  });
});
