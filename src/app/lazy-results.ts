/**
 * The result code, loaded after first paint so the first screen's bundle stays small. Until it is in,
 * results are empty and the app holds back screens that show one (see `readsResult`).
 */
import type { DeriveResult } from '../engine/scope.ts';
import type { VisitorSnapshot } from '../engine/ports.ts';
import type { ResultCode } from './derive-result.ts';

export interface LazyResults {
  derive: DeriveResult;
  fallback: (visitor: VisitorSnapshot) => Promise<Record<string, unknown>>;
  /** Resolves once the code is in. */
  ready: Promise<void>;
  isReady: () => boolean;
}

export function lazyResults(load: () => Promise<ResultCode>): LazyResults {
  let code: ResultCode | null = null;
  const ready = load().then((loaded) => {
    code = loaded;
  });
  return {
    derive: (answers, data) => (code ? code.derive(answers, data) : {}),
    fallback: async (visitor) => {
      await ready;
      return code ? code.fallback(visitor) : {};
    },
    ready,
    isReady: () => code !== null,
  };
}
