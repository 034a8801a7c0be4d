import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import flowSchema from '../../../schemas/flow.schema.json' with { type: 'json' };
import type { Flow } from '../flow.gen.ts';
import { flowTexts } from '../i18n/flow-texts.ts';
import type { TranslationFile } from '../i18n/translation.ts';
import { checkTranslations } from './translation-check.ts';

const base = JSON.parse(readFileSync('tests/fixtures/flows/valid-flow.json', 'utf8')) as Flow;

function flowWith(languages: Flow['languages']): Flow {
  return { ...structuredClone(base), languages } as Flow;
}

/** A complete Spanish file for a flow: every text "ES " + source (placeholders kept). */
function spanish(flow: Flow): TranslationFile {
  const texts: TranslationFile['texts'] = {};
  for (const [pointer, text] of flowTexts(flow, flowSchema)) texts[pointer] = { en: text, es: `ES ${text}` };
  return { $schema: '../schemas/flow-translation.schema.json', language: 'es', texts };
}

const write = (file: TranslationFile) => `${JSON.stringify(file, null, 2)}\n`;

/** The 1-based line:column where `needle` starts in `text`. */
function at(text: string, needle: string): string {
  const offset = text.indexOf(needle);
  expect(offset).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${(before.at(-1) ?? '').length + 1}`;
}

const es = flowWith({ default: 'en', available: ['en', 'es'] });
const flowText = JSON.stringify(es, null, 2);
const check = (text: string, flow = es, name = 'flows/x.es.json') =>
  checkTranslations(flow, 'flows/x.json', JSON.stringify(flow, null, 2), [{ file: name, text }]);
const places = (result: ReturnType<typeof check>) =>
  result.errors.map((e) => `${e.file}:${e.line}:${e.column} ${e.pointer}: ${e.message}`);

describe('checkTranslations', () => {
  it('passes a complete, current translation', () => {
    const result = check(write(spanish(es)));
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.files.get('es')?.texts['/screens/concerns/question']?.es).toBe(
      'ES What are your main skin concerns?',
    );
  });

  it('a missing translation: an error in a listed language, a warning in a draft', () => {
    const file = spanish(es);
    delete file.texts['/screens/concerns/question'];
    const text = write(file);
    expect(places(check(text))).toEqual([
      `flows/x.es.json:${at(text, '"texts"')} /texts: no es translation of /screens/concerns/question ("What are your main skin concerns?")`,
    ]);
    const draft = flowWith({ default: 'en', available: ['en', 'es'], drafts: ['es'] });
    const asDraft = check(text, draft);
    expect(asDraft.errors).toEqual([]);
    expect(asDraft.warnings.map((w) => w.message)).toEqual([
      'no es translation of /screens/concerns/question ("What are your main skin concerns?")',
    ]);
  });

  it('an empty translation, at its line:column', () => {
    const file = spanish(es);
    file.texts['/screens/concerns/button'] = { en: 'Continue', es: ' ' };
    const text = write(file);
    expect(places(check(text))).toEqual([
      `flows/x.es.json:${at(text, '" "')} /texts/~1screens~1concerns~1button/es: the es translation of /screens/concerns/button is empty`,
    ]);
  });

  it('a placeholder that differs between languages, formats included', () => {
    const file = spanish(es);
    file.texts['/screens/start/message'] = {
      en: 'Starting your {settings.brand} assessment...',
      es: 'Empezando la evaluación...',
    };
    file.texts['/screens/concerns/question'] = {
      en: 'What are your main skin concerns?',
      es: 'Hola {answers.age:number}',
    };
    const text = write(file);
    const found = places(check(text));
    expect(found).toContain(
      `flows/x.es.json:${at(text, '"Empezando')} /texts/~1screens~1start~1message/es: the es translation of /screens/start/message has other placeholders than the source (missing {settings.brand})`,
    );
    expect(found).toContain(
      `flows/x.es.json:${at(text, '"Hola')} /texts/~1screens~1concerns~1question/es: the es translation of /screens/concerns/question has other placeholders than the source (not in the source: {answers.age:number})`,
    );
  });

  it('a stale translation (the flow text changed) and one marked outdated', () => {
    const file = spanish(es);
    file.texts['/screens/concerns/hint'] = { en: 'Pick all', es: 'Elige' };
    file.texts['/screens/concerns/button'] = { en: 'Continue', es: 'Seguir', outdated: 'Next' };
    const text = write(file);
    expect(places(check(text))).toEqual([
      `flows/x.es.json:${at(text, '"Pick all"')} /texts/~1screens~1concerns~1hint/en: stale translation: the flow's text of /screens/concerns/hint is now "Select all that apply"`,
      `flows/x.es.json:${at(text, '"Next"')} /texts/~1screens~1concerns~1button/outdated: the source of /screens/concerns/button changed since it was translated (was "Next")`,
    ]);
  });

  it('a translation of a text that no longer exists, and of a value that is no text', () => {
    const file = spanish(es);
    file.texts['/screens/gone/question'] = { en: 'Old', es: 'Viejo' };
    file.texts['/screens/concerns/route'] = { en: '/quiz/skin-concerns', es: '/cuestionario' };
    const text = write(file);
    expect(places(check(text))).toEqual([
      `flows/x.es.json:${at(text, '"/screens/gone/question"')} /texts/~1screens~1gone~1question: a translation of a text that no longer exists: the flow has nothing at /screens/gone/question`,
      `flows/x.es.json:${at(text, '"/screens/concerns/route"')} /texts/~1screens~1concerns~1route: /screens/concerns/route is not a visitor-facing text (ids, routes, rules, values, scores and urls are not translated)`,
    ]);
  });

  it('a file for a language the flow does not list, and a listed language without a file', () => {
    const file = { ...spanish(es), language: 'fr' };
    const text = write(file);
    expect(places(check(text, es, 'flows/x.fr.json'))).toEqual([
      `flows/x.fr.json:${at(text, '"fr"')} /language: a language file for "fr", which the flow does not list`,
      `flows/x.json:${at(flowText, '"es"')} /languages/available/1: "es" is listed but has no language file`,
    ]);
  });

  it("each experiment variant's patched texts need their translation", () => {
    const flow = flowWith({ default: 'en', available: ['en', 'es'] });
    const complete = spanish(flow);
    flow.experiments = [
      {
        id: 'q',
        goal: 'lead',
        start: '2026-01-01',
        stop: '2026-12-31',
        variants: [
          { id: 'a', weight: 1, patches: [] },
          {
            id: 'b',
            weight: 1,
            patches: [{ op: 'replace', path: '/screens/concerns/question', value: 'Which concerns?' }],
          },
        ],
      },
    ];
    expect(check(write(complete), flow).errors.map((e) => e.message)).toEqual([
      'no es translation of /experiments/0/variants/1/patches/0/value ("Which concerns?")',
    ]);
  });
});
