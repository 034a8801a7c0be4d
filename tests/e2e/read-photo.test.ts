/**
 * The photo downscaler in real Chromium: `src/screens/photo-upload/read-photo.ts`, bundled on the
 * spot with esbuild and injected into a blank page on the preview server's origin, reads files the
 * page itself paints and encodes (a 12 MP phone-sized photo, an EXIF-rotated JPEG, a transparent
 * PNG) and files that must be refused. This tests the module alone, not the screen around it, so it
 * does not depend on what the screen does with the photo afterwards.
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFlow, repoRoot, startHarness, type Harness, type TestPage } from './harness.ts';

const BLANK_PATH = '/__read-photo-e2e';
const KB = 1024;
const MAX_SIDE = 1024;
const BUDGET_BYTES = 300 * KB;

/** The photo screen's `maxBytes` in the shipped flow (the limit the screen passes to readPhoto). */
function flowLimit(): number {
  const screen = Object.values(loadFlow().screens).find((candidate) => candidate.kind === 'photo-upload');
  const value = screen && 'maxBytes' in screen ? screen.maxBytes : undefined;
  if (typeof value !== 'number') throw new Error('The flow has no photo-upload screen with maxBytes');
  return value;
}

/** What the page paints on the canvas it encodes into a test file. */
type Paint = 'photo' | 'noise' | 'halves' | 'transparent-left';

/** A test file: painted and encoded in the page, or raw bytes. */
type FileSpec = { name: string; type: string; exif?: number[] } & (
  | { paint: Paint; width: number; height: number; encode: { type: string; quality?: number } }
  | { text: string }
  | { zeros: number }
);

/** What the page reports back about one `readPhoto` call. */
interface Outcome {
  inputBytes: number;
  ms: number;
  result: { ok: true; prefix: string } | { ok: false; problem: string };
  output?: {
    type: string;
    bytes: number;
    dataUrlChars: number;
    width: number;
    height: number;
    hasExif: boolean;
    /** RGB at each asked point. */
    pixels: number[][];
  };
}

/**
 * Runs in the page before the tests: paints and encodes test files and measures what readPhoto
 * returns. Plain JavaScript in a string, so no compiler helper can leak into the page.
 */
const PAGE_HELPERS = `(() => {
  const paint = (ctx, kind, width, height) => {
    if (kind === 'halves') {
      ctx.fillStyle = 'rgb(220, 0, 0)'; ctx.fillRect(0, 0, width / 2, height);
      ctx.fillStyle = 'rgb(0, 0, 220)'; ctx.fillRect(width / 2, 0, width / 2, height);
      return;
    }
    if (kind === 'transparent-left') {
      ctx.clearRect(0, 0, width, height);
      ctx.fillStyle = 'rgb(0, 160, 0)'; ctx.fillRect(width / 2, 0, width / 2, height);
      return;
    }
    // 'photo': soft light, a face-like oval, detail at 4 px (pores, hair: it survives the downscale,
    // as a real photo's does) and sensor grain; 'noise': every pixel random, the worst case.
    const image = ctx.createImageData(width, height);
    const d = image.data;
    const blocksWide = Math.ceil(width / 4);
    const detail = new Float32Array(blocksWide * Math.ceil(height / 4)).map(() => (Math.random() - 0.5) * 40);
    for (let y = 0, i = 0; y < height; y++) {
      for (let x = 0; x < width; x++, i += 4) {
        if (kind === 'noise') {
          d[i] = Math.random() * 256; d[i + 1] = Math.random() * 256; d[i + 2] = Math.random() * 256;
        } else {
          const light = 0.75 + 0.25 * Math.sin(x / 310) * Math.cos(y / 270);
          const dx = x - width / 2, dy = y - height / 2;
          const face = dx * dx / (width * width * 0.04) + dy * dy / (height * height * 0.09) < 1 ? 1 : 0.8;
          const grain = detail[(y >> 2) * blocksWide + (x >> 2)] + (Math.random() - 0.5) * 14;
          d[i] = 225 * light * face + grain; d[i + 1] = 180 * light * face + grain; d[i + 2] = 150 * light * face + grain;
        }
        d[i + 3] = 255;
      }
    }
    ctx.putImageData(image, 0, 0);
  };

  const makeFile = async (spec) => {
    let bytes;
    if ('paint' in spec) {
      const canvas = new OffscreenCanvas(spec.width, spec.height);
      paint(canvas.getContext('2d'), spec.paint, spec.width, spec.height);
      const blob = await canvas.convertToBlob(spec.encode);
      bytes = new Uint8Array(await blob.arrayBuffer());
    } else if ('text' in spec) {
      bytes = new TextEncoder().encode(spec.text);
    } else {
      bytes = new Uint8Array(spec.zeros);
    }
    if (spec.exif) {
      // The APP1 segment goes right after the JPEG's start-of-image marker.
      const spliced = new Uint8Array(bytes.length + spec.exif.length);
      spliced.set(bytes.subarray(0, 2), 0);
      spliced.set(spec.exif, 2);
      spliced.set(bytes.subarray(2), 2 + spec.exif.length);
      bytes = spliced;
    }
    return new File([bytes], spec.name, { type: spec.type });
  };

  const contains = (bytes, needle) => {
    outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
      for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
      return true;
    }
    return false;
  };

  const measure = async (dataUrl, points) => {
    const blob = await (await fetch(dataUrl)).blob();
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    ctx.drawImage(bitmap, 0, 0);
    const pixels = points.map(([x, y]) => Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3)));
    const result = {
      type: blob.type, bytes: blob.size, dataUrlChars: dataUrl.length, width: bitmap.width, height: bitmap.height,
      hasExif: contains(bytes, [0x45, 0x78, 0x69, 0x66, 0, 0]), pixels,
    };
    bitmap.close();
    return result;
  };

  window.__readPhotoE2e = async (spec, maxBytes, points) => {
    const file = await makeFile(spec);
    const start = performance.now();
    const result = await window.readPhotoModule.readPhoto(file, maxBytes);
    const ms = Math.round(performance.now() - start);
    if (!result.ok) return { inputBytes: file.size, ms, result };
    return {
      inputBytes: file.size, ms,
      result: { ok: true, prefix: result.image.slice(0, result.image.indexOf(',') + 1) },
      output: await measure(result.image, points),
    };
  };
})();`;

