import type { Answers } from '../engine/flow-model.ts';

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
