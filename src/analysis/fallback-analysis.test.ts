import { describe, expect, it } from 'vitest';
import type { VisitorSnapshot } from '../engine/ports.ts';
import { AnalysisError } from './analysis-error.ts';
import { withFallback } from './fallback-analysis.ts';

const visitor: VisitorSnapshot = { sessionId: 's', answers: { age: 50 }, data: {}, leadId: null };
const fallback = (v: VisitorSnapshot) => Promise.resolve({ source: 'answers', age: v.answers.age });

describe('withFallback', () => {
  it('returns the analysis when it succeeds', async () => {
    const port = withFallback({ analyzePhoto: () => Promise.resolve({ source: 'photo' }) }, fallback, () => undefined);
    await expect(port.analyzePhoto('data:image/jpeg;base64,AA', visitor)).resolves.toEqual({ source: 'photo' });
  });

  it('logs the failure and returns the estimate from the answers', async () => {
    const warnings: string[] = [];
    const port = withFallback({ analyzePhoto: () => Promise.reject(new Error('503')) }, fallback, (m) => warnings.push(m));
    await expect(port.analyzePhoto('data:image/jpeg;base64,AA', visitor)).resolves.toEqual({ source: 'answers', age: 50 });
    expect(warnings).toEqual(['Photo analysis failed, using the estimate from the answers: 503']);
  });

  it('uses the estimate when no analysis is configured', async () => {
    await expect(withFallback(null, fallback, () => undefined).analyzePhoto('x', visitor)).resolves.toEqual({ source: 'answers', age: 50 });
  });

  it('passes a refusal the visitor can act on (422 no_face) on, instead of an estimate as if her photo was read', async () => {
    const warnings: string[] = [];
    const port = withFallback(
      { analyzePhoto: () => Promise.reject(new AnalysisError(422, 'no_face')) },
      fallback,
      (m) => warnings.push(m),
    );
    await expect(port.analyzePhoto('data:image/jpeg;base64,AA', visitor)).rejects.toMatchObject({ code: 'no_face' });
    expect(warnings).toEqual([]);
  });

  it('estimates from the answers alone when the visitor goes on without a photo', async () => {
    let called = false;
    const port = withFallback({ analyzePhoto: () => ((called = true), Promise.resolve({})) }, fallback, () => undefined);
    await expect(port.analyzePhoto(null, visitor)).resolves.toEqual({ source: 'answers', age: 50 });
    expect(called).toBe(false);
  });
});

