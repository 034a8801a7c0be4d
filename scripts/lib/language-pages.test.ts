import { describe, expect, it } from 'vitest';
import { changedStrings } from '../../common/flow-plugin/flow-languages-parts.ts';
import { acceptedLanguages, languageRedirectRows, languageShell } from './language-pages.ts';
import { redirectsFileText } from './site-routes.ts';

describe('language pages', () => {
  it('reads Accept-Language by weight', () => {
    expect(acceptedLanguages('en;q=0.5, es-MX, es;q=0.9, *;q=0.1')).toEqual(['es-MX', 'es', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it("writes a language's shell: lang, dir, title, description and its texts preloaded", () => {
    const shell =
      '<html lang="en"><head><meta name="description" content="Old" /><title>Old</title></head><body></body></html>';
    const pack = {
      language: 'ar',
      locale: 'ar',
      texts: { '/theme/title': 'عنوان & <b>', '/theme/description': 'وصف' },
    };
    const out = languageShell(shell, 'ar', pack, 'assets/ar-1.js');
    expect(out).toContain('<html lang="ar" dir="rtl">');
    expect(out).toContain('<title>عنوان &amp; &lt;b&gt;</title>');
    expect(out).toContain('content="وصف"');
    expect(out).toContain('<link rel="modulepreload" crossorigin href="/assets/ar-1.js">');
  });

  it('puts ?lang= rows, then Accept-Language rows (never for a draft), before the default rows', () => {
    const rows = languageRedirectRows(['/', '/a'], (p) => (p === '/' ? 'index.html' : 'a.html'), [
      { code: 'es', draft: false },
      { code: 'fr', draft: true },
    ]);
    expect(rows).toEqual([
      '/ lang=es /_lang/es/index.html 200',
      '/a lang=es /_lang/es/a.html 200',
      '/ lang=fr /_lang/fr/index.html 200',
      '/a lang=fr /_lang/fr/a.html 200',
      '/ /_lang/es/index.html 200 Language=es',
      '/a /_lang/es/a.html 200 Language=es',
    ]);
    const file = redirectsFileText(['/'], true, [{ code: 'es', draft: false }]);
    expect(file.indexOf('Language=es')).toBeLessThan(file.indexOf('/ /index.html 200'));
  });

  it('keys a language chunk by the strings that differ in the shipped part', () => {
    const blank = {
      screens: { a: { question: '', options: [{ value: 'x', label: '' }] } },
      settings: { brand: 'B' },
    };
    const es = {
      screens: { a: { question: '¿Qué?', options: [{ value: 'x', label: 'Equis' }] } },
      settings: { brand: 'B' },
    };
    expect(changedStrings(blank, es)).toEqual({
      '/screens/a/question': '¿Qué?',
      '/screens/a/options/0/label': 'Equis',
    });
  });
});
