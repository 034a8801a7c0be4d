/**
 * The TensorFlow.js instance face-api runs on, typed from @tensorflow/tfjs itself.
 *
 * face-api's `dist/face-api.node-wasm.js` build bundles no tfjs: it requires `@tensorflow/tfjs` and
 * `@tensorflow/tfjs-backend-wasm`, and its `tf` export is that very instance, so we drive the backend
 * and run our own ops through it (importing tfjs ourselves could, under a bundler, give a second
 * engine). face-api's own typings only declare the handful of ops it uses.
 */
import * as faceapi from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import type * as Tfjs from '@tensorflow/tfjs';
import type { setWasmPaths as SetWasmPaths } from '@tensorflow/tfjs-backend-wasm';

export type Tf = typeof Tfjs & { setWasmPaths: typeof SetWasmPaths };

export const tf = faceapi.tf as unknown as Tf;
