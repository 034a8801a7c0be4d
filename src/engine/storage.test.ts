// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { loadSession, resumeSession, saveSession } from './storage.ts';

const flow = loadFlow();

describe('session storage', () => {
  beforeEach(() => sessionStorage.clear());

  it('round-trips answers and data under the flow’s keys', () => {
    saveSession(sessionStorage, flow, { answers: { age: 47, skinIssues: ['texture'] }, data: { contactInfo: { name: 'Ann' } } });
    expect(JSON.parse(sessionStorage.getItem('quizData') ?? '')).toEqual({ age: 47, skinIssues: ['texture'] });
    const loaded = loadSession(sessionStorage, flow);
    expect(loaded.answers).toEqual({ age: 47, skinIssues: ['texture'] });
    expect(loaded.data).toEqual({ contactInfo: { name: 'Ann' } });
  });

  it('creates a random session id when missing and keeps it', () => {
    const first = loadSession(sessionStorage, flow).sessionId;
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sessionStorage.getItem('quiz_session_id')).toBe(first);
    expect(loadSession(sessionStorage, flow).sessionId).toBe(first);
  });

  it.each([
    ['not JSON', '{age: 4'],
    ['a list', '[1,2]'],
    ['a string', '"hello"'],
    ['null', 'null'],
  ])('treats quizData that is %s as absent', (_name, raw) => {
    sessionStorage.setItem('quizData', raw);
    expect(loadSession(sessionStorage, flow).answers).toEqual({});
  });

  it('drops answers of the wrong type or unknown keys, keeping the rest', () => {
    sessionStorage.setItem(
      'quizData',
      JSON.stringify({ age: '47', skinIssues: ['texture', 3], changeSpeed: '1-2-years', hrt: ['no'], evil: '<script>', email: 'a@b.c' }),
    );
    expect(loadSession(sessionStorage, flow).answers).toEqual({ changeSpeed: '1-2-years', email: 'a@b.c' });
  });

  it('treats a corrupt data key or a foreign session id as absent', () => {
    sessionStorage.setItem('assessmentData', '[1]');
    sessionStorage.setItem('contactInfo', '{oops');
    sessionStorage.setItem('quiz_session_id', 'not-a-uuid');
    const loaded = loadSession(sessionStorage, flow);
    expect(loaded.data).toEqual({});
    expect(loaded.sessionId).not.toBe('not-a-uuid');
  });

  it('keeps working when storage throws (privacy mode, quota)', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    } satisfies Pick<Storage, 'getItem' | 'setItem'>;
    const storage = Object.assign(Object.create(Storage.prototype), broken);
    expect(() => loadSession(storage, flow)).not.toThrow();
    expect(() => saveSession(storage, flow, { answers: { age: 40 }, data: {} })).not.toThrow();
    expect(loadSession(null, flow).answers).toEqual({});
  });
});

