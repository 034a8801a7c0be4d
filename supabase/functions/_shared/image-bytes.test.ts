import { describe, expect, it, vi } from 'vitest';
import { MAX_BODY_BYTES, RequestError } from './http.ts';
import {
  MAX_IMAGE_BYTES,
  MAX_IMAGE_SIDE,
  MAX_PIXELS,
  checkDimensions,
  imageDimensions,
  parseImageDataUrl,
  readImageBytes,
  sniffImageType,
} from './image-bytes.ts';
import {
  dataUrl,
  heicBytes,
  jpegWithoutFrame,
  pdfBytes,
  pngClaiming,
  progressiveJpeg,
  textBytes,
  tinyGif,
  tinyJpeg,
  tinyPng,
  webpExtended,
  webpLossless,
  webpLossy,
} from './image-bytes.test-helpers.ts';

/** Runs `action` and returns the RequestError it throws (fails the test if it throws nothing else). */
function requestErrorOf(action: () => unknown): RequestError {
  try {
    action();
  } catch (error) {
    if (error instanceof RequestError) return error;
    throw error;
  }
  throw new Error('expected a RequestError, but nothing was thrown');
}

describe('readImageBytes', () => {
  it('accepts a real PNG and reads its size from IHDR', () => {
    const png = tinyPng(16, 9);
    const image = readImageBytes(dataUrl(png, 'image/png'));
    expect(image).toMatchObject({ type: 'png', declaredType: 'image/png', width: 16, height: 9 });
    expect(image.bytes).toEqual(png);
  });

  it('accepts a baseline JPEG header and reads width and height from SOF0 (not swapped)', () => {
    const image = readImageBytes(dataUrl(tinyJpeg(640, 480), 'image/jpeg'));
    expect(image).toMatchObject({ type: 'jpeg', width: 640, height: 480 });
  });

  it('walks past APP1, DQT, DHT (0xC4) and fill bytes to a progressive frame header', () => {
    expect(readImageBytes(dataUrl(progressiveJpeg(3024, 4032), 'image/jpeg'))).toMatchObject({
      width: 3024,
      height: 4032,
    });
  });

  it('reads GIF and the three WebP headers', () => {
    expect(readImageBytes(dataUrl(tinyGif(300, 200), 'image/gif'))).toMatchObject({
      type: 'gif',
      width: 300,
      height: 200,
    });
    expect(readImageBytes(dataUrl(webpLossy(1000, 700), 'image/webp'))).toMatchObject({
      type: 'webp',
      width: 1000,
      height: 700,
    });
    expect(readImageBytes(dataUrl(webpLossless(1000, 700), 'image/webp'))).toMatchObject({
      width: 1000,
      height: 700,
    });
    expect(readImageBytes(dataUrl(webpExtended(4000, 3000), 'image/webp'))).toMatchObject({
      width: 4000,
      height: 3000,
    });
  });

  it('trusts the magic bytes over the label, keeping the label for the caller', () => {
    const image = readImageBytes(dataUrl(tinyJpeg(64, 48), 'image/png'));
    expect(image).toMatchObject({ type: 'jpeg', declaredType: 'image/png' });
  });

  it('refuses a PNG whose IHDR claims 50 000 × 50 000 pixels (a decompression bomb)', () => {
    const error = requestErrorOf(() => readImageBytes(dataUrl(pngClaiming(50_000, 50_000), 'image/png')));
    expect(error).toMatchObject({ status: 400, code: 'image_dimensions_too_large', field: 'imageUrl' });
    expect(error.message).toContain('50000 × 50000');
  });

  it.each([
    ['a PDF', pdfBytes(), /PDF/],
    ['a text file', textBytes(), /not a JPEG, PNG, WebP or GIF/],
    ['an iPhone HEIC photo', heicBytes(), /HEIC/],
  ])('refuses %s labelled image/jpeg with 415, naming the label', (_name, bytes, reason) => {
    const error = requestErrorOf(() => readImageBytes(dataUrl(bytes, 'image/jpeg')));
    expect(error).toMatchObject({ status: 415, code: 'unsupported_media_type', field: 'imageUrl' });
    expect(error.message).toMatch(reason);
    expect(error.message).toContain('labelled image/jpeg');
  });

  it.each([
    ['a PNG cut inside IHDR', tinyPng().subarray(0, 20), 'image/png'],
    [
      'a PNG whose first chunk is not IHDR',
      new Uint8Array([
        ...tinyPng().subarray(0, 12),
        0x49,
        0x44,
        0x41,
        0x54,
        ...new Array<number>(16).fill(0),
      ]),
      'image/png',
    ],
    ['a JPEG cut inside APP0', tinyJpeg(10, 10).subarray(0, 12), 'image/jpeg'],
    ['a JPEG cut inside SOF0', tinyJpeg(10, 10).subarray(0, 26), 'image/jpeg'],
    ['a JPEG whose scan starts before any frame', jpegWithoutFrame(), 'image/jpeg'],
    [
      'a JPEG with garbage where a marker should be',
      new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0x12, 0x34, 0, 0]),
      'image/jpeg',
    ],
    ['a GIF cut inside its screen size', tinyGif(10, 10).subarray(0, 8), 'image/gif'],
    ['a WebP cut inside its VP8 header', webpLossy(10, 10).subarray(0, 27), 'image/webp'],
    [
      'a WebP with a broken VP8 start code',
      webpLossy(10, 10).map((byte, i) => (i === 23 ? 0 : byte)),
      'image/webp',
    ],
    [
      'a WebP with an unknown chunk',
      new Uint8Array([
        ...webpLossy(10, 10).subarray(0, 12),
        0x41,
        0x42,
        0x43,
        0x44,
        ...new Array<number>(16).fill(0),
      ]),
      'image/webp',
    ],
  ])('refuses %s as corrupt_image', (_name, bytes, type) => {
    const error = requestErrorOf(() => readImageBytes(dataUrl(bytes, type)));
    expect(error).toMatchObject({ status: 400, code: 'corrupt_image', field: 'imageUrl' });
  });

  it('mentions the label in a corrupt-header message when it disagrees with the bytes', () => {
    const error = requestErrorOf(() =>
      readImageBytes(dataUrl(tinyJpeg(10, 10).subarray(0, 12), 'image/png')),
    );
    expect(error.message).toContain('labelled image/png');
  });

  it('refuses a header that declares zero pixels as corrupt', () => {
    const error = requestErrorOf(() => readImageBytes(dataUrl(tinyJpeg(0, 480), 'image/jpeg')));
    expect(error).toMatchObject({ status: 400, code: 'corrupt_image' });
  });
});

