import { describe, expect, it } from 'vitest';
import { evaluateComputations } from './evaluate-computations.ts';

describe('evaluateComputations', () => {
  it('evaluates in order; later computations read earlier ones; dotted names nest', () => {
    const result = evaluateComputations(
      {
        tables: { speed: { fast: 4, slow: 1 } },
        computations: {
          base: { '+': [{ var: 'answers.age' }, { points: [{ var: 'answers.speed' }, { var: 'tables.speed' }] }] },
          'scores.double': { '*': [{ var: 'result.base' }, 2] },
          'scores.label': { cat: [{ var: 'settings.unit' }, { var: 'result.scores.double' }] },
          plain: 7,
        },
      },
      { answers: { age: 40, speed: 'fast' }, data: {}, settings: { unit: '#' } },
    );
    expect(result).toEqual({ base: 44, scores: { double: 88, label: '#88' }, plain: 7 });
  });

  it('a computation that throws is left out, and the next ones still run', () => {
    const result = evaluateComputations(
      { computations: { bad: { nope: [1] }, good: { '+': [1, 2] } } },
      { answers: {}, data: {} },
    );
    expect(result).toEqual({ good: 3 });
  });
});
