/**
 * analyze-face with the real face model, as the local server runs it: a sample photo from the model
 * package gives a photo assessment, a photo without a face gives 422, the model loads once for many
 * requests, and a request writes no file anywhere.
 */
import fs, { readFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scoringOf } from '../tests/support/render-funnel.tsx';
import { loadFlow } from '../tests/support/load-flow.ts';
import { dataUrl, tinyPng } from '../supabase/functions/_shared/image-bytes.test-helpers.ts';
import { createLocalAnalyzeFace } from '../supabase/functions/_shared/analyze-face-handler.ts';
import { faceModelDir, modelLoadCount } from '../supabase/functions/_shared/face/face-model.ts';

const handler = createLocalAnalyzeFace(scoringOf(loadFlow()));
const samplePhoto = readFileSync(resolve(faceModelDir(), '../demo/sample1.jpg'));

function post(
  imageUrl: string,
  questionnaireData: unknown = { age: 52, skinIssues: ['dryness'], hrt: 'no' },
) {
  return handler(
    new Request('http://local/functions/v1/analyze-face', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ imageUrl, questionnaireData }),
    }),
  );
}

/**
 * Records every attempt to write a file in this process (through `fs` and `fs.promises`, which both
 * CommonJS and ESM code share) while `run` runs.
 */
async function fileWritesDuring(run: () => Promise<void>): Promise<string[]> {
  const writes: string[] = [];
  const patched: [Record<string, unknown>, string, unknown][] = [];
  const watch = (target: Record<string, unknown>, names: string[]) => {
    for (const name of names) {
      const original = target[name];
      if (typeof original !== 'function') continue;
      patched.push([target, name, original]);
      target[name] = (...args: unknown[]) => {
        const [path, flags] = args;
        const writing = !name.startsWith('open') || (typeof flags === 'string' && /[wa+]/.test(flags));
        if (writing) writes.push(`${name} ${String(path)}`);
        return Reflect.apply(original, target, args);
      };
    }
  };
  watch(fs as unknown as Record<string, unknown>, [
    'writeFile',
    'writeFileSync',
    'appendFile',
    'appendFileSync',
    'createWriteStream',
    'open',
    'openSync',
    'copyFile',
    'copyFileSync',
    'rename',
    'renameSync',
  ]);
  watch(fs.promises as unknown as Record<string, unknown>, [
    'writeFile',
    'appendFile',
    'open',
    'copyFile',
    'rename',
  ]);
  syncBuiltinESMExports();
  try {
    await run();
  } finally {
    for (const [target, name, original] of patched) target[name] = original;
    syncBuiltinESMExports();
  }
  return writes;
}

describe('analyze-face with the face model', () => {
  it('reads a sample photo, chooses the largest of its faces and blends it with the answers', async () => {
    const response = await post(dataUrl(samplePhoto, 'image/jpeg'));
    expect(response.status).toBe(200);
    const assessment = await response.json();
    expect(assessment).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      chronological_age: 52,
      assessed_skin_age: expect.any(Number),
      aging_acceleration: expect.any(Number),
      assessment_confidence: expect.any(Number),
      primary_concern: expect.any(String),
      assessment_overview: {
        volume: { score: expect.any(Number) },
        elasticity: { score: expect.any(Number) },
        texture: { score: expect.any(Number) },
        complexion: { score: expect.any(Number) },
      },
      clinical_metrics: { volume_integrity: expect.any(Object), dermal_density: expect.any(Object) },
      findings: expect.any(Array),
      recommendations: expect.any(Array),
    });
    expect(assessment.photo.face_count).toBeGreaterThanOrEqual(2);
    expect(assessment.photo.note).toMatch(/the largest was analysed/);
    expect(assessment.photo.apparent_age).toBeGreaterThan(10);
    expect(assessment.photo.apparent_age).toBeLessThan(90);
    for (const value of Object.values(assessment.photo.markers)) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
    expect(assessment.assessed_skin_age).toBeGreaterThanOrEqual(52 - 10);
    expect(assessment.assessed_skin_age).toBeLessThanOrEqual(52 + 20);
  }, 120_000);

  it('answers 422 no_face for a photo without a face', async () => {
    const response = await post(dataUrl(tinyPng(256), 'image/png'));
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: { code: 'no_face', field: 'imageUrl' } });
  }, 120_000);

  it('loads the model once for many requests and writes no file while answering', async () => {
    await post(dataUrl(samplePhoto, 'image/jpeg'));
    const loads = modelLoadCount();
    const statuses: number[] = [];
    const writes = await fileWritesDuring(async () => {
      for (let i = 0; i < 3; i++) statuses.push((await post(dataUrl(samplePhoto, 'image/jpeg'))).status);
    });
    expect(statuses).toEqual([200, 200, 200]);
    expect(modelLoadCount()).toBe(loads);
    expect(loads).toBe(1);
    expect(writes).toEqual([]);
  }, 120_000);
});
