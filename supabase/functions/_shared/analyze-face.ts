/**
 * The analyze-face handler, `(Request) => Promise<Response>`, shared by the Supabase edge function and
 * the local Node server. Everything about the request is checked before a pixel is decoded: body size,
 * the data URL, the real image type by its magic bytes, the pixel count from the header, the
 * questionnaire. The face reading and the scoring are injected, so this file stays runtime-neutral.
 * The photo lives only in memory for the request: it is never written anywhere, nor logged.
 */
import {
  corsHeaders,
  errorResponse,
  MAX_BODY_BYTES,
  preflight,
  readBodyBytes,
  RequestError,
  type AllowedOrigins,
} from './http.ts';
import type { ImageType } from './image-bytes.ts';
import { parseUploadBody } from './upload-body.ts';
import type { PhotoReading } from './src/scoring/photo-assessment.ts';
import { parseQuestionnaire, type Questionnaire } from './questionnaire.ts';

/** What a face analysis reads from a photo: the largest face's apparent age and skin markers (0..1). */
export type FaceReading = PhotoReading;

export interface FaceAnalyzer {
  /** Reads the largest face of the image, or null when there is no face. */
  read(bytes: Uint8Array, type: ImageType): Promise<FaceReading | null>;
  /**
   * Optional (issue 28): reads the whole upload body (any form of upload-body.ts), its questionnaire and
   * the face in one go, somewhere else than this thread: the local server's analysis workers, which
   * take `body` as a transferred buffer, so JSON, base64 and multipart are never parsed on its event loop.
   * `client` (the first x-forwarded-for address) gives each client its share of the workers (issue 42).
   */
  readUpload?(
    body: Uint8Array,
    contentType: string,
    url: string,
    client?: string,
  ): Promise<{ questionnaire: Questionnaire; reading: FaceReading | null }>;
}

export interface AnalyzeFaceOptions {
  analyzer: FaceAnalyzer;
  /** Turns the answers and the reading into the assessment of spec §3. */
  assess(questionnaire: Questionnaire, reading: FaceReading): object;
  allowedOrigins: AllowedOrigins;
  /** Developer log; receives no personal data and no image. */
  log?: (message: string) => void;
}

export function createAnalyzeFaceHandler(
  options: AnalyzeFaceOptions,
): (request: Request) => Promise<Response> {
  const log = options.log ?? (() => undefined);
  return async (request) => {
    const early = preflight(request, options.allowedOrigins);
    if (early) return early;
    const headers = corsHeaders(request.headers.get('origin'), options.allowedOrigins);
    try {
      if (request.method !== 'POST') {
        throw new RequestError(405, 'method_not_allowed', 'analyze-face is called with POST');
      }
      const body = await readBodyBytes(request, MAX_BODY_BYTES);
      const contentType = request.headers.get('content-type') ?? '';
      const { questionnaire, reading } = options.analyzer.readUpload
        ? await options.analyzer.readUpload(body, contentType, request.url, clientOf(request))
        : await readHere(options.analyzer, body, contentType, request.url);
      if (!reading) {
        throw new RequestError(
          422,
          'no_face',
          'No face was found in the photo. Please use a well-lit photo of your face, looking at the camera.',
          'imageUrl',
        );
      }
      return Response.json(options.assess(questionnaire, reading), { headers });
    } catch (error) {
      if (error instanceof RequestError) return errorResponse(error, headers);
      log(`analyze-face failed: ${error instanceof Error ? error.name : 'unknown error'}`);
      return errorResponse(
        new RequestError(500, 'analysis_failed', 'The photo could not be analysed. Please try again.'),
        headers,
      );
    }
  };
}

/** The client's address: the first of x-forwarded-for (the local server sets it from the socket). */
function clientOf(request: Request): string {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? '';
}

/** The upload read in this thread (the edge function): parsed, the questionnaire checked, then the face. */
async function readHere(
  analyzer: FaceAnalyzer,
  body: Uint8Array,
  contentType: string,
  url: string,
): Promise<{ questionnaire: Questionnaire; reading: FaceReading | null }> {
  const upload = await parseUploadBody(body, contentType, url);
  const questionnaire = parseQuestionnaire(upload.questionnaireData);
  return { questionnaire, reading: await analyzer.read(upload.image.bytes, upload.image.type) };
}
