/**
 * One client's share of the analysis pool (issue 42): at most MAX_JOBS_PER_CLIENT jobs in at once,
 * and a free worker takes the waiting job of the client served least recently, so two clients
 * looping uploads do not queue a newcomer behind all of theirs.
 */
import { describe, expect, it } from 'vitest';
import { clientShare, MAX_JOBS_PER_CLIENT } from './client-share.ts';

describe('the share of one client', () => {
  it(`admits ${MAX_JOBS_PER_CLIENT} jobs of one client at once, and another once one is out`, () => {
    const share = clientShare();
    for (let i = 0; i < MAX_JOBS_PER_CLIENT; i++) expect(share.admit('10.0.0.1')).toBe(true);
    expect(share.admit('10.0.0.1')).toBe(false);
    expect(share.admit('10.0.0.2')).toBe(true);
    share.release('10.0.0.1');
    expect(share.admit('10.0.0.1')).toBe(true);
    // The pool's own callers ('') are never limited.
    for (let i = 0; i < 10; i++) expect(share.admit('')).toBe(true);
  });

  it('gives the next worker to the client served least recently, a newcomer first', () => {
    const share = clientShare();
    const waiting = [{ client: 'a' }, { client: 'b' }, { client: 'a' }, { client: 'b' }];
    const order: string[] = [];
    const take = () => order.push(waiting.splice(share.pick(waiting), 1)[0]?.client ?? '-');
    take(); // a (both new: order of arrival)
    take(); // b
    waiting.push({ client: 'visitor' }, { client: 'a' });
    take(); // the visitor, never served, before a's and b's second jobs
    take(); // a, served before b
    take(); // b
    take(); // a
    expect(order).toEqual(['a', 'b', 'visitor', 'a', 'b', 'a']);
    expect(share.pick([])).toBe(-1);
  });
});
