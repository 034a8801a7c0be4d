import { describe, expect, it } from 'vitest';
import { normalizePath, resolveRoute, routeSettings, routeTable } from '../routes.ts';
import type { Flow } from '../flow.gen.ts';

const settings: Flow['settings'] = {
  brand: 'Glowly',
  disclaimer: 'Not a diagnosis.',
  doctorSlug: 'dr-hayes',
};
const screens: Flow['screens'] = {
  start: { kind: 'redirect', route: '/', message: 'Starting...', after: { delayMs: 1000, to: 'age' } },
  age: {
    kind: 'slider',
    route: '/quiz/age-selection',
    aliases: ['/quiz/step-1', '/quiz/step-4'],
    question: 'How old are you?',
    answer: 'age',
    min: 35,
    max: 65,
    step: 1,
    default: 50,
    button: 'Continue',
    next: 'doctor',
  },
  doctor: {
    kind: 'content',
    route: '/{settings.doctorSlug}-investigation',
    content: [],
    button: 'Go',
    next: 'start',
  },
  transient: { kind: 'redirect', message: 'One moment...', after: { delayMs: 500, to: 'start' } },
  'not-found': { kind: 'not-found', headline: 'Oops! Page not found', linkLabel: 'Return to Home' },
};
const table = routeTable({ screens, settings });

describe('resolveRoute', () => {
  it('replaces settings placeholders and leaves an unknown one as written', () => {
    expect(resolveRoute('/{settings.doctorSlug}-investigation', settings)).toBe('/dr-hayes-investigation');
    expect(resolveRoute('/{settings.nope}/x', settings)).toBe('/{settings.nope}/x');
    expect(routeSettings('/{settings.brandSlug}/{settings.doctorSlug}')).toEqual(['brandSlug', 'doctorSlug']);
  });
});

describe('routeTable', () => {
  it('finds a screen by route, by alias and by a route built from a setting', () => {
    expect(table.screenFor('/')).toBe('start');
    expect(table.screenFor('/quiz/age-selection')).toBe('age');
    expect(table.screenFor('/quiz/step-4')).toBe('age');
    expect(table.screenFor('/dr-hayes-investigation')).toBe('doctor');
  });

  it('tolerates a trailing slash and matches case-sensitively', () => {
    expect(table.screenFor('/quiz/age-selection/')).toBe('age');
    expect(table.screenFor('/quiz/step-1//')).toBe('age');
    expect(table.screenFor('/Quiz/Age-Selection')).toBeUndefined();
  });

  it('returns undefined for an unknown path', () => {
    expect(table.screenFor('/nope')).toBeUndefined();
    expect(table.screenFor('/{settings.doctorSlug}-investigation')).toBeUndefined();
  });

  it('gives each screen its canonical, resolved route', () => {
    expect(table.routeOf('age')).toBe('/quiz/age-selection');
    expect(table.routeOf('doctor')).toBe('/dr-hayes-investigation');
    expect(table.routeOf('transient')).toBeUndefined();
    expect(table.routeOf('missing')).toBeUndefined();
  });

  it('normalizes paths the same way for lookups and routes', () => {
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('//')).toBe('/');
    expect(normalizePath('/a/b/')).toBe('/a/b');
  });
});
