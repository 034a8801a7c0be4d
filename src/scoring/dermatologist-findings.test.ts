import { describe, expect, it } from 'vitest';
import { dermatologistFindings } from './dermatologist-findings.ts';
import { scoringFixture } from './scoring-fixture.ts';
import { testProfile } from './test-profile.ts';

const scoring = scoringFixture();
const metrics = { collagenDensity: 41, elastinIntegrity: 52, hydrationLevels: 63 };
const overview = { volume: 5.5, elasticity: 6.5, texture: 7.5, complexion: 8.5 };

describe('dermatologistFindings', () => {
  it('quotes percentages and scores out of 10, most points first, at most findings.max', () => {
    // jowls 3, texture 3 (config order: texture before jowls), fine lines 1.5, spots 1 → the first three
    const profile = testProfile({ skinIssues: ['spots', 'fine-lines', 'jowls', 'texture'] });
    expect(dermatologistFindings(profile, metrics, overview, scoring).map((f) => f.metric)).toEqual([
      'Texture score: 7.5/10',
      'Volume score: 5.5/10',
      'Collagen density: 41%',
    ]);
  });

  it('skips issues without a finding and falls back to the default', () => {
    expect(
      dermatologistFindings(testProfile({ skinIssues: ['multiple-concerns'] }), metrics, overview, scoring),
    ).toEqual([
      {
        type: 'general',
        title: scoring.findings.default.title,
        metric: 'Collagen density: 41%',
        insight: scoring.findings.default.insight,
      },
    ]);
  });
});
