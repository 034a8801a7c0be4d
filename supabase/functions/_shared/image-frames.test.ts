/**
 * Every frame a file declares is checked before a decoder sees it: the GIF frame bombs of issue 18
 * (a 64 × 64 screen hiding a 65535² or 20000² frame), frames poking out of the canvas, a second JPEG
 * frame header after the scan, APNG and animated WebP frames.
 */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { RequestError } from './http.ts';
import { readImageBytes } from './image-bytes.ts';
import { dataUrl, gifWithFrames, tinyGif, tinyPng, webpExtended } from './image-bytes.test-helpers.ts';
import { readLayout } from './image-frames.ts';

function refusal(bytes: Uint8Array, type: string): RequestError {
  try {
    readImageBytes(dataUrl(bytes, type));
  } catch (error) {
    if (error instanceof RequestError) return error;
    throw error;
  }
  throw new Error('the image was accepted');
}

const frame = (width: number, height: number, left = 0, top = 0) => ({ left, top, width, height });
const EIGHT_BYTES_OF_LZW = [0x2c, 0, 0, 0, 0, 0, 0, 0];

describe('GIF frames', () => {
  it('refuses the 35-byte GIF whose 64 × 64 screen hides a 65535 × 65535 frame', () => {
    const bomb = gifWithFrames(64, 64, [frame(65535, 65535)], EIGHT_BYTES_OF_LZW);
    expect(bomb.length).toBe(35);
    const error = refusal(bomb, 'image/gif');
    expect(error).toMatchObject({ status: 400, code: 'image_dimensions_too_large', field: 'imageUrl' });
    expect(error.message).toContain('GIF frame 1 is 65535 × 65535 pixels');
  });

  it('refuses a 20000 × 20000 frame', () => {
    const error = refusal(gifWithFrames(64, 64, [frame(20000, 20000)]), 'image/gif');
    expect(error).toMatchObject({ status: 400, code: 'image_dimensions_too_large' });
  });

  it.each([
    ['larger than the screen', frame(100, 100)],
    ['offset past the right edge', frame(64, 64, 10, 0)],
    ['offset past the bottom edge', frame(8, 8, 0, 60)],
  ])('refuses a frame %s', (_name, rect) => {
    const error = refusal(gifWithFrames(64, 64, [rect]), 'image/gif');
    expect(error).toMatchObject({ status: 400, code: 'image_frame_out_of_bounds', field: 'imageUrl' });
    expect(error.message).toMatch(
      /GIF frame 1 is \d+ × \d+ pixels at \(\d+, \d+\), outside the 64 × 64 image/,
    );
  });

  it('checks every frame, not only the first', () => {
    const error = refusal(gifWithFrames(64, 64, [frame(64, 64), frame(20000, 20000)]), 'image/gif');
    expect(error.message).toContain('GIF frame 2');
  });

  it('walks past extensions and colour tables to the frames', () => {
    const plain = gifWithFrames(32, 32, [frame(16, 16, 8, 8)]);
    // A global colour table (2 entries) and a graphic control extension before the frame.
    const withExtras = new Uint8Array([
      ...plain.subarray(0, 10),
      0x80,
      0,
      0,
      ...[0, 0, 0, 255, 255, 255],
      ...[0x21, 0xf9, 4, 0, 0, 0, 0, 0],
      ...plain.subarray(13),
    ]);
    expect(readLayout(withExtras, 'gif')).toEqual({
      layout: { width: 32, height: 32, frames: [frame(16, 16, 8, 8)], framesInCanvas: true, bitDepth: 8 },
    });
    expect(readImageBytes(dataUrl(withExtras, 'image/gif'))).toMatchObject({ width: 32, height: 32 });
  });

  it.each([
    ['a GIF without any frame', gifWithFrames(10, 10, [])],
    ['a GIF cut inside its frame data', tinyGif(10, 10).subarray(0, 25)],
    ['a GIF cut inside a frame descriptor', tinyGif(10, 10).subarray(0, 18)],
    ['a GIF with an unknown block', new Uint8Array([...tinyGif(10, 10).subarray(0, 13), 0x99, 0x3b])],
  ])('refuses %s as corrupt', (_name, bytes) => {
    expect(refusal(bytes, 'image/gif')).toMatchObject({ status: 400, code: 'corrupt_image' });
  });
});

describe('JPEG frames', () => {
  const segment = (marker: number, body: number[]) => [0xff, marker, 0, body.length + 2, ...body];
  const sof = (marker: number, width: number, height: number) =>
    segment(marker, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);

  it('finds a second frame header after the entropy-coded data of a scan', () => {
    const jpeg = new Uint8Array([
      0xff,
      0xd8,
      ...sof(0xc0, 64, 48),
      ...segment(0xda, [1, 1, 0, 0, 63, 0]),
      ...[0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56], // data with a stuffed 0xFF and a restart marker
      ...sof(0xc1, 20000, 20000),
      0xff,
      0xd9,
    ]);
    const error = refusal(jpeg, 'image/jpeg');
    expect(error).toMatchObject({ status: 400, code: 'image_dimensions_too_large' });
    expect(error.message).toContain('JPEG frame 2 is 20000 × 20000 pixels');
  });
});

describe('PNG and WebP frames', () => {
  it('refuses an APNG frame that lies outside the canvas', () => {
    const png = Buffer.from(tinyPng(16, 16));
    const fctl = Buffer.alloc(12 + 26);
    fctl.writeUInt32BE(26, 0);
    fctl.write('fcTL', 4, 'ascii');
    fctl.writeUInt32BE(0, 8); // sequence number
    fctl.writeUInt32BE(16, 12);
    fctl.writeUInt32BE(16, 16);
    fctl.writeUInt32BE(8, 20); // x offset: 8 + 16 > 16
    const apng = new Uint8Array(Buffer.concat([png.subarray(0, 33), fctl, png.subarray(33)]));
    const error = refusal(apng, 'image/png');
    expect(error).toMatchObject({ code: 'image_frame_out_of_bounds' });
    expect(error.message).toContain('PNG frame 2 is 16 × 16 pixels at (8, 0)');
  });

  it('refuses an animated WebP frame larger than the pixel limit', () => {
    const canvas = webpExtended(100, 100);
    const anmf = Buffer.alloc(8 + 16);
    anmf.write('ANMF', 0, 'ascii');
    anmf.writeUInt32LE(16, 4);
    anmf.writeUIntLE(19999, 8 + 6, 3); // width − 1
    anmf.writeUIntLE(19999, 8 + 9, 3); // height − 1
    const body = Buffer.concat([Buffer.from(canvas.subarray(12)), anmf]);
    const riff = Buffer.alloc(8);
    riff.write('RIFF', 0, 'ascii');
    riff.writeUInt32LE(body.length + 4, 4);
    const webp = new Uint8Array(Buffer.concat([riff, Buffer.from('WEBP', 'ascii'), body]));
    const error = refusal(webp, 'image/webp');
    expect(error).toMatchObject({ status: 400, code: 'image_dimensions_too_large' });
    expect(error.message).toContain('WebP frame 1 is 20000 × 20000 pixels');
  });
});
