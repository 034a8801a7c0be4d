/** Spec §9 and DESIGN §4a, value by value, in the flow's tables: a change must be a deliberate one. */
import { describe, expect, it } from 'vitest';
import { readPath } from '../../../src/engine/template.ts';
import { skinModel } from '../../support/skin-scoring.ts';

const tables = skinModel().tables;

describe("the skin funnel's tables", () => {
  it.each<[string, unknown]>([
    ['age.baseAge', 35],
    ['age.perYearAboveBase', 0.1],
    ['age.tiers', [[55, 2], [45, 1]]],
    ['age.floorBelowAge', 2],
    ['skinIssueYears.dryness', 3],
    ['skinIssueYears.firmness-loss', 3],
    ['skinIssueYears.jowls', 3],
    ['skinIssueYears.fine-lines', 1.5],
    ['skinIssueYears.spots', 1],
    ['mainConcerns.minimum', 2],
    ['mainConcerns.points', 1],
    // 'overnight' ("It felt like overnight") is the fastest change and scores as the fastest (issue 33);
    // 'no-significant' stays for answers stored before it.
    ['changeSpeedYears', { overnight: 4, '6-12-months': 4, '1-2-years': 2.5, '3-plus-years': 1, 'no-significant': -0.5 }],
    ['symptoms.points', { 'hot-flashes': 2.5, 'poor-sleep': 2 }],
    ['symptoms.otherEach', 1.2],
    ['symptoms.ignored', ['none']],
    ['hrtYears', { no: 2, past: 1, yes: -1 }],
    ['confidence.min', 10],
    ['confidence.max', 95],
    ['photo.blend', { quiz: 0.6, photo: 0.4 }],
    ['agingRate.rapid.changeSpeeds', ['overnight', '6-12-months']],
    ['agingRate.rapid.gapOver', 4],
    ['agingRate.accelerated.changeSpeeds', ['1-2-years']],
    ['agingRate.accelerated.gapOver', 2],
    ['detailedMetrics.collagenDensity.min', 20],
    ['detailedMetrics.collagenDensity.max', 95],
    ['detailedMetrics.elastinIntegrity.min', 15],
    ['detailedMetrics.elastinIntegrity.max', 95],
    ['detailedMetrics.hydrationLevels.min', 25],
    ['detailedMetrics.hydrationLevels.max', 95],
  ])('%s = %j', (path, value) => {
    // readPath splits on dots; option values contain none.
    expect(readPath(tables, path)).toEqual(value);
  });

  it('has the spec hormonal labels at 80, 65, 50, 35', () => {
    expect(readPath(tables, 'hormonalLabels.bands')).toEqual([
      [80, 'Very High'],
      [65, 'High'],
      [50, 'Medium-High'],
      [35, 'Medium'],
    ]);
    expect(readPath(tables, 'hormonalLabels.otherwise')).toBe('Low-Medium');
  });

  it('scores clinical treatments 1.5 and products 0.8 each', () => {
    const clinical = ['in-clinic', 'chemical-peels', 'microneedling', 'led-therapy'];
    const products = ['retinols', 'vitamin-c', 'peptides', 'hyaluronic-acid', 'moisturizers', 'serums'];
    expect(readPath(tables, 'treatmentYears')).toEqual(
      Object.fromEntries([...clinical.map((v) => [v, 1.5]), ...products.map((v) => [v, 0.8])]),
    );
  });
});
