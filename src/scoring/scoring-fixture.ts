import Ajv2020 from 'ajv/dist/2020.js';
import schema from '../../schemas/scoring.schema.json';
import type { Scoring } from '../engine/flow.gen.ts';
import defaults from './default-scoring.json';

const validate = new Ajv2020({ allErrors: true }).compile<Scoring>(schema);

/**
 * For tests: a fresh copy of default-scoring.json, validated against the schema (the validator is the
 * type guard, so no cast), safe to change in one test without touching the others.
 */
export function scoringFixture(): Scoring {
  const copy: unknown = structuredClone(defaults);
  if (!validate(copy)) throw new Error(`default-scoring.json is invalid: ${JSON.stringify(validate.errors)}`);
  return copy;
}
