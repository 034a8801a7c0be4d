/**
 * The Supabase CLI serves and deploys only what is under supabase/functions: no file there may import
 * (statically, dynamically or by re-export) a relative path outside it. And the modules copied from
 * src/ into supabase/functions/_shared/src/ (scripts/gen-function-copies.ts) equal their sources.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COPY_DIR, copyText, FUNCTION_COPIES } from '../scripts/gen-function-copies.ts';

const root = resolve(import.meta.dirname, '..');
const functionsDir = join(root, 'supabase/functions');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === '_flow') return [];
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(ts|tsx|js|mjs|cjs|mts)$/.test(name) ? [path] : [];
  });
}

/** Every module specifier in the text: import/export … from, import(), side-effect import, require(). */
function specifiers(text: string): string[] {
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\s+from\s+['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bimport\s+['"]([^'"]+)['"]/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] ?? ''));
}

describe('supabase/functions', () => {
  it('finds the specifiers it checks', () => {
    const text = `import a from '../x.ts';\nexport { b } from "./y.ts";\nimport type { C } from '../../z.ts';\nconst d = await import('../w.ts');\nimport './side.ts';`;
    expect(specifiers(text)).toEqual(['../x.ts', './y.ts', '../../z.ts', '../w.ts', './side.ts']);
  });

  it('imports nothing from outside supabase/functions', () => {
    const files = filesUnder(functionsDir);
    expect(files.length).toBeGreaterThan(20);
    const outside = files.flatMap((file) =>
      specifiers(readFileSync(file, 'utf8'))
        .filter((spec) => spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('file:'))
        .filter((spec) => relative(functionsDir, resolve(dirname(file), spec)).startsWith('..') || spec.startsWith('/') || spec.startsWith('file:'))
        .map((spec) => `${relative(root, file)} imports ${spec}`),
    );
    expect(outside).toEqual([]);
  });

  it('holds copies of src/ modules equal to their sources (npm run gen:types rewrites them)', () => {
    for (const module of FUNCTION_COPIES) {
      const copy = readFileSync(join(root, COPY_DIR, module), 'utf8');
      expect(copy, `${COPY_DIR}/${module} differs from src/${module}: run npm run gen:types`).toBe(
        copyText(module, readFileSync(join(root, 'src', module), 'utf8')),
      );
    }
  });
});
