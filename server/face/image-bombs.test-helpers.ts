/**
 * The decompression bombs of issue 18, generated in code rather than committed as binaries. Node only:
 * never imported by the server itself.
 */
import { Buffer } from 'node:buffer';
import { crc32, deflateSync } from 'node:zlib';

/**
 * A zlib stream that inflates to `size` zero bytes (rounded down to 1 + a multiple of 258) in about
 * size / 1032 bytes: one dynamic-Huffman block in which the length code 258 and the distance 1 each
 * have a 1-bit code, so every 258 zeros cost 2 bits, both 0: the body is a run of zero bytes.
 */
export function zerosDeflated(size: number): Buffer {
  const matches = Math.floor((size - 1) / 258);
  const out = Buffer.alloc(2 + 64 + Math.ceil((matches * 2) / 8) + 4 + 8);
  let bit = 16; // after the 2-byte zlib header
  const bits = (value: number, count: number) => {
    // Header fields and extra bits go least significant bit first.
    for (let i = 0; i < count; i++, bit++) if ((value >> i) & 1) out[bit >> 3]! |= 1 << (bit & 7);
  };
  const code = (value: number, length: number) => {
    // Huffman codes go most significant bit first.
    for (let i = length - 1; i >= 0; i--, bit++) if ((value >> i) & 1) out[bit >> 3]! |= 1 << (bit & 7);
  };
  out[0] = 0x78;
  out[1] = 0x01;
  bits(1, 1); // final block
  bits(2, 2); // dynamic Huffman
  bits(29, 5); // 286 literal/length codes
  bits(0, 5); // 1 distance code
  bits(14, 4); // 18 code-length codes, in the order 16 17 18 0 8 7 9 6 10 5 11 4 12 3 13 2 14 1
  for (const length of [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2]) bits(length, 3);
  // Code-length alphabet: 18 → '0', 1 → '10', 2 → '11'.
  code(3, 2); // literal 0 has length 2
  code(0, 1); // 138 zeros
  bits(127, 7);
  code(0, 1); // 117 zeros (literals 1..255)
  bits(106, 7);
  code(3, 2); // end of block (256) has length 2
  code(0, 1); // 28 zeros (257..284)
  bits(17, 7);
  code(2, 2); // length code 285 (258 bytes) has length 1
  code(2, 2); // distance code 0 (distance 1) has length 1
  // Literal/length alphabet: 285 → '0', 0 → '10', 256 → '11'; distance 0 → '0'.
  code(2, 2); // one literal zero, then `matches` copies of 258 zeros at distance 1: all zero bits
  bit += matches * 2;
  code(3, 2); // end of block
  let end = Math.ceil(bit / 8);
  const total = 1 + matches * 258;
  // Adler-32 of zeros: A stays 1, B adds A per byte.
  out.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0, end);
  end += 4;
  return out.subarray(0, end);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** A PNG of `width`×`height` RGB pixels (8 bits) with the given zlib stream as its IDAT. */
export function pngWithData(
  width: number,
  height: number,
  zlibData: Buffer,
  interlaced: boolean,
): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  ihdr[12] = interlaced ? 1 : 0;
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', zlibData),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** The inflate bomb of issue 18: an interlaced 64 × 64 PNG of about 1 MB whose IDAT inflates to 1 GiB. */
export function pngInflateBomb(): Uint8Array {
  return pngWithData(64, 64, zerosDeflated(2 ** 30), true);
}

/**
 * A real interlaced RGB PNG (Adam7, every row filter 0) whose pixel (x, y) is (x * 9, y * 13, 200),
 * for checking that the inflate bound leaves room for exactly what the header declares.
 */
export function interlacedPng(width: number, height: number): Uint8Array {
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ];
  const rows: number[] = [];
  for (const [x0 = 0, y0 = 0, dx = 1, dy = 1] of passes) {
    if (x0 >= width || y0 >= height) continue;
    for (let y = y0; y < height; y += dy) {
      rows.push(0);
      for (let x = x0; x < width; x += dx) rows.push((x * 9) & 0xff, (y * 13) & 0xff, 200);
    }
  }
  return pngWithData(width, height, deflateSync(Buffer.from(rows)), true);
}

/**
 * A PNG of `width` × `height` pixels of the given bit depth and colour type, every sample zero, every
 * row filter 0; its IDAT is zlib's own stream of the exact scanlines (Buffer.alloc maps zero pages, so
 * 200 MB of them cost little memory while deflated).
 */
export function zeroPng(width: number, height: number, bitDepth: number, colourType: number): Uint8Array {
  const channels = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[colourType] ?? 1;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bitDepth;
  ihdr[9] = colourType;
  const scanlines = height * (1 + Math.ceil((width * channels * bitDepth) / 8));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.alloc(scanlines), { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/**
 * The costly PNG of issue 42: 4999 × 4999 RGBA pixels at 16 bits, all zeros, about 194 KB. Legal
 * under every pixel limit (25 MP), yet pngjs took 5 s and a worker restart to decode it.
 */
export function costlyPng(): Uint8Array {
  return zeroPng(4999, 4999, 16, 6);
}
