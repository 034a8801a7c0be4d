/**
 * The photo's way in, before any pixel is decoded: the data URL is parsed and sized from its length, the
 * bytes are identified by their magic numbers (never by the label the browser put on them), and the
 * dimensions are read from the header so that a small file that would inflate to gigabytes of pixels
 * (a decompression bomb) is refused before a decoder sees it. Web-standard APIs only (Deno and Node).
 */
import { RequestError } from './http.ts';
import { readLayout, type ImageLayout, type ImageType } from './image-frames.ts';

/** Largest image accepted, in decoded bytes (the upload screen says 'max 10MB'). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Largest pixel count accepted: 40 MP is above any phone camera and about 160 MB as RGBA. */
export const MAX_PIXELS = 40_000_000;
/** Longest side accepted, in pixels. */
export const MAX_IMAGE_SIDE = 12_000;
/**
 * Largest decoding cost accepted, in pixel-bits: the sum over the frames of width × height × bits per
 * sample, read from the headers before any decoding (issue 42). 200 million is 25 megapixels at 8 bits
 * (the decoder's own pixel limit), 12.5 at 16 bits. Samples under 8 bits count as 16: the PNG decoder
 * unpacks them one by one (measured on the 2-core machine, 4999 × 4999 pixels: 1-bit 1.35 s, 8-bit
 * 0.44–0.62 s, 16-bit 2.7 s).
 */
export const MAX_DECODE_COST = 200_000_000;

export type { ImageType };

/** Width and height in pixels, as the header declares them. */
export interface ImageSize {
  width: number;
  height: number;
}

/** An image that passed every check: real format, size and dimensions within the limits. */
export interface CheckedImage extends ImageSize {
  bytes: Uint8Array;
  type: ImageType;
  /** The MIME type the data URL claimed, lower case ('image/jpeg'); may disagree with `type`. */
  declaredType: string;
}

const FIELD = 'imageUrl';
const FORMAT_NAMES: Record<ImageType, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', gif: 'GIF' };
// `data:image/<subtype>[;param=value]*;base64,` — parameters such as `;name=selfie.jpg` are tolerated.
const DATA_URL_HEADER =
  /^data:(image\/[a-z0-9][a-z0-9.+-]{0,63})((?:;[a-z0-9-]{1,64}=[^;,]{0,256})*);base64$/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Parses, checks and identifies the `imageUrl` body field. The one call the handler needs; every
 * failure is a RequestError naming `imageUrl`.
 */
export function readImageBytes(value: unknown): CheckedImage {
  const { bytes, declaredType } = parseImageDataUrl(value);
  return checkImageBytes(bytes, declaredType);
}

/**
 * Checks and identifies an image sent as bytes (a raw image body or a multipart file part, issue 28);
 * `declaredType` is what the request claimed ('image/jpeg'). Failures name `imageUrl`, as above.
 */
export function checkImageBytes(bytes: Uint8Array, declaredType: string): CheckedImage {
  if (bytes.byteLength > MAX_IMAGE_BYTES) {
    throw new RequestError(
      413,
      'image_too_large',
      `${FIELD}: the image is larger than ${MAX_IMAGE_BYTES / (1024 * 1024)} MB; send a smaller photo.`,
      FIELD,
    );
  }
  const type = sniffImageType(bytes);
  if (type === null) {
    throw new RequestError(
      415,
      'unsupported_media_type',
      `${FIELD}: ${describeForeignBytes(bytes)} (labelled ${declaredType}); send a JPG, PNG, WebP or GIF photo.`,
      FIELD,
    );
  }
  const layout = imageLayout(bytes, type, declaredType);
  checkLayout(layout, type);
  return { bytes, type, declaredType, width: layout.width, height: layout.height };
}

/**
 * Decodes a `data:image/<subtype>;base64,<data>` URL. The decoded size is computed from the base64
 * length first, so an oversized upload is refused (413) without decoding or even scanning it.
 */
