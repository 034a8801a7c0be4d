/**
 * The real model on real photos: face-api ships six sample photos (group shots, 3–5 faces each) in
 * `node_modules/@vladmandic/face-api/demo/sample{1..6}.jpg`; no other photo is needed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage, resizeRgba, type DecodedImage } from '../../supabase/functions/_shared/face/decode-image.ts';
import {
  faceModelDir,
  loadFaceModel,
  modelLoadCount,
  type DetectedFace,
  type FaceModel,
} from '../../supabase/functions/_shared/face/face-model.ts';

const LOAD_TIMEOUT = 120_000;
const SAMPLES = [1, 2, 3, 4, 5, 6].map((n) => path.join(faceModelDir(), '..', 'demo', `sample${n}.jpg`));

const decodeSample = (file: string): Promise<DecodedImage> =>
  decodeImage(new Uint8Array(readFileSync(file)), 'jpeg');
const area = (f: DetectedFace): number => f.box.width * f.box.height;

function gradient(width: number, height: number): DecodedImage {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++)
      data.set([(x * 255) / width, (y * 255) / height, 128, 255], (y * width + x) * 4);
  }
  return { width, height, data };
}

/** A copy of `rect` of `image`, `scale` times larger (nearest pixel), pasted at (`at.x`, `at.y`) into `canvas`. */
function paste(
  canvas: DecodedImage,
  image: DecodedImage,
  rect: { x: number; y: number; width: number; height: number },
  scale: number,
  at: { x: number; y: number },
): void {
  for (let y = 0; y < Math.round(rect.height * scale); y++) {
    for (let x = 0; x < Math.round(rect.width * scale); x++) {
      const sx = Math.min(image.width - 1, Math.floor(rect.x + x / scale));
      const sy = Math.min(image.height - 1, Math.floor(rect.y + y / scale));
      const dx = at.x + x;
      const dy = at.y + y;
      if (dx >= canvas.width || dy >= canvas.height) continue;
      const s = (sy * image.width + sx) * 4;
      canvas.data.set(image.data.subarray(s, s + 4), (dy * canvas.width + dx) * 4);
    }
  }
}

let model: FaceModel;
let sample1: DecodedImage;

beforeAll(async () => {
  [model, sample1] = await Promise.all([loadFaceModel(), decodeSample(SAMPLES[0]!)]);
}, LOAD_TIMEOUT);

describe('loadFaceModel', () => {
  it('initialises tfjs on the wasm backend and loads the weights once, however often it is called', async () => {
    const again = await Promise.all([loadFaceModel(), loadFaceModel(), loadFaceModel()]);
    for (const m of again) expect(m).toBe(model);
    await model.detect(sample1);
    expect(await loadFaceModel()).toBe(model);
    expect(modelLoadCount()).toBe(1);
    expect(model.backend).toBe('wasm');
  });
});

