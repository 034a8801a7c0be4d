/**
 * Readable values: copy shows an answer's option label (`{answers.x:label}`) and numbers with declared
 * decimals (`{result.skinAge:0}`), never stored codes or stray decimals, and the checker refuses a
 * format it does not know.
 */
import { describe, expect, it } from 'vitest';
import { resultCodeFor } from '../../src/app/derive-result.ts';
import type { Answers } from '../../src/engine/flow-model.ts';
import { optionLabels } from '../../src/engine/option-labels.ts';
import { resolveScreen } from '../../src/engine/resolve-screen.ts';
import { createScopeBuilder } from '../../src/engine/scope.ts';
import { interpolate, placeholderReads } from '../../src/engine/template.ts';
import { validateFlowText } from '../../src/engine/validation/validate-flow.ts';
import { loadFlow, shippedFlowText } from '../support/load-flow.ts';

const flow = loadFlow();
const labels = optionLabels(flow);

describe('placeholder formats', () => {
  const scope = {
    answers: { changeSpeed: '1-2-years', skinIssues: ['fine-lines', 'texture'], free: 'typed text' },
    result: { skinAge: 56.24, gap: -0.4, whole: 48 },
    labels,
  };

  it(':label shows the option label of a choice and of each item of a list', () => {
    expect(interpolate('{answers.changeSpeed:label}', scope)).toBe('Over the past year');
    expect(interpolate('{answers.skinIssues:label}', scope)).toBe(
      'Fine lines appearing faster than expected, Skin texture feeling thinner or rougher',
    );
    expect(interpolate('{answers.changeSpeed}', scope)).toBe('1-2-years');
  });

  it(':label keeps the fallback syntax: {path:label|fallback}', () => {
    expect(interpolate('[{answers.nothing:label|none}]', scope)).toBe('[none]');
    expect(interpolate('[{answers.changeSpeed:label|}]', scope)).toBe('[Over the past year]');
    expect(placeholderReads('{answers.changeSpeed:label|}')).toEqual([
      { path: 'answers.changeSpeed', format: 'label', fallback: '' },
    ]);
  });

  it(':0 to :3 show a number with that many decimals', () => {
    expect(interpolate('{result.skinAge:0}', scope)).toBe('56');
    expect(interpolate('{result.skinAge:1}', scope)).toBe('56.2');
    expect(interpolate('{result.skinAge:2}', scope)).toBe('56.24');
    expect(interpolate('{result.whole:1}', scope)).toBe('48.0');
    expect(interpolate('{result.gap:0}', scope)).toBe('0');
    expect(interpolate('{result.skinAge}', scope)).toBe('56.2');
  });
});

describe('the checker', () => {
  const check = (text: string) =>
    validateFlowText(text, { file: 'flows/skin-funnel.json' }).errors.map((e) => e.message);

  it('refuses an unknown format, naming it', () => {
    const text = shippedFlowText().replace('{answers.changeSpeed:label|}', '{answers.changeSpeed:words|}');
    expect(check(text)).toEqual([expect.stringContaining('unknown format ":words"')]);
  });

  it('refuses :label on a value that has no options', () => {
    const text = shippedFlowText().replace('{answers.changeSpeed:label|}', '{answers.age:label|}');
    expect(check(text)).toEqual([expect.stringContaining('":label" shows an option\'s label')]);
  });
});

/** Every string a screen shows, resolved for a visitor with these answers. */
function shownTexts(answers: Answers): Map<string, string[]> {
  const scopeFor = createScopeBuilder(flow.settings, resultCodeFor(flow, flow.settings).derive, labels);
  const shown = new Map<string, string[]>();
  for (const [id, screen] of Object.entries(flow.screens)) {
    const resolved = resolveScreen(screen, scopeFor({ answers, data: {}, path: '/' }, screen));
    const texts: string[] = [];
    JSON.stringify(resolved, (key, value: unknown) => {
      // Rules and sample data hold stored values on purpose; the visitor never sees them.
      if (key === 'when' || key === 'sampleAnswers' || key === 'options') return undefined;
      if (typeof value === 'string' && !['route', 'src', 'kind', 'answer', 'next', 'to'].includes(key))
        texts.push(value);
      return value;
    });
    shown.set(id, texts);
  }
  return shown;
}

describe('every shipped screen', () => {
  // A visitor whose scores come out fractional (skin age 56.2 for age 45).
  const answers: Answers = {
    age: 45,
    changeSpeed: '1-2-years',
    skinIssues: ['texture', 'fine-lines'],
    otherSymptoms: ['hot-flashes', 'mood-changes'],
    skinTreatments: ['retinols'],
    hrt: 'no',
  };
  const result: Record<string, unknown> = { ...resultCodeFor(flow, flow.settings).derive(answers, {}) };

  it('has a visitor whose skin age and gap are fractional (so the test can fail)', () => {
    expect(Number.isInteger(result['skinAge'])).toBe(false);
    expect(Number.isInteger(result['ageDifference'])).toBe(false);
  });

  it('shows option labels, never the stored codes of choices', () => {
    const codes = Object.values(labels).flatMap((byValue) =>
      Object.keys(byValue).filter((value) => value.includes('-') && value !== byValue[value]),
    );
    for (const [id, texts] of shownTexts(answers)) {
      for (const text of texts) for (const code of codes) expect(text, `screen ${id}`).not.toContain(code);
    }
    const hormone = shownTexts(answers).get('hormone-assessment') ?? [];
    expect(hormone).toContain('Over the past year');
  });

  it('shows skin ages and age gaps as whole years', () => {
    const stray = [String(result['skinAge']), String(result['ageDifference'])];
    for (const [id, texts] of shownTexts(answers)) {
      for (const text of texts) for (const value of stray) expect(text, `screen ${id}`).not.toContain(value);
    }
    const detailed = shownTexts(answers).get('detailed-analysis') ?? [];
    // The shown skin age is whole years, capped at the flow's credible gap ("N+" past it, issue 33).
    const shown = Math.min(Math.round(Number(result['skinAge'])), Number(result['chronologicalAge']) + Number(result['gapCap']));
    expect(detailed).toContain(`Your skin age is ${shown}${result['gapOverCap'] === true ? '+' : ''}`);
  });
});
