/**
 * The libjpeg-turbo fast path: it decodes what jpeg-js decodes (to within a rounding of the inverse
 * DCT), decodeImage really takes it, a header it refuses never reaches the pixels, and a file libjpeg
 * cannot decode leaves it usable and falls back to jpeg-js.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decode as decodeJpegJs } from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { decodeImage, ImageDecodeError, resizeRgba } from '../../supabase/functions/_shared/face/decode-image.ts';
import { faceModelDir } from '../../supabase/functions/_shared/face/face-model.ts';
import { decodeJpegTurbo, jpegScaleDivisor } from '../../supabase/functions/_shared/face/jpeg-turbo.ts';

const sample = new Uint8Array(readFileSync(path.join(faceModelDir(), '..', 'demo', 'sample1.jpg')));
const acceptAll = (): void => undefined;

describe('decodeJpegTurbo', () => {
  it('decodes a photo to the same RGBA as jpeg-js, to within the inverse DCT’s rounding', () => {
    const fast = decodeJpegTurbo(sample, acceptAll);
    const reference = decodeJpegJs(sample, { useTArray: true, formatAsRGBA: true });
    expect(fast && [fast.width, fast.height]).toEqual([1920, 1280]);
    let total = 0;
    for (let i = 0; i < reference.data.length; i++) total += Math.abs(fast!.data[i]! - reference.data[i]!);
    expect(total / reference.data.length).toBeLessThan(1);
    for (let i = 3; i < fast!.data.length; i += 4)
      if (fast!.data[i] !== 255) throw new Error(`alpha at ${i}`);
  });

  it('shows the header’s size to `accept` first, and passes its refusal on', () => {
    const seen: number[][] = [];
    expect(() =>
      decodeJpegTurbo(sample, (width, height) => {
        seen.push([width, height]);
        throw new ImageDecodeError('too_large', 'refused');
      }),
    ).toThrow('refused');
    expect(seen).toEqual([[1920, 1280]]);
  });

  it('returns null for a file libjpeg cannot decode cleanly, and decodes the next one', () => {
    const damaged = sample.slice();
    damaged.fill(0xff, 5_000, 5_200);
    expect(decodeJpegTurbo(damaged, acceptAll)).toBeNull();
    expect(decodeJpegTurbo(sample.subarray(0, 60_000), acceptAll)).toBeNull();
    expect(decodeJpegTurbo(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), acceptAll)).toBeNull();
    expect(decodeJpegTurbo(sample, acceptAll)?.width).toBe(1920);
  });
});

describe('decoding at a DCT scale', () => {
  it('picks the largest of 1/2, 1/4 and 1/8 that keeps the long side at the size asked for', () => {
    expect(jpegScaleDivisor(1920, 1280, 768)).toBe(2);
    expect(jpegScaleDivisor(1280, 1920, 768)).toBe(2);
    expect(jpegScaleDivisor(6000, 4000, 768)).toBe(4);
    expect(jpegScaleDivisor(6144, 4096, 768)).toBe(8);
    expect(jpegScaleDivisor(1534, 1000, 768)).toBe(1);
    expect(jpegScaleDivisor(1535, 1000, 768)).toBe(2);
    expect(jpegScaleDivisor(1920, 1280, Infinity)).toBe(1);
    expect(jpegScaleDivisor(1920, 1280, 0)).toBe(1);
    expect(jpegScaleDivisor(1920, 1280, Number.NaN)).toBe(1);
  });

  it('decodes the same picture smaller: within two levels of the full decode box-filtered to its size', () => {
    const half = decodeJpegTurbo(sample, acceptAll, 768);
    expect(half && [half.width, half.height]).toEqual([960, 640]);
    const reference = resizeRgba(decodeJpegTurbo(sample, acceptAll)!, 960);
    let total = 0;
    for (let i = 0; i < reference.data.length; i++) total += Math.abs(half!.data[i]! - reference.data[i]!);
    expect(total / reference.data.length).toBeLessThan(2);
  });

  it('still shows `accept` the full size, which the pixel limit is about', () => {
    const seen: number[][] = [];
    decodeJpegTurbo(sample, (width, height) => void seen.push([width, height]), 768);
    expect(seen).toEqual([[1920, 1280]]);
  });
});

describe('decodeImage on a JPEG', () => {
  it('takes the libjpeg-turbo path', async () => {
    const full = await decodeImage(sample, 'jpeg', { maxSide: Infinity });
    const fast = decodeJpegTurbo(sample, acceptAll)!.data;
    // Buffer.equals: a deep toEqual over 10 MB of pixels takes vitest minutes.
    expect(Buffer.from(full.data).equals(Buffer.from(fast))).toBe(true);
  });

  it('falls back to jpeg-js for what libjpeg refuses, which answers `corrupt` when it cannot either', async () => {
    const damaged = sample.slice();
    damaged.fill(0xff, 5_000, 5_200);
    const error: unknown = await decodeImage(damaged, 'jpeg').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ImageDecodeError);
    expect((error as ImageDecodeError).code).toBe('corrupt');
    expect((await decodeImage(sample, 'jpeg')).width).toBe(768);
  });
});
