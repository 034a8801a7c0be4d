/**
 * Face detection, 68-point landmarks and apparent age with @vladmandic/face-api on the TensorFlow.js
 * WASM backend, in Node, with nothing downloaded at run time:
 *
 * - face-api's `dist/face-api.node-wasm.js` build: it requires `@tensorflow/tfjs` (pure JS) and
 *   `@tensorflow/tfjs-backend-wasm`, not `@tensorflow/tfjs-node` (whose install downloads a native
 *   library). Its `tf` export is the very tfjs instance face-api runs on (tfjs.ts).
 * - The `.wasm` binaries are read from `@tensorflow/tfjs-backend-wasm/dist/` on disk (`setWasmPaths`
 *   with a file path); the SIMD build is picked when the runtime supports it.
 * - Weights: SSD MobileNet v1, the 68-point landmark net and the age/gender net from the package's
 *   `model/` folder, via `loadFromDisk`. The detector runs as fused layers (fused-ssd.ts).
 *
 * The backend and the weights load once per process: {@link loadFaceModel} memoises its promise (a
 * failed load is forgotten so a later call can retry). Every tensor a request creates is disposed.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import * as faceapi from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import type { DecodedImage } from './decode-image.ts';
import { FusedSsdMobilenetv1 } from './fused-ssd.ts';
import { tf } from './tfjs.ts';

export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface DetectedFace {
  /** Bounding box in the pixels of the image passed to `detect`. */
  box: FaceBox;
  /** Detector confidence, 0..1. */
  score: number;
  /** Apparent age in years from the age/gender net. */
  age: number;
  /** The 68 iBUG landmarks (0–16 jaw, 17–26 brows, 27–35 nose, 36–47 eyes, 48–67 mouth), image pixels. */
  landmarks: Point[];
}

export interface LargestFace {
  faceCount: number;
  /** The face with the largest box (the first of them on a tie), or null when there is none. */
  largest: DetectedFace | null;
}

export interface FaceModel {
  /** The tfjs backend in use ('wasm'). */
  readonly backend: string;
  /** Faces in `image` (RGBA), largest box first. Empty when there is none. */
  detect(image: DecodedImage): Promise<DetectedFace[]>;
  /**
   * What an analysis needs: how many faces `image` holds, and the largest in full. Only that one goes
   * through the landmark and age nets, and it comes out exactly as `detect(image)[0]`.
   */
  readLargest(image: DecodedImage): Promise<LargestFace>;
  /** Live tensors in the tfjs engine: constant between requests (the weights), so a leak shows here. */
  numTensors(): number;
}

/** Detections below this confidence are not faces. */
export const MIN_FACE_SCORE = 0.5;
/** At most this many faces are returned. */
export const MAX_FACES = 10;

const require = createRequire(import.meta.url);

/** Folder of face-api's shipped weights. */
export function faceModelDir(): string {
  return path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
}

/** Folder holding tfjs-backend-wasm's `.wasm` files (with a trailing separator, as setWasmPaths wants). */
function wasmDir(): string {
  return (
    path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm')) + path.sep
  );
}

let loading: Promise<FaceModel> | null = null;
const detector = new FusedSsdMobilenetv1();
let loads = 0;

/** How many times the backend and weights have actually been loaded in this process. */
export function modelLoadCount(): number {
  return loads;
}

/** The face model, loaded on first call; later calls share the same promise. */
export function loadFaceModel(): Promise<FaceModel> {
  if (!loading) {
    loading = load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
  }
  return loading;
}

async function load(): Promise<FaceModel> {
  loads += 1;
  tf.setWasmPaths(wasmDir(), false);
  if (!(await tf.setBackend('wasm')))
    throw new Error('The TensorFlow.js wasm backend could not be initialised.');
  await tf.ready();
  tf.enableProdMode();
  const dir = faceModelDir();
  await detector.loadFromDisk(dir);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(dir);
  await faceapi.nets.ageGenderNet.loadFromDisk(dir);
  const model: FaceModel = {
    backend: tf.getBackend(),
    detect,
    readLargest,
    numTensors: () => tf.memory().numTensors,
  };
  return model;
}

const detectorOptions = new faceapi.SsdMobilenetv1Options({
  minConfidence: MIN_FACE_SCORE,
  maxResults: MAX_FACES,
});

/** Runs `read` on `image` as an int32 RGB tensor, disposed afterwards. */
async function withInput<T>(
  image: DecodedImage,
  read: (input: faceapi.tf.Tensor3D) => Promise<T>,
): Promise<T> {
  const { width, height, data } = image;
  if (!(width > 0 && height > 0) || data.length < width * height * 4) {
    throw new Error(
      `detect: expected ${width} × ${height} RGBA pixels (${width * height * 4} bytes), got ${data.length}.`,
    );
  }
  // Int32, the tensor's own type: from a Uint8Array tfjs would first convert a second copy.
  const rgb = new Int32Array(width * height * 3);
  for (let i = 0, j = 0; j < rgb.length; i += 4, j += 3) {
    rgb[j] = data[i]!;
    rgb[j + 1] = data[i + 1]!;
    rgb[j + 2] = data[i + 2]!;
  }
  const input = tf.tensor3d(rgb, [height, width, 3], 'int32');
  try {
    return await read(input as unknown as faceapi.tf.Tensor3D);
  } finally {
    input.dispose();
  }
}

type FullResult = faceapi.WithAge<faceapi.WithFaceLandmarks<{ detection: faceapi.FaceDetection }>>;

function detectedFace(r: FullResult): DetectedFace {
  const b = r.detection.box;
  return {
    box: { x: b.x, y: b.y, width: b.width, height: b.height },
    score: r.detection.score,
    age: r.age,
    landmarks: r.landmarks.positions.map((p) => ({ x: p.x, y: p.y })),
  };
}

const area = (face: { box: FaceBox }): number => face.box.width * face.box.height;

/** The faces the detector finds, as face-api's task chains take them. */
async function locateFaces(input: faceapi.tf.Tensor3D) {
  return (await detector.locateFaces(input, detectorOptions)).map((d) =>
    faceapi.extendWithFaceDetection({}, d),
  );
}

function detect(image: DecodedImage): Promise<DetectedFace[]> {
  return withInput(image, async (input) => {
    // What detectAllFaces(…).withFaceLandmarks().withAgeAndGender() does, with our detector.
    const results = await new faceapi.DetectAllFaceLandmarksTask(
      locateFaces(input),
      input,
      false,
    ).withAgeAndGender();
    return results.map(detectedFace).sort((a, b) => area(b) - area(a));
  });
}

function readLargest(image: DecodedImage): Promise<LargestFace> {
  return withInput(image, async (input) => {
    const detections = await locateFaces(input);
    // The first of the largest, as detect's stable sort puts first.
    const largest = detections.reduce<(typeof detections)[number] | null>(
      (best, d) => (best === null || area(d.detection) > area(best.detection) ? d : best),
      null,
    );
    if (!largest) return { faceCount: 0, largest: null };
    // face-api's own single-face chain, fed the chosen detection: the same crops, landmarks, aligned
    // box and age pass that DetectAllFaceLandmarksTask(…).withAgeAndGender() makes per face.
    const parent = Promise.resolve(largest);
    const result = await new faceapi.DetectSingleFaceLandmarksTask(parent, input, false).withAgeAndGender();
    if (!result) throw new Error('readLargest: the landmark pass lost the face');
    return { faceCount: detections.length, largest: detectedFace(result) };
  });
}