export function parseImageDataUrl(value: unknown): { bytes: Uint8Array; declaredType: string } {
  if (value === undefined || value === null) throw invalidUrl('is required: send the photo as a data URL');
  if (typeof value !== 'string') throw invalidUrl('must be a data URL string');
  const comma = value.indexOf(',', 0);
  const header = comma === -1 || comma > 512 ? null : DATA_URL_HEADER.exec(value.slice(0, comma));
  if (!header || header[1] === undefined) {
    const scheme = /^data:/i.test(value)
      ? 'a base64 data URL of an image'
      : 'a data URL (data:image/…;base64,…)';
    throw invalidUrl(`must be ${scheme}`);
  }
  const declaredType = header[1].toLowerCase();
  const dataLength = value.length - comma - 1;
  if (dataLength === 0) throw invalidUrl('holds no image data');
  if (decodedLength(value, dataLength) > MAX_IMAGE_BYTES) {
    throw new RequestError(
      413,
      'image_too_large',
      `${FIELD}: the image is larger than ${MAX_IMAGE_BYTES / (1024 * 1024)} MB.`,
      FIELD,
    );
  }
  const data = value.slice(comma + 1);
  if (!BASE64.test(data) || data.length % 4 === 1 || (data.endsWith('=') && data.length % 4 !== 0)) {
    throw invalidUrl('is not valid base64 (only A–Z, a–z, 0–9, + and / with = padding)');
  }
  return { bytes: decodeBase64(data), declaredType };
}

/**
 * Base64 to bytes, natively where the runtime can (Node's Buffer): this runs on the server's event
 * loop, and a JavaScript loop over a megabyte held page requests up by tens of milliseconds while it
 * was still cold. Elsewhere (Deno) atob and a loop. `data` is already checked to be base64.
 */
function decodeBase64(data: string): Uint8Array {
  const NodeBuffer: unknown = Reflect.get(globalThis, 'Buffer');
  const from: unknown = typeof NodeBuffer === 'function' ? Reflect.get(NodeBuffer, 'from') : undefined;
  if (typeof from === 'function') {
    const decoded: unknown = Reflect.apply(from, NodeBuffer, [data, 'base64']);
    // A plain Uint8Array over the same memory, so callers see one type whatever the runtime.
    if (decoded instanceof Uint8Array)
      return new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.byteLength);
  }
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Bytes that `dataLength` base64 characters at the end of `value` decode to (padding excluded). */
function decodedLength(value: string, dataLength: number): number {
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  return Math.floor(((dataLength - padding) * 3) / 4);
}

function invalidUrl(reason: string): RequestError {
  return new RequestError(400, 'invalid_image_url', `${FIELD}: ${reason}.`, FIELD);
}

/** The image format by magic bytes, or null when the bytes are not a JPEG, PNG, WebP or GIF. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  return null;
}

/** Names what the bytes are instead of an image, for the 415 message (phones send HEIC). */
function describeForeignBytes(bytes: Uint8Array): string {
  if (ascii(bytes, 0, 5) === '%PDF-') return 'the file is a PDF document, not a photo';
  const brand = ascii(bytes, 4, 8);
  if (/^ftyp(heic|heix|hevc|mif1|msf1)$/.test(brand)) return 'HEIC photos are not supported';
  if (brand === 'ftypavif') return 'AVIF images are not supported';
  const start = ascii(bytes, 0, 256).trimStart().toLowerCase();
  if (start.startsWith('<svg') || start.startsWith('<?xml')) return 'SVG and XML files are not accepted';
  if (ascii(bytes, 0, 2) === 'BM') return 'BMP images are not supported';
  if (ascii(bytes, 0, 4) === 'II*\0' || ascii(bytes, 0, 4) === 'MM\0*')
    return 'TIFF images are not supported';
  return 'the data is not a JPEG, PNG, WebP or GIF image';
}

/**
 * Width and height of the canvas (PNG IHDR, the first JPEG frame header, WebP VP8/VP8L/VP8X, the GIF
 * logical screen), after walking the file's structure. A truncated or garbled structure is a 400
 * 'corrupt_image'.
 * @param declaredType The data URL's label, only to mention it when it disagrees with `type`.
 */
export function imageDimensions(bytes: Uint8Array, type: ImageType, declaredType?: string): ImageSize {
  const { width, height } = imageLayout(bytes, type, declaredType);
  return { width, height };
}

