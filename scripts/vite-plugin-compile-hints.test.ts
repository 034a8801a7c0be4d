import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { COMPILE_HINT, compileHintsPlugin } from './vite-plugin-compile-hints.ts';

const chunk = (fileName: string, isEntry: boolean, code: string) =>
  ({ type: 'chunk', fileName, isEntry, code }) as unknown as Rollup.OutputChunk;

describe('compileHintsPlugin', () => {
  it("puts V8's compile hint on the entry's first line, above Vite's preload map, once", () => {
    const bundle: Record<string, Rollup.OutputChunk> = {
      entry: chunk('assets/index.js', true, 'const __vite__mapDeps=(i)=>i;\nvar e=1;'),
      lazy: chunk('assets/lazy.js', false, 'var f=2;'),
    };
    const { generateBundle } = compileHintsPlugin();
    const run = () =>
      typeof generateBundle === 'object' &&
      (generateBundle.handler as (o: unknown, b: Record<string, Rollup.OutputChunk>) => void)({}, bundle);
    run();
    run();
    expect(bundle.entry?.code.split('\n')).toEqual([COMPILE_HINT, 'const __vite__mapDeps=(i)=>i;', 'var e=1;']);
    expect(bundle.lazy?.code).toBe('var f=2;');
  });
});
