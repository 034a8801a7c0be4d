/**
 * The shipped flow compiled to its machine and walked with createActor: the main path and every
 * other chain of spec §4, guards, delays and the side effects each step asks for.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { loadFlow } from '../support/load-flow.ts';
import { startFunnel } from '../support/funnel-actor.ts';

const flow = loadFlow();

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function settle(actor: ReturnType<typeof startFunnel>['actor']) {
  await waitFor(actor, (s) => !s.hasTag('busy'));
}

describe('the main path from / to the external page', () => {
  it('walks every screen in order, enforcing required answers', async () => {
    const f = startFunnel(flow);
    // No start delay in the flow: the machine passes through the start screen in its first step,
    // and the visit still counts.
    expect(f.screen()).toBe('skin-concerns');
    expect(f.tracking.calls[0]).toMatchObject({ type: 'screenViewed', screenId: 'start', track: { journey: 'quiz_started' } });

    f.send({ type: 'SELECT_OPTION', value: 'fine-lines' });
    f.send({ type: 'SELECT_OPTION', value: 'texture' });
    f.send({ type: 'SELECT_OPTION', value: 'fine-lines' });
    f.send({ type: 'SELECT_OPTION', value: 'not-an-option' });
    expect(f.context().answers.skinIssues).toEqual(['texture']);
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('change-speed');

    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('change-speed'); // a choice is required
    f.send({ type: 'SELECT_OPTION', value: '6-12-months' });
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('age');

    f.send({ type: 'CONTINUE' });
    expect(f.context().answers.age).toBe(50); // the slider's default is stored
    expect(f.screen()).toBe('cliff-education');
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('analysis-bridge');
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('photo-analysis');

    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('photo-analysis'); // no photo yet
    f.send({ type: 'PHOTO_SELECTED', image: 'data:image/jpeg;base64,AAAA' });
    f.send({ type: 'CONTINUE' });
    expect(f.actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle(f.actor);
    expect(f.screen()).toBe('detailed-analysis');
    expect(f.context().data.assessmentData).toEqual({ assessed_skin_age: 50 });

    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('email-capture');
    f.send({ type: 'SET_FIELD', field: 'name', value: '  Ann ' });
    f.send({ type: 'SET_FIELD', field: 'email', value: 'ann.example.com' });
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('email-capture'); // the email needs an '@'
    f.send({ type: 'SET_FIELD', field: 'email', value: 'ann@' });
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('email-capture'); // and the server's email rule, which refuses 'ann@'
    f.send({ type: 'SET_FIELD', field: 'email', value: 'ann@example.com' });
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('doctor-investigation');
    expect(f.context().answers.name).toBe('Ann');
    await vi.waitFor(() => expect(f.tracking.calls.some((c) => c.type === 'leadSaved')).toBe(true));
    expect(f.tracking.calls.filter((c) => c.type === 'pixel').map((c) => c.type === 'pixel' && c.event)).toEqual(['Lead']);

    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('doctor-investigation'); // at least one option
    f.send({ type: 'SELECT_OPTION', value: 'none' });
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('anti-aging-experience');
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('anti-aging-experience');
    f.send({ type: 'SELECT_OPTION', value: "I've tried everything—and nothing makes a difference" });
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('root-cause-reveal');
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('education-urgency');
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('treatment-projection');
    f.send({ type: 'CONTINUE' });
    expect(f.tracking.calls).toContainEqual(
      expect.objectContaining({ type: 'stepTracked', name: 'treatment-projection-completed', number: 11, completed: true }),
    );
    expect(f.screen()).toBe('reversal-protocol');
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('creating-protocol');
    expect(f.tracking.calls).toContainEqual(expect.objectContaining({ type: 'finalClick' }));
    expect(f.tracking.calls).toContainEqual(expect.objectContaining({ type: 'pixel', event: 'CompleteRegistration' }));
    vi.advanceTimersByTime(2999);
    expect(f.redirects).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(f.redirects).toEqual([
      'https://example.com/recommendation?email=ann%40example.com&source=skin-funnel&client_reference_id=00000000-0000-4000-8000-000000000000',
    ]);
  });

  it('tracks the journey steps of the screens it shows', () => {
    const f = startFunnel(flow);
    vi.advanceTimersByTime(600);
    const journeys = f.tracking.calls.flatMap((c) => (c.type === 'screenViewed' && c.track.journey ? [c.track.journey] : []));
    expect(journeys).toEqual(['quiz_started', 'step_2_skin_issues']);
  });
});

describe('the other chains', () => {
  it('other symptoms → treatments → calculating (auto after 4 s) → HRT → photo', () => {
    const f = startFunnel(flow, { path: '/quiz/step-5' });
    expect(f.screen()).toBe('other-symptoms');
    f.send({ type: 'SELECT_OPTION', value: 'hot-flashes' });
    f.send({ type: 'SELECT_OPTION', value: 'none' }); // 'None of these' does not clear the others
    expect(f.context().answers.otherSymptoms).toEqual(['hot-flashes', 'none']);
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('skin-treatments');
    f.send({ type: 'CONTINUE' });
    expect(f.context().answers.skinTreatments).toEqual([]);
    expect(f.screen()).toBe('calculating');
    vi.advanceTimersByTime(3999);
    expect(f.screen()).toBe('calculating');
    vi.advanceTimersByTime(1);
    expect(f.screen()).toBe('hrt-question');
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('hrt-question');
    f.send({ type: 'SELECT_OPTION', value: 'past' });
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('photo-analysis');
  });

  it('calculating can be left early with Continue, and its timer then does nothing', () => {
    const f = startFunnel(flow, { path: '/quiz/step-7' });
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('hrt-question');
    f.send({ type: 'SELECT_OPTION', value: 'no' });
    vi.advanceTimersByTime(5000);
    expect(f.screen()).toBe('hrt-question');
  });

  it('hormone assessment → suitability (stores the assessment data) → treatment projection', () => {
    const f = startFunnel(flow, { path: '/hormone-assessment', answers: { age: 52, changeSpeed: '1-2-years', skinIssues: ['texture'] } });
    expect(f.screen()).toBe('hormone-assessment');
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('hormone-suitability');
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('treatment-projection');
    const stored = f.context().data.assessmentData;
    expect(stored).toMatchObject({ age: 52, chronological_age: 52, changeSpeed: '1-2-years', skinIssues: ['texture'], readyForAnalysis: 'true' });
    expect(typeof stored?.confidenceScore).toBe('number');
    expect(stored?.assessed_skin_age).toBe(stored?.skin_age);
  });

  it('hormone suitability keeps the id (and the other fields) of an assessment already stored', () => {
    const assessmentData = { id: 'a1b2c3', assessed_skin_age: 55, photoAnalysis: 'yes' };
    const f = startFunnel(flow, { path: '/hormone-suitability', answers: { age: 52 }, data: { assessmentData } });
    expect(f.screen()).toBe('hormone-suitability');
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('treatment-projection');
    expect(f.context().data.assessmentData).toMatchObject({ id: 'a1b2c3', photoAnalysis: 'yes', age: 52 });
  });

  it('primary assessment → brand transformation page → reversal protocol', () => {
    const f = startFunnel(flow, { path: '/primary-assessment', answers: { age: 48 }, data: { assessmentData: { assessed_skin_age: 52 } } });
    expect(f.screen()).toBe('primary-assessment');
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('brand-transformation');
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('reversal-protocol');
  });

  it('contact form: saves, stores contactInfo and goes to the detailed analysis', async () => {
    const f = startFunnel(flow, { path: '/contact-collection', answers: { age: 50 } });
    f.send({ type: 'SET_FIELD', field: 'name', value: 'Bea' });
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('contact-collection'); // email required
    f.send({ type: 'SET_FIELD', field: 'email', value: 'bea@example.com' });
    f.send({ type: 'CONTINUE' });
    await settle(f.actor);
    expect(f.screen()).toBe('detailed-analysis');
    expect(f.context().data.contactInfo).toEqual({ name: 'Bea', email: 'bea@example.com' });
    expect(f.context().leadId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('contact form: a failed save shows the error, keeps the visitor there, and a retry succeeds', async () => {
    let fail = true;
    const f = startFunnel(flow, { path: '/contact-collection', answers: { age: 50 }, failLeads: () => fail });
    f.send({ type: 'SET_FIELD', field: 'name', value: 'Bea' });
    f.send({ type: 'SET_FIELD', field: 'email', value: 'bea@example.com' });
    f.send({ type: 'CONTINUE' });
    await settle(f.actor);
    expect(f.screen()).toBe('contact-collection');
    expect(f.context().error).toBe('There was an error saving your responses. Please try again.');
    fail = false;
    f.send({ type: 'CONTINUE' });
    await settle(f.actor);
    expect(f.screen()).toBe('detailed-analysis');
    expect(f.context().error).toBeNull();
  });

  it('the /quiz redirect screen sends to the age step', () => {
    const f = startFunnel(flow, { path: '/quiz' });
    expect(f.screen()).toBe('quiz-redirect');
    vi.advanceTimersByTime(300);
    expect(f.screen()).toBe('age');
  });

  it('a failed photo analysis still reaches the detailed analysis', async () => {
    const f = startFunnel(flow, {
      path: '/photo-analysis',
      answers: { age: 50 },
      analysis: { analyzePhoto: () => Promise.reject(new Error('down')) },
    });
    f.send({ type: 'PHOTO_SELECTED', image: 'data:image/png;base64,AAAA' });
    f.send({ type: 'CONTINUE' });
    await settle(f.actor);
    expect(f.screen()).toBe('detailed-analysis');
  });

  it('Continue onto a screen whose requires fails goes to its otherwise, never showing it', async () => {
    const f = startFunnel(flow, { path: '/contact-collection' });
    const seen: string[] = [];
    f.actor.subscribe(() => seen.push(f.screen() ?? ''));
    f.send({ type: 'SET_FIELD', field: 'name', value: 'Bea' });
    f.send({ type: 'SET_FIELD', field: 'email', value: 'bea@example.com' });
    f.send({ type: 'CONTINUE' });
    await settle(f.actor);
    // detailed-analysis requires an answer or an analysis; without either it sends her to the photo.
    expect(f.screen()).toBe('photo-analysis');
    expect(seen).not.toContain('detailed-analysis');
  });
});

describe('deep links, guards and unknown paths', () => {
  it.each([
    ['/quiz/step-1', 'age'],
    ['/quiz/step-4', 'age'],
    ['/quiz/step-2', 'skin-concerns'],
    ['/quiz/step-3', 'change-speed'],
    ['/quiz/dr-morgan-investigation', 'doctor-investigation'],
    ['/lumera-transformation', 'brand-transformation'],
    ['/quiz/age-selection/', 'age'],
  ])('%s opens %s', (path, screen) => {
    expect(startFunnel(flow, { path }).screen()).toBe(screen);
  });

  it.each([
    ['/detailed-analysis', 'photo-analysis'],
    ['/results', 'photo-analysis'],
    ['/primary-assessment', 'photo-analysis'],
    // Their `otherwise` is the start screen, which passes on to the first question.
    ['/hormone-assessment', 'skin-concerns'],
    ['/hormone-suitability', 'skin-concerns'],
  ])('%s without data redirects to %s', (path, screen) => {
    expect(startFunnel(flow, { path }).screen()).toBe(screen);
  });

  it('/results with quiz answers shows the detailed analysis', () => {
    expect(startFunnel(flow, { path: '/results', answers: { age: 40 } }).screen()).toBe('detailed-analysis');
  });

  it('an unknown path shows the not-found screen and logs the path', () => {
    const f = startFunnel(flow, { path: '/nope' });
    expect(f.screen()).toBe('not-found');
    expect(f.warnings).toEqual(['404 Error: User attempted to access non-existent route: /nope']);
  });

  it('NAVIGATE (the Back button) returns to an earlier screen with its answers intact', () => {
    const f = startFunnel(flow, { path: '/quiz/change-speed' });
    f.send({ type: 'SELECT_OPTION', value: '1-2-years' });
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('age');
    f.send({ type: 'NAVIGATE', path: '/quiz/change-speed' });
    expect(f.screen()).toBe('change-speed');
    expect(f.context().answers.changeSpeed).toBe('1-2-years');
  });

  it('slider values are clamped to the range and snapped to the step', () => {
    const f = startFunnel(flow, { path: '/quiz/age-selection' });
    f.send({ type: 'SET_VALUE', value: 80 });
    expect(f.context().answers.age).toBe(65);
    f.send({ type: 'SET_VALUE', value: 12 });
    expect(f.context().answers.age).toBe(35);
    f.send({ type: 'SET_VALUE', value: 47.6 });
    expect(f.context().answers.age).toBe(48);
  });
});

describe('one Continue per screen visit', () => {
  it.each([
    ['/quiz/cliff-education', 'cliff-education', 'analysis-bridge'],
    ['/quiz/education-urgency', 'education-urgency', 'treatment-projection'],
  ])('on %s a second Continue of the same visit does not skip %s → %s', (path, from, to) => {
    const f = startFunnel(flow, { path, answers: { age: 50, changeSpeed: '1-2-years', skinIssues: ['dryness'] } });
    expect(f.screen()).toBe(from);
    const visit = f.context().visit;
    f.send({ type: 'CONTINUE', visit });
    expect(f.screen()).toBe(to);
    f.send({ type: 'CONTINUE', visit }); // the double tap's second tap, stamped with the visit it began on
    expect(f.screen()).toBe(to);
    f.send({ type: 'SELECT_OPTION', value: 'dryness', visit });
    expect(f.screen()).toBe(to);
    f.send({ type: 'CONTINUE', visit: f.context().visit }); // a new tap on the new screen
    expect(f.screen()).not.toBe(to);
  });

  it('a choice stamped with an ended visit is not stored on the next screen', () => {
    const f = startFunnel(flow, { path: '/quiz/skin-concerns' });
    const visit = f.context().visit;
    f.send({ type: 'CONTINUE', visit });
    expect(f.screen()).toBe('change-speed');
    f.send({ type: 'SELECT_OPTION', value: '1-2-years', visit });
    expect(f.context().answers.changeSpeed).toBeUndefined();
  });

  it('every entry into a screen is a new visit, also re-entering the same screen', () => {
    const f = startFunnel(flow, { path: '/quiz/cliff-education' });
    const first = f.context().visit;
    f.send({ type: 'NAVIGATE', path: '/quiz/cliff-education' });
    expect(f.context().visit).toBeGreaterThan(first);
  });
});

describe('timed screens after a reload', () => {
  it('a reload on the calculating step finishes its timer from where it was', () => {
    const f = startFunnel(flow, { path: '/quiz/step-7', resume: { screen: 'calculating', enteredAt: Date.now() - 3000 } });
    expect(f.screen()).toBe('calculating');
    vi.advanceTimersByTime(999);
    expect(f.screen()).toBe('calculating');
    vi.advanceTimersByTime(1);
    expect(f.screen()).toBe('hrt-question');
  });

  it('goes on at once when its time had passed, and a later visit waits the full delay again', () => {
    const f = startFunnel(flow, { path: '/quiz/step-7', resume: { screen: 'calculating', enteredAt: Date.now() - 60_000 } });
    vi.advanceTimersByTime(0);
    expect(f.screen()).toBe('hrt-question');
    f.send({ type: 'NAVIGATE', path: '/quiz/step-7' });
    vi.advanceTimersByTime(3999);
    expect(f.screen()).toBe('calculating');
    vi.advanceTimersByTime(1);
    expect(f.screen()).toBe('hrt-question');
  });

  it("a reload during 'Creating Your Protocol' (no route of its own) still leaves for the external page", () => {
    const f = startFunnel(flow, {
      path: '/reversal-protocol',
      answers: { email: 'ann@example.com' },
      resume: { screen: 'creating-protocol', enteredAt: Date.now() - 1000 },
    });
    expect(f.screen()).toBe('creating-protocol');
    vi.advanceTimersByTime(1999);
    expect(f.redirects).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(f.redirects).toEqual([expect.stringContaining('email=ann%40example.com')]);
  });

  it('a forged start time in the future never lengthens the wait', () => {
    const f = startFunnel(flow, { path: '/quiz/step-7', resume: { screen: 'calculating', enteredAt: Date.now() + 1e9 } });
    vi.advanceTimersByTime(4000);
    expect(f.screen()).toBe('hrt-question');
  });
});

describe('an honest photo result', () => {
  const noFace = Object.assign(new Error('analyze-face failed: 422 no_face'), { status: 422, code: 'no_face' });

  it('a photo with no face stays on the photo screen, says so, and can go on without a photo', async () => {
    const images: (string | null)[] = [];
    const f = startFunnel(flow, {
      path: '/photo-analysis',
      answers: { age: 50 },
      analysis: {
        analyzePhoto: (image) => {
          images.push(image);
          return image === null ? Promise.resolve({ assessed_skin_age: 51, chronological_age: 50 }) : Promise.reject(noFace);
        },
      },
    });
    f.send({ type: 'PHOTO_SELECTED', image: 'data:image/jpeg;base64,AAAA' });
    f.send({ type: 'CONTINUE' });
    await settle(f.actor);
    expect(f.screen()).toBe('photo-analysis');
    expect(f.context().error).toMatch(/find a face/);
    expect(f.context().photo).toBeNull();
    expect(f.context().data.assessmentData).toBeUndefined();

    f.send({ type: 'CONTINUE_WITHOUT' });
    await settle(f.actor);
    expect(f.screen()).toBe('detailed-analysis');
    expect(images).toEqual(['data:image/jpeg;base64,AAAA', null]);
    expect(f.context().data.assessmentData).toEqual({ assessed_skin_age: 51, chronological_age: 50 });
  });

  it('going on without a photo is only offered after a refused or lost photo', () => {
    const f = startFunnel(flow, { path: '/photo-analysis', answers: { age: 50 } });
    f.send({ type: 'CONTINUE_WITHOUT' });
    expect(f.screen()).toBe('photo-analysis');
    expect(f.actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('another failure (network, server error) still goes on with the estimate the port gives', async () => {
    const f = startFunnel(flow, {
      path: '/photo-analysis',
      answers: { age: 50 },
      analysis: { analyzePhoto: () => Promise.reject(Object.assign(new Error('503'), { code: 'error' })) },
    });
    f.send({ type: 'PHOTO_SELECTED', image: 'data:image/jpeg;base64,AAAA' });
    f.send({ type: 'CONTINUE' });
    await settle(f.actor);
    expect(f.screen()).toBe('detailed-analysis');
  });
});
