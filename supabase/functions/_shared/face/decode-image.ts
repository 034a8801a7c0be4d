/**
 * Decoding an uploaded photo to RGBA pixels in JavaScript and WebAssembly (no native modules, so it runs
 * the same in Node, in the local server and in an edge runtime), and downscaling it for face detection.
 *
 * JPEG: libjpeg-turbo in WebAssembly (jpeg-turbo.ts, about ten times faster), and jpeg-js, with its
 * resolution and memory limits, for what that cannot decode cleanly. PNG: pngjs (sync reader), after checking the
 * header's dimensions so a tiny file cannot ask for gigapixels, and after a first inflate bounded by
 * what those dimensions allow (png-inflate-bound.ts). GIF: omggif, first frame. WebP: no
 * reasonable pure-JS decoder exists, so it is rejected with a clear `unsupported` error (the browser
 * re-encodes photos to JPEG before upload, so a WebP only arrives from a hand-made request).
 *
 * Alpha is flattened onto white, so the returned pixels are opaque.
 */
import { decode as decodeJpegJs } from 'jpeg-js';
import { PNG } from 'pngjs';
import { GifReader } from 'omggif';
import { sniffImageType, type ImageType } from '../image-bytes.ts';
import { decodeJpegTurbo } from './jpeg-turbo.ts';
import { checkPngInflate } from './png-inflate-bound.ts';

/** Decoded pixels: `data` is RGBA, row-major, `width * height * 4` bytes. */
export interface DecodedImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Long side, in pixels, that face detection works at (SSD MobileNet resizes to 512 anyway). */
export const DETECTION_MAX_SIDE = 768;

/** Largest image (in megapixels) we agree to decode; a 6000 × 4000 photo is 24 MP. */
export const MAX_DECODE_MEGAPIXELS = 25;

/** Memory jpeg-js may allocate while decoding, in MB. */
const JPEG_MAX_MEMORY_MB = 320;

export type ImageDecodeErrorCode = 'unsupported' | 'corrupt' | 'too_large';

/** A photo we cannot decode: `code` says why, `message` says it in words a caller can pass on. */
export class ImageDecodeError extends Error {
  readonly code: ImageDecodeErrorCode;

  constructor(code: ImageDecodeErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImageDecodeError';
    this.code = code;
  }
}

export interface DecodeOptions {
  /** Downscale so the long side is at most this many pixels (default 768; `Infinity` keeps full size). */
  maxSide?: number;
  /** Refuse images above this many megapixels (default {@link MAX_DECODE_MEGAPIXELS}). */
  maxMegapixels?: number;
}

/**
 * Decodes `bytes` of the given type to opaque RGBA and downscales it to at most `options.maxSide`
 * (default {@link DETECTION_MAX_SIDE}) on the long side.
 *
 * Throws {@link ImageDecodeError}: `unsupported` (WebP, or an unknown type), `too_large` (more than
 * `maxMegapixels`), `corrupt` (the bytes are not a decodable image of that type).
 */
export async function decodeImage(
  bytes: Uint8Array,
  type: ImageType,
  options: DecodeOptions = {},
): Promise<DecodedImage> {
  const maxSide = options.maxSide ?? DETECTION_MAX_SIDE;
  const maxMegapixels = options.maxMegapixels ?? MAX_DECODE_MEGAPIXELS;
  let image: DecodedImage;
  switch (type) {
    case 'jpeg':
      image =
        decodeJpegTurbo(bytes, (width, height) => checkSize(width, height, maxMegapixels), maxSide) ??
        decodeJpeg(bytes, maxMegapixels);
      break;
    case 'png':
      image = decodePng(bytes, maxMegapixels);
      break;
    case 'gif':
      image = decodeGif(bytes, maxMegapixels);
      break;
    case 'webp':
      throw new ImageDecodeError(
        'unsupported',
        'WebP photos are not supported: please upload a JPEG or PNG.',
      );
    default:
      throw new ImageDecodeError('unsupported', `Unsupported image type: ${String(type)}.`);
  }
  // A JPEG has no alpha (both decoders write 255 there): a pass over its pixels would change nothing.
  if (type !== 'jpeg') flattenAlpha(image.data);
  return resizeRgba(image, maxSide);
}

