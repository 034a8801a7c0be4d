import { describe, expect, it } from 'vitest';
import { diffTranslations } from './translation-diff.ts';

describe('diffTranslations', () => {
  it('lists added, reworded, re-sourced and removed translations', () => {
    const before = {
      language: 'es',
      texts: {
        '/a': { en: 'Hi', es: 'Hola' },
        '/b': { en: 'Yes', es: 'Sí' },
        '/c': { en: 'Old', es: 'Viejo' },
      },
    };
    const after = {
      language: 'es',
      texts: {
        '/a': { en: 'Hi', es: 'Buenas' },
        '/b': { en: 'Yes!', es: 'Sí' },
        '/d': { en: 'New', es: 'Nuevo' },
      },
    };
    expect(diffTranslations(before, after)).toEqual([
      'language es: /a "Hola" → "Buenas"',
      'language es: /b source now "Yes!"',
      'language es: /d translated "Nuevo"',
      'language es: /c translation removed',
    ]);
  });

  it('says when a file is added and nothing when it is unchanged', () => {
    const file = { language: 'ar', texts: { '/a': { en: 'Hi', ar: 'مرحبا' } } };
    expect(diffTranslations(undefined, file)).toEqual([
      'language ar: file added',
      'language ar: /a translated "مرحبا"',
    ]);
    expect(diffTranslations(file, structuredClone(file))).toEqual([]);
  });
});