describe('FaceModel.detect', () => {
  it(
    'finds the faces of a sample photo, with a plausible age and 68 landmarks inside the photo and the box',
    async () => {
      expect([sample1.width, sample1.height]).toEqual([768, 512]);
      const faces = await model.detect(sample1);
      expect(faces.length).toBe(3);
      for (const face of faces) {
        expect(face.score).toBeGreaterThanOrEqual(0.5);
        expect(face.score).toBeLessThanOrEqual(1);
        expect(face.age).toBeGreaterThanOrEqual(10);
        expect(face.age).toBeLessThanOrEqual(90);
        expect(face.landmarks).toHaveLength(68);
        const { x, y, width, height } = face.box;
        expect(width).toBeGreaterThan(20);
        for (const p of face.landmarks) {
          expect(p.x).toBeGreaterThanOrEqual(0);
          expect(p.y).toBeGreaterThanOrEqual(0);
          expect(p.x).toBeLessThanOrEqual(sample1.width);
          expect(p.y).toBeLessThanOrEqual(sample1.height);
          // Landmarks are in photo coordinates, on this face (the box, with a margin for the jaw).
          expect(p.x).toBeGreaterThan(x - 0.25 * width);
          expect(p.x).toBeLessThan(x + 1.25 * width);
          expect(p.y).toBeGreaterThan(y - 0.25 * height);
          expect(p.y).toBeLessThan(y + 1.25 * height);
        }
      }
    },
    LOAD_TIMEOUT,
  );

  it(
    'finds faces in every shipped sample photo, largest box first',
    async () => {
      for (const file of SAMPLES) {
        const faces = await model.detect(await decodeSample(file));
        expect(faces.length, file).toBeGreaterThanOrEqual(2);
        for (let i = 1; i < faces.length; i++)
          expect(area(faces[i - 1]!), file).toBeGreaterThanOrEqual(area(faces[i]!));
        for (const face of faces) {
          expect(face.age, file).toBeGreaterThanOrEqual(10);
          expect(face.age, file).toBeLessThanOrEqual(90);
        }
      }
    },
    LOAD_TIMEOUT,
  );

  it(
    'puts the largest face first when a photo holds a big and a small one',
    async () => {
      // One face of sample 1, pasted twice: small on the left, 2.5× larger on the right.
      const [face] = await model.detect(sample1);
      const pad = 0.5 * face!.box.width;
      const crop = {
        x: Math.max(0, face!.box.x - pad),
        y: Math.max(0, face!.box.y - pad),
        width: face!.box.width + 2 * pad,
        height: face!.box.height + 2 * pad,
      };
      const canvas = gradient(768, 512);
      paste(canvas, sample1, crop, 1, { x: 40, y: 150 });
      paste(canvas, sample1, crop, 2.5, { x: 320, y: 20 });
      const faces = await model.detect(canvas);
      expect(faces.length).toBe(2);
      expect(faces[0]!.box.x).toBeGreaterThan(320);
      expect(faces[1]!.box.x).toBeLessThan(320);
      expect(faces[0]!.box.width / faces[1]!.box.width).toBeGreaterThan(2);
    },
    LOAD_TIMEOUT,
  );

  it(
    'finds no face in a flat gradient or a uniform grey',
    async () => {
      expect(await model.detect(gradient(768, 512))).toEqual([]);
      expect(
        await model.detect({ width: 300, height: 400, data: new Uint8Array(300 * 400 * 4).fill(128) }),
      ).toEqual([]);
    },
    LOAD_TIMEOUT,
  );

  it(
    'handles a photo smaller than the detector input (upscaled by face-api)',
    async () => {
      const small = resizeRgba(sample1, 400);
      const faces = await model.detect(small);
      expect(faces.length).toBeGreaterThanOrEqual(1);
      for (const p of faces[0]!.landmarks) expect(p.x).toBeLessThanOrEqual(small.width);
    },
    LOAD_TIMEOUT,
  );

  it('rejects pixels that do not match the stated size', async () => {
    await expect(model.detect({ width: 100, height: 100, data: new Uint8Array(10) })).rejects.toThrow(/RGBA/);
  });

  it(
    'leaks no tensors across requests',
    async () => {
      await model.detect(sample1);
      const before = model.numTensors();
      for (let i = 0; i < 3; i++) {
        await model.detect(sample1);
        await model.detect(gradient(256, 256));
        await expect(model.detect({ width: 10, height: 10, data: new Uint8Array(4) })).rejects.toThrow();
      }
      expect(model.numTensors()).toBe(before);
    },
    LOAD_TIMEOUT,
  );
});

describe('FaceModel.readLargest', () => {
  it(
    'counts the faces and reads the largest exactly as detect does, in every shipped sample photo',
    async () => {
      for (const file of SAMPLES) {
        const image = await decodeSample(file);
        const faces = await model.detect(image);
        const read = await model.readLargest(image);
        expect(read.faceCount, file).toBe(faces.length);
        expect(read.largest, file).toEqual(faces[0]);
      }
    },
    LOAD_TIMEOUT,
  );

  it(
    'reads the big face when a photo holds a big and a small one, and nothing in a gradient',
    async () => {
      const [face] = await model.detect(sample1);
      const crop = {
        x: face!.box.x - 20,
        y: face!.box.y - 20,
        width: face!.box.width + 40,
        height: face!.box.height + 40,
      };
      const canvas = gradient(768, 512);
      paste(canvas, sample1, crop, 1, { x: 40, y: 150 });
      paste(canvas, sample1, crop, 2.5, { x: 320, y: 20 });
      const read = await model.readLargest(canvas);
      expect(read.faceCount).toBe(2);
      expect(read.largest!.box.x).toBeGreaterThan(320);
      expect(await model.readLargest(gradient(768, 512))).toEqual({ faceCount: 0, largest: null });
    },
    LOAD_TIMEOUT,
  );

  it(
    'leaks no tensors',
    async () => {
      await model.readLargest(sample1);
      const before = model.numTensors();
      for (let i = 0; i < 3; i++) {
        await model.readLargest(sample1);
        await model.readLargest(gradient(256, 256));
      }
      expect(model.numTensors()).toBe(before);
    },
    LOAD_TIMEOUT,
  );
});
