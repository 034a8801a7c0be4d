// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Flow } from '../engine/flow-model.ts';
import { inStoryLanguage, loadStoryLanguage } from './story-language.ts';

const flow = JSON.parse(readFileSync('tests/fixtures/flows/valid-flow.json', 'utf8')) as Flow;

describe("Storybook's language switch", () => {
  it('sets <html lang dir> for the chosen language', async () => {
    await loadStoryLanguage('ar');
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['ar', 'rtl']);
    await loadStoryLanguage('en');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('shows the flow with the loaded texts, tables included', () => {
    const shown = inStoryLanguage(flow, {
      pack: { language: 'es', locale: 'es', texts: { '/screens/concerns/question': '¿Qué te preocupa?' } },
      tables: { '/tables/concernPoints/dryness': 'x' },
    });
    expect((shown.screens.concerns as { question: string }).question).toBe('¿Qué te preocupa?');
    // Only strings are replaced: a number in a table stays a number.
    expect(shown.tables?.concernPoints).toEqual(flow.tables?.concernPoints);
    expect(inStoryLanguage(flow, {})).toBe(flow);
  });
});
