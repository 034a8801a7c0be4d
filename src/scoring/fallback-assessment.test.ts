import { describe, expect, it } from 'vitest';
import { fallbackAssessment } from './fallback-assessment.ts';
import { SAMPLE_ANSWERS } from './sample-answers.ts';
import { scoringFixture } from './scoring-fixture.ts';

const scoring = scoringFixture();

describe('fallbackAssessment', () => {
  it('the sample data in the assessmentData shape', () => {
    // Numbers as in compute-result.test.ts; clinical metrics:
    // volume_integrity 88 − 0.6×10 − 23.8 − 8 (firmness) = 50.2 → 50, below 55 → 'Significant decline'
    // dermal_density 86 − 0.7×10 − 23.8 − 5 (fine lines) − 4 (dryness) = 46.2 → 46 → 'Marked thinning'
    const assessment = fallbackAssessment(
      { ...SAMPLE_ANSWERS, email: 'ann@example.com' },
      scoring,
      'local-1',
    );
    expect(assessment).toEqual({
      id: 'local-1',
      email: 'ann@example.com',
      chronological_age: 45,
      assessed_skin_age: 68.8,
      aging_acceleration: 23.8,
      assessment_confidence: 84,
      primary_concern: 'Loss of firmness or sagging',
      assessment_overview: {
        volume: { score: 5.3 },
        elasticity: { score: 3.8 },
        texture: { score: 4.8 },
        complexion: { score: 5.8 },
      },
      clinical_metrics: {
        volume_integrity: expect.objectContaining({ score: 50, category: 'Significant decline' }),
        dermal_density: expect.objectContaining({ score: 46, category: 'Marked thinning' }),
      },
      findings: [
        expect.objectContaining({ area: 'Cheeks and jawline' }),
        expect.objectContaining({ area: 'Cheeks and around the mouth' }),
        expect.objectContaining({ area: 'Eyes and forehead' }),
      ],
      recommendations: [
        'Focus on firming: support collagen and elastin from within',
        'Rebuild hydration with humectants and a barrier-repair moisturiser',
        'Support collagen renewal with a consistent evening routine',
        'Use daily broad-spectrum sun protection',
      ],
    });
    for (const finding of assessment.findings) {
      expect(Object.keys(finding).sort()).toEqual([
        'area',
        'biological_factor',
        'lifestyle_factor',
        'observation',
      ]);
    }
  });

  it('without answers: the default finding and the general recommendations, no email', () => {
    const assessment = fallbackAssessment(null, scoring, 'x');
    expect(assessment.email).toBe('');
    expect(assessment.findings).toEqual([
      {
        area: scoring.fallback.defaultFinding.area,
        observation: scoring.fallback.defaultFinding.observation,
        lifestyle_factor: scoring.fallback.defaultFinding.lifestyleFactor,
        biological_factor: scoring.fallback.defaultFinding.biologicalFactor,
      },
    ]);
    expect(assessment.recommendations).toEqual(scoring.fallback.generalRecommendations);
  });

  it('lists a recommendation once and at most maxRecommendations', () => {
    // spots recommends sun protection, as do the general recommendations
    const assessment = fallbackAssessment({ skinIssues: ['spots'] }, scoring, 'x');
    expect(assessment.recommendations).toEqual([
      'Use daily broad-spectrum sun protection',
      'Keep a simple, consistent routine for at least eight weeks',
    ]);
    const copy = scoringFixture();
    copy.fallback.maxRecommendations = 1;
    copy.fallback.maxFindings = 1;
    const capped = fallbackAssessment(SAMPLE_ANSWERS, copy, 'x');
    expect(capped.recommendations).toHaveLength(1);
    expect(capped.findings).toHaveLength(1);
  });
});
