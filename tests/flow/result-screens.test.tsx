/**
 * The content screens that show or store the computed result, through the real FunnelApp on the
 * shipped flow: detailed-analysis (/detailed-analysis, alias /results), primary-assessment and
 * hormone-suitability. With stored data they show (or store) what computeResult gives for it; with
 * none they redirect where the flow's `requires` says. (The reveal screens have their own file.)
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SETTLE_MS } from '../../src/app/gesture-visit.ts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { computeResult } from '../support/skin-scoring.ts';
import { loadFlow } from '../support/load-flow.ts';
import type { MemoryTracking } from '../../src/tracking/memory-tracking.ts';
import {
  figureValue,
  percentShown,
  renderFunnel,
  scoringOf,
  shown,
  storedJson,
  warmRenderers,
  years,
  type StoredVisit,
} from '../support/render-funnel.tsx';

const flow = loadFlow();
const scoring = scoringOf(flow);

/** A visitor who answered every quiz screen (the flow's own option values). */
const QUIZ = {
  age: 52,
  skinIssues: ['fine-lines', 'firmness-loss', 'texture'],
  changeSpeed: '6-12-months',
  otherSymptoms: ['hot-flashes', 'fatigue'],
  drMorganAnswers: ['poor-sleep', 'mood-changes'],
  skinTreatments: ['retinols', 'in-clinic'],
  hrt: 'no',
  antiAgingExperience: ["I've tried everything—and nothing makes a difference"],
  name: 'Ann',
  email: 'ann@example.com',
};

/** A photo result as the analysis stores it (spec §3 assessmentData). */
const PHOTO = {
  id: 'assessment-1',
  email: 'ann@example.com',
  chronological_age: 52,
  assessed_skin_age: 61,
  photo_skin_age: 61,
  aging_acceleration: 9,
  assessment_confidence: 80,
  primary_concern: 'Loss of firmness or sagging',
};

beforeAll(async () => {
  await warmRenderers();
});
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function expectRedirectToPhotoUpload() {
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Upload a selfie for your skin analysis' }),
  ).toBeInTheDocument();
  expect(window.location.pathname).toBe('/photo-analysis');
  expect(screen.queryByText(/Your skin age is/)).toBeNull();
}

async function expectRedirectToStart(tracking: MemoryTracking) {
  // The start screen is entered, and moves on to the first question at once (no start delay).
  expect(
    await screen.findByRole(
      'heading',
      { name: 'Which changes in your skin concern you most?' },
      { timeout: 2000 },
    ),
  ).toBeInTheDocument();
  expect(window.location.pathname).toBe('/quiz/skin-concerns');
  expect(tracking.calls.flatMap((c) => (c.type === 'screenViewed' ? [c.screenId] : []))).toEqual(['start', 'skin-concerns']);
}

/** The skin age a screen shows: whole years, capped at the flow's credible gap ("N+" past it). */
const shownAge = (result: Record<string, unknown>) => String(result['shownSkinAge']);

/** The heading of the results screen: her first name when she gave it (issue 33). */
const resultHeading = (result: Record<string, unknown>, name?: string) =>
  name ? `${name}, your skin age is ${shownAge(result)}` : `Your skin age is ${shownAge(result)}`;

