/**
 * The data copy and rules read: { answers, data, result, settings, path }. The result is derived from
 * answers and data by a product-specific function the app supplies (the engine knows no formula).
 * It is derived afresh each time: the formula is cheap arithmetic, and a cache could serve a result
 * computed before the result code had loaded.
 */
import type { Answers, Flow, Scope, Screen, StoredData } from './flow-model.ts';
import type { OptionLabels } from './template.ts';

export type DeriveResult = (answers: Answers, data: StoredData) => object;

export function createScopeBuilder(settings: Flow['settings'], derive: DeriveResult, labels: OptionLabels = {}) {
  /**
   * The scope of `screen`: when the visitor has no answers at all and the screen declares
   * `sampleAnswers`, those stand in (e.g. the reveal opened by a deep link).
   */
  return function scopeFor(state: { answers: Answers; data: StoredData; path: string }, screen?: Screen): Scope {
    const sample = screen && 'sampleAnswers' in screen ? screen.sampleAnswers : undefined;
    const answers = sample && Object.keys(state.answers).length === 0 ? sample : state.answers;
    return { answers, data: state.data, result: derive(answers, state.data), settings, path: state.path, labels };
  };
}

export type ScopeBuilder = ReturnType<typeof createScopeBuilder>;
