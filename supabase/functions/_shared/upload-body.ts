/**
 * The three forms an analyze-face upload may take (issue 28), read from the body's bytes:
 * - `multipart/form-data` with an `image` file part and a `questionnaireData` JSON text part (what the
 *   browser sends: the photo's bytes, no base64);
 * - a raw image body (`image/jpeg`, …) with the questionnaire as JSON in the `questionnaireData` query
 *   parameter;
 * - the JSON body of old clients, `{ imageUrl: "data:…;base64,…", questionnaireData }`.
 * Runtime-neutral (web APIs only): the local server runs it in an analysis worker, off its event loop;
 * the edge function in its own isolate.
 */
import { exceedsJsonDepth, isPlainObject, MAX_JSON_DEPTH, RequestError } from './http.ts';
import { checkImageBytes, readImageBytes, type CheckedImage } from './image-bytes.ts';

export interface Upload {
  image: CheckedImage;
  /** Unchecked: parseQuestionnaire (questionnaire.ts) judges it. */
  questionnaireData: unknown;
}

/** The questionnaire's JSON text of a multipart part or a query parameter: small, and parsed here. */
const MAX_QUESTIONNAIRE_CHARS = 64 * 1024;

export async function parseUploadBody(body: Uint8Array, contentType: string, url: string): Promise<Upload> {
  const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (mediaType === 'multipart/form-data') return parseMultipart(body, contentType);
  if (mediaType.startsWith('image/')) {
    const text = new URL(url).searchParams.get('questionnaireData');
    return {
      image: checkImageBytes(body, mediaType),
      questionnaireData: text === null ? undefined : parseJsonText(text, 'questionnaireData'),
    };
  }
  const value = parseJsonBody(body);
  return { image: readImageBytes(value.imageUrl), questionnaireData: value.questionnaireData };
}

async function parseMultipart(body: Uint8Array, contentType: string): Promise<Upload> {
  let form: FormData;
  try {
    // A copy of exactly these bytes: the Response owns its own buffer.
    form = await new Response(body.slice(), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new RequestError(400, 'invalid_body', 'The multipart body could not be read; send an "image" file part.');
  }
  const image = form.get('image');
  if (image === null || typeof image === 'string') {
    throw new RequestError(400, 'invalid_image_url', 'image: the multipart body has no "image" file part.', 'imageUrl');
  }
  const questionnaire = form.get('questionnaireData');
  return {
    image: checkImageBytes(new Uint8Array(await image.arrayBuffer()), image.type.toLowerCase() || 'image/*'),
    questionnaireData:
      typeof questionnaire === 'string' ? parseJsonText(questionnaire, 'questionnaireData') : undefined,
  };
}

function parseJsonText(text: string, field: string): unknown {
  if (text.length > MAX_QUESTIONNAIRE_CHARS || exceedsJsonDepth(text, MAX_JSON_DEPTH)) {
    throw new RequestError(400, 'invalid_questionnaire', `${field}: too large or nested too deep.`, field);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new RequestError(400, 'invalid_questionnaire', `${field}: not valid JSON.`, field);
  }
}

/** The base64 JSON form, as readJsonBody (http.ts) reads it, from bytes already read with their cap. */
function parseJsonBody(bytes: Uint8Array): Record<string, unknown> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new RequestError(400, 'invalid_json', 'The request body is not valid UTF-8 text.');
  }
  if (exceedsJsonDepth(text, MAX_JSON_DEPTH)) {
    throw new RequestError(400, 'invalid_json', `The request body nests JSON deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RequestError(
      400,
      'invalid_json',
      text.trim() === '' ? 'The request body is empty; send a JSON object.' : 'The request body is not valid JSON.',
    );
  }
  if (!isPlainObject(parsed)) {
    throw new RequestError(
      400,
      'invalid_body',
      'The request body must be a JSON object like {"imageUrl": "data:image/jpeg;base64,…"}.',
    );
  }
  return parsed;
}
