/**
 * The RPC client sends exactly what supabase-js's `.rpc()` sent, which the local backend and hosted
 * Supabase both answer: the method, the path, the anon key headers and the JSON body.
 */
import { describe, expect, it, vi } from 'vitest';
import { loadRpcClient } from './rpc-client.ts';

const CONFIG = { url: 'https://abc.supabase.co', anonKey: 'anon-key-1' };

describe('loadRpcClient', () => {
  it('posts to /rest/v1/rpc/<fn> with the anon key as apikey and bearer token', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(new Response(null, { status: 204 }));
    const client = await loadRpcClient(CONFIG, fetch);
    const { error, status } = await client.rpc('track_journey_step', { step: 'quiz_started' });
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe('https://abc.supabase.co/rest/v1/rpc/track_journey_step');
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('apikey')).toBe('anon-key-1');
    expect(headers.get('authorization')).toBe('Bearer anon-key-1');
    expect(headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ step: 'quiz_started' });
  });

  it("returns PostgREST's error code and the HTTP status of a refused call", async () => {
    const body = JSON.stringify({ code: '22023', message: 'email: invalid', details: null, hint: null });
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(
      new Response(body, { status: 400, headers: { 'content-type': 'application/json' } }),
    );
    const { error, status } = await (await loadRpcClient(CONFIG, fetch)).rpc('save_quiz_completion', {});
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '22023', message: 'email: invalid' });
  });

  it('answers a request that never got through with status 0', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    const { error, status } = await (await loadRpcClient(CONFIG, fetch)).rpc('track_step_view', {});
    expect(status).toBe(0);
    expect(error?.message).toContain('Failed to fetch');
  });
});