/** The canvas and every frame the file declares; a damaged structure is a 400 'corrupt_image'. */
export function imageLayout(bytes: Uint8Array, type: ImageType, declaredType?: string): ImageLayout {
  const result = readLayout(bytes, type);
  if ('corrupt' in result) {
    const label =
      declaredType !== undefined && !labelMatches(declaredType, type)
        ? `, though labelled ${declaredType}`
        : '';
    throw corrupt(`the ${FORMAT_NAMES[type]} is damaged: ${result.corrupt}${label}`);
  }
  return result.layout;
}

/**
 * Checks the canvas and then every frame: each within the pixel limits and, where frames sit on a
 * canvas (GIF, APNG, WebP), inside it. A decoder allocates per frame, so one oversized frame behind a
 * small canvas is as much a bomb as an oversized canvas. Last, the whole file's decoding cost.
 */
export function checkLayout(layout: ImageLayout, type: ImageType): void {
  checkDimensions(layout);
  layout.frames.forEach((frame, index) => {
    const name = `${FORMAT_NAMES[type]} frame ${index + 1}`;
    checkDimensions(frame, name);
    const { left, top, width, height } = frame;
    if (layout.framesInCanvas && (left + width > layout.width || top + height > layout.height)) {
      throw new RequestError(
        400,
        'image_frame_out_of_bounds',
        `${FIELD}: ${name} is ${width} × ${height} pixels at (${left}, ${top}), outside the ${layout.width} × ${layout.height} image.`,
        FIELD,
      );
    }
  });
  checkDecodeCost(layout, type);
}

/** What decoding the file would cost, in pixel-bits (see MAX_DECODE_COST), from its headers alone. */
export function decodeCost(layout: ImageLayout): number {
  const bits = layout.bitDepth >= 8 ? layout.bitDepth : 16;
  return layout.frames.reduce((sum, frame) => sum + frame.width * frame.height * bits, 0);
}

/** Refuses a file whose predicted decoding cost is above MAX_DECODE_COST, naming the limit. */
function checkDecodeCost(layout: ImageLayout, type: ImageType): void {
  const cost = decodeCost(layout);
  if (cost <= MAX_DECODE_COST) return;
  const frames = layout.frames.length === 1 ? '1 frame' : `${layout.frames.length} frames`;
  const million = (value: number) => `${Math.ceil(value / 1_000_000)} million`;
  throw new RequestError(
    400,
    'image_too_costly',
    `${FIELD}: decoding this ${FORMAT_NAMES[type]} would cost ${million(cost)} pixel-bits ` +
      `(${layout.width} × ${layout.height} pixels at ${layout.bitDepth} bits per sample, ${frames}); ` +
      `the limit is ${million(MAX_DECODE_COST)} (25 megapixels at 8 bits); send an 8-bit JPEG or PNG photo.`,
    FIELD,
  );
}

/**
 * Refuses sizes a decoder would choke on: zero (no pixels, so a broken file) and anything above
 * MAX_IMAGE_SIDE per side or MAX_PIXELS in all (a decompression bomb).
 * @param name What is measured, for the message ('GIF frame 2'); the image itself by default.
 */
export function checkDimensions(size: ImageSize, name = 'the image'): void {
  const { width, height } = size;
  if (width === 0 || height === 0) throw corrupt(`${name} declares ${width} × ${height} pixels`);
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_PIXELS) {
    throw new RequestError(
      400,
      'image_dimensions_too_large',
      `${FIELD}: ${name} is ${width} × ${height} pixels; the limit is ${MAX_IMAGE_SIDE} pixels per side and ${MAX_PIXELS / 1_000_000} megapixels.`,
      FIELD,
    );
  }
}

function corrupt(reason: string): RequestError {
  return new RequestError(400, 'corrupt_image', `${FIELD}: ${reason}.`, FIELD);
}

function labelMatches(declaredType: string, type: ImageType): boolean {
  const subtype = declaredType.slice('image/'.length);
  if (type === 'jpeg') return subtype === 'jpeg' || subtype === 'jpg' || subtype === 'pjpeg';
  if (type === 'png') return subtype === 'png' || subtype === 'apng';
  return subtype === type;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);
}

/** Bytes as Latin-1 text; shorter than `length` when the data ends first. */
function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}
