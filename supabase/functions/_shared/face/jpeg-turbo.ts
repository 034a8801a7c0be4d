/**
 * JPEG decoding with libjpeg-turbo compiled to WebAssembly (the `.wasm` of `@cwasm/jpeg-turbo`, shipped
 * in the npm package; no native module, nothing downloaded): about ten times faster than jpeg-js (a
 * 1920 × 1280 photo in ~25 ms instead of ~250 ms), and the decoder browsers themselves use.
 *
 * This is a fast path only: anything it cannot do cleanly (a CMYK file, a damaged one libjpeg would
 * only decode with warnings, a runtime without the file) returns null and the caller decodes with
 * jpeg-js, which stays the reference decoder and keeps its tolerance of damaged files.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** TurboJPEG's pixel format constant for RGBA. */
const TJPF_RGBA = 7;
/** Above this, the instance is dropped after a decode so its memory (which never shrinks) is freed. */
const KEEP_MEMORY_BYTES = 64 * 1024 * 1024;

interface TurboExports {
  memory: WebAssembly.Memory;
  malloc(size: number): number;
  free(pointer: number): void;
  tjInitDecompress(): number;
  tjDestroy(handle: number): number;
  tjDecompressHeader3(
    handle: number,
    src: number,
    size: number,
    w: number,
    h: number,
    sub: number,
    cs: number,
  ): number;
  tjDecompress2(
    handle: number,
    src: number,
    size: number,
    dst: number,
    width: number,
    pitch: number,
    height: number,
    format: number,
    flags: number,
  ): number;
}

/** Wraps what `accept` threw, to tell it apart from libjpeg's own failures. */
class Refused {
  constructor(readonly refusal: unknown) {}
}

let compiled: WebAssembly.Module | null | undefined;
let instance: TurboExports | null = null;

// libjpeg reports fatal errors through longjmp; without a real setjmp the call unwinds as a JS
// exception, and the instance (whose allocations it leaves behind) is thrown away. Its only other
// calls out: reading the (empty) environment at start-up; file and process calls are refused.
function importsFor(memory: () => WebAssembly.Memory | undefined): WebAssembly.Imports {
  const refuse = (name: string) => () => {
    throw new Error(`libjpeg called ${name}`);
  };
  return {
    env: { setjmp: () => 0, longjmp: refuse('longjmp') },
    wasi_snapshot_preview1: {
      environ_sizes_get: (count: number, size: number) => {
        const view = new DataView(memory()!.buffer);
        view.setUint32(count, 0, true);
        view.setUint32(size, 0, true);
        return 0;
      },
      environ_get: () => 0,
      proc_exit: refuse('proc_exit'),
      fd_close: refuse('fd_close'),
      fd_seek: refuse('fd_seek'),
      fd_write: refuse('fd_write'),
    },
  };
}

function isTurboExports(value: WebAssembly.Exports): value is WebAssembly.Exports & TurboExports {
  return value.memory instanceof WebAssembly.Memory && typeof value.tjDecompress2 === 'function';
}

function turbo(): TurboExports | null {
  if (instance) return instance;
  if (compiled === undefined) {
    try {
      const require = createRequire(import.meta.url);
      compiled = new WebAssembly.Module(readFileSync(require.resolve('@cwasm/jpeg-turbo/jpeg-turbo.wasm')));
    } catch {
      compiled = null;
    }
  }
  if (!compiled) return null;
  const own: { memory?: WebAssembly.Memory } = {};
  const exports = new WebAssembly.Instance(
    compiled,
    importsFor(() => own.memory),
  ).exports;
  if (exports.memory instanceof WebAssembly.Memory) own.memory = exports.memory;
  instance = isTurboExports(exports) ? exports : null;
  return instance;
}

/**
 * The DCT scale divisor (1, 2, 4 or 8) to decode a `width` × `height` JPEG at so that its long side
 * is still at least `atLeast` pixels: the largest such divisor.
 */
export function jpegScaleDivisor(width: number, height: number, atLeast: number): number {
  const longSide = Math.max(width, height);
  // No size (0, negative, NaN) means no downscale, as resizeRgba reads it: decode whole.
  if (!(atLeast > 0)) return 1;
  for (const divisor of [8, 4, 2]) if (Math.ceil(longSide / divisor) >= atLeast) return divisor;
  return 1;
}

/**
 * Decodes `bytes` to RGBA. `accept` sees the header's width and height before any pixel is decoded
 * and may throw to refuse them (its error is rethrown). Returns null when this decoder cannot decode
 * the file cleanly; the caller then uses jpeg-js.
 *
 * With `atLeast`, a photo more than twice that size on its long side is decoded at 1/2, 1/4 or 1/8
 * scale ({@link jpegScaleDivisor}): libjpeg then runs a reduced inverse DCT on each block's low
 * frequencies, so the smaller picture costs less to decode and to downscale than the full one.
 */
export function decodeJpegTurbo(
  bytes: Uint8Array,
  accept: (width: number, height: number) => void,
  atLeast = Infinity,
): { width: number; height: number; data: Uint8Array } | null {
  const x = turbo();
  if (!x) return null;
  let handle = 0;
  const pointers: number[] = [];
  const alloc = (size: number): number => {
    const pointer = x.malloc(size);
    if (pointer === 0) throw new Error('libjpeg: out of memory');
    pointers.push(pointer);
    return pointer;
  };
  let failed = false;
  try {
    const src = alloc(bytes.byteLength);
    new Uint8Array(x.memory.buffer, src, bytes.byteLength).set(bytes);
    handle = x.tjInitDecompress();
    const meta = alloc(16);
    if (
      handle === 0 ||
      x.tjDecompressHeader3(handle, src, bytes.byteLength, meta, meta + 4, meta + 8, meta + 12) !== 0
    )
      return null;
    const [fullWidth = 0, fullHeight = 0] = new Int32Array(x.memory.buffer, meta, 2);
    try {
      accept(fullWidth, fullHeight);
    } catch (refusal) {
      throw new Refused(refusal);
    }
    // TurboJPEG scales to the largest factor that fits the size asked for, rounding up as here.
    const divisor = jpegScaleDivisor(fullWidth, fullHeight, atLeast);
    const width = Math.ceil(fullWidth / divisor);
    const height = Math.ceil(fullHeight / divisor);
    const length = width * height * 4;
    const dst = alloc(length);
    if (x.tjDecompress2(handle, src, bytes.byteLength, dst, width, 0, height, TJPF_RGBA, 0) !== 0)
      return null;
    return { width, height, data: new Uint8Array(x.memory.buffer, dst, length).slice() };
  } catch (error) {
    // A refusal from `accept` is the caller's own answer; anything else (libjpeg's longjmp, a trap)
    // means "use jpeg-js", and the instance it left in an unknown state is not used again.
    if (error instanceof Refused) throw error.refusal;
    failed = true;
    return null;
  } finally {
    if (failed || x.memory.buffer.byteLength > KEEP_MEMORY_BYTES) {
      instance = null;
    } else {
      if (handle !== 0) x.tjDestroy(handle);
      for (const pointer of pointers) x.free(pointer);
    }
  }
}
