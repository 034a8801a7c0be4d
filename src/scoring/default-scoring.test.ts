import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import schema from '../../schemas/scoring.schema.json';
import defaults from './default-scoring.json';
import { readPath } from '../engine/template.ts';

const validate = new Ajv2020({ allErrors: true }).compile(schema);

describe('default-scoring.json', () => {
  it('is valid against schemas/scoring.schema.json', () => {
    expect(validate(defaults), JSON.stringify(validate.errors)).toBe(true);
  });

  // Spec §9 and DESIGN §4a, value by value: a change to the defaults must be a deliberate one.
  it.each<[string, unknown]>([
    ['age.baseAge', 35],
    ['age.perYearAboveBase', 0.1],
    [
      'age.tiers',
      [
        { from: 45, add: 1 },
        { from: 55, add: 2 },
      ],
    ],
    ['age.floorBelowAge', 2],
    ['skinIssues.options.dryness.points', 3],
    ['skinIssues.options.firmness-loss.points', 3],
    ['skinIssues.options.jowls.points', 3],
    ['skinIssues.options.fine-lines.points', 1.5],
    ['skinIssues.options.spots.points', 1],
    ['skinIssues.mainConcernsBonus', { minimum: 2, points: 1 }],
    ['changeSpeed', { '6-12-months': 4, '1-2-years': 2.5, '3-plus-years': 1, 'no-significant': -0.5 }],
    ['symptoms.points', { 'hot-flashes': 2.5, 'poor-sleep': 2 }],
    ['symptoms.otherEach', 1.2],
    ['symptoms.ignored', ['none']],
    ['hrt', { no: 2, past: 1, yes: -1 }],
    ['confidence.min', 10],
    ['confidence.max', 95],
    ['photoBlend', { quiz: 0.6, photo: 0.4 }],
    ['agingRate.rapid.changeSpeeds', ['6-12-months']],
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
    expect(readPath(defaults, path)).toEqual(value);
  });

  it('has the spec hormonal labels at 80, 65, 50, 35', () => {
    expect(defaults.hormonal.bands.map((b) => [b.min, b.label])).toEqual([
      [80, 'Very High'],
      [65, 'High'],
      [50, 'Medium-High'],
      [35, 'Medium'],
    ]);
    expect(defaults.hormonal.otherwise.label).toBe('Low-Medium');
  });

  it('scores clinical treatments 1.5 and products 0.8 each', () => {
    const clinical = ['in-clinic', 'chemical-peels', 'microneedling', 'led-therapy'];
    const products = ['retinols', 'vitamin-c', 'peptides', 'hyaluronic-acid', 'moisturizers', 'serums'];
    expect(Object.fromEntries(Object.entries(defaults.skinTreatments))).toEqual(
      Object.fromEntries([...clinical.map((v) => [v, 1.5]), ...products.map((v) => [v, 0.8])]),
    );
  });
});

describe('schemas/scoring.schema.json', () => {
  it('rejects an unknown property and a missing weight', () => {
    expect(validate({ ...defaults, extra: 1 })).toBe(false);
    const { hrt: _hrt, ...withoutHrt } = defaults;
    expect(validate(withoutHrt)).toBe(false);
    expect(validate({ ...defaults, age: { ...defaults.age, baseAge: '35' } })).toBe(false);
  });

  it('rejects a finding quoting an unknown metric', () => {
    const findings = {
      ...defaults.findings,
      default: { ...defaults.findings.default, metric: 'wrinkleDepth' },
    };
    expect(validate({ ...defaults, findings })).toBe(false);
  });

  it('describes every property and closes every object', () => {
    const problems: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${at}/${i}`));
      if (node === null || typeof node !== 'object') return;
      const entries = Object.entries(node);
      const props = entries.find(([k]) => k === 'properties')?.[1];
      if (props !== undefined && props !== null && typeof props === 'object') {
        for (const [name, prop] of Object.entries(props)) {
          if (typeof prop !== 'object' || prop === null || !('description' in prop))
            problems.push(`${at}/properties/${name}: no description`);
        }
        if (!entries.some(([k, v]) => k === 'additionalProperties' && v === false))
          problems.push(`${at}: open object`);
      }
      for (const [key, value] of entries) walk(value, `${at}/${key}`);
    };
    walk(schema, '#');
    expect(problems).toEqual([]);
  });
});
