import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import flowSchema from '../../../schemas/flow.schema.json' with { type: 'json' };
import { flowTexts } from './flow-texts.ts';
import { translatablePointers } from './text-pointers.ts';

const fixture = () =>
  JSON.parse(readFileSync('tests/fixtures/flows/valid-flow.json', 'utf8')) as Record<string, unknown>;

describe('translatablePointers (by the schema alone)', () => {
  const schema = {
    $defs: { Text: { type: 'string', 'x-translatable': true } },
    type: 'object',
    properties: {
      id: { type: 'string' },
      title: { $ref: '#/$defs/Text' },
      url: { $ref: '#/$defs/Text', 'x-translatable': false },
      items: {
        type: 'array',
        items: {
          oneOf: [
            {
              type: 'object',
              required: ['kind'],
              properties: { kind: { const: 'a' }, label: { $ref: '#/$defs/Text' } },
            },
            {
              type: 'object',
              required: ['kind'],
              properties: { kind: { const: 'b' }, label: { type: 'string' } },
            },
          ],
        },
      },
      cells: { type: 'object', additionalProperties: true, 'x-translatable': 'text-cells' },
    },
  };

  it('lists marked strings, follows $ref and oneOf, honours a false override', () => {
    const doc = {
      id: 'keep-me',
      title: 'Hello',
      url: 'https://example.com/{x}',
      items: [
        { kind: 'a', label: 'Shown' },
        { kind: 'b', label: 'Code' },
      ],
    };
    expect(translatablePointers(doc, schema)).toEqual(['/title', '/items/0/label']);
  });

  it('in text cells, keeps texts and skips codes and figures', () => {
    const doc = {
      cells: {
        bands: [
          [80, 'Very High'],
          [50, 'max'],
        ],
        code: 'cloudbank-4',
        n: '4.8',
        'a/b': 'Low',
      },
    };
    expect(translatablePointers(doc, schema)).toEqual(['/cells/bands/0/1', '/cells/a~1b']);
  });
});

describe('flowTexts (the flow schema)', () => {
  it('lists copy, labels, alt text, theme and settings texts but no ids, routes, values or urls', () => {
    const flow = fixture();
    const texts = flowTexts(flow, flowSchema);
    expect(texts.get('/screens/concerns/question')).toBe('What are your main skin concerns?');
    expect(texts.get('/screens/concerns/options/0/label')).toBe('Dryness');
    expect(texts.get('/settings/disclaimer')).toBe('Not a medical diagnosis.');
    const keys = [...texts.keys()];
    expect(keys.some((k) => /\/(route|value|answer|kind|next|aliases)$/.test(k))).toBe(false);
    expect(keys).not.toContain('/settings/brand');
    expect(keys).not.toContain('/settings/recommendationUrl');
    expect(keys.filter((k) => k.startsWith('/tables'))).toEqual([]);
  });

  it("reads an experiment variant's patch value with the schema of the place it patches", () => {
    const flow = fixture();
    flow.experiments = [
      {
        id: 'headline',
        goal: 'lead',
        start: '2026-01-01',
        stop: '2026-12-31',
        variants: [
          { id: 'a', weight: 1, patches: [] },
          {
            id: 'b',
            weight: 1,
            patches: [
              { op: 'replace', path: '/screens/concerns/question', value: 'Which concerns?' },
              { op: 'replace', path: '/screens/concerns/route', value: '/quiz/other' },
              { op: 'add', path: '/screens/concerns/options/-', value: { value: 'spots', label: 'Spots' } },
            ],
          },
        ],
      },
    ];
    const texts = flowTexts(flow, flowSchema);
    expect(texts.get('/experiments/0/variants/1/patches/0/value')).toBe('Which concerns?');
    expect(texts.has('/experiments/0/variants/1/patches/1/value')).toBe(false);
    expect(texts.get('/experiments/0/variants/1/patches/2/value/label')).toBe('Spots');
    expect(texts.has('/experiments/0/variants/1/patches/2/value/value')).toBe(false);
  });

  it('covers both shipped flows without listing a redirect url or log message', () => {
    for (const file of ['flows/skin-funnel.json', 'flows/shoe-finder.json']) {
      const texts = flowTexts(JSON.parse(readFileSync(file, 'utf8')), flowSchema);
      expect(texts.size).toBeGreaterThan(50);
      expect([...texts.keys()].some((k) => /\/params\/(url|message)$/.test(k))).toBe(false);
    }
  });
});

describe('what counts as text', () => {
  const schema = { type: 'object', additionalProperties: { type: 'string', 'x-translatable': true } };
  it('skips bare placeholders and figures, keeps plural words and fallbacks', () => {
    const doc = {
      a: '{result.score:0}%',
      b: '{result.years:plural(year|years)}',
      c: '{answers.name|there}',
      d: '3,000+',
    };
    expect(translatablePointers(doc, schema)).toEqual(['/b', '/c']);
  });
});
