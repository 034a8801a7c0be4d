/**
 * Walks an image file's structure without decoding a pixel: the canvas size and every frame a decoder
 * would allocate for (each GIF image descriptor, each JPEG start-of-frame, each APNG fcTL, each WebP
 * ANMF or image chunk). A file's first header alone is not enough: a 35-byte GIF can declare a 64 × 64
 * screen and hide a 65535 × 65535 frame behind it, which a decoder then allocates and fills for half a
 * minute. image-bytes.ts checks what this returns against the limits. Web-standard APIs only.
 */
/** The image formats recognised by their magic bytes. */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif';

/** One frame as the file declares it: its size, and its offset on the canvas. */
export interface FrameRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface ImageLayout {
  /** The canvas (GIF logical screen, PNG IHDR, first JPEG frame, WebP canvas). */
  width: number;
  height: number;
  /** Every frame found, in file order. */
  frames: FrameRect[];
  /** Whether each frame must lie inside the canvas (not so for JPEG, whose frames are the image). */
  framesInCanvas: boolean;
  /** Bits per sample the header declares (PNG IHDR bit depth, JPEG precision; 8 for GIF and WebP). */
  bitDepth: number;
}

/** The layout, or the reason the structure is damaged (for a 400 'corrupt_image'). */
export type LayoutResult = { layout: ImageLayout } | { corrupt: string };

export function readLayout(bytes: Uint8Array, type: ImageType): LayoutResult {
  switch (type) {
    case 'gif':
      return gifLayout(bytes);
    case 'png':
      return pngLayout(bytes);
    case 'jpeg':
      return jpegLayout(bytes);
    case 'webp':
      return webpLayout(bytes);
  }
}

const truncated = (where: string): LayoutResult => ({ corrupt: `the file ends inside ${where}` });

function gifLayout(b: Uint8Array): LayoutResult {
  if (b.length < 13) return truncated('the GIF header');
  const width = le16(b, 6);
  const height = le16(b, 8);
  const frames: FrameRect[] = [];
  // Packed byte: a global colour table of 3 × 2^(n+1) bytes follows when bit 7 is set.
  let p = 13 + ((b[10]! & 0x80) !== 0 ? 3 << ((b[10]! & 7) + 1) : 0);
  for (;;) {
    if (p >= b.length) {
      // A missing trailer after complete blocks is common and harmless; a GIF without a frame is not.
      return frames.length > 0
        ? { layout: { width, height, frames, framesInCanvas: true, bitDepth: 8 } }
        : truncated('the GIF before any frame');
    }
    const block = b[p]!;
    if (block === 0x3b) break; // trailer
    if (block === 0x21) {
      // Extension: label byte, then data sub-blocks.
      const end = skipSubBlocks(b, p + 2);
      if (end === null) return truncated('a GIF extension block');
      p = end;
    } else if (block === 0x2c) {
      if (p + 10 > b.length) return truncated(`the descriptor of GIF frame ${frames.length + 1}`);
      frames.push({
        left: le16(b, p + 1),
        top: le16(b, p + 3),
        width: le16(b, p + 5),
        height: le16(b, p + 7),
      });
      const packed = b[p + 9]!;
      p += 10 + ((packed & 0x80) !== 0 ? 3 << ((packed & 7) + 1) : 0);
      // One byte of LZW minimum code size, then the compressed data in sub-blocks.
      const end = skipSubBlocks(b, p + 1);
      if (end === null) return truncated(`the data of GIF frame ${frames.length}`);
      p = end;
    } else {
      return { corrupt: `the GIF has an unknown block 0x${block.toString(16)} at byte ${p}` };
    }
  }
  if (frames.length === 0) return { corrupt: 'the GIF has no frame' };
  return { layout: { width, height, frames, framesInCanvas: true, bitDepth: 8 } };
}

/** Offset just past a run of GIF sub-blocks (length byte, data; a zero length ends it), or null. */
function skipSubBlocks(b: Uint8Array, start: number): number | null {
  let p = start;
  while (p < b.length) {
    const size = b[p]!;
    p += 1 + size;
    if (size === 0) return p;
  }
  return null;
}

function pngLayout(b: Uint8Array): LayoutResult {
  // Signature (8), then IHDR first with a 13-byte body: length, type, width, height.
  if (b.length < 24 || be32(b, 8) !== 13 || ascii(b, 12, 4) !== 'IHDR') return truncated('the PNG header');
  const width = be32(b, 16);
  const height = be32(b, 20);
  const bitDepth = b[24] ?? 0;
  const frames: FrameRect[] = [{ left: 0, top: 0, width, height }];
  let p = 8;
  while (p + 8 <= b.length) {
    const length = be32(b, p);
    const type = ascii(b, p + 4, 4);
    if (p + 12 + length > b.length) return truncated(`the PNG chunk ${type}`);
    if (type === 'fcTL') {
      // APNG frame control: sequence number, width, height, x offset, y offset.
      if (length < 26) return { corrupt: 'an APNG frame control chunk is too short' };
      frames.push({
        width: be32(b, p + 12),
        height: be32(b, p + 16),
        left: be32(b, p + 20),
        top: be32(b, p + 24),
      });
    }
    if (type === 'IEND') break;
    p += 12 + length;
  }
  return { layout: { width, height, frames, framesInCanvas: true, bitDepth } };
}

// Start-of-frame markers: C0–CF except C4 (DHT), C8 (reserved) and CC (DAC).
const JPEG_FRAME_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