function checkSize(width: number, height: number, maxMegapixels: number): void {
  if (!(width > 0 && height > 0)) throw new ImageDecodeError('corrupt', 'The image has no pixels.');
  if (width * height > maxMegapixels * 1_000_000) {
    throw new ImageDecodeError(
      'too_large',
      `The image is too large (${width} × ${height}); the limit is ${maxMegapixels} megapixels.`,
    );
  }
}

function decodeJpeg(bytes: Uint8Array, maxMegapixels: number): DecodedImage {
  try {
    const out = decodeJpegJs(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      tolerantDecoding: true,
      maxResolutionInMP: maxMegapixels,
      maxMemoryUsageInMB: JPEG_MAX_MEMORY_MB,
    });
    checkSize(out.width, out.height, maxMegapixels);
    return { width: out.width, height: out.height, data: out.data };
  } catch (error) {
    if (error instanceof ImageDecodeError) throw error;
    const text = error instanceof Error ? error.message : String(error);
    if (/maxResolutionInMP|maxMemoryUsageInMB|memory/i.test(text)) {
      throw new ImageDecodeError(
        'too_large',
        `The image is too large to decode; the limit is ${maxMegapixels} megapixels.`,
        { cause: error },
      );
    }
    throw new ImageDecodeError('corrupt', `The JPEG could not be decoded: ${text}`, { cause: error });
  }
}

