import { describe, expect, it } from 'vitest';
import { chooseLanguage, matchLanguage, startVisitLanguage, textDirection } from './visit-language.ts';

const languages = { default: 'en', available: ['en', 'es', 'ar', 'fr'], drafts: ['fr'] };

describe('chooseLanguage', () => {
  it('matches the phone with BCP 47 fallback: es-MX → es', () => {
    expect(chooseLanguage({ languages, search: '', preferred: ['es-MX', 'en-US'] })).toEqual({
      language: 'es',
      source: 'phone',
    });
    expect(matchLanguage('ES-mx', ['en', 'es'])).toBe('es');
    expect(matchLanguage('pt-BR', ['en', 'es'])).toBeUndefined();
  });

  it('?lang= beats the phone and the visit', () => {
    expect(chooseLanguage({ languages, search: '?lang=ar', stored: 'es', preferred: ['es-MX'] })).toEqual({
      language: 'ar',
      source: 'query',
    });
  });

  it('keeps the visit’s language over the phone', () => {
    expect(chooseLanguage({ languages, search: '', stored: 'ar', preferred: ['es-MX'] }).language).toBe('ar');
  });

  it('never picks a draft from the phone, but ?lang= may', () => {
    expect(chooseLanguage({ languages, search: '', preferred: ['fr-FR'] })).toEqual({
      language: 'en',
      source: 'default',
    });
    expect(chooseLanguage({ languages, search: '?lang=fr', preferred: [] }).language).toBe('fr');
  });

  it('ignores an unknown ?lang=', () => {
    expect(chooseLanguage({ languages, search: '?lang=xx', preferred: ['es'] })).toEqual({
      language: 'es',
      source: 'phone',
    });
    expect(chooseLanguage({ languages, search: '?lang=', preferred: [] })).toEqual({
      language: 'en',
      source: 'default',
    });
  });
});

describe('textDirection', () => {
  it('is rtl for Arabic, Hebrew, Persian and Urdu, ltr for the rest', () => {
    for (const rtl of ['ar', 'ar-EG', 'he', 'fa', 'ur']) expect(textDirection(rtl)).toBe('rtl');
    for (const ltr of ['en', 'es-MX', 'de']) expect(textDirection(ltr)).toBe('ltr');
  });
});

describe('startVisitLanguage', () => {
  it('sets <html lang dir>, keeps the choice for the visit, and a later load without ?lang keeps it', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    const root = { lang: '', dir: '' };
    const options = { languages, answersKey: 'quiz', storage, root };
    startVisitLanguage({ ...options, search: '?lang=ar', preferred: ['es-MX'] });
    expect(root).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(store.get('quiz_lang')).toBe('ar');
    expect(startVisitLanguage({ ...options, search: '', preferred: ['es-MX'] })).toEqual({
      language: 'ar',
      source: 'visit',
    });
  });
});
