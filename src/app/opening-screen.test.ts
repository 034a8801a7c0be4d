import { createActor, type AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { compileFlow } from '../engine/compile-flow.ts';
import type { FunnelPorts } from '../engine/ports.ts';
import { resolveRoute } from '../engine/routes.ts';
import { resumeSession } from '../engine/storage.ts';
import { createMemoryTracking } from '../tracking/memory-tracking.ts';
import { openingScreen } from './opening-screen.ts';

const flow = loadFlow();
const tracking = createMemoryTracking();
const elsewhere: string[] = [];
const ports: FunnelPorts = {
  tracking,
  pixel: tracking,
  analysis: { analyzePhoto: () => Promise.resolve({}) },
  navigation: { redirect: (url) => void elsewhere.push(`redirect ${url}`) },
  log: { warn: (message) => void elsewhere.push(`warn ${message}`) },
};
const machine = compileFlow(flow, { ports, deriveResult: () => ({}) });
const freshAt = (id: string) => {
  const route = flow.screens[id]?.route ?? '';
  return resumeSession(null, flow, resolveRoute(route, flow.settings));
};

describe('openingScreen', () => {
  it("is the address's own screen for a fresh visitor", () => {
    const id = Object.keys(flow.screens).find((key) => flow.screens[key]?.kind === 'single-choice') ?? '';
    expect(openingScreen(machine, freshAt(id))).toBe(id);
  });

  it("is a guarded screen's `otherwise` when the visitor has none of what it requires", () => {
    const [id, screen] =
      Object.entries(flow.screens).find(([, s]) => 'requires' in s && s.requires !== undefined && s.route) ??
      [];
    const otherwise = screen && 'requires' in screen ? screen.requires?.otherwise : undefined;
    expect(otherwise).toBeDefined();
    expect(openingScreen(machine, freshAt(id ?? ''))).toBe(otherwise);
  });

  it('runs nothing: no tracking, pixel or navigation call', () => {
    openingScreen(machine, freshAt(flow.start));
    expect(tracking.calls).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
});

describe('the machine without an input', () => {
  // xstate's snapshot helpers (getInitialSnapshot, getNextSnapshot) first build an actor with no input:
  // a guard that threw on the missing address made an Error each time, which DevTools makes costly.
  it('opens without an error (on the not-found screen: no address is no page), so the helpers never throw on the way', () => {
    // As those helpers do (the machine's type asks for an input, which they don't give).
    const snapshot = createActor(machine as AnyStateMachine).getSnapshot();
    expect(snapshot.status).toBe('active');
    expect(snapshot.value).toEqual({ [flow.notFound ?? '']: 'ready' });
  });
});
