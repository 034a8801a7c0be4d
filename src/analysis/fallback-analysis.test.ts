import { describe, expect, it } from 'vitest';
import type { VisitorSnapshot } from '../engine/ports.ts';
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
});