describe('a session from another flow version', () => {
  beforeEach(() => sessionStorage.clear());

  const mark = (value: unknown) => sessionStorage.setItem('quizData_flow', JSON.stringify(value));
  const stored = () => {
    sessionStorage.setItem('quizData', JSON.stringify({ age: 47 }));
    sessionStorage.setItem('assessmentData', JSON.stringify({ skin_age: 52 }));
  };

  it('is marked with the flow and the screen when saved, and resumed by the same flow', () => {
    saveSession(sessionStorage, flow, { answers: { age: 47 }, data: {} }, 'age');
    expect(JSON.parse(sessionStorage.getItem('quizData_flow') ?? '')).toEqual({ id: flow.id, version: 1, screen: 'age' });
    expect(loadSession(sessionStorage, flow)).toMatchObject({ answers: { age: 47 }, restarted: false });
    expect(resumeSession(sessionStorage, flow, '/quiz/age-selection').path).toBe('/quiz/age-selection');
  });

  it.each([
    ['another format version', { id: 'skin-funnel', version: 0, screen: 'age' }],
    ['another flow', { id: 'other-funnel', version: 1, screen: 'age' }],
    ['a screen this flow no longer has', { id: 'skin-funnel', version: 1, screen: 'old-step' }],
  ])('written by %s restarts with nothing stored', (_why, written) => {
    stored();
    mark(written);
    const session = loadSession(sessionStorage, flow);
    expect(session).toMatchObject({ answers: {}, data: {}, restarted: true });
    expect(session.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('opens the start screen instead of the route of the screen that is gone, and a real route as asked', () => {
    stored();
    mark({ id: 'skin-funnel', version: 1, screen: 'old-step' });
    expect(resumeSession(sessionStorage, flow, '/quiz/old-step')).toMatchObject({ path: '/', answers: {}, data: {} });
    expect(resumeSession(sessionStorage, flow, '/quiz/change-speed').path).toBe('/quiz/change-speed');
  });

  it('leaves nothing stale behind once the restarted session is saved', () => {
    stored();
    mark({ id: 'skin-funnel', version: 0 });
    const { answers, data } = loadSession(sessionStorage, flow);
    saveSession(sessionStorage, flow, { answers, data }, 'start');
    expect(sessionStorage.getItem('assessmentData')).toBeNull();
    expect(loadSession(sessionStorage, flow)).toMatchObject({ answers: {}, data: {}, restarted: false });
  });

  it('keeps a session without a mark (saved before marks existed) or with an unreadable one', () => {
    stored();
    expect(loadSession(sessionStorage, flow)).toMatchObject({ answers: { age: 47 }, restarted: false });
    sessionStorage.setItem('quizData_flow', '{not json');
    expect(loadSession(sessionStorage, flow)).toMatchObject({ answers: { age: 47 }, restarted: false });
  });
});

describe('a timed screen across a reload', () => {
  beforeEach(() => sessionStorage.clear());

  it('resumes its timer when the address is the one it was showing', () => {
    const timer = { enteredAt: 1_700_000_000_000, path: '/reversal-protocol' };
    saveSession(sessionStorage, flow, { answers: {}, data: {} }, 'creating-protocol', { timer });
    expect(resumeSession(sessionStorage, flow, '/reversal-protocol').resume).toEqual({
      screen: 'creating-protocol',
      enteredAt: timer.enteredAt,
    });
    // Another address (the visitor went elsewhere since) opens that address, no timer.
    expect(resumeSession(sessionStorage, flow, '/quiz/step-5').resume).toBeUndefined();
  });

  it('does not resume a screen without a timer, a finished timer or a corrupt one', () => {
    saveSession(sessionStorage, flow, { answers: {}, data: {} }, 'age', { timer: { enteredAt: 1, path: '/quiz/age-selection' } });
    expect(resumeSession(sessionStorage, flow, '/quiz/age-selection').resume).toBeUndefined();
    saveSession(sessionStorage, flow, { answers: {}, data: {} }, 'creating-protocol');
    expect(resumeSession(sessionStorage, flow, '/reversal-protocol').resume).toBeUndefined();
    sessionStorage.setItem(
      'quizData_flow',
      JSON.stringify({ id: flow.id, version: flow.version, screen: 'calculating', timer: { enteredAt: 'soon', path: '/quiz/step-7' } }),
    );
    expect(resumeSession(sessionStorage, flow, '/quiz/step-7').resume).toBeUndefined();
  });
});

describe('a chosen photo across a reload', () => {
  beforeEach(() => sessionStorage.clear());

  it('is never stored, but the session remembers that one was chosen on that screen', () => {
    saveSession(sessionStorage, flow, { answers: {}, data: {} }, 'photo-analysis', { photoChosen: true });
    expect(Object.values({ ...sessionStorage }).join('')).not.toContain('data:image');
    expect(resumeSession(sessionStorage, flow, '/photo-analysis').lostPhoto).toBe('photo-analysis');
    saveSession(sessionStorage, flow, { answers: {}, data: {} }, 'photo-analysis');
    expect(resumeSession(sessionStorage, flow, '/photo-analysis').lostPhoto).toBeUndefined();
  });
});

describe('stored data checked against the flow', () => {
  beforeEach(() => sessionStorage.clear());
  const save = (key: string, value: unknown) => sessionStorage.setItem(key, JSON.stringify(value));

  it('treats an answer outside its screen’s range or options as absent', () => {
    save('quizData', {
      age: 200,
      changeSpeed: 'yesterday',
      skinIssues: ['texture', 'not-an-option'],
      otherSymptoms: ['hot-flashes'],
      name: 'x'.repeat(101),
      email: 'ann@example.com',
    });
    expect(loadSession(sessionStorage, flow).answers).toEqual({
      otherSymptoms: ['hot-flashes'],
      email: 'ann@example.com',
    });
    save('quizData', { age: 65, changeSpeed: '1-2-years', skinIssues: ['texture'] });
    expect(loadSession(sessionStorage, flow).answers).toEqual({ age: 65, changeSpeed: '1-2-years', skinIssues: ['texture'] });
  });

  it('treats stored assessment data that does not fit its declared shape as absent', () => {
    save('assessmentData', { id: 'x' });
    expect(loadSession(sessionStorage, flow).data).toEqual({});
    save('assessmentData', { chronological_age: 48, assessed_skin_age: 'old' });
    expect(loadSession(sessionStorage, flow).data).toEqual({});
    save('assessmentData', { chronological_age: 48, assessed_skin_age: 1e9 });
    expect(loadSession(sessionStorage, flow).data).toEqual({});
    const fine = { id: 'a1', chronological_age: 48, assessed_skin_age: 52.4, extra: 'kept' };
    save('assessmentData', fine);
    expect(loadSession(sessionStorage, flow).data).toEqual({ assessmentData: fine });
  });
});
