/**
 * Benchmark of the analyze-face core (DESIGN.md §7: ≤ 1 s warm on 2 cores).
 *
 *   npx tsx scripts/bench-face.ts [photo.jpg] [runs]
 *
 * Decodes a photo (default: face-api's shipped demo/sample1.jpg), downscales it to 768 px, loads the
 * model (cold: backend + weights), then prints the first detect and the median of `runs` (default 7)
 * warm detects, plus the decode and skin-marker times. Prints, never asserts: timings are machine-bound.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { decodeImage, DETECTION_MAX_SIDE } from '../supabase/functions/_shared/face/decode-image.ts';
import { sniffImageType } from '../supabase/functions/_shared/image-bytes.ts';
import { faceModelDir, loadFaceModel } from '../supabase/functions/_shared/face/face-model.ts';
import { measureSkinMarkers } from '../supabase/functions/_shared/face/skin-markers.ts';

const photo = process.argv[2] ?? path.join(faceModelDir(), '..', 'demo', 'sample1.jpg');
const runs = Number(process.argv[3] ?? 7);

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const ms = (x: number): string => `${x.toFixed(0)} ms`;

const bytes = new Uint8Array(readFileSync(photo));
const type = sniffImageType(bytes);
if (!type) throw new Error(`${photo} is not an image we know`);

let t = performance.now();
const image = await decodeImage(bytes, type, { maxSide: DETECTION_MAX_SIDE });
const decodeMs = performance.now() - t;

t = performance.now();
const model = await loadFaceModel();
const loadMs = performance.now() - t;

t = performance.now();
const first = await model.detect(image);
const firstMs = performance.now() - t;

const times: number[] = [];
for (let i = 0; i < runs; i++) {
  t = performance.now();
  await model.detect(image);
  times.push(performance.now() - t);
}

t = performance.now();
const markers = first[0] ? measureSkinMarkers(image, first[0].landmarks) : null;
const markersMs = performance.now() - t;

console.log(`photo          ${photo} (${bytes.length} bytes) → ${image.width}×${image.height}`);
console.log(`backend        ${model.backend}`);
console.log(`decode+resize  ${ms(decodeMs)}`);
console.log(`model load     ${ms(loadMs)} (cold)`);
console.log(`first detect   ${ms(firstMs)}`);
console.log(
  `warm detect    median ${ms(median(times))} over ${runs} runs [${times.map((x) => x.toFixed(0)).join(', ')}]`,
);
console.log(`skin markers   ${ms(markersMs)}`);
console.log(
  `faces          ${first.map((f) => `${Math.round(f.box.width)}px age ${f.age.toFixed(1)} score ${f.score.toFixed(2)}`).join('; ')}`,
);
console.log(`markers        ${JSON.stringify(markers)}`);
console.log(`tensors        ${model.numTensors()}`);
