/**
 * Bad input gets a 400 naming the problem, never a 500 (issue 18): malformed %-escapes in RPC, table
 * and function names, and JSON nested deeper than MAX_JSON_DEPTH, in RPC bodies and in the
 * analyze-face body alike, refused before a parser spends time on it.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCAL_ANON_KEY } from '../src/tracking/backend-config.ts';
import {
  errorResponse,
  exceedsJsonDepth,
  MAX_JSON_DEPTH,
  readJsonBody,
  RequestError,
  RETRY_AFTER_SECONDS,
} from '../supabase/functions/_shared/http.ts';
import type { LocalBackend } from './local-backend.ts';
import { serveLocalBackend, type ServedBackend } from './local-backend-http.test-helpers.ts';

let served: ServedBackend;
let backend: LocalBackend;
let url: string;

beforeAll(async () => {
  served = await serveLocalBackend({
    functions: {
      // As analyze-face does: the body reader's RequestError becomes its JSON answer.
      echo: (request) =>
        readJsonBody(request, 16 * 1024 * 1024).then(
          (body) => Response.json(body),
          (error: unknown) => {
            if (error instanceof RequestError) return errorResponse(error);
            throw error;
          },
        ),
    },
  });
  ({ backend, url } = served);
}, 60_000);

afterAll(() => served.close());

function post(path: string, body: string) {
  return fetch(url + path, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body,
  });
}

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('malformed %-escapes', () => {
  it.each([
    ['an RPC name', 'POST', '/rest/v1/rpc/track%E0%A4%A', 'function name'],
    ['an RPC name with a lone %', 'POST', '/rest/v1/rpc/%zz', 'function name'],
    ['a table name', 'GET', '/rest/v1/%C0%AF', 'table name'],
    ['a function name', 'POST', '/functions/v1/ec%ho', 'function name'],
  ])('in %s answer 400 naming the problem', async (_name, method, path, what) => {
    const response = await fetch(url + path, { method, headers: { apikey: LOCAL_ANON_KEY } });
    expect(response.status).toBe(400);
    const body: unknown = await response.json();
    expect(body).toMatchObject({
      message: `The ${what} in the path has a malformed %-escape: a % must start two hex digits of UTF-8`,
    });
  });

  it('in any other path answer 400 too, while good paths reach the pages', async () => {
    const response = await fetch(`${url}/assets/%E0%A4%A.js`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: 'The path has a malformed %-escape: a % must start two hex digits of UTF-8',
    });
    expect(await (await fetch(`${url}/some%20page`)).text()).toBe('app shell');
  });
});

describe('JSON nested too deep', () => {
  it('answers an RPC body nested 4,500 deep with 400 naming the limit', async () => {
    const response = await post('/rest/v1/rpc/track_step_view', `{"p_session_id": ${nested(4500)}}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'PGRST102',
      message: `The request body nests JSON deeper than ${MAX_JSON_DEPTH} levels`,
    });
  });

  it('refuses a 10 MB edge-function body nested 5 million deep without parsing it', async () => {
    const started = performance.now();
    const response = await post('/functions/v1/echo', nested(5_000_000));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: {
        code: 'invalid_json',
        message: `The request body nests JSON deeper than ${MAX_JSON_DEPTH} levels.`,
      },
    });
    // Parsing it would take the server's event loop over 4 s; reading 10 MB on a busy machine, about 1.
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('takes a body exactly at the limit, and brackets inside strings do not count', async () => {
    const response = await post(
      '/functions/v1/echo',
      `{"a": ${nested(MAX_JSON_DEPTH - 1)}, "b": "${nested(500)}\\"["}`,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ b: `${nested(500)}"[` });
  });

  it('counts depth the way JSON does', () => {
    expect(exceedsJsonDepth('{"a": [1, {"b": []}]}', 4)).toBe(false);
    expect(exceedsJsonDepth('{"a": [1, {"b": []}]}', 3)).toBe(true);
    expect(exceedsJsonDepth('["\\\\", [[]]]', 2)).toBe(true);
    expect(exceedsJsonDepth('["\\"[[[", []]', 2)).toBe(false);
    expect(exceedsJsonDepth('"unterminated [[[', 1)).toBe(false);
  });

  it('is refused by the analyze-face body reader as a RequestError', async () => {
    const request = new Request('http://local/', { method: 'POST', body: `{"a": ${nested(65)}}` });
    await expect(readJsonBody(request, 1024)).rejects.toBeInstanceOf(RequestError);
  });
});

describe('the small ones of issue 28', () => {
  it.each([
    // The number is written into the body text: 1e400 in the test's own source would be Infinity already.
    ['an optional integer', { age: null }, 'age', '1e400'],
    ['a nested number', { meta: { event_time: null } }, 'meta.event_time', '-1e400'],
  ])('refuses an out-of-range number in %s with the field named, instead of storing NULL', async (_what, extra, field, text) => {
    const args = { id: randomUUID(), session_id: randomUUID(), name: 'Ann', email: 'ann@example.com' };
    const body = JSON.stringify({ ...args, ...extra }).replace('null', text);
    const response = await post('/rest/v1/rpc/save_quiz_completion', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: '22003',
      message: `${field}: the number is out of range (it must be finite)`,
    });
    const db = await backend.database();
    expect((await db.query('select 1 from public.quiz_completions where id = $1', [args.id])).rows).toEqual([]);
  });

  it('sends Retry-After with every 503 (analysis_busy)', () => {
    const busy = errorResponse(new RequestError(503, 'analysis_busy', 'imageUrl: busy', 'imageUrl'));
    expect(busy.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(errorResponse(new RequestError(400, 'invalid_json', 'bad')).headers.get('retry-after')).toBeNull();
  });

  it('logs an upload the client aborts once, at the info level, and no error', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { port } = new URL(url);
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      socket.write(
        `POST /functions/v1/echo HTTP/1.1\r\nHost: x\r\napikey: ${LOCAL_ANON_KEY}\r\n` +
          'content-type: application/json\r\ncontent-length: 1000000\r\n\r\n{"imageUrl": "data:',
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.destroy();
      await vi.waitFor(() => expect(info).toHaveBeenCalled(), { timeout: 5000 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(info.mock.calls).toEqual([['Local backend: POST /functions/v1/echo aborted by the client']]);
      expect(error).not.toHaveBeenCalled();
    } finally {
      info.mockRestore();
      error.mockRestore();
    }
  });
});