function decodePng(bytes: Uint8Array, maxMegapixels: number): DecodedImage {
  // IHDR is always the first chunk: width and height are big-endian at bytes 16..23.
  if (sniffImageType(bytes) !== 'png' || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') {
    throw new ImageDecodeError('corrupt', 'The file is not a PNG.');
  }
  if (bytes.length < 33) throw new ImageDecodeError('corrupt', 'The PNG is truncated.');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  checkSize(view.getUint32(16), view.getUint32(20), maxMegapixels);
  const refused = checkPngInflate(bytes);
  if (refused !== null) throw new ImageDecodeError('corrupt', `The photo could not be decoded: ${refused}.`);
  try {
    const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    checkSize(png.width, png.height, maxMegapixels);
    return {
      width: png.width,
      height: png.height,
      data: new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.byteLength),
    };
  } catch (error) {
    if (error instanceof ImageDecodeError) throw error;
    throw new ImageDecodeError(
      'corrupt',
      `The PNG could not be decoded: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

function decodeGif(bytes: Uint8Array, maxMegapixels: number): DecodedImage {
  let reader: GifReader;
  try {
    reader = new GifReader(bytes);
  } catch (error) {
    throw new ImageDecodeError(
      'corrupt',
      `The GIF could not be read: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  checkSize(reader.width, reader.height, maxMegapixels);
  if (reader.numFrames() < 1) throw new ImageDecodeError('corrupt', 'The GIF has no frames.');
  // omggif allocates the frame's width × height for its LZW output and stops at the first code
  // beyond it; a frame held inside the screen bounds that output by the screen's checked size.
  const frame = reader.frameInfo(0);
  if (frame.x + frame.width > reader.width || frame.y + frame.height > reader.height) {
    throw new ImageDecodeError(
      'corrupt',
      `The GIF's first frame (${frame.width} × ${frame.height} at ${frame.x}, ${frame.y}) lies outside its ${reader.width} × ${reader.height} screen.`,
    );
  }
  const data = new Uint8Array(reader.width * reader.height * 4);
  try {
    reader.decodeAndBlitFrameRGBA(0, data);
  } catch (error) {
    throw new ImageDecodeError(
      'corrupt',
      `The GIF could not be decoded: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return { width: reader.width, height: reader.height, data };
}

/** Composites RGBA pixels over white in place, leaving every alpha at 255. */
function flattenAlpha(data: Uint8Array): void {
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3] ?? 255;
    if (a === 255) continue;
    const k = a / 255;
    const white = 255 * (1 - k);
    data[i] = Math.round((data[i] ?? 0) * k + white);
    data[i + 1] = Math.round((data[i + 1] ?? 0) * k + white);
    data[i + 2] = Math.round((data[i + 2] ?? 0) * k + white);
    data[i + 3] = 255;
  }
}

/**
 * Downscales RGBA pixels so the long side is at most `maxSide`, keeping the aspect ratio, by area
 * averaging (each output pixel is the coverage-weighted mean of the source pixels under it: a box
 * filter, alias-free for any ratio). An image already small enough is returned as is (same object).
 */
export function resizeRgba(image: DecodedImage, maxSide: number = DETECTION_MAX_SIDE): DecodedImage {
  const { width, height } = image;
  const longSide = Math.max(width, height);
  if (!(maxSide > 0) || longSide <= maxSide) return image;
  const scale = maxSide / longSide;
  const outW = Math.max(1, Math.round(width * scale));
  const outH = Math.max(1, Math.round(height * scale));
  const xs = boxWeights(width, outW);
  const ys = boxWeights(height, outH);

  // Horizontal pass: width → outW for every source row (float, 4 channels).
  const mid = new Float32Array(outW * height * 4);
  const src = image.data;
  for (let y = 0; y < height; y++) {
    const rowIn = y * width * 4;
    let o = y * outW * 4;
    for (let ox = 0; ox < outW; ox++, o += 4) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      const first = xs.offset[ox]!;
      const last = xs.offset[ox + 1]!;
      let i = rowIn + xs.start[ox]! * 4;
      for (let k = first; k < last; k++, i += 4) {
        const f = xs.weights[k]!;
        r += src[i]! * f;
        g += src[i + 1]! * f;
        b += src[i + 2]! * f;
        a += src[i + 3]! * f;
      }
      mid[o] = r;
      mid[o + 1] = g;
      mid[o + 2] = b;
      mid[o + 3] = a;
    }
  }

  // Vertical pass: height → outH.
  const out = new Uint8Array(outW * outH * 4);
  const rowLen = outW * 4;
  const acc = new Float32Array(rowLen);
  for (let oy = 0; oy < outH; oy++) {
    acc.fill(0);
    let rowIn = ys.start[oy]! * rowLen;
    for (let k = ys.offset[oy]!; k < ys.offset[oy + 1]!; k++, rowIn += rowLen) {
      const f = ys.weights[k]!;
      for (let i = 0; i < rowLen; i++) acc[i]! += mid[rowIn + i]! * f;
    }
    // A Uint8Array store truncates and wraps: round by adding 0.5, clamp by hand.
    const rowOut = oy * rowLen;
    for (let i = 0; i < rowLen; i++) {
      const v = acc[i]! + 0.5;
      out[rowOut + i] = v >= 255 ? 255 : v <= 0 ? 0 : v;
    }
  }
  return { width: outW, height: outH, data: out };
}

/**
 * Box-filter weights: output index `o` averages the sources `start[o] …` with the weights
 * `weights[offset[o] … offset[o + 1])`, which sum to 1 (each is the share of the output pixel's
 * footprint that the source pixel covers).
 */
function boxWeights(
  inSize: number,
  outSize: number,
): { start: Int32Array; offset: Int32Array; weights: Float32Array } {
  const ratio = inSize / outSize;
  const start = new Int32Array(outSize);
  const offset = new Int32Array(outSize + 1);
  const weights: number[] = [];
  for (let o = 0; o < outSize; o++) {
    const from = o * ratio;
    const to = Math.min(inSize, (o + 1) * ratio);
    const first = Math.min(inSize - 1, Math.floor(from));
    const end = Math.max(first + 1, Math.min(inSize, Math.ceil(to)));
    start[o] = first;
    offset[o] = weights.length;
    for (let i = first; i < end; i++)
      weights.push(Math.max(0, Math.min(to, i + 1) - Math.max(from, i)) / (to - from));
    offset[o + 1] = weights.length;
  }
  return { start, offset, weights: Float32Array.from(weights) };
}
