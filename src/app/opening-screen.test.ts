import { describe, expect, it } from 'vitest';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { compileFlow } from '../engine/compile-flow.ts';
import type { FunnelPorts } from '../engine/ports.ts';
import { resolveRoute } from '../engine/routes.ts';
import { resumeSession } from '../engine/storage.ts';
import { openingScreen } from './opening-screen.ts';

const flow = loadFlow();
const calls: string[] = [];
const record = (name: string) => () => {
  calls.push(name);
};
const ports: FunnelPorts = {
  tracking: {
    screenViewed: record('screenViewed'),
    journeyReached: record('journeyReached'),
    stepTracked: record('stepTracked'),
    saveLead: () => Promise.resolve(),
    finalClick: record('finalClick'),
  },
  pixel: { track: record('pixel') },
  analysis: { analyzePhoto: () => Promise.resolve({}) },
  navigation: { redirect: record('redirect') },
  log: { warn: record('warn') },
} as unknown as FunnelPorts;
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
      Object.entries(flow.screens).find(([, s]) => 'requires' in s && s.requires !== undefined && s.route) ?? [];
    const otherwise = screen && 'requires' in screen ? screen.requires?.otherwise : undefined;
    expect(otherwise).toBeDefined();
    expect(openingScreen(machine, freshAt(id ?? ''))).toBe(otherwise);
  });

  it('runs nothing: no tracking, pixel or navigation call', () => {
    openingScreen(machine, freshAt(flow.start));
    expect(calls).toEqual([]);
  });
});
