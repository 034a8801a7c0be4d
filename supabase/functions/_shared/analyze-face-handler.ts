/**
 * analyze-face on the local Node server: the portable handler (supabase/functions/_shared) with the
 * face-api reader (./face) and the flow's photo analysis (its weights and computations). The photo is decoded in memory, read and
 * dropped; nothing is written to disk.
 */
import type { ResultModel } from './src/scoring/evaluate-computations.ts';
import { photoAssessment } from './src/scoring/photo-assessment.ts';
import { createAnalyzeFaceHandler, type FaceAnalyzer } from './analyze-face.ts';
import { RequestError, type AllowedOrigins } from './http.ts';
import { decodeImage, ImageDecodeError } from './face/decode-image.ts';
import { loadFaceModel } from './face/face-model.ts';
import { measureSkinMarkers } from './face/skin-markers.ts';

/** Status and code per decoder failure; the message is the decoder's own, which names the reason. */
const DECODE_ERRORS = {
  unsupported: [415, 'unsupported_media_type'],
  corrupt: [400, 'corrupt_image'],
  too_large: [400, 'image_dimensions_too_large'],
} as const;

/** Reads the largest face with face-api (SSD MobileNet, 68 landmarks, age) and measures its surface markers (wrinkles, texture, tone). */
export function createFaceReader(): FaceAnalyzer {
  return {
    async read(bytes, type) {
      let image;
      try {
        image = await decodeImage(bytes, type);
      } catch (error) {
        if (!(error instanceof ImageDecodeError)) throw error;
        const [status, code] = DECODE_ERRORS[error.code];
        throw new RequestError(status, code, `imageUrl: ${error.message}`, 'imageUrl');
      }
      // Only the largest face is read; the others are counted, not put through landmarks and age.
      const { faceCount, largest: face } = await (await loadFaceModel()).readLargest(image);
      if (!face) return null;
      const markers = measureSkinMarkers(image, face.landmarks);
      return {
        faceCount,
        apparentAge: face.age,
        markers: {
          texture: markers.texture,
          toneUnevenness: 1 - markers.toneEvenness,
          underEyeDarkness: markers.underEyeDarkness,
          jawlineSoftness: 1 - markers.jawlineDefinition,
        },
      };
    },
  };
}

/**
 * @param analyzer The face reader: in this thread by default (the Deno edge function); the local
 *   server passes its worker pool (server/face-pool).
 */
export function createLocalAnalyzeFace(
  model: ResultModel,
  allowedOrigins: AllowedOrigins = '*',
  analyzer: FaceAnalyzer = createFaceReader(),
): (request: Request) => Promise<Response> {
  return createAnalyzeFaceHandler({
    analyzer,
    assess: (questionnaire, reading) => photoAssessment(model, questionnaire, reading, crypto.randomUUID()),
    allowedOrigins,
    log: (message) => console.warn(message),
  });
}