function jpegLayout(b: Uint8Array): LayoutResult {
  const frames: FrameRect[] = [];
  let bitDepth = 8;
  const done = (): LayoutResult => {
    const first = frames[0];
    if (!first) return { corrupt: 'the JPEG has no frame header before its image data' };
    return { layout: { width: first.width, height: first.height, frames, framesInCanvas: false, bitDepth } };
  };
  let p = 2; // after SOI
  while (p + 1 < b.length) {
    if (b[p] !== 0xff) return { corrupt: `the JPEG has no marker where one should be (byte ${p})` };
    const marker = b[p + 1]!;
    if (marker === 0xff) {
      p += 1; // fill byte before a marker
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      p += 2; // TEM and RSTn stand alone
      continue;
    }
    if (marker === 0xd9) return done();
    if (marker === 0xda && frames.length === 0) return done();
    if (p + 4 > b.length) return truncated('a JPEG segment header');
    const length = be16(b, p + 2);
    if (length < 2 || p + 2 + length > b.length) return truncated('a JPEG segment');
    if (JPEG_FRAME_MARKERS.has(marker)) {
      // Segment: length (2), precision (1), height (2), width (2).
      if (length < 7) return { corrupt: 'a JPEG frame header is too short' };
      bitDepth = Math.max(bitDepth, b[p + 4] ?? 8);
      frames.push({ left: 0, top: 0, width: be16(b, p + 7), height: be16(b, p + 5) });
    }
    p += 2 + length;
    // After a scan header comes entropy-coded data: skip to the next marker that is not a stuffed
    // zero or a restart, so a later frame header (a second SOF) is still seen.
    if (marker === 0xda) p = nextJpegMarker(b, p);
  }
  // Data that stops without EOI is decoded leniently, so it is judged by the frames it declared.
  return done();
}

function nextJpegMarker(b: Uint8Array, start: number): number {
  let p = start;
  while (p + 1 < b.length) {
    if (b[p] === 0xff) {
      const next = b[p + 1]!;
      if (next !== 0 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) return p;
    }
    p += 1;
  }
  return b.length;
}

function webpLayout(b: Uint8Array): LayoutResult {
  const first = webpImageChunk(b, 12);
  if (first !== undefined) {
    if (first === null) return truncated('the WebP image header');
    return {
      layout: { width: first.width, height: first.height, frames: [first], framesInCanvas: true, bitDepth: 8 },
    };
  }
  if (ascii(b, 12, 4) !== 'VP8X') return { corrupt: `the WebP starts with an unknown chunk` };
  // Extended: 4 bytes of flags, then canvas width − 1 and height − 1 in 24 bits each.
  if (b.length < 30) return truncated('the WebP canvas header');
  const width = le24(b, 24) + 1;
  const height = le24(b, 27) + 1;
  const frames: FrameRect[] = [];
  let p = 12;
  while (p + 8 <= b.length) {
    const type = ascii(b, p, 4);
    const size = le32(b, p + 4);
    if (p + 8 + size > b.length) return truncated(`the WebP chunk ${type}`);
    if (type === 'ANMF') {
      // Animation frame: X / 2, Y / 2, width − 1, height − 1 in 24 bits each.
      if (size < 16) return { corrupt: 'a WebP animation frame header is too short' };
      frames.push({
        left: le24(b, p + 8) * 2,
        top: le24(b, p + 11) * 2,
        width: le24(b, p + 14) + 1,
        height: le24(b, p + 17) + 1,
      });
    } else {
      const image = webpImageChunk(b, p);
      if (image === null) return truncated('a WebP image header');
      if (image) frames.push(image);
    }
    p += 8 + size + (size & 1); // chunks are padded to an even size
  }
  return { layout: { width, height, frames, framesInCanvas: true, bitDepth: 8 } };
}

/** The size in a VP8 or VP8L chunk at `p`; undefined for another chunk, null when it is damaged. */
function webpImageChunk(b: Uint8Array, p: number): FrameRect | null | undefined {
  const chunk = ascii(b, p, 4);
  if (chunk === 'VP8 ') {
    // Lossy: 3-byte frame tag, start code 9D 01 2A, then 14-bit width and height.
    if (b.length < p + 18 || b[p + 11] !== 0x9d || b[p + 12] !== 0x01 || b[p + 13] !== 0x2a) return null;
    return { left: 0, top: 0, width: le16(b, p + 14) & 0x3fff, height: le16(b, p + 16) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    // Lossless: signature 0x2F, then width − 1 and height − 1 in 14 bits each, little-endian bit order.
    if (b.length < p + 13 || b[p + 8] !== 0x2f) return null;
    const bits = le32(b, p + 9);
    return { left: 0, top: 0, width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return undefined;
}

/** Bytes as Latin-1 text; shorter than `length` when the data ends first. */
function ascii(b: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...b.subarray(offset, offset + length));
}

function be16(b: Uint8Array, offset: number): number {
  return ((b[offset] ?? 0) << 8) | (b[offset + 1] ?? 0);
}

function be32(b: Uint8Array, offset: number): number {
  return (be16(b, offset) * 0x10000 + be16(b, offset + 2)) >>> 0;
}

function le16(b: Uint8Array, offset: number): number {
  return (b[offset] ?? 0) | ((b[offset + 1] ?? 0) << 8);
}

function le24(b: Uint8Array, offset: number): number {
  return le16(b, offset) | ((b[offset + 2] ?? 0) << 16);
}

function le32(b: Uint8Array, offset: number): number {
  return (le16(b, offset) + le16(b, offset + 2) * 0x10000) >>> 0;
}
