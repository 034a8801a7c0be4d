/**
 * The fused detector is face-api's SSD MobileNet v1 computed differently, not a different detector:
 * on every shipped sample photo it finds the same faces, with the same boxes and scores up to float
 * rounding, as face-api's own network loaded from the same weights.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as faceapi from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import { decodeImage } from '../../supabase/functions/_shared/face/decode-image.ts';
import { faceModelDir, loadFaceModel } from '../../supabase/functions/_shared/face/face-model.ts';
import { FusedSsdMobilenetv1 } from '../../supabase/functions/_shared/face/fused-ssd.ts';
import { tf } from '../../supabase/functions/_shared/face/tfjs.ts';

const LOAD_TIMEOUT = 120_000;
const SAMPLES = [1, 2, 3, 4, 5, 6].map((n) => path.join(faceModelDir(), '..', 'demo', `sample${n}.jpg`));
const options = new faceapi.SsdMobilenetv1Options({ minConfidence: 0.5, maxResults: 10 });

const fused = new FusedSsdMobilenetv1();
const reference = new faceapi.SsdMobilenetv1();

beforeAll(async () => {
  await loadFaceModel(); // the wasm backend
  await Promise.all([fused.loadFromDisk(faceModelDir()), reference.loadFromDisk(faceModelDir())]);
}, LOAD_TIMEOUT);

async function rgbTensor(file: string): Promise<faceapi.tf.Tensor3D> {
  const { width, height, data } = await decodeImage(new Uint8Array(readFileSync(file)), 'jpeg');
  const rgb = new Int32Array(width * height * 3);
  for (let i = 0, j = 0; j < rgb.length; i += 4, j += 3) rgb.set(data.subarray(i, i + 3), j);
  return tf.tensor3d(rgb, [height, width, 3], 'int32') as unknown as faceapi.tf.Tensor3D;
}

describe('FusedSsdMobilenetv1', () => {
  it(
    "finds the faces face-api's own SSD finds, with the same boxes and scores, in every sample photo",
    async () => {
      for (const file of SAMPLES) {
        const input = await rgbTensor(file);
        try {
          const want = await reference.locateFaces(input, options);
          const got = await fused.locateFaces(input, options);
          expect(got.length, file).toBe(want.length);
          expect(want.length, file).toBeGreaterThanOrEqual(2);
          got.forEach((face, i) => {
            const ref = want[i]!;
            expect(face.score, file).toBeCloseTo(ref.score, 5);
            for (const key of ['x', 'y', 'width', 'height'] as const)
              expect(Math.abs(face.box[key] - ref.box[key]), `${file} ${key}`).toBeLessThan(0.01);
          });
        } finally {
          input.dispose();
        }
      }
    },
    LOAD_TIMEOUT,
  );

  it(
    'keeps no tensor from a run: the folded weights are made once',
    async () => {
      const input = await rgbTensor(SAMPLES[0]!);
      try {
        await fused.locateFaces(input, options);
        const before = tf.memory().numTensors;
        for (let i = 0; i < 3; i++) await fused.locateFaces(input, options);
        expect(tf.memory().numTensors).toBe(before);
      } finally {
        input.dispose();
      }
    },
    LOAD_TIMEOUT,
  );
});
