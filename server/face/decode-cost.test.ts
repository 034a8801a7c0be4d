/**
 * Decoding work is bounded by what the headers predict, before any decoding (issue 42): pixels × bits
 * per sample × frames. The 194 KB PNG of 4999 × 4999 RGBA pixels at 16 bits, under every pixel limit,
 * is refused with a 400 naming the limit, in milliseconds (it cost pngjs 5 s); the same pixels at
 * 8 bits pass, and decode; samples under 8 bits count as 16; a GIF's frames add up.
 */
import { describe, expect, it } from 'vitest';
import { RequestError } from '../../supabase/functions/_shared/http.ts';
import {
  checkImageBytes,
  decodeCost,
  imageLayout,
  MAX_DECODE_COST,
} from '../../supabase/functions/_shared/image-bytes.ts';
import { gifWithFrames } from '../../supabase/functions/_shared/image-bytes.test-helpers.ts';
import { decodeImage } from '../../supabase/functions/_shared/face/decode-image.ts';
import { costlyPng, zeroPng } from './image-bombs.test-helpers.ts';

function refusal(work: () => unknown): RequestError {
  try {
    work();
  } catch (error) {
    if (error instanceof RequestError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('the decoding cost limit', () => {
  it('refuses the 4999² 16-bit PNG of about 194 KB with a 400 naming the limit, in milliseconds', () => {
    const png = costlyPng();
    expect(png.length).toBeGreaterThan(150_000);
    expect(png.length).toBeLessThan(250_000);
    const started = performance.now();
    const error = refusal(() => checkImageBytes(png, 'image/png'));
    expect(performance.now() - started).toBeLessThan(100);
    expect(error).toMatchObject({ status: 400, code: 'image_too_costly', field: 'imageUrl' });
    expect(error.message).toBe(
      'imageUrl: decoding this PNG would cost 400 million pixel-bits (4999 × 4999 pixels at 16 bits per sample, 1 frame); ' +
        'the limit is 200 million (25 megapixels at 8 bits); send an 8-bit JPEG or PNG photo.',
    );
  });

  it('lets the same pixels at 8 bits through, and they decode', async () => {
    const png = zeroPng(4999, 4999, 8, 6);
    const checked = checkImageBytes(png, 'image/png');
    expect(decodeCost(imageLayout(checked.bytes, 'png'))).toBe(4999 * 4999 * 8);
    expect(decodeCost(imageLayout(checked.bytes, 'png'))).toBeLessThanOrEqual(MAX_DECODE_COST);
    const image = await decodeImage(png, 'png');
    expect(Math.max(image.width, image.height)).toBe(768);
  });

  it('counts samples under 8 bits as 16 (the decoder unpacks them one by one)', () => {
    const png = zeroPng(4999, 4999, 1, 0);
    expect(decodeCost(imageLayout(png, 'png'))).toBe(4999 * 4999 * 16);
    expect(refusal(() => checkImageBytes(png, 'image/png')).code).toBe('image_too_costly');
    expect(() => checkImageBytes(zeroPng(3000, 3000, 1, 0), 'image/png')).not.toThrow();
  });

  it("adds up a GIF's frames", () => {
    const frame = { left: 0, top: 0, width: 3000, height: 3000 };
    expect(() => checkImageBytes(gifWithFrames(3000, 3000, [frame, frame]), 'image/gif')).not.toThrow();
    const error = refusal(() => checkImageBytes(gifWithFrames(3000, 3000, [frame, frame, frame]), 'image/gif'));
    expect(error.code).toBe('image_too_costly');
    expect(error.message).toContain('3000 × 3000 pixels at 8 bits per sample, 3 frames');
  });
});
