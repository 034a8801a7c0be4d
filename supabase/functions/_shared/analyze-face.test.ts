/**
 * The handler with a fake face reader: every refusal happens before the reader sees a byte, and the
 * reader's answer becomes the assessment. The real model is tested in server/face.
 */
import { describe, expect, it, vi } from 'vitest';
import { createAnalyzeFaceHandler, type FaceAnalyzer, type FaceReading } from './analyze-face.ts';
import { dataUrl, pdfBytes, pngClaiming, textBytes, tinyPng } from './image-bytes.test-helpers.ts';

const reading: FaceReading = {
  faceCount: 1,
  apparentAge: 48,
  markers: { texture: 0.2, toneUnevenness: 0.1, underEyeDarkness: 0.3, jawlineSoftness: 0.4 },
};

function setup(read: FaceAnalyzer['read'] = async () => reading) {
  const analyzer = { read: vi.fn(read) };
  const log = vi.fn();
  const handler = createAnalyzeFaceHandler({
    analyzer,
    assess: (questionnaire, found) => ({ age: questionnaire.age ?? null, apparent: found.apparentAge }),
    allowedOrigins: ['https://funnel.example'],
    log,
  });
  return { handler, analyzer, log };
}

function post(body: unknown, headers: Record<string, string> = {}) {
  return new Request('http://local/functions/v1/analyze-face', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://funnel.example', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function errorOf(response: Response) {
  const body: unknown = await response.json();
  return { status: response.status, body };
}

describe('analyze-face handler', () => {
  it('reads the face and answers with the assessment, with CORS for an allowed origin', async () => {
    const { handler, analyzer } = setup();
    const response = await handler(
      post({ imageUrl: dataUrl(tinyPng(8), 'image/png'), questionnaireData: { age: 52 } }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ age: 52, apparent: 48 });
    expect(response.headers.get('access-control-allow-origin')).toBe('https://funnel.example');
    expect(analyzer.read).toHaveBeenCalledWith(expect.any(Uint8Array), 'png');
  });

  it('answers 422 no_face when the reader finds no face', async () => {
    const { handler } = setup(async () => null);
    expect(await errorOf(await handler(post({ imageUrl: dataUrl(tinyPng(8), 'image/png') })))).toEqual({
      status: 422,
      body: { error: { code: 'no_face', message: expect.stringContaining('No face'), field: 'imageUrl' } },
    });
  });

  it.each([
    [
      'a PDF labelled image/jpeg',
      { imageUrl: dataUrl(pdfBytes(), 'image/jpeg') },
      415,
      'unsupported_media_type',
      'imageUrl',
    ],
    [
      'a text file labelled image/jpeg',
      { imageUrl: dataUrl(textBytes(), 'image/jpeg') },
      415,
      'unsupported_media_type',
      'imageUrl',
    ],
    [
      'a PNG claiming 50 000 × 50 000',
      { imageUrl: dataUrl(pngClaiming(50_000, 50_000), 'image/png') },
      400,
      'image_dimensions_too_large',
      'imageUrl',
    ],
    ['no imageUrl', { questionnaireData: {} }, 400, 'invalid_image_url', 'imageUrl'],
    [
      'a URL that is not a data URL',
      { imageUrl: 'https://evil.example/x.jpg' },
      400,
      'invalid_image_url',
      'imageUrl',
    ],
    [
      'an age that is text',
      { imageUrl: dataUrl(tinyPng(8), 'image/png'), questionnaireData: { age: 'old' } },
      400,
      'invalid_field',
      'questionnaireData.age',
    ],
    [
      'an answer list of 21 items',
      { imageUrl: dataUrl(tinyPng(8), 'image/png'), questionnaireData: { skinIssues: Array(21).fill('x') } },
      400,
      'invalid_field',
      'questionnaireData.skinIssues',
    ],
  ])('refuses %s before reading the face', async (_name, body, status, code, field) => {
    const { handler, analyzer } = setup();
    const result = await errorOf(await handler(post(body)));
    expect(result).toMatchObject({ status, body: { error: { code, field } } });
    expect(analyzer.read).not.toHaveBeenCalled();
  });

  it('refuses a body over the cap with 413 before parsing it', async () => {
    const { handler, analyzer } = setup();
    const huge = `{"imageUrl":"data:image/png;base64,${'A'.repeat(15 * 1024 * 1024)}"}`;
    const response = await handler(post(huge));
    expect(response.status).toBe(413);
    expect(analyzer.read).not.toHaveBeenCalled();
  });

  it('answers an OPTIONS preflight, and refuses GET', async () => {
    const { handler } = setup();
    const options = await handler(
      new Request('http://local/functions/v1/analyze-face', {
        method: 'OPTIONS',
        headers: { origin: 'https://funnel.example', 'access-control-request-method': 'POST' },
      }),
    );
    expect(options.status).toBe(204);
    expect(options.headers.get('access-control-allow-methods')).toContain('POST');
    const get = await handler(new Request('http://local/functions/v1/analyze-face'));
    expect(get.status).toBe(405);
  });

  it('hides an unexpected failure behind a 500 and logs only its kind', async () => {
    const { handler, log } = setup(async () => {
      throw new RangeError('tensor shape mismatch for jane@example.com');
    });
    const result = await errorOf(await handler(post({ imageUrl: dataUrl(tinyPng(8), 'image/png') })));
    expect(result).toMatchObject({ status: 500, body: { error: { code: 'analysis_failed' } } });
    expect(JSON.stringify(result.body)).not.toContain('jane');
    expect(log).toHaveBeenCalledWith('analyze-face failed: RangeError');
  });
});
