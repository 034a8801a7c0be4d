import { describe, expect, it } from 'vitest';
import type { Experiment } from './flow.gen.ts';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { assignExperiments } from './assign-experiments.ts';
import { fnv1a, pickVariant, variantOverrides } from './experiment-assignment.ts';

const flow = loadFlow();
const experiment = flow.experiments?.[0];
if (!experiment) throw new Error('the shipped flow declares no experiment');
const during = new Date('2026-12-01T12:00:00Z');

describe('experiment assignment', () => {
  it('hashes like FNV-1a', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
  });

  it('is sticky per visitor and splits visitors by the weights', () => {
    const ids = Array.from({ length: 4000 }, (_, i) => `visitor-${i}`);
    const first = ids.map((id) => pickVariant(experiment, id)?.id);
    expect(ids.map((id) => pickVariant(experiment, id)?.id)).toEqual(first);
    const share = first.filter((id) => id === 'tipping-point').length / ids.length;
    expect(share).toBeGreaterThan(0.46);
    expect(share).toBeLessThan(0.54);
    const [control, variant] = experiment.variants;
    const skewed: Experiment = {
      ...experiment,
      variants: [
        { ...control, weight: 1 },
        { ...variant, weight: 3 },
      ],
    };
    const skewedShare =
      ids.filter((id) => pickVariant(skewed, id)?.id === 'tipping-point').length / ids.length;
    expect(skewedShare).toBeGreaterThan(0.71);
    expect(skewedShare).toBeLessThan(0.79);
  });

  it("applies the visitor's variant to the flow and names the screens it changes", () => {
    const visitor = Array.from({ length: 50 }, (_, i) => `v${i}`).find(
      (id) => pickVariant(experiment, id)?.id === 'tipping-point',
    );
    if (!visitor) throw new Error('no visitor falls in the variant');
    const { flow: seen, assignments } = assignExperiments(flow, visitor, during);
    expect(assignments).toEqual([
      {
        experiment: 'cliff-headline',
        variant: 'tipping-point',
        override: false,
      },
    ]);
    expect(JSON.stringify(seen.screens['cliff-education'])).toContain(
      'Your skin may be at its tipping point.',
    );
  });

  it('assigns nothing outside the dates, but a ?variant= override applies and is marked', () => {
    const before = new Date('2026-01-01T00:00:00Z');
    expect(assignExperiments(flow, 'v1', before).assignments).toEqual([]);
    const overrides = variantOverrides('?utm_source=x&variant=cliff-headline:control&variant=nope:a');
    const { assignments } = assignExperiments(flow, 'v1', before, overrides);
    expect(assignments.map((a) => [a.variant, a.override])).toEqual([['control', true]]);
    expect(
      assignExperiments(flow, 'v1', during, new Map([['cliff-headline', 'unknown']])).assignments[0]
        ?.override,
    ).toBe(false);
  });
});