describe('detailed-analysis (/detailed-analysis, /results)', () => {
  /** The pace sentence: past the flow's cap it says "more than N years", and never "1 years". */
  const rateText = (rate: string, r: Record<string, unknown>) => {
    const gap = Number(r['ageDifference']);
    if (rate === 'normal') return 'Your skin is aging at about the expected pace, and now is a good time to protect it.';
    if (r['gapOverCap'] === true) return `Your skin reads more than ${String(r['gapCap'])} years ahead of your real age.`;
    if (gap < 1.5) return 'Your skin is aging a little faster than average: about a year ahead of your real age, or less.';
    return rate === 'rapid'
      ? `Your skin is aging fast: about ${years(gap)} years ahead of your real age.`
      : `Your skin is aging faster than average: about ${years(gap)} years ahead of your real age.`;
  };
  const ALL_RATE_TEXTS = /^Your skin (is aging|reads more than)/;

  it.each([
    ['rapid', QUIZ],
    ['accelerated', { age: 38, changeSpeed: '1-2-years', hrt: 'yes' }],
    ['normal', { age: 36, skinIssues: [], changeSpeed: '3-plus-years', hrt: 'yes' }],
  ] as const)('shows the result computed from stored quiz answers (%s aging)', async (rate, quizData) => {
    const expected = computeResult(quizData, undefined, scoring);
    expect(expected.agingRate).toBe(rate); // the fixture exercises the branch it is named after
    await renderFunnel(flow, '/detailed-analysis', { quizData });

    const name = 'name' in quizData ? quizData.name : undefined;
    expect(screen.getByRole('heading', { level: 1, name: resultHeading(expected, name) })).toBeInTheDocument();
    expect(figureValue('Skin age')).toBe(shownAge(expected));
    expect(figureValue('Your age')).toBe(years(expected.chronologicalAge));
    // Exactly one pace sentence, the one for her result.
    expect(screen.getAllByText(ALL_RATE_TEXTS).map((node) => node.textContent)).toEqual([rateText(rate, expected)]);
    // The four score bars and the findings (titles and figures), not a card repeating her answer.
    expect(screen.getAllByRole('meter').map((meter) => meter.getAttribute('aria-label'))).toEqual([
      'Volume',
      'Elasticity',
      'Texture',
      'Complexion',
    ]);
    const findings = expected['dermatologistFindings'];
    expect(Array.isArray(findings) && findings.length > 0).toBe(true);
    for (const finding of Array.isArray(findings) ? findings : []) {
      const title: unknown = typeof finding === 'object' && finding !== null && 'title' in finding ? finding.title : '';
      expect(screen.getByText(String(title))).toBeInTheDocument();
    }
    expect(screen.queryByText('Primary clinical finding')).toBeNull();
  });

  it('blends a stored photo result into the skin age (60 % quiz, 40 % photo)', async () => {
    const withPhoto = computeResult(QUIZ, PHOTO, scoring);
    expect(withPhoto.skinAge).not.toBe(computeResult(QUIZ, undefined, scoring).skinAge);
    await renderFunnel(flow, '/detailed-analysis', { quizData: QUIZ, assessmentData: PHOTO });
    expect(screen.getByRole('heading', { level: 1, name: resultHeading(withPhoto, 'Ann') })).toBeInTheDocument();
    expect(figureValue('Skin age')).toBe(shownAge(withPhoto));
    expect(screen.getByText(rateText('rapid', withPhoto))).toBeInTheDocument();
  });

  it('with only a stored assessment, takes the age from its chronological_age', async () => {
    const expected = computeResult({}, PHOTO, scoring);
    expect(expected.chronologicalAge).toBe(PHOTO.chronological_age);
    await renderFunnel(flow, '/detailed-analysis', { assessmentData: PHOTO });
    expect(figureValue('Your age')).toBe(years(PHOTO.chronological_age));
    expect(figureValue('Skin age')).toBe(shownAge(expected));
  });

  it('the /results alias shows the same result and moves the address to /detailed-analysis', async () => {
    const expected = computeResult(QUIZ, undefined, scoring);
    await renderFunnel(flow, '/results', { quizData: QUIZ });
    expect(
      screen.getByRole('heading', { level: 1, name: resultHeading(expected, 'Ann') }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/detailed-analysis');
  });

  it.each(['/detailed-analysis', '/results'])(
    '%s with nothing stored redirects to /photo-analysis',
    async (path) => {
      await renderFunnel(flow, path);
      await expectRedirectToPhotoUpload();
    },
  );
});

describe('primary-assessment (/primary-assessment)', () => {
  /** Spec §9: green at 8 or more, orange at 6 or more, red below (out of 10). */
  const tone = (score: number) => (score >= 8 ? 'good' : score >= 6 ? 'fair' : 'poor');

  it.each<[string, StoredVisit]>([
    ['a photo result and quiz answers', { quizData: QUIZ, assessmentData: PHOTO }],
    ['a photo result alone', { assessmentData: PHOTO }],
  ])('shows skin age, chronological age and the four score bars from %s', async (_name, visit) => {
    const expected = computeResult(visit.quizData ?? {}, visit.assessmentData, scoring);
    await renderFunnel(flow, '/primary-assessment', visit);

    expect(
      screen.getByRole('heading', { level: 1, name: `Your skin age is ${shownAge(expected)}` }),
    ).toBeInTheDocument();
    expect(figureValue('Skin age')).toBe(shownAge(expected));
    expect(figureValue('Chronological age')).toBe(years(expected.chronologicalAge));
    const bars = [
      ['Volume', expected.overview.volume],
      ['Elasticity', expected.overview.elasticity],
      ['Texture', expected.overview.texture],
      ['Complexion', expected.overview.complexion],
    ] as const;
    for (const [label, score] of bars) {
      const meter = screen.getByRole('meter', { name: label });
      expect(meter).toHaveAttribute('aria-valuetext', `${shown(score)} out of 10`);
      expect(meter).toHaveAttribute('aria-valuenow', String(score));
      expect(meter.parentElement).toHaveAttribute('data-tone', tone(score));
    }
    expect(
      screen.getByText('Scores out of 10, compared with typical skin at your age.'),
    ).toBeInTheDocument();
  });

  it.each<[string, StoredVisit]>([
    ['nothing stored', {}],
    ['quiz answers but no assessment', { quizData: QUIZ }],
  ])('with %s redirects to /photo-analysis', async (_name, visit) => {
    await renderFunnel(flow, '/primary-assessment', visit);
    await expectRedirectToPhotoUpload();
  });
});

describe('hormone-suitability (/hormone-suitability)', () => {
  /** The fields spec §3 lists for the assessment data this screen stores. */
  const SPEC_FIELDS = [
    'age',
    'chronological_age',
    'assessed_skin_age',
    'skin_age',
    'skinIssues',
    'changeSpeed',
    'otherSymptoms',
    'skinTreatments',
    'treatments',
    'hrt',
    'confidenceScore',
    'ageDifference',
    'readyForAnalysis',
  ];

  /** What the screen should store for `visit`: the answers and the result computed from them. */
  function expectedAssessment(visit: StoredVisit & { quizData: typeof QUIZ }) {
    const result = computeResult(visit.quizData, visit.assessmentData, scoring);
    const answers = visit.quizData;
    return {
      age: answers.age,
      chronological_age: result.chronologicalAge,
      assessed_skin_age: result.skinAge,
      skin_age: result.skinAge,
      skinIssues: answers.skinIssues,
      changeSpeed: answers.changeSpeed,
      otherSymptoms: answers.otherSymptoms,
      skinTreatments: answers.skinTreatments,
      treatments: answers.skinTreatments,
      hrt: answers.hrt,
      confidenceScore: result.confidenceScore,
      ageDifference: result.ageDifference,
      readyForAnalysis: 'true',
    };
  }

  it.each<[string, StoredVisit & { quizData: typeof QUIZ }]>([
    ['quiz answers', { quizData: QUIZ }],
    ['quiz answers and a photo result', { quizData: QUIZ, assessmentData: PHOTO }],
  ])(
    'with %s, See My Results stores the spec §3 assessment data and goes to /treatment-projection',
    async (_name, visit) => {
      const user = userEvent.setup();
      await renderFunnel(flow, '/hormone-suitability', visit);
      expect(
        screen.getByRole('heading', {
          level: 1,
          name: "Great news! You're likely a good fit for hormone-balancing treatment",
        }),
      ).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'See My Results' }));

      expect(await screen.findByRole('heading', { level: 1, name: '90 days from now' })).toBeInTheDocument();
      expect(window.location.pathname).toBe('/treatment-projection');
      const stored = storedJson('assessmentData');
      // The spec's fields are set; what was stored before (the photo result's id) is kept.
      expect(stored).toEqual({ ...visit.assessmentData, ...expectedAssessment(visit) });
      expect(Object.keys(stored ?? {}).sort()).toEqual(
        [...new Set([...SPEC_FIELDS, ...Object.keys(visit.assessmentData ?? {})])].sort(),
      );
      if (visit.assessmentData) expect(stored).toHaveProperty('id', PHOTO.id);
      // With a photo result the numbers differ from the quiz-only ones, so this proves it was read.
      if (visit.assessmentData) expect(stored).not.toEqual(expectedAssessment({ quizData: visit.quizData }));
    },
  );

  it('stores the score the hormonal assessment just showed (hormone-assessment → Continue → See My Results)', async () => {
    // Reduced motion: the percentage shows its final value at once.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduce'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const user = userEvent.setup();
    await renderFunnel(flow, '/hormone-assessment', { quizData: QUIZ });
    const percent = percentShown();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('button', { name: 'See My Results' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/hormone-suitability');
    // She reads the screen first: a press while it settles is ignored (src/app/gesture-visit.ts).
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    await user.click(screen.getByRole('button', { name: 'See My Results' }));

    expect(await screen.findByRole('heading', { level: 1, name: '90 days from now' })).toBeInTheDocument();
    expect(percent).toBe(`${computeResult(QUIZ, undefined, scoring).confidenceScore}%`);
    expect(storedJson('assessmentData')).toMatchObject({
      confidenceScore: Number.parseInt(percent ?? '', 10),
    });
  });

  it('with nothing stored redirects to the start screen (/)', async () => {
    const { tracking } = await renderFunnel(flow, '/hormone-suitability');
    await expectRedirectToStart(tracking);
  });
});
