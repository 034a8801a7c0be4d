import type { Scoring } from '../engine/flow.gen.ts';
import { agingRate, type AgingRate } from './aging-rate.ts';
import { blendAgeGap } from './blend-age-gap.ts';
import { confidenceScore } from './confidence-score.ts';
import { dermatologistFindings, type DermatologistFinding } from './dermatologist-findings.ts';
import { detailedMetrics, type DetailedMetrics } from './detailed-metrics.ts';
import { hormonalBand } from './hormonal-band.ts';
import { overviewScores, type OverviewScores } from './overview-scores.ts';
import { photoSkinAge } from './photo-skin-age.ts';
import { rankedSkinIssues } from './ranked-skin-issues.ts';
import { readAnswers } from './read-answers.ts';
import { round } from './round.ts';
import { skinAge } from './skin-age.ts';

/** The computed result (spec §3), read by result screens as `{result.<key>}`. */
export interface ComputedResult {
  /** Skin age in years, one decimal; photo-blended when a photo result exists. */
  skinAge: number;
  /** The visitor's age in years. */
  chronologicalAge: number;
  /** skinAge − chronologicalAge, one decimal (negative when the skin is younger). */
  ageDifference: number;
  /** Integer percentage, clamped (spec: 10..95). */
  confidenceScore: number;
  agingRate: AgingRate;
  /** The chosen concerns' texts, most points first. */
  primaryConcerns: string[];
  /** The hormonal probability percentage: the confidence score. */
  hormonalLikelihood: number;
  /** The label of hormonalLikelihood, e.g. 'Very High'. */
  hormonalLabel: string;
  /** Comments on the ageing rate and the hormonal likelihood. */
  clinicalComments: string[];
  detailedMetrics: DetailedMetrics;
  dermatologistFindings: DermatologistFinding[];
  /** The integer the hormonal screen counts up from to the confidence score. */
  firstEstimate: number;
  /** The four overview scores out of 10, one decimal. */
  overview: OverviewScores;
  /** The first of primaryConcerns, or the configured no-concern text. */
  primaryConcern: string;
}

/** Every top-level key of the computed result; copy may only use `{result.<one of these>…}`. */
export const RESULT_KEYS = [
  'skinAge',
  'chronologicalAge',
  'ageDifference',
  'confidenceScore',
  'agingRate',
  'primaryConcerns',
  'hormonalLikelihood',
  'hormonalLabel',
  'clinicalComments',
  'detailedMetrics',
  'dermatologistFindings',
  'firstEstimate',
  'overview',
  'primaryConcern',
] as const satisfies readonly (keyof ComputedResult)[];

// Compile-time proof that RESULT_KEYS lists every key of ComputedResult.
const everyKeyListed: Exclude<keyof ComputedResult, (typeof RESULT_KEYS)[number]> extends never
  ? true
  : never = true;
void everyKeyListed;

function storedAge(assessment: unknown): number | null {
  if (assessment === null || typeof assessment !== 'object') return null;
  const value: unknown = Object.getOwnPropertyDescriptor(assessment, 'chronological_age')?.value;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * The computed result from the quiz answers and, when present, the stored assessment (spec §3
 * assessmentData; its numeric `assessed_skin_age` is the photo result, blended into the age gap).
 * Never throws: missing or corrupt answers are treated as absent.
 *
 * @param answers the stored answers (normally `Answers`)
 * @param assessment the stored assessment, or undefined/null when there is none
 * @param scoring the flow file's `scoring` section
 */
export function computeResult(answers: unknown, assessment: unknown, scoring: Scoring): ComputedResult {
  const profile = readAnswers(answers, scoring, storedAge(assessment) ?? scoring.age.whenMissing);
  const age = profile.age;
  const quizGap = skinAge(profile, scoring) - age;
  const photo = photoSkinAge(assessment);
  const gap = blendAgeGap(quizGap, photo === null ? null : photo - age, scoring);
  // The floor applies to the final skin age too, so a photo cannot show more than floorBelowAge younger.
  const finalSkinAge = round(Math.max(age - scoring.age.floorBelowAge, age + gap), 1);
  // Decisions use the displayed gap, so a visitor shown '2 years' is never told she is over 2.
  const ageDifference = round(finalSkinAge - age, 1);

  const confidence = confidenceScore(profile, ageDifference, scoring);
  const band = hormonalBand(confidence, scoring);
  const rate = agingRate(profile.changeSpeed, ageDifference, scoring);
  const metrics = detailedMetrics(profile, ageDifference, scoring);
  const overview = overviewScores(profile, ageDifference, scoring);
  const concerns = rankedSkinIssues(profile, scoring).map((issue) => issue.concern);

  return {
    skinAge: finalSkinAge,
    chronologicalAge: round(age, 1),
    ageDifference,
    confidenceScore: confidence,
    agingRate: rate,
    primaryConcerns: concerns,
    hormonalLikelihood: confidence,
    hormonalLabel: band.label,
    clinicalComments: [scoring.agingRate[rate].comment, band.comment],
    detailedMetrics: metrics,
    dermatologistFindings: dermatologistFindings(profile, metrics, overview, scoring),
    firstEstimate: round(confidence * scoring.confidence.firstEstimateFraction, 0),
    overview,
    primaryConcern: concerns[0] ?? scoring.skinIssues.noConcern,
  };
}
