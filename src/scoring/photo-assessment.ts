/**
 * The face-photo analysis a flow opts into with `analyses.photo`: the adapter between what the face
 * model reads from a photo and the flow's own numbers. Its weights are a table of the flow
 * (`analyses.photo.weights`), and its base is the flow's answers-only assessment computation
 * (`analyses.photo.assessment`), so every number still comes from the flow file.
 */
import { roundTo } from '../engine/logic-operations.ts';
import { readPath } from '../engine/template.ts';
import { evaluateComputations, type ComputationInput, type ResultModel } from './evaluate-computations.ts';

/** What the face analysis read from a photo (measured on the largest face). */
export interface PhotoReading {
  /** Faces found; the largest one was analysed. */
  faceCount: number;
  /** The age model's apparent age of the face, in years. */
  apparentAge: number;
  /** Measured markers, each 0 (none) to 1 (strong). */
  markers: {
    texture: number;
    toneUnevenness: number;
    underEyeDarkness: number;
    jawlineSoftness: number;
  };
}

type Markers = PhotoReading['markers'];

/** The photo weights table, narrowed. */
interface PhotoWeights {
  markerYears: Markers;
  ageBand: { below: number; above: number };
  overview: { texture: number; complexion: number; elasticityJawline: number; elasticityUnderEye: number };
  blend: { quiz: number; photo: number };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const unit = (value: number) => clamp(Number.isFinite(value) ? value : 0, 0, 1);

function num(root: unknown, path: string): number {
  const value = readPath(root, path);
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`the photo weights need a number at ${path}`);
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The flow's photo weights; throws naming the missing one (flow:check runs the same reads). */
export function photoWeights(model: ResultModel): PhotoWeights {
  const name = model.analyses?.photo?.weights;
  const table = name === undefined ? undefined : readPath(model.tables ?? {}, name);
  if (!isRecord(table)) throw new Error(`analyses.photo.weights names no table "${name ?? ''}"`);
  const n = (path: string) => num(table, path);
  return {
    markerYears: {
      texture: n('markerYears.texture'),
      toneUnevenness: n('markerYears.toneUnevenness'),
      underEyeDarkness: n('markerYears.underEyeDarkness'),
      jawlineSoftness: n('markerYears.jawlineSoftness'),
    },
    ageBand: { below: n('ageBand.below'), above: n('ageBand.above') },
    overview: {
      texture: n('overview.texture'),
      complexion: n('overview.complexion'),
      elasticityJawline: n('overview.elasticityJawline'),
      elasticityUnderEye: n('overview.elasticityUnderEye'),
    },
    blend: { quiz: n('blend.quiz'), photo: n('blend.photo') },
  };
}

/** The flow's answers-only assessment, with `id`; null when the flow has no photo analysis. */
export function answersOnlyAssessment(
  model: ResultModel,
  input: ComputationInput,
  id: string,
): Record<string, unknown> | null {
  const name = model.analyses?.photo?.assessment;
  if (name === undefined) return null;
  const base = readPath(evaluateComputations(model, input), name);
  return isRecord(base) ? { id, ...base } : null;
}

/**
 * The assessment for a photo and the answers: the answers-only assessment, with
 * - `photo_skin_age`: the apparent age plus `markerYears` per marker at full strength, kept within
 *   `ageBand` around the chronological age;
 * - `assessed_skin_age`, `aging_acceleration` and the rest: the flow's computations with that photo age
 *   blended in (spec: 60/40), exactly what the result screens show;
 * - texture, complexion and elasticity scores out of 10 from the markers (volume stays the answers').
 */
export function photoAssessment(
  model: ResultModel,
  answers: unknown,
  reading: PhotoReading,
  id: string,
): Record<string, unknown> {
  const weights = photoWeights(model);
  const base = answersOnlyAssessment(model, { answers, data: {} }, id);
  if (base === null) throw new Error('analyses.photo.assessment names no computed assessment');
  const markers: Markers = {
    texture: unit(reading.markers.texture),
    toneUnevenness: unit(reading.markers.toneUnevenness),
    underEyeDarkness: unit(reading.markers.underEyeDarkness),
    jawlineSoftness: unit(reading.markers.jawlineSoftness),
  };
  const chronological = num(base, 'chronological_age');
  const { markerYears, ageBand, overview } = weights;
  const raw =
    reading.apparentAge +
    markerYears.texture * markers.texture +
    markerYears.toneUnevenness * markers.toneUnevenness +
    markerYears.underEyeDarkness * markers.underEyeDarkness +
    markerYears.jawlineSoftness * markers.jawlineSoftness;
  const photoAge = roundTo(clamp(raw, chronological - ageBand.below, chronological + ageBand.above), 1);
  // The stored assessment is what the screens show: the flow's own computations, with the photo's age
  // as the photo result they blend (so assessed_skin_age is the blended age, never the photo's alone).
  const blended = answersOnlyAssessment(model, { answers, data: { assessmentData: { photo_skin_age: photoAge } } }, id);
  if (blended === null) throw new Error('analyses.photo.assessment names no computed assessment');
  const score = (lost: number) => ({ score: roundTo(clamp(10 - lost, 1, 10), 1) });
  return {
    ...blended,
    photo_skin_age: photoAge,
    assessment_overview: {
      volume: readPath(base, 'assessment_overview.volume'),
      elasticity: score(overview.elasticityJawline * markers.jawlineSoftness + overview.elasticityUnderEye * markers.underEyeDarkness),
      texture: score(overview.texture * markers.texture),
      complexion: score(overview.complexion * markers.toneUnevenness),
    },
    photo: {
      face_count: reading.faceCount,
      apparent_age: roundTo(reading.apparentAge, 1),
      markers,
      note: reading.faceCount > 1 ? `${reading.faceCount} faces were found; the largest was analysed.` : null,
    },
  };
}
