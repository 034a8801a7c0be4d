import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  firstLoadScripts,
  firstQuestion,
  forbiddenInFirstLoad,
  scriptsBeforeFirstQuestion,
  type FlowGraph,
  type Manifest,
} from './before-first-question.ts';

const flow: FlowGraph = {
  start: 'start',
  screens: {
    start: { kind: 'redirect', after: { to: 'warmup' } },
    warmup: { kind: 'redirect', after: {}, next: 'q1' },
    q1: { kind: 'multi-select', next: 'q2' },
    q2: { kind: 'slider' },
  },
};

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'] },
  '_vendor.js': { file: 'assets/vendor.js' },
  'src/screens/multi-select/multi-select.tsx': { file: 'assets/multi-select.js', imports: ['_option.js', '_vendor.js'] },
  '_option.js': { file: 'assets/option.js' },
  'src/screens/slider/slider.tsx': { file: 'assets/slider.js' },
  'src/app/tracking-chunk.ts': { file: 'assets/tracking.js' },
};

describe('scriptsBeforeFirstQuestion', () => {
  it('follows timed screens from the start to the first screen that waits for the visitor', () => {
    expect(firstQuestion(flow)).toEqual({ id: 'q1', kind: 'multi-select' });
  });

  it("counts the entry, its static imports and the first question's chunk with its imports, nothing else", () => {
    const { question, files } = scriptsBeforeFirstQuestion(manifest, flow);
    expect(question).toBe('q1');
    expect(files.sort()).toEqual(['assets/index.js', 'assets/multi-select.js', 'assets/option.js', 'assets/vendor.js']);
  });

  it('adds nothing for a first question drawn by the entry itself', () => {
    const eager: FlowGraph = { start: 'q', screens: { q: { kind: 'redirect' } } };
    expect(scriptsBeforeFirstQuestion(manifest, eager).files.sort()).toEqual(['assets/index.js', 'assets/vendor.js']);
  });

  it('fails on a timed loop that never reaches a question', () => {
    const loop: FlowGraph = { start: 'a', screens: { a: { kind: 'redirect', after: { to: 'a' } } } };
    expect(() => firstQuestion(loop)).toThrow(/moves on by itself but to no new screen/);
  });
});

describe('forbiddenInFirstLoad', () => {
  // web-vitals as the build ships it, and the first bundle's own part of field speed.
  const webVitals = readFileSync('node_modules/web-vitals/dist/web-vitals.js', 'utf8');
  const starter = readFileSync('src/app/field-speed-start.ts', 'utf8');
  const graph: Manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js' },
    'node_modules/web-vitals/dist/web-vitals.js': { file: 'assets/web-vitals.js' },
  };

  it('walks the entries and their static imports only', () => {
    expect(firstLoadScripts(graph).sort()).toEqual(['assets/index.js', 'assets/shared.js']);
  });

  it('finds web-vitals in a chunk the entry imports statically, and not behind a dynamic import', () => {
    const code: Record<string, string> = {
      'assets/index.js': starter,
      'assets/shared.js': webVitals,
      'assets/web-vitals.js': webVitals,
    };
    expect(forbiddenInFirstLoad(graph, (file) => code[file] ?? '')).toEqual(['web-vitals in assets/shared.js']);
    code['assets/shared.js'] = 'export const shared = 1;';
    expect(forbiddenInFirstLoad(graph, (file) => code[file] ?? '')).toEqual([]);
    // Bundled into the entry itself.
    code['assets/index.js'] = `${starter}\n${webVitals}`;
    expect(forbiddenInFirstLoad(graph, (file) => code[file] ?? '')).toEqual(['web-vitals in assets/index.js']);
  });
});
