import { describe, expect, it } from 'vitest';
import { encode as encodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import { GifWriter } from 'omggif';
import {
  decodeImage,
  DETECTION_MAX_SIDE,
  ImageDecodeError,
  resizeRgba,
  type DecodedImage,
} from '../../supabase/functions/_shared/face/decode-image.ts';
import { sniffImageType } from '../../supabase/functions/_shared/image-bytes.ts';

function rgba(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number, number],
): DecodedImage {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(pixel(x, y), (y * width + x) * 4);
  return { width, height, data };
}

const jpegOf = (image: DecodedImage, quality = 90): Uint8Array =>
  new Uint8Array(
    encodeJpeg({ width: image.width, height: image.height, data: Buffer.from(image.data) }, quality).data,
  );

function pngOf(image: DecodedImage): Uint8Array {
  const png = new PNG({ width: image.width, height: image.height });
  png.data.set(image.data);
  return new Uint8Array(PNG.sync.write(png));
}

const pixel = (image: DecodedImage, x: number, y: number): number[] => [
  ...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4),
];

async function decodeError(promise: Promise<unknown>): Promise<ImageDecodeError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageDecodeError);
  return error as ImageDecodeError;
}

describe('sniffImageType', () => {
  it('recognises JPEG, PNG, GIF and WebP by their magic bytes, and nothing else', () => {
    const bytes = (...b: number[]): Uint8Array => new Uint8Array(b);
    const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
    expect(sniffImageType(bytes(...ascii('GIF89a'), 1, 0))).toBe('gif');
    expect(sniffImageType(bytes(...ascii('GIF87a')))).toBe('gif');
    expect(sniffImageType(bytes(...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WEBPVP8 ')))).toBe('webp');
    expect(sniffImageType(bytes(...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WAVEfmt ')))).toBeNull();
    expect(sniffImageType(bytes(...ascii('<svg xmlns')))).toBeNull();
    expect(sniffImageType(bytes())).toBeNull();
  });
});

describe('decodeImage', () => {
  it('decodes a JPEG to RGBA of the same size and colours', async () => {
    const source = rgba(64, 48, (x) => (x < 32 ? [200, 40, 40, 255] : [30, 90, 220, 255]));
    const out = await decodeImage(jpegOf(source), 'jpeg');
    expect([out.width, out.height, out.data.length]).toEqual([64, 48, 64 * 48 * 4]);
    const [r, g, b, a] = pixel(out, 8, 24);
    expect(Math.abs(r! - 200) + Math.abs(g! - 40) + Math.abs(b! - 40)).toBeLessThan(30);
    expect(a).toBe(255);
    const [r2, , b2] = pixel(out, 56, 24);
    expect(b2! > 180 && r2! < 70).toBe(true);
  });

  it('downscales to 768 px on the long side by default, keeping the aspect ratio', async () => {
    const source = rgba(1600, 800, (x, y) => [(x * 7) % 256, (y * 3) % 256, 128, 255]);
    const out = await decodeImage(jpegOf(source, 80), 'jpeg');
    expect([out.width, out.height]).toEqual([DETECTION_MAX_SIDE, 384]);
    const full = await decodeImage(jpegOf(source, 80), 'jpeg', { maxSide: Infinity });
    expect([full.width, full.height]).toEqual([1600, 800]);
  });

  it('decodes a PNG and flattens transparency onto white', async () => {
    const source = rgba(10, 10, (x) => (x < 5 ? [10, 20, 30, 255] : [0, 0, 0, 0]));
    const out = await decodeImage(pngOf(source), 'png');
    expect(pixel(out, 1, 1)).toEqual([10, 20, 30, 255]);
    expect(pixel(out, 8, 1)).toEqual([255, 255, 255, 255]);
  });

  it('decodes the first frame of a GIF', async () => {
    const [w, h] = [8, 4];
    const buf = new Uint8Array(1024);
    const writer = new GifWriter(buf, w, h, { palette: [0xff0000, 0x0000ff] });
    writer.addFrame(
      0,
      0,
      w,
      h,
      Array.from({ length: w * h }, (_, i) => (i % w < 4 ? 0 : 1)),
    );
    const out = await decodeImage(buf.subarray(0, writer.end()), 'gif');
    expect([out.width, out.height]).toEqual([w, h]);
    expect(pixel(out, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(pixel(out, 7, 3)).toEqual([0, 0, 255, 255]);
  });

  it('rejects WebP as unsupported, with a message a visitor can act on', async () => {
    const webp = new Uint8Array([...'RIFF\0\0\0\0WEBPVP8 '].map((c) => c.charCodeAt(0)));
    const error = await decodeError(decodeImage(webp, 'webp'));
    expect(error.code).toBe('unsupported');
    expect(error.message).toMatch(/WebP.*JPEG or PNG/);
  });

  it('rejects bytes that are not an image of the stated type as corrupt', async () => {
    const junk = new Uint8Array(200).map((_, i) => (i * 37) % 256);
    expect((await decodeError(decodeImage(junk, 'jpeg'))).code).toBe('corrupt');
    expect((await decodeError(decodeImage(junk, 'png'))).code).toBe('corrupt');
    expect((await decodeError(decodeImage(junk, 'gif'))).code).toBe('corrupt');
    const truncated = jpegOf(rgba(32, 32, () => [1, 2, 3, 255])).subarray(0, 20);
    expect((await decodeError(decodeImage(truncated, 'jpeg'))).code).toBe('corrupt');
  });

  it('refuses images above the pixel limit before allocating their pixels', async () => {
    // A PNG whose header claims 100 000 × 100 000 pixels: refused from the header alone.
    const png = pngOf(rgba(4, 4, () => [0, 0, 0, 255]));
    const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
    view.setUint32(16, 100_000);
    view.setUint32(20, 100_000);
    const error = await decodeError(decodeImage(png, 'png'));
    expect(error.code).toBe('too_large');
    expect(error.message).toMatch(/100000 × 100000/);

    const jpeg = jpegOf(
      rgba(1200, 1000, () => [90, 90, 90, 255]),
      50,
    );
    expect((await decodeError(decodeImage(jpeg, 'jpeg', { maxMegapixels: 1 }))).code).toBe('too_large');
    expect(
      (
        await decodeError(
          decodeImage(pngOf(rgba(1200, 1000, () => [0, 0, 0, 255])), 'png', { maxMegapixels: 1 }),
        )
      ).code,
    ).toBe('too_large');
  });
});

describe('resizeRgba', () => {
  it('returns an image that already fits as is', () => {
    const image = rgba(100, 50, () => [1, 2, 3, 255]);
    expect(resizeRgba(image, 768)).toBe(image);
    expect(resizeRgba(image, 100)).toBe(image);
  });

  it('averages the source pixels under each output pixel', () => {
    const stripes = rgba(4, 1, (x) => (x < 2 ? [0, 0, 0, 255] : [255, 255, 255, 255]));
    expect([...resizeRgba(stripes, 2).data]).toEqual([0, 0, 0, 255, 255, 255, 255, 255]);
    const checker = rgba(64, 64, (x, y) => ((x + y) % 2 ? [255, 255, 255, 255] : [0, 0, 0, 255]));
    const half = resizeRgba(checker, 32);
    expect([half.width, half.height]).toEqual([32, 32]);
    for (let i = 0; i < half.data.length; i += 4) expect(half.data[i]).toBeCloseTo(128, -1);
  });

  it('keeps a uniform colour uniform and the mean brightness for non-integer ratios', () => {
    const flat = resizeRgba(
      rgba(1000, 333, () => [17, 130, 250, 255]),
      768,
    );
    expect([flat.width, flat.height]).toEqual([768, 256]);
    expect(new Set(flat.data).size).toBeLessThanOrEqual(4);
    expect([...flat.data.subarray(0, 4)]).toEqual([17, 130, 250, 255]);

    const ramp = rgba(999, 10, (x) => [Math.floor((x / 999) * 256), 0, 0, 255]);
    const small = resizeRgba(ramp, 100);
    const mean = (img: DecodedImage): number => {
      let s = 0;
      for (let i = 0; i < img.data.length; i += 4) s += img.data[i]!;
      return s / (img.width * img.height);
    };
    expect(Math.abs(mean(small) - mean(ramp))).toBeLessThan(0.6);
  });
});