describe('parseImageDataUrl', () => {
  it('decodes the base64 data and lower-cases the declared type', () => {
    expect(parseImageDataUrl('data:IMAGE/JPEG;base64,/9j/AA==')).toEqual({
      bytes: new Uint8Array([0xff, 0xd8, 0xff, 0x00]),
      declaredType: 'image/jpeg',
    });
  });

  it('accepts unpadded base64 and parameters before ;base64', () => {
    expect(parseImageDataUrl('data:image/png;name=selfie.png;base64,iVBO').bytes).toEqual(
      new Uint8Array([0x89, 0x50, 0x4e]),
    );
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['a number', 42],
    ['an object', { url: 'data:image/png;base64,AAAA' }],
    ['an https URL', 'https://example.com/selfie.jpg'],
    ['a blob URL', 'blob:https://example.com/1234'],
    ['a non-image data URL', 'data:text/plain;base64,aGVsbG8='],
    ['an octet-stream data URL', 'data:application/octet-stream;base64,/9j/AA=='],
    ['a data URL that is not base64', 'data:image/png,%89PNG'],
    ['a data URL without a comma', 'data:image/png;base64'],
    ['empty data', 'data:image/png;base64,'],
    ['invalid base64 characters', 'data:image/png;base64,iVBO$$RK'],
    ['base64url characters', 'data:image/png;base64,iV-O_w=='],
    ['whitespace inside the base64', 'data:image/png;base64,iVBO RK5C'],
    ['a length that cannot be base64', 'data:image/png;base64,iVBOR'],
    ['padding in the middle', 'data:image/png;base64,iV==BORK'],
    ['padding on an unpadded length', 'data:image/png;base64,iVBOR='],
  ])('refuses %s with 400 invalid_image_url on imageUrl', (_name, value) => {
    const error = requestErrorOf(() => parseImageDataUrl(value));
    expect(error).toMatchObject({ status: 400, code: 'invalid_image_url', field: 'imageUrl' });
    expect(error.message).toMatch(/^imageUrl: /);
  });

  it('refuses more than 10 MB with 413 from the length alone, before checking or decoding the data', () => {
    const atob = vi.spyOn(globalThis, 'atob');
    // Base64 for MAX_IMAGE_BYTES + 1 bytes, made of characters that are not base64 at all: a 413 (not a
    // 400) proves the size was judged before the data was even scanned.
    const base64Length = Math.ceil((MAX_IMAGE_BYTES + 1) / 3) * 4;
    const error = requestErrorOf(() =>
      parseImageDataUrl(`data:image/jpeg;base64,${'!'.repeat(base64Length)}`),
    );
    expect(error).toMatchObject({ status: 413, code: 'image_too_large', field: 'imageUrl' });
    expect(error.message).toContain('10 MB');
    expect(atob).not.toHaveBeenCalled();
  });

  it('counts padding: MAX_IMAGE_BYTES exactly is decoded, one byte more is 413', () => {
    // 10 485 760 = 3 × 3 495 253 + 1, so the exact size ends in '==' and one byte more in '='.
    const exact = `data:image/jpeg;base64,${'A'.repeat(Math.ceil(MAX_IMAGE_BYTES / 3) * 4 - 2)}==`;
    expect(parseImageDataUrl(exact).bytes.length).toBe(MAX_IMAGE_BYTES);
    const over = `data:image/jpeg;base64,${'A'.repeat(Math.ceil((MAX_IMAGE_BYTES + 1) / 3) * 4 - 1)}=`;
    expect(requestErrorOf(() => parseImageDataUrl(over)).status).toBe(413);
  });

  it('fits the largest accepted image, as a data URL, with its quiz answers in MAX_BODY_BYTES', () => {
    const largestDataUrl = 'data:image/jpeg;base64,'.length + Math.ceil(MAX_IMAGE_BYTES / 3) * 4;
    expect(MAX_BODY_BYTES).toBeGreaterThanOrEqual(largestDataUrl + 64 * 1024);
    expect(MAX_BODY_BYTES).toBeLessThan(largestDataUrl * 1.1);
  });
});

