import { describe, expect, it } from 'vitest';
import { updateTranslation } from './translation-update.ts';

describe('updateTranslation (flow:translate)', () => {
  const texts = new Map([
    ['/a', 'Hello'],
    ['/b', 'New source'],
    ['/c', 'Brand new'],
  ]);
  const existing = {
    language: 'es',
    texts: {
      '/a': { en: 'Hello', es: 'Hola' },
      '/b': { en: 'Old source', es: 'Fuente vieja' },
      '/gone': { en: 'Gone', es: 'Ido' },
    },
  };

  it('adds missing texts empty, keeps translations, marks changed sources outdated, drops removed texts', () => {
    const update = updateTranslation(texts, existing, 'en', 'es');
    expect(update.file.texts).toEqual({
      '/a': { en: 'Hello', es: 'Hola' },
      '/b': { en: 'New source', es: 'Fuente vieja', outdated: 'Old source' },
      '/c': { en: 'Brand new', es: '' },
    });
    expect(update.added).toEqual(['/c']);
    expect(update.outdated).toEqual(['/b']);
    expect(update.removed).toEqual(['/gone']);
    expect(update.file.$schema).toBe('../schemas/flow-translation.schema.json');
  });

  it('writes a new file in the flow order', () => {
    const update = updateTranslation(texts, undefined, 'en', 'ar');
    expect(Object.keys(update.file.texts)).toEqual(['/a', '/b', '/c']);
    expect(update.file.language).toBe('ar');
  });
});
