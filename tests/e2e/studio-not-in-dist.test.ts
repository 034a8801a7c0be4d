/**
 * The studio is a separate entry: nothing of it (its app, the graph library, the code editor, the
 * schema forms) may reach the visitor's build in dist/ (made by `npm run build`, which also enforces
 * the byte budgets).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './harness.ts';

const dist = join(repoRoot, 'dist');
// Strings each studio part carries in its code (class names, module names, the app's title).
const MARKERS = ['Flow Studio', 'react-flow__', 'cm-editor', '@rjsf', 'studio:show', 'x-studio-token'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

describe('the visitor build', () => {
  it('holds no studio code', () => {
    expect(existsSync(join(dist, 'index.html')), 'run npm run build first').toBe(true);
    const shipped = files(dist).filter((file) => /\.(js|css|html)$/.test(file));
    expect(shipped.length).toBeGreaterThan(0);
    for (const file of shipped) {
      const text = readFileSync(file, 'utf8');
      for (const marker of MARKERS) expect(text.includes(marker), `${file} contains "${marker}"`).toBe(false);
    }
  });
});
