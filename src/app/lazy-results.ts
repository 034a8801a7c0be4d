/**
 * The result code, loaded after first paint so the first screen's bundle stays small. Until it is in,
 * results are empty and the app holds back screens that show one (see `readsResult`).
 */
import type { DeriveResult } from '../engine/scope.ts';
import type { VisitorSnapshot } from '../engine/ports.ts';
import type { ResultCode } from './derive-result.ts';

export interface LazyResults {
  /** The result as the flow file computes it (the default language): routes, stored values, the lead. */
  derive: DeriveResult;
  /** The result as the visitor reads it: table texts in the visit's language (default: `derive`). */
  display?: DeriveResult;
  fallback: (visitor: VisitorSnapshot) => Promise<Record<string, unknown>>;
  /** Resolves once the code is in. */
  ready: Promise<void>;
  isReady: () => boolean;
  /**
   * A screen on show needs the code: load it now rather than after the screens (a direct load of a
   * result screen would otherwise wait for every upcoming screen's chunk first). Returns `ready`.
   */
  need: () => Promise<void>;
}

/** Loads the result code once `after` settles, or at once when {@link LazyResults.need} is called. */
export function lazyResults(
  load: () => Promise<ResultCode>,
  after: Promise<unknown> = Promise.resolve(),
): LazyResults {
  let code: ResultCode | null = null;
  let needed = () => {};
  const asked = new Promise<void>((resolve) => {
    needed = resolve;
  });
  const ready = Promise.race([after.then(undefined, () => undefined), asked])
    .then(load)
    .then((loaded) => {
      code = loaded;
    });
  return {
    derive: (answers, data) => (code ? code.derive(answers, data) : {}),
    display: (answers, data) => (code ? (code.display ?? code.derive)(answers, data) : {}),
    fallback: async (visitor) => {
      await ready;
      return code ? code.fallback(visitor) : {};
    },
    ready,
    isReady: () => code !== null,
    need: () => {
      needed();
      return ready;
    },
  };
}
