/**
 * Engine behaviour the path proofs rely on: `next` rules see the answers Continue stores, placeholder
 * fallbacks, and the refusal of an unknown flow format version at run time.
 */
import { describe, expect, it, vi } from 'vitest';
import { assertFlowVersion, flowVersionProblem } from '../../src/engine/flow-version.ts';
import { interpolate, placeholderReads } from '../../src/engine/template.ts';
import { editedFlow, loadFlow } from '../support/load-flow.ts';
import { startFunnel } from '../support/funnel-actor.ts';

describe('next rules on Continue', () => {
  it("see an untouched slider's default, which Continue stores", () => {
    vi.useFakeTimers();
    const flow = editedFlow((json) => {
      json.screens['age'] = {
        ...json.screens['age'],
        next: [
          { when: { '>=': [{ var: 'answers.age' }, 50] }, to: 'cliff-education' },
          { to: 'analysis-bridge' },
        ],
      };
    });
    const f = startFunnel(flow, { path: '/quiz/age-selection' });
    f.send({ type: 'CONTINUE' });
    expect(f.context().answers.age).toBe(50);
    expect(f.screen()).toBe('cliff-education');
    vi.useRealTimers();
  });
});

describe('placeholder fallbacks', () => {
  it('show the fallback only when the value is missing', () => {
    const scope = { answers: { name: 'Ann', empty: '' } };
    expect(interpolate('Hi {answers.name|there}', scope)).toBe('Hi Ann');
    expect(interpolate('Hi {answers.nobody|there}', scope)).toBe('Hi there');
    expect(interpolate('Hi {answers.empty|there}', scope)).toBe('Hi there');
    expect(interpolate('?email={answers.nobody|}&x=1', scope)).toBe('?email=&x=1');
    expect(interpolate('{answers.nobody}', scope)).toBe('');
  });

  it('are read with their paths', () => {
    expect(placeholderReads('{answers.a|x} {result.b} {c.d|}')).toEqual([
      { path: 'answers.a', format: undefined, fallback: 'x' },
      { path: 'result.b', format: undefined, fallback: undefined },
      { path: 'c.d', format: undefined, fallback: '' },
    ]);
  });
});

describe('the flow format version at run time', () => {
  it('accepts version 1 and refuses any other with a clear message', () => {
    expect(flowVersionProblem(1)).toBeUndefined();
    expect(flowVersionProblem(2)).toBe('this engine runs flow format version 1; the flow has version 2');
    expect(flowVersionProblem(undefined)).toBe(
      'this engine runs flow format version 1; the flow has no version',
    );
    expect(() => assertFlowVersion({ id: 'next-year', version: 2 })).toThrow(
      `Can't run the flow "next-year": this engine runs flow format version 1; the flow has version 2. Update the engine, or migrate the flow file.`,
    );
  });

  it('compileFlow refuses a flow of an unknown version', () => {
    const flow = loadFlow();
    // @ts-expect-error: the types only admit known versions; a file from elsewhere might not.
    const future: typeof flow = { ...flow, version: 2 };
    expect(() => startFunnel(future)).toThrow(/flow format version 1; the flow has version 2/);
  });
});
