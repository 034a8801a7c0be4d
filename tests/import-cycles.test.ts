/**
 * No import circle anywhere in the project's code, type-only and dynamic imports included (ESLint's
 * import-x/no-cycle sees value imports only; tests/lint-rules.test.ts proves that rule). The finder is
 * proved on planted circles first.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles, importGraph, importSpecifiers } from '../scripts/lib/import-graph.ts';

const root = resolve(process.cwd());
const FOLDERS = ['src', 'server', 'scripts', 'supabase', 'common', 'tests', '.storybook'];

describe('the import graph', () => {
  it('has no circle, type-only imports included', () => {
    const graph = importGraph(root, FOLDERS, (path) => path.startsWith('supabase/functions/_flow'));
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('src/app/predicted-view.ts')).toContain('src/app/predict-next.ts');
    expect(importCycles(graph)).toEqual([]);
  });
});

describe('the circle finder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'import-graph-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads static, type-only, re-exported and dynamic imports, not comments', () => {
    expect(
      importSpecifiers(
        "import { a } from './a.ts';\nimport type { B } from '../b.ts';\nexport * from './c';\n" +
          "const d = import('./d.ts');\nimport './e.ts';\n// import { f } from './f.ts';\n/* import('./g.ts') */\n",
      ),
    ).toEqual(['./a.ts', '../b.ts', './c', './d.ts', './e.ts']);
  });

  it('finds a circle across folders made of a type-only import and a dynamic one', () => {
    mkdirSync(join(dir, 'server'), { recursive: true });
    mkdirSync(join(dir, 'common'), { recursive: true });
    writeFileSync(
      join(dir, 'server/view.ts'),
      "import type { Options } from '../common/predict.ts';\nexport const load = () => import('../common/predict.ts');\n",
    );
    writeFileSync(
      join(dir, 'common/predict.ts'),
      "import type { View } from '../server/view';\nexport interface Options { view?: View }\n",
    );
    writeFileSync(
      join(dir, 'common/alone.ts'),
      "import { load } from '../server/view.ts';\nexport const x = load;\n",
    );
    expect(importCycles(importGraph(dir, ['server', 'common']))).toEqual([
      ['common/predict.ts', 'server/view.ts'],
    ]);
  });

  it('finds a self-import and leaves a one-way chain alone', () => {
    expect(
      importCycles(
        new Map([
          ['a.ts', ['a.ts']],
          ['b.ts', ['c.ts']],
          ['c.ts', []],
        ]),
      ),
    ).toEqual([['a.ts']]);
  });
});
