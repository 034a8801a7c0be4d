import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Flow } from '../flow.gen.ts';
import { flowLanguages, languagePack, TEXT_SLOT, translateFlow } from './translation.ts';

const flow = JSON.parse(readFileSync('tests/fixtures/flows/valid-flow.json', 'utf8')) as Flow;

describe('translateFlow', () => {
  const pack = languagePack({
    language: 'es',
    texts: {
      '/screens/concerns/question': { en: 'What are your main skin concerns?', es: '¿Qué te preocupa?' },
      '/screens/concerns/options/0/label': { en: 'Dryness', es: 'Sequedad' },
      '/screens/concerns/hint': { en: 'Select all that apply', es: '' },
      '/screens/concerns/route': { en: '/quiz/skin-concerns', es: '/no' },
      '/screens/concerns/options/0': { en: 'x', es: 'y' },
    },
  });

  it('puts the translations at their pointers and the language in settings.locale, nothing else', () => {
    const es = translateFlow(flow, pack);
    const screen = es.screens.concerns as Extract<Flow['screens'][string], { kind: 'multi-select' }>;
    expect(screen.question).toBe('¿Qué te preocupa?');
    expect(screen.options[0]).toEqual({ value: 'dryness', label: 'Sequedad' });
    // An empty translation is no translation; a key at a non-string is never applied.
    expect(screen.hint).toBe('Select all that apply');
    expect(es.settings.locale).toBe('es');
    // Only strings are replaced: the route was a string, so the checker is what refuses such a key.
    expect(JSON.stringify({ ...es, screens: {}, settings: {} })).toBe(
      JSON.stringify({ ...flow, screens: {}, settings: {} }),
    );
    expect(flow.screens.concerns).not.toBe(es.screens.concerns);
  });

  it('leaves the flow as it is without a pack, and names a single-language flow by its locale', () => {
    expect(translateFlow(flow, undefined)).toBe(flow);
    expect(flowLanguages({ settings: { brand: 'x', locale: 'de-DE' } })).toEqual({
      default: 'de',
      available: ['de'],
      drafts: [],
    });
  });
});

describe('a production pack (texts in document order)', () => {
  it("fills the shipped flow's blanks in order, leaving other strings alone", () => {
    const shipped = {
      settings: { brand: 'B' },
      screens: {
        a: { question: TEXT_SLOT, unit: '', options: [{ value: 'x', label: TEXT_SLOT }] },
        b: { button: TEXT_SLOT },
      },
    } as unknown as Flow;
    const shown = translateFlow(shipped, {
      language: 'es',
      locale: 'es-ES',
      texts: {},
      list: ['¿Qué?', 'Equis', 'Seguir'],
    });
    expect(shown.screens).toEqual({
      a: { question: '¿Qué?', unit: '', options: [{ value: 'x', label: 'Equis' }] },
      b: { button: 'Seguir' },
    });
    expect(shown.settings.locale).toBe('es-ES');
  });
});
