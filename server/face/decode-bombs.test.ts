/**
 * Decoding stays within what an image's header declares: the PNG inflate bomb of issue 18 (an
 * interlaced 64 × 64 PNG whose 1 MB IDAT inflates to 1 GiB) is refused as soon as the output passes
 * the declared size, a real interlaced PNG still decodes, and a GIF whose LZW stream codes more
 * pixels than its frame holds stops at the frame's end.
 */
import { GifWriter } from 'omggif';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeImage, ImageDecodeError } from '../../supabase/functions/_shared/face/decode-image.ts';
import { interlacedPng, pngInflateBomb, pngWithData, zerosDeflated } from './image-bombs.test-helpers.ts';
import { inflatedSizeLimit } from '../../supabase/functions/_shared/face/png-inflate-bound.ts';

async function decodeError(promise: Promise<unknown>): Promise<ImageDecodeError> {
  const error: unknown = await promise.then(
    () => new Error('decoded'),
    (thrown: unknown) => thrown,
  );
  if (error instanceof ImageDecodeError) return error;
  throw error;
}

afterEach(() => vi.restoreAllMocks());

describe('the PNG inflate bound', () => {
  it('refuses the 1 MB interlaced PNG that inflates to 1 GiB, in under a second', async () => {
    const bomb = pngInflateBomb();
    expect(bomb.length).toBeGreaterThan(1_000_000);
    expect(bomb.length).toBeLessThan(1_100_000);
    const started = performance.now();
    const error = await decodeError(decodeImage(bomb, 'png'));
    const elapsed = performance.now() - started;
    expect(error.code).toBe('corrupt');
    expect(error.message).toContain(
      `inflates to more than the ${inflatedSizeLimit({ width: 64, height: 64, bitDepth: 8, colourType: 2, interlaced: true })} bytes its 64 × 64 header allows`,
    );
    expect(elapsed).toBeLessThan(1000);
  });

  it('refuses a non-interlaced PNG whose data is larger than its rows', async () => {
    const error = await decodeError(
      decodeImage(pngWithData(8, 8, zerosDeflated(1 + 258 * 100), false), 'png'),
    );
    expect(error.message).toContain('inflates to more than the 200 bytes its 8 × 8 header allows');
  });

  it('counts the filter bytes of every Adam7 pass', () => {
    // 1 × 1: only pass 1 has a pixel. 8 × 8 RGB: passes of 1, 1, 2, 4, 8, 16, 32 pixels in 1, 1, 1,
    // 2, 2, 4, 4 rows: 64 pixels × 3 bytes + 15 filter bytes.
    expect(inflatedSizeLimit({ width: 1, height: 1, bitDepth: 8, colourType: 2, interlaced: true })).toBe(4);
    expect(inflatedSizeLimit({ width: 8, height: 8, bitDepth: 8, colourType: 2, interlaced: true })).toBe(
      207,
    );
    expect(inflatedSizeLimit({ width: 3, height: 2, bitDepth: 1, colourType: 0, interlaced: false })).toBe(4);
    expect(
      inflatedSizeLimit({ width: 3, height: 2, bitDepth: 8, colourType: 5, interlaced: false }),
    ).toBeNull();
  });

  it.each([
    [13, 7],
    [1, 1],
    [64, 64],
  ])('still decodes a real interlaced %i × %i PNG', async (width, height) => {
    const image = await decodeImage(interlacedPng(width, height), 'png', { maxSide: Infinity });
    expect(image).toMatchObject({ width, height });
    const x = width - 1;
    const y = height - 1;
    const at = (y * width + x) * 4;
    expect([...image.data.subarray(at, at + 4)]).toEqual([(x * 9) & 0xff, (y * 13) & 0xff, 200, 255]);
  });
});

describe('the GIF LZW bound', () => {
  it('stops at the end of a frame whose data codes far more pixels', async () => {
    // Encode a 256 × 256 frame, then shrink its descriptor (and the screen) to 4 × 4.
    const buffer = new Uint8Array(256 * 256 * 2);
    const writer = new GifWriter(buffer, 256, 256, { palette: [0x000000, 0xffffff] });
    writer.addFrame(
      0,
      0,
      256,
      256,
      Array.from({ length: 256 * 256 }, (_, i) => i & 1),
    );
    const gif = buffer.slice(0, writer.end());
    const descriptor = gif.indexOf(0x2c, 13 + 6);
    for (const offset of [6, 8, descriptor + 5, descriptor + 7]) gif.set([4, 0], offset);
    const warnings = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const image = await decodeImage(gif, 'gif');
    expect(image).toMatchObject({ width: 4, height: 4 });
    expect(image.data.length).toBe(4 * 4 * 4);
    expect(warnings).toHaveBeenCalledWith(expect.stringContaining('longer than expected'));
  });

  it('refuses a first frame that lies outside the screen', async () => {
    const buffer = new Uint8Array(4096);
    const writer = new GifWriter(buffer, 8, 8, { palette: [0x000000, 0xffffff] });
    writer.addFrame(4, 4, 8, 8, new Array<number>(64).fill(0));
    const error = await decodeError(decodeImage(buffer.slice(0, writer.end()), 'gif'));
    expect(error.message).toContain('lies outside its 8 × 8 screen');
  });
});