describe('sniffImageType', () => {
  it.each([
    ['jpeg', tinyJpeg(1, 1)],
    ['png', tinyPng(1)],
    ['gif', tinyGif(1, 1)],
    ['webp', webpLossy(1, 1)],
  ])('recognises %s by its magic bytes', (type, bytes) => {
    expect(sniffImageType(bytes)).toBe(type);
  });

  it.each([
    ['empty', new Uint8Array(0)],
    ['two bytes of a JPEG', new Uint8Array([0xff, 0xd8])],
    ['a PDF', pdfBytes()],
    ['text', textBytes()],
    [
      'a RIFF file that is not WebP (WAV)',
      new Uint8Array([...new TextEncoder().encode('RIFF'), 0, 0, 0, 0, ...new TextEncoder().encode('WAVE')]),
    ],
    ['a GIF with an unknown version', new TextEncoder().encode('GIF88a\x01\0\x01\0')],
  ])('returns null for %s', (_name, bytes) => {
    expect(sniffImageType(bytes)).toBeNull();
  });
});

describe('imageDimensions', () => {
  it('reads the size from the header of the given type', () => {
    expect(imageDimensions(tinyPng(7, 5), 'png')).toEqual({ width: 7, height: 5 });
    expect(imageDimensions(webpLossless(16384, 1), 'webp')).toEqual({ width: 16384, height: 1 });
  });
});

describe('checkDimensions', () => {
  it('accepts sizes up to the limits', () => {
    expect(() =>
      checkDimensions({ width: MAX_IMAGE_SIDE, height: Math.floor(MAX_PIXELS / MAX_IMAGE_SIDE) }),
    ).not.toThrow();
    expect(() => checkDimensions({ width: 1, height: 1 })).not.toThrow();
  });

  it.each([
    ['a side above the limit', { width: MAX_IMAGE_SIDE + 1, height: 10 }],
    ['a tall side above the limit', { width: 10, height: MAX_IMAGE_SIDE + 1 }],
    ['too many pixels with both sides in bounds', { width: 8000, height: 6000 }],
  ])('refuses %s as image_dimensions_too_large', (_name, size) => {
    expect(requestErrorOf(() => checkDimensions(size))).toMatchObject({
      status: 400,
      code: 'image_dimensions_too_large',
    });
  });

  it.each([
    { width: 0, height: 10 },
    { width: 10, height: 0 },
  ])('refuses %o as corrupt_image', (size) => {
    expect(requestErrorOf(() => checkDimensions(size))).toMatchObject({ status: 400, code: 'corrupt_image' });
  });
});
