import { describe, expect, it } from 'vitest';

describe('quiet-stacks', () => {
  it('leaves errors without a stack while the entry loads, and restores the limit as it was', async () => {
    const before = Error.stackTraceLimit;
    const { restoreStacks } = await import('./quiet-stacks.ts');
    expect(Object.hasOwn(Error, 'stackTraceLimit')).toBe(false);
    expect(new Error('quiet').stack).toBeUndefined();
    restoreStacks();
    expect(Error.stackTraceLimit).toBe(before);
    expect(new Error('heard').stack).toContain('heard');
    restoreStacks();
    expect(Error.stackTraceLimit).toBe(before);
  });
});
