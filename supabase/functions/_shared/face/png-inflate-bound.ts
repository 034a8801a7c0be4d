/**
 * The most bytes a PNG's image data may inflate to, from what its IHDR declares, and an inflate that
 * stops there. pngjs inflates an interlaced PNG without any bound, so a 1 MB file whose IDAT holds
 * 1 GiB of zeros took 6 s and a gigabyte before being refused as corrupt; inflating once, first, with
 * `maxOutputLength` makes it fail within one chunk past the declared size.
 */
import { inflateSync } from 'node:zlib';

/** Channels per pixel by IHDR colour type: grey, RGB, palette, grey + alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Adam7 passes: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  interlaced: boolean;
}

/**
 * Bytes of filtered scanlines the header allows: per row one filter byte plus the packed pixels; with
 * Adam7 interlacing, the same for each of the seven reduced images (an empty pass has no rows).
 * Null for a colour type that does not exist.
 */
export function inflatedSizeLimit(header: PngHeader): number | null {
  const channels = CHANNELS[header.colourType];
  if (channels === undefined) return null;
  const bitsPerPixel = channels * header.bitDepth;
  const rowBytes = (width: number) => 1 + Math.ceil((width * bitsPerPixel) / 8);
  if (!header.interlaced) return header.height * rowBytes(header.width);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    const width = Math.ceil(Math.max(0, header.width - x0) / dx);
    const height = Math.ceil(Math.max(0, header.height - y0) / dy);
    if (width > 0 && height > 0) total += height * rowBytes(width);
  }
  return total;
}

/** Why a PNG's data was refused, or null when it inflates within what the header allows. */
export function checkPngInflate(bytes: Uint8Array): string | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header: PngHeader = {
    width: view.getUint32(16),
    height: view.getUint32(20),
    bitDepth: view.getUint8(24),
    colourType: view.getUint8(25),
    interlaced: view.getUint8(28) === 1,
  };
  const limit = inflatedSizeLimit(header);
  if (limit === null) return `the PNG declares an unknown colour type ${header.colourType}`;
  const idat: Uint8Array[] = [];
  for (let p = 8; p + 8 <= bytes.length;) {
    const length = view.getUint32(p);
    const type = String.fromCharCode(...bytes.subarray(p + 4, p + 8));
    if (type === 'IDAT') idat.push(bytes.subarray(p + 8, p + 8 + length));
    if (type === 'IEND') break;
    p += 12 + length;
  }
  try {
    inflateSync(Buffer.concat(idat), { maxOutputLength: limit });
  } catch (error) {
    // ERR_BUFFER_TOO_LARGE is a RangeError.
    if (error instanceof RangeError) {
      return `the PNG's image data inflates to more than the ${limit} bytes its ${header.width} × ${header.height} header allows`;
    }
    // Other damage (a truncated stream, a bad checksum) is left to the decoder to name.
  }
  return null;
}
