import { describe, expect, it } from 'vitest';
import { hormonalBand } from './hormonal-band.ts';
import { scoringFixture } from './scoring-fixture.ts';

const scoring = scoringFixture();

describe('hormonalBand', () => {
  it.each([
    [95, 'Very High'],
    [80, 'Very High'],
    [79, 'High'],
    [65, 'High'],
    [64, 'Medium-High'],
    [50, 'Medium-High'],
    [49, 'Medium'],
    [35, 'Medium'],
    [34, 'Low-Medium'],
    [10, 'Low-Medium'],
    [0, 'Low-Medium'],
  ])('%i → %s', (score, label) => {
    expect(hormonalBand(score, scoring).label).toBe(label);
  });

  it('gives each band its own comment', () => {
    const comments = [90, 70, 55, 40, 20].map((score) => hormonalBand(score, scoring).comment);
    expect(new Set(comments).size).toBe(5);
  });

  it('reads thresholds and texts from the config', () => {
    const copy = scoringFixture();
    copy.hormonal.bands = [{ min: 90, label: 'Top', comment: 'c' }];
    copy.hormonal.otherwise.label = 'Rest';
    expect(hormonalBand(90, copy).label).toBe('Top');
    expect(hormonalBand(89, copy).label).toBe('Rest');
  });
});
