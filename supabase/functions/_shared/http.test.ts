import { describe, expect, it } from 'vitest';
import {
  RequestError,
  corsHeaders,
  errorResponse,
  isOriginAllowed,
  preflight,
  readJsonBody,
} from './http.ts';

const URL = 'http://localhost/functions/v1/analyze-face';
const APP = 'https://app.example.com';

/** A request body stream of `chunkCount` chunks of `chunkSize` bytes, counting how many were pulled. */
function countingStream(chunkSize: number, chunkCount: number, byte = 0x20) {
  const state = { pulled: 0, cancelled: false };
  // highWaterMark 0: nothing is pulled ahead of time, so `pulled` counts what the reader asked for.
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled >= chunkCount) {
          controller.close();
          return;
        }
        state.pulled += 1;
        controller.enqueue(new Uint8Array(chunkSize).fill(byte));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

function post(body: BodyInit | null, headers: Record<string, string> = {}): Request {
  return new Request(URL, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
}

async function rejection(promise: Promise<unknown>): Promise<RequestError> {
  const error = await promise.then(
    () => new Error('expected a RequestError, but the promise resolved'),
    (reason: unknown) => reason,
  );
  if (error instanceof RequestError) return error;
  throw error;
}

describe('RequestError and errorResponse', () => {
  it('carries status, code, message and field', () => {
    const error = new RequestError(413, 'image_too_large', 'imageUrl: too big.', 'imageUrl');
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'RequestError',
      status: 413,
      code: 'image_too_large',
      message: 'imageUrl: too big.',
      field: 'imageUrl',
    });
  });

  it('answers JSON { error: { code, message, field } } with the status and the extra headers', async () => {
    const response = errorResponse(
      new RequestError(415, 'unsupported_media_type', 'imageUrl: a PDF.', 'imageUrl'),
      {
        'Access-Control-Allow-Origin': APP,
        'content-type': 'text/plain',
      },
    );
    expect(response.status).toBe(415);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('access-control-allow-origin')).toBe(APP);
    expect(await response.json()).toEqual({
      error: { code: 'unsupported_media_type', message: 'imageUrl: a PDF.', field: 'imageUrl' },
    });
  });

  it('leaves field out when the error concerns the whole body', async () => {
    const body: unknown = await errorResponse(new RequestError(400, 'invalid_json', 'Not JSON.')).json();
    expect(body).toEqual({ error: { code: 'invalid_json', message: 'Not JSON.' } });
  });
});

describe('readJsonBody', () => {
  it('returns the parsed object', async () => {
    await expect(
      readJsonBody(post('{"imageUrl":"data:x","questionnaireData":{"age":45}}'), 1000),
    ).resolves.toEqual({
      imageUrl: 'data:x',
      questionnaireData: { age: 45 },
    });
  });

  it('accepts a body of exactly maxBytes', async () => {
    const body = `{"a":"${'x'.repeat(92)}"}`;
    expect(body).toHaveLength(100);
    await expect(readJsonBody(post(body), 100)).resolves.toEqual({ a: 'x'.repeat(92) });
  });

  it('refuses a declared Content-Length above the limit before reading anything', async () => {
    const { stream, state } = countingStream(10, 5);
    const request = post(stream, { 'content-length': '5000' });
    expect(request.headers.get('content-length')).toBe('5000');
    const error = await rejection(readJsonBody(request, 1000));
    expect(error).toMatchObject({ status: 413, code: 'body_too_large' });
    expect(state.pulled).toBe(0);
  });

  it('stops reading a body without Content-Length once it passes the limit', async () => {
    const { stream, state } = countingStream(100, 1_000_000);
    const error = await rejection(readJsonBody(post(stream), 1000));
    expect(error).toMatchObject({ status: 413, code: 'body_too_large' });
    expect(state.pulled).toBeLessThanOrEqual(13);
    expect(state.cancelled).toBe(true);
  });

  it('stops at the limit when the Content-Length header lies', async () => {
    const { stream, state } = countingStream(100, 1_000_000);
    const error = await rejection(readJsonBody(post(stream, { 'content-length': '10' }), 1000));
    expect(error.status).toBe(413);
    expect(state.pulled).toBeLessThanOrEqual(13);
  });

  it.each([
    ['not JSON', '{"imageUrl": '],
    ['empty', ''],
    ['no body at all', null],
  ])('refuses a body that is %s with 400 invalid_json', async (_name, body) => {
    expect(await rejection(readJsonBody(post(body), 1000))).toMatchObject({
      status: 400,
      code: 'invalid_json',
    });
  });

  it('refuses bytes that are not UTF-8 with 400 invalid_json', async () => {
    const body = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    expect(await rejection(readJsonBody(post(body), 1000))).toMatchObject({
      status: 400,
      code: 'invalid_json',
    });
  });

  it.each([['[]'], ['null'], ['"data:image/png;base64,AAAA"'], ['42']])(
    'refuses %s with 400 invalid_body',
    async (body) => {
      expect(await rejection(readJsonBody(post(body), 1000))).toMatchObject({
        status: 400,
        code: 'invalid_body',
      });
    },
  );
});

describe('CORS', () => {
  it('echoes an allowed origin, with the methods, headers and Vary', () => {
    expect(corsHeaders(APP, [APP, 'http://localhost:5173'])).toEqual({
      'Access-Control-Allow-Origin': APP,
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
      'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
      Vary: 'Origin',
    });
  });

  it('gives no Allow-Origin to an origin that is not on the list', () => {
    expect(corsHeaders('https://evil.example', [APP])).not.toHaveProperty('Access-Control-Allow-Origin');
    expect(corsHeaders(null, [APP])).not.toHaveProperty('Access-Control-Allow-Origin');
  });

  it("answers '*' when every origin is allowed", () => {
    expect(corsHeaders('https://anyone.example', '*')['Access-Control-Allow-Origin']).toBe('*');
    expect(isOriginAllowed(null, '*')).toBe(true);
    expect(isOriginAllowed(null, [APP])).toBe(false);
  });

  it('answers an allowed preflight with 204 and the CORS headers', async () => {
    const response = preflight(new Request(URL, { method: 'OPTIONS', headers: { origin: APP } }), [APP]);
    expect(response?.status).toBe(204);
    expect(response?.headers.get('access-control-allow-origin')).toBe(APP);
    expect(response?.headers.get('access-control-allow-headers')).toContain('apikey');
    expect(await response?.text()).toBe('');
  });

  it('answers a preflight from another origin with 403', async () => {
    const response = preflight(
      new Request(URL, { method: 'OPTIONS', headers: { origin: 'https://evil.example' } }),
      [APP],
    );
    expect(response?.status).toBe(403);
    expect(response?.headers.get('access-control-allow-origin')).toBeNull();
    expect(await response?.json()).toMatchObject({ error: { code: 'origin_not_allowed' } });
  });

  it("answers any preflight with 204 under '*'", () => {
    expect(preflight(new Request(URL, { method: 'OPTIONS' }), '*')?.status).toBe(204);
  });

  it('returns null for anything but OPTIONS, so the handler goes on', () => {
    expect(preflight(post('{}', { origin: APP }), [APP])).toBeNull();
  });
});
