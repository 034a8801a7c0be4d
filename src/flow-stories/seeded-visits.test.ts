import { describe, expect, it } from 'vitest';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { evaluateComputations } from '../scoring/evaluate-computations.ts';
import { SEEDED_VISITS, visitFor } from './seeded-visits.ts';

const flow = loadFlow();

function resultOf(level: keyof typeof SEEDED_VISITS) {
  const { quizData, assessmentData } = SEEDED_VISITS[level];
  const result = evaluateComputations(flow, { answers: quizData, data: { assessmentData }, settings: flow.settings });
  const number = (key: string) => {
    const value = result[key];
    if (typeof value !== 'number') throw new Error(`the flow computes no number "${key}"`);
    return value;
  };
  return { hormonalLabel: result['hormonalLabel'], confidenceScore: number('confidenceScore'), ageDifference: number('ageDifference') };
}

describe('the seeded visits', () => {
  it('give a low, a medium and a high result with the shipped scoring', () => {
    const [low, medium, high] = [resultOf('low'), resultOf('medium'), resultOf('high')];
    expect(low.confidenceScore).toBeLessThan(medium.confidenceScore);
    expect(medium.confidenceScore).toBeLessThan(high.confidenceScore);
    expect(low.ageDifference).toBeLessThan(medium.ageDifference);
    expect(medium.ageDifference).toBeLessThan(high.ageDifference);
    expect([low.hormonalLabel, medium.hormonalLabel, high.hormonalLabel]).toEqual([
      'Low-Medium',
      'Medium',
      'Very High',
    ]);
  });

  it('only use answers the flow asks for, as the flow stores them', () => {
    const known = new Set(
      Object.values(flow.screens).flatMap((screen) =>
        screen.kind === 'form'
          ? screen.fields.map((field) => field.name)
          : 'answer' in screen
            ? [screen.answer]
            : [],
      ),
    );
    for (const visit of Object.values(SEEDED_VISITS)) {
      for (const key of Object.keys(visit.quizData)) expect(known, key).toContain(key);
    }
    for (const screen of Object.values(flow.screens)) {
      if (screen.kind !== 'multi-select' && screen.kind !== 'single-choice') continue;
      const values = screen.options.map((option) => option.value);
      for (const visit of Object.values(SEEDED_VISITS)) {
        const stored = new Map<string, unknown>(Object.entries(visit.quizData)).get(screen.answer);
        for (const value of [stored].flat())
          if (value !== undefined) expect(values, screen.answer).toContain(value);
      }
    }
  });

  it('leave out the answers of the screen a story opens', () => {
    const visit = visitFor('high', ['age', 'name']);
    expect(visit.quizData).not.toHaveProperty('age');
    expect(visit.quizData).not.toHaveProperty('name');
    expect(visit.quizData).toHaveProperty('email', 'ann@example.com');
    expect(visit.assessmentData).toEqual(SEEDED_VISITS.high.assessmentData);
  });
});