/** An EXIF APP1 segment (little-endian TIFF, one IFD0 entry) holding only `Orientation = value`. */
function exifOrientation(value: number): number[] {
  const tiff = Buffer.alloc(26);
  tiff.write('II', 0, 'ascii');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4); // IFD0 right after the header
  tiff.writeUInt16LE(1, 8); // one entry
  tiff.writeUInt16LE(0x0112, 10); // Orientation
  tiff.writeUInt16LE(3, 12); // SHORT
  tiff.writeUInt32LE(1, 14); // one value
  tiff.writeUInt16LE(value, 18);
  tiff.writeUInt32LE(0, 22); // no next IFD
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return [...Buffer.concat([header, payload])];
}

let harness: Harness;
let tp: TestPage;
const limit = flowLimit();

function read(spec: FileSpec, points: [number, number][] = []): Promise<Outcome> {
  return tp.page.evaluate<Outcome>(
    `window.__readPhotoE2e(${JSON.stringify(spec)}, ${JSON.stringify(limit)}, ${JSON.stringify(points)})`,
  );
}

/** Logs what was measured, for the record (sizes in KB). */
function report(label: string, outcome: Outcome): void {
  const out = outcome.output;
  console.info(
    `${label}: in ${(outcome.inputBytes / KB).toFixed(0)} KB → ` +
      (out
        ? `${out.width}×${out.height} ${out.type} ${(out.bytes / KB).toFixed(1)} KB (data URL ${(out.dataUrlChars / KB).toFixed(1)} KB) in ${outcome.ms} ms`
        : JSON.stringify(outcome.result)),
  );
}

