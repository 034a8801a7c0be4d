/**
 * Every screen of spec §2 exists in the shipped flow with its route, aliases and progress fraction
 * (exactly the spec's where it gives one; DESIGN §4a decides the rest).
 */
import { describe, expect, it } from 'vitest';
import { routeTable } from '../../src/engine/routes.ts';
import { loadFlow } from '../support/load-flow.ts';

const flow = loadFlow();
const routes = routeTable(flow);

const SPEC_SCREENS: [path: string, kind: string, progress: { step: number; of: number } | 'full' | null][] = [
  ['/', 'redirect', null],
  ['/results', 'content', null],
  ['/primary-assessment', 'content', null],
  ['/quiz/skin-concerns', 'multi-select', { step: 2, of: 13 }],
  ['/quiz/step-2', 'multi-select', { step: 2, of: 13 }],
  ['/quiz/change-speed', 'single-choice', { step: 3, of: 13 }],
  ['/quiz/step-3', 'single-choice', { step: 3, of: 13 }],
  ['/quiz/age-selection', 'slider', { step: 4, of: 13 }],
  ['/quiz/step-1', 'slider', { step: 4, of: 13 }],
  ['/quiz/step-4', 'slider', { step: 4, of: 13 }],
  ['/quiz/cliff-education', 'content', { step: 5, of: 13 }],
  ['/quiz/analysis-bridge', 'content', { step: 6, of: 13 }],
  ['/quiz/email-capture', 'form', { step: 10, of: 13 }],
  ['/quiz/dr-morgan-investigation', 'multi-select', { step: 11, of: 13 }],
  ['/quiz/anti-aging-experience', 'multi-select', { step: 12, of: 13 }],
  ['/quiz/root-cause-reveal', 'reveal', null],
  ['/quiz/education-urgency', 'content', 'full'],
  // The spec's 5/9 … 8/9 ran backwards into the photo screen's 7/13: issue 33 puts the chain on the
  // same 13-step bar, so it only moves forward.
  ['/quiz/step-5', 'multi-select', { step: 3, of: 13 }],
  ['/quiz/step-6', 'multi-select', { step: 4, of: 13 }],
  ['/quiz/step-7', 'calculating', { step: 5, of: 13 }],
  ['/quiz/step-8', 'single-choice', { step: 6, of: 13 }],
  ['/hormone-suitability', 'content', null],
  ['/photo-analysis', 'photo-upload', null],
  ['/detailed-analysis', 'content', null],
  ['/hormone-assessment', 'reveal', null],
  ['/treatment-projection', 'content', null],
  ['/contact-collection', 'form', null],
  ['/reversal-protocol', 'content', null],
  ['/lumera-transformation', 'content', null],
  ['/quiz', 'redirect', null],
];

describe('spec §2 screens', () => {
  it.each(SPEC_SCREENS)('%s is a %s screen with the spec’s progress', (path, kind, progress) => {
    const id = routes.screenFor(path);
    expect(id, `no screen answers ${path}`).toBeDefined();
    const screen = flow.screens[id ?? ''];
    expect(screen?.kind).toBe(kind);
    if (progress !== null) expect(screen?.progress).toEqual(progress);
    else expect(screen?.progress).toBeDefined();
  });

  it('the /quiz redirect screen sends to /quiz/step-1’s screen', () => {
    const quiz = flow.screens['quiz-redirect'];
    expect(quiz?.kind === 'redirect' && quiz.after.to).toBe(routes.screenFor('/quiz/step-1'));
  });

  it('the not-found screen has the spec’s copy and logs the path', () => {
    const notFound = flow.screens[flow.notFound];
    expect(notFound).toMatchObject({ kind: 'not-found', headline: 'Oops! Page not found', linkLabel: 'Return to Home' });
    expect(JSON.stringify(notFound)).toContain('{path}');
  });

  it('the options are the spec’s, word for word', () => {
    const labels = (id: string) => {
      const s = flow.screens[id];
      return s && 'options' in s ? s.options.map((o) => o.label) : [];
    };
    expect(labels('skin-concerns')).toEqual([
      'Fine lines appearing faster than expected',
      'Loss of firmness or sagging',
      'Skin texture feeling thinner or rougher',
      'Overall tired or aged appearance',
      'Multiple concerns happening at once',
    ]);
    expect(labels('other-symptoms')).toEqual(['Weight gain', 'Hot flashes', 'Poor sleep', 'Fatigue', 'Irritability', 'None of these']);
    expect(labels('skin-treatments')).toEqual([
      'Retinols', 'Vitamin C serums', 'Peptides', 'Hyaluronic acid products', 'In-clinic treatments', 'Chemical peels', 'Microneedling', 'LED light therapy',
    ]);
    expect(labels('hrt-question')).toEqual(['Yes', 'No', 'I was in the past']);
    expect(labels('doctor-investigation')).toEqual([
      'Energy crashes that came out of nowhere',
      "Sleep that's not as deep or restful",
      "Weight that's harder to lose (especially around middle)",
      'Mood changes or irritability',
      'Feeling hot when others are cold',
      'None of these... yet',
    ]);
    expect(labels('anti-aging-experience')).toEqual([
      "I don't use anything right now",
      "I've only used a few products, not much overall",
      "My old routine used to work, but it's failing now",
      "I've tried everything—and nothing makes a difference",
    ]);
  });

  it('the age slider is 35 to 65, step 1, default 50', () => {
    expect(flow.screens.age).toMatchObject({ kind: 'slider', min: 35, max: 65, step: 1, default: 50 });
  });
});
