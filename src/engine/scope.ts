/**
 * The data copy and rules read: { answers, data, result, settings, path }. The result is derived from
 * answers and data by a product-specific function the app supplies (the engine knows no formula).
 * It is derived afresh for each scope, and only when something reads it (most screens and rules
 * don't): deriving runs every computation of the flow, which has no place on a tap's path when the
 * next screen shows no result. No cache across scopes: one could serve a result computed before the
 * result code had loaded.
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
    let result: object | undefined;
    return {
      answers,
      data: state.data,
      get result() {
        return (result ??= derive(answers, state.data));
      },
      settings,
      path: state.path,
      labels,
    };
  };
}

export type ScopeBuilder = ReturnType<typeof createScopeBuilder>;