beforeAll(async () => {
  harness = await startHarness();
  const bundle = await build({
    entryPoints: [join(repoRoot, 'src/screens/photo-upload/read-photo.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'readPhotoModule',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const code = bundle.outputFiles[0]?.text;
  if (!code) throw new Error('esbuild produced no bundle for read-photo.ts');

  tp = await harness.open();
  // A blank page on the app's origin: the module alone, without the app running around it.
  await tp.context.route(tp.url(BLANK_PATH), (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><html lang="en"><head><title>readPhoto</title></head><body></body></html>',
    }),
  );
  await tp.page.goto(tp.url(BLANK_PATH));
  await tp.page.addScriptTag({ content: code });
  await tp.page.addScriptTag({ content: PAGE_HELPERS });
});

afterAll(async () => {
  await harness?.stop();
});

describe('readPhoto in Chromium', () => {
  it('reads the 10 MB limit from the flow', () => {
    expect(limit).toBe(10 * 1024 * 1024);
  });

  it('brings a 12 MP phone photo to a 1024 px JPEG well under 300 KB, without EXIF', async () => {
    const outcome = await read(
      {
        name: 'IMG_0001.jpg',
        type: 'image/jpeg',
        paint: 'photo',
        width: 4000,
        height: 3000,
        encode: { type: 'image/jpeg', quality: 0.92 },
      },
      [[512, 384]],
    );
    report('12 MP photo', outcome);
    expect(outcome.inputBytes).toBeGreaterThan(1024 * KB);
    expect(outcome.result).toEqual({ ok: true, prefix: 'data:image/jpeg;base64,' });
    expect(outcome.output).toMatchObject({
      type: 'image/jpeg',
      width: MAX_SIDE,
      height: 768,
      hasExif: false,
    });
    expect(outcome.output?.bytes).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('turns a JPEG with EXIF orientation 6 upright: 400×200 stored becomes 200×400, its left edge on top', async () => {
    const outcome = await read(
      {
        name: 'rotated.jpg',
        type: 'image/jpeg',
        paint: 'halves',
        width: 400,
        height: 200,
        encode: { type: 'image/jpeg', quality: 0.95 },
        exif: exifOrientation(6),
      },
      [
        [100, 50],
        [100, 350],
      ],
    );
    report('EXIF orientation 6', outcome);
    expect(outcome.output).toMatchObject({ type: 'image/jpeg', width: 200, height: 400, hasExif: false });
    const [top, bottom] = outcome.output?.pixels ?? [];
    // Orientation 6 means "rotate 90° clockwise to show": the stored left (red) half ends on top.
    expect(top?.[0]).toBeGreaterThan(180);
    expect(top?.[2]).toBeLessThan(60);
    expect(bottom?.[2]).toBeGreaterThan(180);
    expect(bottom?.[0]).toBeLessThan(60);
  });

  it('never upscales a small PNG, and puts its transparent part on white, not black', async () => {
    const outcome = await read(
      {
        name: 'small.png',
        type: 'image/png',
        paint: 'transparent-left',
        width: 300,
        height: 200,
        encode: { type: 'image/png' },
      },
      [
        [50, 100],
        [250, 100],
      ],
    );
    report('300×200 PNG', outcome);
    expect(outcome.result).toEqual({ ok: true, prefix: 'data:image/jpeg;base64,' });
    expect(outcome.output).toMatchObject({ width: 300, height: 200 });
    const [left, right] = outcome.output?.pixels ?? [];
    expect(Math.min(...(left ?? []))).toBeGreaterThan(240);
    expect(right?.[1]).toBeGreaterThan(120);
    expect(right?.[0]).toBeLessThan(60);
  });

  it('reads a real image whose file has no type at all', async () => {
    const outcome = await read({
      name: 'photo',
      type: '',
      paint: 'halves',
      width: 400,
      height: 200,
      encode: { type: 'image/jpeg', quality: 0.9 },
    });
    expect(outcome.output).toMatchObject({ type: 'image/jpeg', width: 400, height: 200 });
  });

  // Measured here: pure noise at 1024×768 weighs ~450 KB at quality 0.85 and ~300 KB at 0.7.
  it('keeps even a grain-only photo within the budget by lowering the quality', async () => {
    const outcome = await read({
      name: 'grain.png',
      type: 'image/png',
      paint: 'noise',
      width: 1600,
      height: 1200,
      encode: { type: 'image/png' },
    });
    report('pure noise 1600×1200', outcome);
    expect(outcome.output).toMatchObject({ type: 'image/jpeg', width: MAX_SIDE, height: 768 });
    expect(outcome.output?.bytes).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it("answers 'not-image' for a PDF renamed photo.jpg", async () => {
    const outcome = await read({
      name: 'photo.jpg',
      type: 'image/jpeg',
      text: '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    });
    expect(outcome.result).toEqual({ ok: false, problem: 'not-image' });
  });

  it("answers 'too-large' for a file one byte over the limit", async () => {
    const outcome = await read({ name: 'huge.jpg', type: 'image/jpeg', zeros: limit + 1 });
    expect(outcome.result).toEqual({ ok: false, problem: 'too-large' });
  });

  it('leaves nothing in the console', () => {
    expect(tp.problems).toEqual([]);
  });
});
