/**
 * The skin-age gaps the shipped flow computes (skin age − real age), over its three `samples` and over
 * a grid of main-path profiles, to justify `tables.skinAgeCap.maxGap` (issue 43): the cap must sit
 * where a gap stops being credible, above the common profiles. Used by the cap's test; run it to read
 * the distribution: `npx tsx tests/support/skin-gap-distribution.ts`.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { FLOW_PATH } from './load-flow.ts';
import { skinResult } from './skin-scoring.ts';

const flowJson = JSON.parse(readFileSync(FLOW_PATH, 'utf8')) as {
  samples: Record<string, { answers: Record<string, unknown>; data?: { assessmentData?: unknown } }>;
  tables: { skinAgeCap: { maxGap: number } };
};

export const CAP = flowJson.tables.skinAgeCap.maxGap;

/** The main path's choices that score (the older chain's questions are not asked on it). */
const CONCERNS = ['fine-lines', 'firmness-loss', 'texture', 'tired-appearance', 'multiple-concerns'];
const SYMPTOMS = ['energy-crashes', 'poor-sleep', 'weight-gain', 'mood-changes', 'hot-flashes'];
const SPEEDS = ['6-12-months', '1-2-years', '3-plus-years', 'overnight'];
const AGES = [35, 40, 45, 50, 55, 60, 65];

const subsets = (items: string[]) =>
  Array.from({ length: 2 ** items.length }, (_, mask) => items.filter((_, i) => (mask >> i) & 1));

/** The gap of one visitor's answers (and stored photo result, if any). */
export const gapOf = (answers: unknown, assessment?: unknown): number =>
  Number(skinResult(answers, assessment === undefined ? {} : { assessment })['ageDifference']);

/** The flow's samples' gaps, with the photo result each sample stores. */
export function sampleGaps(): Record<string, number> {
  return Object.fromEntries(
    Object.entries(flowJson.samples).map(([name, sample]) => [name, gapOf(sample.answers, sample.data?.assessmentData)]),
  );
}

/**
 * The gaps of main-path profiles answered without a photo (a photo only pulls the gap toward what it
 * reads): every age from 35 to 65 in steps of 5, every speed, and the concerns and the doctor's
 * symptoms either as a common visitor picks them (`common`: one or two concerns, up to two symptoms)
 * or in every combination (`all`).
 */
export function gridGaps(which: 'common' | 'all'): number[] {
  const concerns = subsets(CONCERNS).filter((s) => which === 'all' || (s.length >= 1 && s.length <= 2));
  const symptoms = subsets(SYMPTOMS).filter((s) => which === 'all' || s.length <= 2);
  const gaps: number[] = [];
  for (const age of AGES)
    for (const skinIssues of concerns)
      for (const changeSpeed of SPEEDS)
        for (const picked of symptoms)
          gaps.push(gapOf({ age, skinIssues, changeSpeed, drMorganAnswers: picked.length > 0 ? picked : ['none'], antiAgingExperience: ["I don't use anything right now"] }));
  return gaps.sort((a, b) => a - b);
}

/** The value below which `share` of the sorted `gaps` fall. */
export const percentile = (gaps: number[], share: number): number =>
  gaps[Math.min(gaps.length - 1, Math.floor(share * gaps.length))] ?? Number.NaN;

/** The share of `gaps` past `cap` (shown capped, "N+"). */
export const shareOver = (gaps: number[], cap: number): number => gaps.filter((g) => g > cap).length / gaps.length;

/** The distribution as text (the README quotes it). */
export function distributionText(): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const line = (name: string, gaps: number[]) =>
    `${name} (${gaps.length} profiles): min ${gaps[0]}, p25 ${percentile(gaps, 0.25)}, median ${percentile(gaps, 0.5)}, ` +
    `p75 ${percentile(gaps, 0.75)}, p90 ${percentile(gaps, 0.9)}, p95 ${percentile(gaps, 0.95)}, max ${gaps.at(-1)}; ` +
    `past the cap (${CAP}): ${pct(shareOver(gaps, CAP))}; past 8: ${pct(shareOver(gaps, 8))}; past 12: ${pct(shareOver(gaps, 12))}; past 18: ${pct(shareOver(gaps, 18))}`;
  const samples = Object.entries(sampleGaps()).map(([name, gap]) => `${name} +${gap}`).join(', ');
  return [`samples (with their stored photo result): ${samples}`, line('common grid', gridGaps('common')), line('every combination', gridGaps('all'))].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(distributionText());
