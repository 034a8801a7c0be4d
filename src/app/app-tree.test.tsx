import { describe, expect, it } from 'vitest';
import type { FunnelInput } from '../engine/funnel-context.ts';
import { resolveRoute } from '../engine/routes.ts';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { matchesPrerender } from './app-tree.tsx';

const flow = loadFlow();
const firstRoute = resolveRoute(flow.screens[flow.start]?.route ?? '/', flow.settings);
const fresh = (path: string): FunnelInput => ({ path, answers: {}, data: {}, sessionId: 's' });

describe('whether the page the build drew is this visit’s first render', () => {
  it('is, for a fresh visitor at the address it was drawn for (a trailing slash aside)', () => {
    expect(matchesPrerender({ prerendered: firstRoute }, firstRoute, flow, fresh(firstRoute), [])).toBe(true);
    expect(matchesPrerender({ prerendered: '/quiz/x' }, '/quiz/x/', { ...flow }, fresh('/quiz/x/'), [])).toBe(true);
  });

  it('is not, without a drawing, or at another address (a host serving one page for another)', () => {
    expect(matchesPrerender({}, firstRoute, flow, fresh(firstRoute), [])).toBe(false);
    expect(matchesPrerender({ prerendered: '/' }, '/quiz/x', flow, fresh('/quiz/x'), [])).toBe(false);
  });

  it('is not, for a visitor with stored answers or data, a timer to resume, a lost photo or another screen to open', () => {
    const path = firstRoute;
    expect(matchesPrerender({ prerendered: path }, path, flow, { ...fresh(path), answers: { a: 1 } }, [])).toBe(false);
    expect(matchesPrerender({ prerendered: path }, path, flow, { ...fresh(path), data: { d: {} } }, [])).toBe(false);
    expect(matchesPrerender({ prerendered: path }, path, flow, { ...fresh(path), resume: { screen: 's', enteredAt: 1 } }, [])).toBe(false);
    expect(matchesPrerender({ prerendered: path }, path, flow, { ...fresh(path), lostPhoto: 'photo' }, [])).toBe(false);
    expect(matchesPrerender({ prerendered: path }, path, flow, { ...fresh(path), path: '/elsewhere' }, [])).toBe(false);
  });

  it("is, on a page an experiment changes, only when #root holds the visitor's variant", () => {
    const drawing = { prerendered: firstRoute, variant: 'e:b' };
    const assigned = (variant: string) => [{ experiment: 'e', variant, override: false }];
    expect(matchesPrerender(drawing, firstRoute, flow, fresh(firstRoute), assigned('b'))).toBe(true);
    expect(matchesPrerender(drawing, firstRoute, flow, fresh(firstRoute), assigned('a'))).toBe(false);
    // Not assigned (the experiment isn't running): only the base drawing ("") is hers.
    expect(matchesPrerender(drawing, firstRoute, flow, fresh(firstRoute), [])).toBe(false);
    expect(matchesPrerender({ ...drawing, variant: 'e:' }, firstRoute, flow, fresh(firstRoute), [])).toBe(true);
    expect(matchesPrerender({ ...drawing, variant: 'other:b' }, firstRoute, flow, fresh(firstRoute), assigned('b'))).toBe(false);
  });

  it('is, for the not-found drawing, only at an address that is no page of the flow', () => {
    expect(matchesPrerender({ prerendered: '*' }, '/no-such-page', flow, fresh('/no-such-page'), [])).toBe(true);
    expect(matchesPrerender({ prerendered: '*' }, firstRoute, flow, fresh(firstRoute), [])).toBe(false);
  });
});
