import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VisitorSnapshot } from '../engine/ports.ts';
import { AnalysisError } from './analysis-error.ts';
import { createEdgeAnalysis, uploadBody } from './edge-analysis.ts';

const config = { url: 'https://backend.test', anonKey: 'anon-key' };
const visitor: VisitorSnapshot = { sessionId: 's', answers: { age: 52, skinIssues: ['dryness'] }, data: {}, leadId: null };
const image = 'data:image/jpeg;base64,/9j/AA==';

afterEach(() => {
  vi.useRealTimers();
});

describe('createEdgeAnalysis', () => {
  it('posts the photo and the answers to analyze-face with the anon key, and returns the assessment', async () => {
    const fetcher = vi.fn<typeof fetch>(async () => Response.json({ id: 'a-1', assessed_skin_age: 55 }));
    const port = createEdgeAnalysis(config, { fetcher });
    await expect(port.analyzePhoto(image, visitor)).resolves.toEqual({ id: 'a-1', assessed_skin_age: 55 });
    const [url, init] = fetcher.mock.calls[0] ?? [];
    expect(url).toBe('https://backend.test/functions/v1/analyze-face');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ apikey: 'anon-key', authorization: 'Bearer anon-key' });
    // The photo goes as bytes (multipart), the answers as JSON beside it (issue 28).
    const body = init?.body;
    expect(body).toBeInstanceOf(FormData);
    if (!(body instanceof FormData)) return;
    const photo = body.get('image');
    expect(photo).toBeInstanceOf(Blob);
    if (!(photo instanceof Blob)) return;
    expect(photo.type).toBe('image/jpeg');
    expect([...new Uint8Array(await photo.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 0x00]);
    expect(JSON.parse(String(body.get('questionnaireData')))).toEqual(visitor.answers);
    expect(init?.headers).not.toHaveProperty('content-type');
  });

  it('sends a value that is not a base64 data URL as the old JSON body', () => {
    expect(JSON.parse(String(uploadBody('https://x/y.jpg', { a: 1 })))).toEqual({
      imageUrl: 'https://x/y.jpg',
      questionnaireData: { a: 1 },
    });
  });

  it('rejects with the function’s error code and status', async () => {
    const fetcher = vi.fn<typeof fetch>(async () =>
      Response.json({ error: { code: 'no_face', message: 'No face found' } }, { status: 422 }),
    );
    const error = await createEdgeAnalysis(config, { fetcher }).analyzePhoto(image, visitor).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnalysisError);
    expect(error).toMatchObject({ status: 422, code: 'no_face' });
  });

  it('rejects on a 500 without a JSON body, on a network failure and on a non-object answer', async () => {
    const failing = [
      async () => new Response('oops', { status: 500 }),
      async () => {
        throw new TypeError('Failed to fetch');
      },
      async () => Response.json([1, 2]),
    ];
    const codes = [];
    for (const fetcher of failing) {
      const error = await createEdgeAnalysis(config, { fetcher: vi.fn<typeof fetch>(fetcher) })
        .analyzePhoto(image, visitor)
        .catch((e: unknown) => e);
      codes.push(error instanceof AnalysisError ? [error.status, error.code] : error);
    }
    expect(codes).toEqual([
      [500, 'error'],
      [0, 'network'],
      [200, 'malformed_response'],
    ]);
  });

  it('gives up after the time limit', async () => {
    vi.useFakeTimers();
    const fetcher = vi.fn<typeof fetch>(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = createEdgeAnalysis(config, { fetcher, timeoutMs: 20_000 }).analyzePhoto(image, visitor);
    const outcome = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(fetcher.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ status: 0, code: 'timeout' });
  });
});
