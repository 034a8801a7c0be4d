/**
 * Test helpers for the skin funnel's result, computed by the generic evaluator from the computations
 * and tables of the shipped flow file (spec §9), so the tests check the flow's data, not a copy of it.
 */
import type { Answers } from '../../src/engine/flow-model.ts';
import { evaluateComputations, type ResultModel } from '../../src/scoring/evaluate-computations.ts';
import { answersOnlyAssessment } from '../../src/scoring/photo-assessment.ts';
import { loadFlow } from './load-flow.ts';

const shipped = loadFlow();

/** The spec's sample quiz data (§3), used on result screens when nothing is stored. */
export const SAMPLE_ANSWERS = {
  age: 45,
  skinIssues: ['firmness-loss', 'dryness', 'fine-lines'],
  changeSpeed: '6-12-months',
  otherSymptoms: ['hot-flashes', 'poor-sleep', 'mood-changes'],
  routineEffectiveness: 'worse',
  hrt: 'no',
  skinTreatments: ['moisturizers', 'serums'],
  antiAgingExperience: ["My old routine used to work, but it's failing now"],
} as const satisfies Answers;

/** A fresh copy of the shipped flow's result model, safe to change in one test. */
export function skinModel(): ResultModel {
  return structuredClone({ computations: shipped.computations, tables: shipped.tables, analyses: shipped.analyses });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A table of `model` (a dotted name reaches inside one), for a test to read or change. */
export function tableOf(model: ResultModel, name: string): Record<string, unknown> {
  let node: unknown = model.tables;
  for (const part of name.split('.')) {
    node = node !== null && typeof node === 'object' ? Object.getOwnPropertyDescriptor(node, part)?.value : undefined;
  }
  if (!isRecord(node)) throw new Error(`no table "${name}"`);
  return node;
}

export interface SkinResultOptions {
  /** The stored assessment (spec §3 assessmentData), e.g. a photo result. */
  assessment?: unknown;
  /** Computations replaced by a fixed value, to test one rule alone (e.g. `{ ageDifference: 10 }`). */
  fixed?: Record<string, number | string | null>;
  model?: ResultModel;
}

/** The computed result of `answers`, as the site computes it. */
export function skinResult(answers: unknown, options: SkinResultOptions = {}): Record<string, unknown> {
  const model = options.model ?? skinModel();
  const computations = { ...model.computations, ...options.fixed };
  const data = options.assessment === undefined ? {} : { assessmentData: options.assessment };
  return evaluateComputations({ ...model, computations }, { answers, data, settings: shipped.settings });
}

/** The values the skin funnel's screens show, typed for tests (every other computation stays readable). */
export interface SkinResult extends Record<string, unknown> {
  skinAge: number;
  chronologicalAge: number;
  ageDifference: number;
  confidenceScore: number;
  agingRate: string;
  primaryConcerns: string[];
  hormonalLikelihood: number;
  hormonalLabel: string;
  clinicalComments: string[];
  detailedMetrics: { collagenDensity: number; elastinIntegrity: number; hydrationLevels: number };
  dermatologistFindings: Record<string, string>[];
  firstEstimate: number;
  overview: { volume: number; elasticity: number; texture: number; complexion: number };
  primaryConcern: string;
}

function expected<T>(key: string, value: unknown, is: (v: unknown) => v is T): T {
  if (!is(value)) throw new Error(`the flow's "${key}" has an unexpected shape: ${JSON.stringify(value)}`);
  return value;
}
const isNumber = (v: unknown): v is number => typeof v === 'number';
const isString = (v: unknown): v is string => typeof v === 'string';
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);
const recordOf =
  <T>(is: (v: unknown) => v is T) =>
  (v: unknown): v is Record<string, T> =>
    isRecord(v) && Object.values(v).every(is);
const hasNumbers =
  <K extends string>(...keys: K[]) =>
  (v: unknown): v is Record<K, number> =>
    isRecord(v) && keys.every((key) => isNumber(v[key]));
const isFindings = (v: unknown): v is Record<string, string>[] => Array.isArray(v) && v.every(recordOf(isString));

/** The computed result of `answers` and a stored `assessment` under `model` (the shipped one by default). */
export function computeResult(answers: unknown, assessment: unknown, model?: ResultModel): SkinResult {
  const r = skinResult(answers, { assessment: assessment ?? undefined, ...(model ? { model } : {}) });
  return {
    ...r,
    skinAge: expected('skinAge', r['skinAge'], isNumber),
    chronologicalAge: expected('chronologicalAge', r['chronologicalAge'], isNumber),
    ageDifference: expected('ageDifference', r['ageDifference'], isNumber),
    confidenceScore: expected('confidenceScore', r['confidenceScore'], isNumber),
    agingRate: expected('agingRate', r['agingRate'], isString),
    primaryConcerns: expected('primaryConcerns', r['primaryConcerns'], isStrings),
    hormonalLikelihood: expected('hormonalLikelihood', r['hormonalLikelihood'], isNumber),
    hormonalLabel: expected('hormonalLabel', r['hormonalLabel'], isString),
    clinicalComments: expected('clinicalComments', r['clinicalComments'], isStrings),
    detailedMetrics: expected('detailedMetrics', r['detailedMetrics'], hasNumbers('collagenDensity', 'elastinIntegrity', 'hydrationLevels')),
    dermatologistFindings: expected('dermatologistFindings', r['dermatologistFindings'], isFindings),
    firstEstimate: expected('firstEstimate', r['firstEstimate'], isNumber),
    overview: expected('overview', r['overview'], hasNumbers('volume', 'elasticity', 'texture', 'complexion')),
    primaryConcern: expected('primaryConcern', r['primaryConcern'], isString),
  };
}

/** The answers-only assessment (stored when the photo analysis fails). */
export function skinAssessment(answers: unknown, model: ResultModel = skinModel(), id = 'id'): Record<string, unknown> {
  const assessment = answersOnlyAssessment(model, { answers, data: {}, settings: shipped.settings }, id);
  if (assessment === null) throw new Error('the flow has no answers-only assessment');
  return assessment;
}

/** A 35-year-old with no other answers (no points at all), with `changes`, so a row can isolate one rule. */
export function profile(changes: Record<string, unknown> = {}): Record<string, unknown> {
  return { age: 35, ...changes };
}
