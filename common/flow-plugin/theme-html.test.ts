import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { themeCss, themedHtml } from './theme-html.ts';

const html = readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8');
const settings = { brand: 'Stride Lab' };

describe('themedHtml', () => {
  it('sets the title, description and theme colour from the flow, escaped', () => {
    const out = themedHtml(html, {
      settings,
      theme: { title: 'Find your <running> shoe', description: 'Eleven questions & a shoe.', colors: { background: '#f3f7f4' } },
    });
    expect(out).toContain('<title>Find your &#60;running&#62; shoe</title>');
    expect(out).toContain('<meta name="description" content="Eleven questions &#38; a shoe." />');
    expect(out).toContain('<meta name="theme-color" content="#f3f7f4" />');
  });

  it('falls back to the brand for the title and drops an empty description', () => {
    const out = themedHtml(html, { settings });
    expect(out).toContain('<title>Stride Lab</title>');
    expect(out).not.toContain('name="description"');
  });
});

describe('themeCss', () => {
  it('turns colours and fonts into the design tokens, outweighing the defaults', () => {
    expect(themeCss({ colors: { accent: '#1d6b4f', onAccent: '#ffffff' }, fonts: { body: 'Avenir Next, Arial, sans-serif' } })).toBe(
      ':root:root{--color-accent:#1d6b4f;--color-on-accent:#ffffff;--font-sans:Avenir Next, Arial, sans-serif}\n',
    );
  });

  it('is empty without a theme', () => {
    expect(themeCss(undefined)).toBe('');
  });
});
