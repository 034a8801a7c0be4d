import { describe, expect, it, vi } from 'vitest';
import type { Flow } from './flow-model.ts';
import { holds } from './rules.ts';
import { createScopeBuilder } from './scope.ts';
import { interpolate } from './template.ts';

const state = { answers: { age: '40' }, data: {}, path: '/' };

describe('createScopeBuilder', () => {
  it('derives the result only when a copy or rule reads it, once per scope', () => {
    const derive = vi.fn(() => ({ score: 7.25 }));
    const scopeFor = createScopeBuilder({ brand: 'B' } as Flow['settings'], derive);
    const scope = scopeFor(state);
    expect(interpolate('{answers.age} at {settings.brand}', scope)).toBe('40 at B');
    expect(holds({ '==': [{ var: 'answers.age' }, '40'] }, scope)).toBe(true);
    expect(derive).not.toHaveBeenCalled();
    expect(interpolate('score {result.score:1}', scope)).toBe('score 7.3');
    expect(holds({ '>': [{ var: 'result.score' }, 7] }, scope)).toBe(true);
    expect(derive).toHaveBeenCalledTimes(1);
    expect(scopeFor(state).result).toEqual({ score: 7.25 });
    expect(derive).toHaveBeenCalledTimes(2);
  });

  it('still never reads through a prototype', () => {
    const scope = createScopeBuilder({} as Flow['settings'], () => ({}))(state);
    expect(interpolate('[{answers.constructor}]', scope)).toBe('[]');
    expect(holds({ '==': [{ var: 'answers.__proto__' }, null] }, scope)).toBe(true);
  });
});
