import { describe, expect, it } from 'vitest';
import { loadFlow } from '../../tests/support/load-flow.ts';
import type { FunnelPorts } from '../engine/ports.ts';
import { createMemoryTracking } from '../tracking/memory-tracking.ts';
import { compiledMachine, preparedMachine } from './compiled-machine.ts';

const flow = loadFlow();

function testPorts(): FunnelPorts {
  const tracking = createMemoryTracking();
  return {
    tracking,
    pixel: tracking,
    analysis: { analyzePhoto: () => Promise.resolve({}) },
    navigation: { redirect: () => undefined },
    log: { warn: () => undefined },
  };
}

describe('compiledMachine', () => {
  it('hands the machine compiled ahead (main.tsx) to the first render, for the same flow, ports and result code', () => {
    const ports = testPorts();
    const deriveResult = () => ({});
    const ahead = compiledMachine(flow, { ports, deriveResult });
    expect(ahead.id).toBe('funnel');
    expect(compiledMachine(flow, { ports, deriveResult })).toBe(ahead);
  });

  it('compiles again when the flow, the ports or the result code is another one', () => {
    const ports = testPorts();
    const deriveResult = () => ({});
    const first = compiledMachine(flow, { ports, deriveResult });
    const otherPorts = compiledMachine(flow, { ports: testPorts(), deriveResult });
    expect(otherPorts).not.toBe(first);
    const otherDerive = compiledMachine(flow, { ports, deriveResult: () => ({}) });
    expect(otherDerive).not.toBe(first);
    const otherFlow = compiledMachine({ ...flow }, { ports, deriveResult });
    expect(otherFlow).not.toBe(first);
  });
});

describe('preparedMachine', () => {
  it('builds the configuration first and the machine when asked, which the first render then reuses', () => {
    const ports = testPorts();
    const deriveResult = () => ({});
    const create = preparedMachine(flow, { ports, deriveResult });
    const machine = create();
    expect(machine.id).toBe('funnel');
    expect(create()).toBe(machine);
    expect(compiledMachine(flow, { ports, deriveResult })).toBe(machine);
  });
});
