import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every hand-written source file of the engine. The generated flow.gen.ts is left out: it mirrors the
 * schema, which includes the product's scoring section and copy examples.
 */
function engineFiles(dir = 'src/engine'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? engineFiles(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) && !/\.(test|gen)\./.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

describe('the engine stays generic', () => {
  it.each(engineFiles())('%s has no product words', (file) => {
    const text = readFileSync(file, 'utf8');
    expect(text).not.toMatch(/\b(skin|hormone|hormonal|estrogen|estriol|wrinkle|collagen)/i);
  });
});
