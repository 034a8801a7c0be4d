import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Flow } from '../engine/flow-model.ts';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { evaluateComputations } from '../scoring/evaluate-computations.ts';
import { visitFor } from './seeded-visits.ts';
import { isLanguageFileName } from '../engine/i18n/translation.ts';

const LEVELS = ['low', 'medium', 'high'] as const;
const flowFiles = readdirSync(join(process.cwd(), 'flows')).filter(
  (name) => name.endsWith('.json') && !isLanguageFileName(name),
);
const flows: [string, Flow][] = flowFiles.map((name) => [
  name,
  loadFlow(readFileSync(join(process.cwd(), 'flows', name), 'utf8')),
]);

function resultOf(flow: Flow, level: (typeof LEVELS)[number]) {
  const visit = visitFor(flow, level, []);
  return evaluateComputations(flow, { answers: visit.answers, data: visit.data, settings: flow.settings });
}

describe('the skin funnel samples', () => {
  it('give a low, a medium and a high result with the shipped scoring', () => {
    const flow = loadFlow();
    const [low, medium, high] = LEVELS.map((level) => resultOf(flow, level));
    const number = (result: Record<string, unknown> | undefined, key: string) => {
      const value = result?.[key];
      if (typeof value !== 'number') throw new Error(`the flow computes no number "${key}"`);
      return value;
    };
    expect(number(low, 'confidenceScore')).toBeLessThan(number(medium, 'confidenceScore'));
    expect(number(medium, 'confidenceScore')).toBeLessThan(number(high, 'confidenceScore'));
    expect(number(low, 'ageDifference')).toBeLessThan(number(medium, 'ageDifference'));
    expect(number(medium, 'ageDifference')).toBeLessThan(number(high, 'ageDifference'));
    expect([low?.['hormonalLabel'], medium?.['hormonalLabel'], high?.['hormonalLabel']]).toEqual([
      'Low-Medium',
      'Medium',
      'Very High',
    ]);
  });
});

describe.each(flows)('the samples of flows/%s', (_name, flow) => {
  it('exist for every level', () => {
    for (const level of LEVELS) expect(flow.samples?.[level]?.answers, level).toBeDefined();
  });

  it('only use answers the flow asks for, as the flow stores them, and its data keys', () => {
    const known = new Set(
      Object.values(flow.screens).flatMap((screen) =>
        screen.kind === 'form'
          ? screen.fields.map((field) => field.name)
          : 'answer' in screen
            ? [screen.answer]
            : [],
      ),
    );
    for (const level of LEVELS) {
      const visit = visitFor(flow, level, []);
      for (const key of Object.keys(visit.answers)) expect(known, key).toContain(key);
      for (const key of Object.keys(visit.data)) expect(flow.storage.dataKeys, key).toContain(key);
      for (const screen of Object.values(flow.screens)) {
        if (screen.kind !== 'multi-select' && screen.kind !== 'single-choice') continue;
        const values = screen.options.map((option) => option.value);
        for (const value of [visit.answers[screen.answer]].flat())
          if (value !== undefined) expect(values, `${level} ${screen.answer}`).toContain(value);
      }
    }
  });
});

describe('visitFor', () => {
  it('leaves out the answers of the screen a story opens and keeps the data', () => {
    const flow = loadFlow();
    const visit = visitFor(flow, 'high', ['age', 'name']);
    expect(visit.answers).not.toHaveProperty('age');
    expect(visit.answers).not.toHaveProperty('name');
    expect(visit.answers).toHaveProperty('email', 'ann@example.com');
    expect(visit.data).toEqual(flow.samples?.high?.data);
  });

  it('is an empty visit for a flow without samples', () => {
    expect(visitFor({}, 'medium', [])).toEqual({ answers: {}, data: {} });
  });
});
