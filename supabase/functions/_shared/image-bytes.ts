/**
 * The photo's way in, before any pixel is decoded: the data URL is parsed and sized from its length, the
 * bytes are identified by their magic numbers (never by the label the browser put on them), and the
 * dimensions are read from the header so that a small file that would inflate to gigabytes of pixels
 * (a decompression bomb) is refused before a decoder sees it. Web-standard APIs only (Deno and Node).
 */
import { RequestError } from './http.ts';

/** Largest image accepted, in decoded bytes (the upload screen says 'max 10MB'). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Largest pixel count accepted: 40 MP is above any phone camera and about 160 MB as RGBA. */
export const MAX_PIXELS = 40_000_000;
/** Longest side accepted, in pixels. */
export const MAX_IMAGE_SIDE = 12_000;

/** The image formats recognised by their magic bytes. */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif';

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
  const type = sniffImageType(bytes);
  if (type === null) {
    throw new RequestError(
      415,
      'unsupported_media_type',
      `${FIELD}: ${describeForeignBytes(bytes)} (labelled ${declaredType}); send a JPG, PNG, WebP or GIF photo.`,
      FIELD,
    );
  }
  const size = imageDimensions(bytes, type, declaredType);
  checkDimensions(size);
  return { bytes, type, declaredType, ...size };
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
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return { bytes, declaredType };
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
 * Width and height from the header alone (PNG IHDR, the first JPEG frame header, WebP VP8/VP8L/VP8X,
 * the GIF logical screen). A truncated or garbled header is a 400 'corrupt_image'.
 * @param declaredType The data URL's label, only to mention it when it disagrees with `type`.
 */
export function imageDimensions(bytes: Uint8Array, type: ImageType, declaredType?: string): ImageSize {
  const size = readHeader(bytes, type);
  if (size === null) {
    const label =
      declaredType !== undefined && !labelMatches(declaredType, type)
        ? `, though labelled ${declaredType}`
        : '';
    throw corrupt(`the ${FORMAT_NAMES[type]} header is truncated or damaged${label}`);
  }
  return size;
}

function readHeader(bytes: Uint8Array, type: ImageType): ImageSize | null {
  switch (type) {
    case 'png':
      return pngSize(bytes);
    case 'jpeg':
      return jpegSize(bytes);
    case 'webp':
      return webpSize(bytes);
    case 'gif':
      return bytes.length < 10 ? null : { width: le16(bytes, 6), height: le16(bytes, 8) };
  }
}

/**
 * Refuses sizes a decoder would choke on: zero (no pixels, so a broken file) and anything above
 * MAX_IMAGE_SIDE per side or MAX_PIXELS in all (a decompression bomb).
 */
export function checkDimensions(size: ImageSize): void {
  const { width, height } = size;
  if (width === 0 || height === 0) throw corrupt(`the image header declares ${width} × ${height} pixels`);
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_PIXELS) {
    throw new RequestError(
      400,
      'image_dimensions_too_large',
      `${FIELD}: the image is ${width} × ${height} pixels; the limit is ${MAX_IMAGE_SIDE} pixels per side and ${MAX_PIXELS / 1_000_000} megapixels.`,
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

function pngSize(bytes: Uint8Array): ImageSize | null {
  // Signature (8), then the first chunk must be IHDR with a 13-byte body: length, type, width, height.
  if (bytes.length < 24 || be32(bytes, 8) !== 13 || ascii(bytes, 12, 4) !== 'IHDR') return null;
  return { width: be32(bytes, 16), height: be32(bytes, 20) };
}

// Start-of-frame markers: C0–CF except C4 (DHT), C8 (reserved) and CC (DAC).
const JPEG_FRAME_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

function jpegSize(bytes: Uint8Array): ImageSize | null {
  let offset = 2; // after SOI
  while (offset + 1 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte before a marker
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // TEM and RSTn stand alone
      continue;
    }
    // EOI or start of scan before any frame header: there is no size to read.
    if (marker === 0xd9 || marker === 0xda || offset + 4 > bytes.length) return null;
    const length = be16(bytes, offset + 2);
    if (length < 2) return null;
    if (JPEG_FRAME_MARKERS.has(marker)) {
      // Segment: length (2), precision (1), height (2), width (2).
      if (length < 7 || offset + 9 > bytes.length) return null;
      return { width: be16(bytes, offset + 7), height: be16(bytes, offset + 5) };
    }
    offset += 2 + length;
  }
  return null;
}

function webpSize(bytes: Uint8Array): ImageSize | null {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ') {
    if (bytes.length < 30) return null;
    // Lossy: 3-byte frame tag, start code 9D 01 2A, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: le16(bytes, 26) & 0x3fff, height: le16(bytes, 28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    // Lossless: signature 0x2F, then width − 1 and height − 1 in 14 bits each, little-endian bit order.
    if (bytes.length < 25 || bytes[20] !== 0x2f) return null;
    const bits =
      (bytes[21] ?? 0) | ((bytes[22] ?? 0) << 8) | ((bytes[23] ?? 0) << 16) | ((bytes[24] ?? 0) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    // Extended: 4 bytes of flags, then canvas width − 1 and height − 1 in 24 bits each.
    if (bytes.length < 30) return null;
    return { width: le24(bytes, 24) + 1, height: le24(bytes, 27) + 1 };
  }
  return null;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);
}

/** Bytes as Latin-1 text; shorter than `length` when the data ends first. */
function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

function be16(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset] ?? 0) << 8) | (bytes[offset + 1] ?? 0);
}

function be32(bytes: Uint8Array, offset: number): number {
  return (be16(bytes, offset) * 0x10000 + be16(bytes, offset + 2)) >>> 0;
}

function le16(bytes: Uint8Array, offset: number): number {
  return (bytes[offset] ?? 0) | ((bytes[offset + 1] ?? 0) << 8);
}

function le24(bytes: Uint8Array, offset: number): number {
  return le16(bytes, offset) | ((bytes[offset + 2] ?? 0) << 16);
}
