/**
 * Small real images (and headers of real formats) built byte by byte for the input-side tests. Node only:
 * never imported by the function itself.
 */
import { Buffer } from 'node:buffer';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ihdr(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return pngChunk('IHDR', header);
}

/** A valid `width`×`height` RGB PNG (a skin-tone gradient) that any decoder reads. */
export function tinyPng(width = 16, height = width): Uint8Array {
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0); // filter: none
    for (let x = 0; x < width; x++) rows.push(225 - (x % 100), 185 - (y % 100), 160);
  }
  return new Uint8Array(
    Buffer.concat([
      PNG_SIGNATURE,
      ihdr(width, height),
      pngChunk('IDAT', deflateSync(Buffer.from(rows))),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/**
 * A small PNG whose IHDR claims `width`×`height` (e.g. 50 000 × 50 000): the shape of a decompression
 * bomb, whose few compressed bytes would inflate to gigabytes. One row of pixel data is enough here.
 */
export function pngClaiming(width: number, height: number): Uint8Array {
  const row = Buffer.alloc(1 + Math.min(width, 64) * 3);
  return new Uint8Array(
    Buffer.concat([
      PNG_SIGNATURE,
      ihdr(width, height),
      pngChunk('IDAT', deflateSync(row)),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

function segment(marker: number, body: readonly number[]): number[] {
  const length = body.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...body];
}

function frameHeader(marker: number, width: number, height: number): number[] {
  // Precision 8, height, width, one component (id 1, sampling 1×1, quantisation table 0).
  return segment(marker, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
}

const JFIF_APP0 = segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);

/** A baseline JPEG header: SOI, APP0 (JFIF), SOF0 with the size, EOI. */
export function tinyJpeg(width: number, height: number): Uint8Array {
  return new Uint8Array([0xff, 0xd8, ...JFIF_APP0, ...frameHeader(0xc0, width, height), 0xff, 0xd9]);
}

/**
 * A camera-style progressive JPEG header: an Exif APP1 and a DQT and DHT before the frame (markers to
 * walk past, one of them 0xC4, which looks like a frame marker but is not), fill bytes, then SOF2.
 */
export function progressiveJpeg(width: number, height: number): Uint8Array {
  const exif = segment(0xe1, [0x45, 0x78, 0x69, 0x66, 0, 0, ...new Array<number>(40).fill(7)]);
  const dqt = segment(0xdb, [0, ...new Array<number>(64).fill(1)]);
  const dht = segment(0xc4, [0, ...new Array<number>(16).fill(0)]);
  return new Uint8Array([
    0xff,
    0xd8,
    ...exif,
    ...dqt,
    ...dht,
    0xff,
    0xff,
    ...frameHeader(0xc2, width, height),
    0xff,
    0xd9,
  ]);
}

/** A JPEG whose scan starts before any frame header: no size can be read. */
export function jpegWithoutFrame(): Uint8Array {
  return new Uint8Array([0xff, 0xd8, ...JFIF_APP0, ...segment(0xda, [1, 1, 0, 0, 63, 0]), 0, 0, 0xff, 0xd9]);
}

/** A GIF89a with the logical screen size and one empty frame covering it (LZW: clear, end). */
export function tinyGif(width: number, height: number): Uint8Array {
  return gifWithFrames(width, height, [{ left: 0, top: 0, width, height }]);
}

/** Little-endian 16-bit value as two bytes. */
const le16 = (value: number) => [value & 0xff, (value >> 8) & 0xff];

/**
 * A GIF89a whose logical screen is `width`×`height` and whose image descriptors declare `frames`,
 * each followed by `data` as its LZW stream (minimum code size 2). With one 65535×65535 frame on a
 * 64×64 screen and the default 8 data bytes it is the 35-byte frame bomb.
 */
export function gifWithFrames(
  width: number,
  height: number,
  frames: readonly { left: number; top: number; width: number; height: number }[],
  data: readonly number[] = [0x2c],
): Uint8Array {
  const bytes = [...Buffer.from('GIF89a', 'ascii'), ...le16(width), ...le16(height), 0, 0, 0];
  for (const frame of frames) {
    bytes.push(0x2c, ...le16(frame.left), ...le16(frame.top), ...le16(frame.width), ...le16(frame.height), 0);
    bytes.push(2, data.length, ...data, 0);
  }
  bytes.push(0x3b);
  return new Uint8Array(bytes);
}

function riff(chunk: string, body: readonly number[]): Uint8Array {
  const data = Buffer.concat([Buffer.from('WEBP' + chunk, 'ascii'), le32(body.length), Buffer.from(body)]);
  return new Uint8Array(Buffer.concat([Buffer.from('RIFF', 'ascii'), le32(data.length), data]));
}

function le32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
}

/** A lossy WebP header (VP8): key-frame tag, start code, 14-bit width and height. */
export function webpLossy(width: number, height: number): Uint8Array {
  return riff('VP8 ', [
    0x10,
    0x02,
    0x00,
    0x9d,
    0x01,
    0x2a,
    width & 0xff,
    width >> 8,
    height & 0xff,
    height >> 8,
    0,
    0,
  ]);
}

/** A lossless WebP header (VP8L): signature 0x2F, then width − 1 and height − 1 packed in 14 bits each. */
export function webpLossless(width: number, height: number): Uint8Array {
  const bits = (width - 1) | ((height - 1) << 14);
  return riff('VP8L', [
    0x2f,
    bits & 0xff,
    (bits >>> 8) & 0xff,
    (bits >>> 16) & 0xff,
    (bits >>> 24) & 0xff,
    0,
    0,
    0,
  ]);
}

/** An extended WebP header (VP8X): flags, then canvas width − 1 and height − 1 in 24 bits each. */
export function webpExtended(width: number, height: number): Uint8Array {
  const w = width - 1;
  const h = height - 1;
  return riff('VP8X', [0, 0, 0, 0, w & 0xff, (w >> 8) & 0xff, w >> 16, h & 0xff, (h >> 8) & 0xff, h >> 16]);
}

/** The start of a PDF file, as a browser would read it. */
export function pdfBytes(): Uint8Array {
  return new Uint8Array(
    Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n', 'latin1'),
  );
}

/** A plain text file. */
export function textBytes(): Uint8Array {
  return new Uint8Array(Buffer.from('These are my notes, not a photo.\n', 'utf8'));
}

/** The start of an iPhone HEIC photo: an ISO-BMFF `ftyp` box with the heic brand. */
export function heicBytes(): Uint8Array {
  return new Uint8Array(Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'));
}

/** `data:<type>;base64,<bytes>` as FileReader.readAsDataURL writes it. */
export function dataUrl(bytes: Uint8Array, type: string): string {
  return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
}
