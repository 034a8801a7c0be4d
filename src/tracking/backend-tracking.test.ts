/**
 * The tracking port over a real outbox whose transport only records: what each port call enqueues,
 * in which order and with which arguments, and how the lead behaves when the first send fails.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VisitorSnapshot } from '../engine/ports.ts';
import { createBackendTracking, quizCompletionArgs } from './backend-tracking.ts';
import { createOutbox, type Outbox, type OutboxEntry } from './outbox.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SESSION = '11111111-1111-4111-8111-111111111111';
const LEAD = '22222222-2222-4222-8222-222222222222';
const NOW = '2025-03-01T10:00:00.000Z';
const PAGE = { userAgent: 'TestBrowser/1.0', referrer: 'https://ads.example/landing' };
/** A flow mapping answers to the lead table's spec columns, as the skin funnel does. */
const FLOW = {
  id: 'skin-funnel',
  version: 1,
  tracking: {
    journeySteps: ['quiz_started', 'contact_form'],
    leadColumns: {
      age: 'age',
      skin_issues: 'skinIssues',
      change_speed: 'changeSpeed',
      other_symptoms: 'otherSymptoms',
      skin_treatments: 'skinTreatments',
      hrt: 'hrt',
    },
  },
};

function visitor(overrides: Partial<VisitorSnapshot> = {}): VisitorSnapshot & { leadId: string } {
  return { sessionId: SESSION, answers: {}, data: {}, ...overrides, leadId: overrides.leadId ?? LEAD };
}

const outboxes: Outbox[] = [];
afterEach(() => outboxes.splice(0).forEach((outbox) => outbox.dispose()));

/** A backend that fails the first `failures` tries as a dropped connection would, then records deliveries. */
function setup(failures = 0) {
  const delivered: OutboxEntry[] = [];
  let tries = 0;
  const outbox = createOutbox({
    storage: null,
    key: 'funnel_outbox',
    random: () => 0,
    send: async (entry) => {
      tries += 1;
      if (tries <= failures) throw new TypeError('Failed to fetch');
      delivered.push(entry);
    },
  });
  outboxes.push(outbox);
  const logs: string[] = [];
  const tracking = createBackendTracking({ outbox, page: PAGE, log: (m) => logs.push(m), now: () => new Date(NOW) });
  return { outbox, tracking, delivered, logs, tries: () => tries };
}

const calls = (entries: OutboxEntry[]) => entries.map((entry) => entry.fn);

describe('screenViewed', () => {
  it('enqueues the journey step, the step view and the step progress, in that order', async () => {
    const { outbox, tracking, delivered } = setup();
    tracking.screenViewed({ journey: 'contact_form', step: 'contact_collection', stepNumber: 3 }, 'contact-collection', visitor());
    expect(calls(outbox.pending())).toEqual(['track_journey_step', 'track_step_view', 'track_step_progress']);
    await outbox.flush();

    const [journey, view, progress] = delivered;
    expect(calls(delivered)).toEqual(['track_journey_step', 'track_step_view', 'track_step_progress']);
    expect(journey?.args).toEqual({ session_id: SESSION, step: 'contact_form', user_agent: PAGE.userAgent, referrer: PAGE.referrer });
    expect(view?.id).toMatch(UUID);
    expect(view?.args).toEqual({
      event_id: view?.id,
      session_id: SESSION,
      step_name: 'contact_collection',
      step_number: 3,
      completed: false,
      user_agent: PAGE.userAgent,
      referrer: PAGE.referrer,
      visited_at: NOW,
    });
    expect(progress?.args).toEqual({ session_id: SESSION, step_name: 'contact_collection', step_number: 3, visited_at: NOW });
  });

  it('counts a step without stepNumber under step 1, and gives each view its own event id', async () => {
    const { outbox, tracking, delivered } = setup();
    tracking.screenViewed({ step: 'quiz_skin_issues' }, 'skin-concerns', visitor());
    tracking.screenViewed({ step: 'quiz_skin_issues' }, 'skin-concerns', visitor());
    await outbox.flush();
    expect(calls(delivered)).toEqual(['track_step_view', 'track_step_progress', 'track_step_view', 'track_step_progress']);
    const views = delivered.filter((entry) => entry.fn === 'track_step_view');
    expect(views.map((entry) => entry.args.step_number)).toEqual([1, 1]);
    expect(delivered[1]?.args.step_number).toBe(1);
    expect(views[0]?.args.event_id).not.toBe(views[1]?.args.event_id);
  });

  it('sends only the journey step when the screen names no step', async () => {
    const { outbox, tracking, delivered } = setup();
    tracking.screenViewed({ journey: 'final_cta_clicked' }, 'creating-protocol', visitor());
    await outbox.flush();
    expect(delivered.map((entry) => [entry.fn, entry.args.step])).toEqual([['track_journey_step', 'final_cta_clicked']]);
  });

  it('sends nothing for an empty declaration', async () => {
    const { outbox, tracking, delivered } = setup();
    tracking.screenViewed({}, 'start', visitor());
    await outbox.flush();
    expect(delivered).toEqual([]);
  });
});

describe('journeyReached and stepTracked', () => {
  it('journeyReached enqueues one journey step with the page details', async () => {
    const { outbox, tracking, delivered } = setup();
    tracking.journeyReached('form_completed', visitor());
    await outbox.flush();
    expect(delivered.map((entry) => entry.fn)).toEqual(['track_journey_step']);
    expect(delivered[0]?.args).toEqual({ session_id: SESSION, step: 'form_completed', user_agent: PAGE.userAgent, referrer: PAGE.referrer });
  });

  it('stepTracked enqueues a step view with its number and completion, keyed by its event id', async () => {
    const { outbox, tracking, delivered } = setup();
    tracking.stepTracked({ name: 'treatment-projection-completed', number: 11, completed: true }, visitor());
    await outbox.flush();
    expect(delivered).toHaveLength(1);
    const [view] = delivered;
    expect(view?.fn).toBe('track_step_view');
    expect(view?.args).toMatchObject({ event_id: view?.id, step_name: 'treatment-projection-completed', step_number: 11, completed: true, visited_at: NOW });
  });

  it('a failed first send logs without the visitor\'s name or email, and is delivered later', async () => {
    const { outbox, tracking, delivered, logs } = setup(1);
    const person = visitor({ answers: { name: 'Ann Secret', email: 'ann.secret@example.com' } });
    tracking.screenViewed({ step: 'email_capture' }, 'email-capture', person);
    await expect.poll(() => logs.length).toBeGreaterThan(0);
    expect(logs).toContain('Failed to track quiz step; it stays queued and will be retried');
    expect(logs.join('\n')).not.toMatch(/Ann|Secret|ann\.secret|example\.com/);
    expect(calls(outbox.pending())).toEqual(['track_step_view', 'track_step_progress']);

    await outbox.flush();
    expect(calls(delivered)).toEqual(['track_step_view', 'track_step_progress']);
    expect(outbox.pending()).toEqual([]);
  });
});

describe('quizCompletionArgs', () => {
  it('maps the answers to the quiz completion columns', () => {
    const args = quizCompletionArgs(
      visitor({
        answers: {
          name: '  Ann ',
          email: ' ann@example.com ',
          age: 49.6,
          skinIssues: ['texture', 'fine-lines'],
          changeSpeed: '6-12-months',
          otherSymptoms: ['poor-sleep'],
          skinTreatments: [],
          hrt: 'no',
        },
        data: { contactInfo: { name: 'Other', email: 'other@example.com' } },
      }),
      undefined,
      FLOW,
    );
    expect(args).toEqual({
      id: LEAD,
      session_id: SESSION,
      name: 'Ann',
      email: 'ann@example.com',
      age: 50,
      skin_issues: ['texture', 'fine-lines'],
      change_speed: '6-12-months',
      other_symptoms: ['poor-sleep'],
      skin_treatments: [],
      hrt: 'no',
      answers: {
        name: '  Ann ',
        email: ' ann@example.com ',
        age: 49.6,
        skinIssues: ['texture', 'fine-lines'],
        changeSpeed: '6-12-months',
        otherSymptoms: ['poor-sleep'],
        skinTreatments: [],
        hrt: 'no',
      },
      flow_id: 'skin-funnel',
      flow_version: 1,
    });
  });

  it('sends every answer of a flow that maps no columns, with its id and version', () => {
    const answers = { distance: '10k', surfaces: ['road'], weeklyKm: 30, email: 'ann@example.com', name: 'Ann' };
    expect(quizCompletionArgs(visitor({ answers }), undefined, { id: 'shoe-finder', version: 2 })).toEqual({
      id: LEAD,
      session_id: SESSION,
      name: 'Ann',
      email: 'ann@example.com',
      answers,
      flow_id: 'shoe-finder',
      flow_version: 2,
    });
  });

  it('takes name and email from the stored contact info when the answers have none; columns get answers as they are', () => {
    const args = quizCompletionArgs(
      visitor({ answers: { name: '   ', age: '50', skinIssues: 'texture' }, data: { contactInfo: { name: 'Bea', email: 'bea@example.com' } } }),
      undefined,
      FLOW,
    );
    expect(args).toEqual({
      id: LEAD,
      session_id: SESSION,
      name: 'Bea',
      email: 'bea@example.com',
      age: '50',
      skin_issues: 'texture',
      change_speed: null,
      other_symptoms: null,
      skin_treatments: null,
      hrt: null,
      answers: { name: '   ', age: '50', skinIssues: 'texture' },
      flow_id: 'skin-funnel',
      flow_version: 1,
    });
  });
});

describe('saveLead', () => {
  const answers = { name: 'Ann', email: 'ann@example.com', age: 50 };

  it('enqueues save_quiz_completion under the lead id and resolves with it once delivered', async () => {
    const { tracking, delivered } = setup();
    await expect(tracking.saveLead(visitor({ answers }))).resolves.toEqual({ id: LEAD });
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ id: LEAD, fn: 'save_quiz_completion' });
    expect(delivered[0]?.args).toMatchObject({ id: LEAD, session_id: SESSION, name: 'Ann', email: 'ann@example.com', answers });
  });

  it('rejects when the first send fails, keeps the lead queued and delivers it later', async () => {
    const { outbox, tracking, delivered } = setup(1);
    await expect(tracking.saveLead(visitor({ answers }))).rejects.toThrow('Failed to fetch');
    expect(outbox.pending().map((entry) => [entry.fn, entry.id])).toEqual([['save_quiz_completion', LEAD]]);
    expect(delivered).toEqual([]);

    await outbox.flush();
    expect(delivered.map((entry) => entry.id)).toEqual([LEAD]);
    expect(outbox.pending()).toEqual([]);
  });

  it('a second save of the same answers while the first is pending reuses it: one delivery, the same id', async () => {
    const { outbox, tracking, delivered, tries } = setup(1);
    await expect(tracking.saveLead(visitor({ answers }))).rejects.toThrow();
    const retry = visitor({ answers, leadId: '33333333-3333-4333-8333-333333333333' });
    await expect(tracking.saveLead(retry)).resolves.toEqual({ id: LEAD });
    expect(delivered.map((entry) => [entry.id, entry.args.id])).toEqual([[LEAD, LEAD]]);
    expect(tries()).toBe(2);
    expect(outbox.pending()).toEqual([]);
  });

  it('two saves of the same answers in flight at once deliver one row', async () => {
    const { tracking, delivered } = setup();
    const first = tracking.saveLead(visitor({ answers }));
    const second = tracking.saveLead(visitor({ answers, leadId: '44444444-4444-4444-8444-444444444444' }));
    await expect(Promise.all([first, second])).resolves.toEqual([{ id: LEAD }, { id: LEAD }]);
    expect(delivered.map((entry) => entry.id)).toEqual([LEAD]);
  });

  it('changed answers while the first is pending are a new lead with their own id', async () => {
    const { outbox, tracking, delivered } = setup(1);
    const other = '55555555-5555-4555-8555-555555555555';
    await expect(tracking.saveLead(visitor({ answers }))).rejects.toThrow();
    await expect(tracking.saveLead(visitor({ answers: { ...answers, email: 'ann@example.org' }, leadId: other }))).resolves.toEqual({ id: other });
    await outbox.flush();
    expect(delivered.map((entry) => entry.id)).toEqual([LEAD, other]);
  });
});

describe('finalClick', () => {
  const assessment = '66666666-6666-4666-8666-666666666666';

  it('sends the session, the assessment id and the email', async () => {
    const { outbox, tracking, delivered } = setup();
    tracking.finalClick(visitor({ answers: { email: 'ann@example.com' }, data: { assessmentData: { id: assessment } } }));
    await outbox.flush();
    expect(delivered.map((entry) => entry.fn)).toEqual(['record_final_click']);
    expect(delivered[0]?.args).toEqual({ session_id: SESSION, assessment_id: assessment, email: 'ann@example.com' });
  });

  it('leaves out an assessment id that is not a UUID, and falls back to the contact info email', async () => {
    const { outbox, tracking, delivered } = setup();
    tracking.finalClick(visitor({ data: { assessmentData: { id: 'fallback-1' }, contactInfo: { email: 'bea@example.com' } } }));
    tracking.finalClick(visitor({ data: { assessmentData: { id: 42 } } }));
    await outbox.flush();
    expect(delivered.map((entry) => entry.args)).toEqual([
      { session_id: SESSION, assessment_id: null, email: 'bea@example.com' },
      { session_id: SESSION, assessment_id: null, email: null },
    ]);
  });
});

describe('never throwing into the funnel', () => {
  it('every call returns normally when the outbox rejects everything; saveLead only rejects its promise', async () => {
    const logs: string[] = [];
    const tracking = createBackendTracking({
      outbox: { enqueue: () => Promise.reject(new Error('storage gone')), pending: () => [] },
      page: { userAgent: 'UA', referrer: null },
      log: (m) => logs.push(m),
    });
    const person = visitor({ answers: { email: 'ann@example.com' } });
    expect(() => {
      tracking.screenViewed({ journey: 'contact_form', step: 'email_capture' }, 'email-capture', person);
      tracking.journeyReached('form_completed', person);
      tracking.stepTracked({ name: 'x', number: 2, completed: true }, person);
      tracking.finalClick(person);
    }).not.toThrow();
    const saved = tracking.saveLead(person);
    await expect(saved).rejects.toThrow('storage gone');
    await expect.poll(() => logs.length).toBe(7);
    // Nothing is pending in this outbox, so nothing claims to be queued.
    const gone = 'it was refused and kept in the dead-letter store';
    expect(logs).toEqual([
      `Failed to track journey step; ${gone}`,
      `Failed to track quiz step; ${gone}`,
      `Failed to track quiz step progress; ${gone}`,
      `Failed to track journey step; ${gone}`,
      `Failed to track quiz step; ${gone}`,
      `Failed to record the final click; ${gone}`,
      `Lead not saved yet; ${gone}`,
    ]);
  });

  it('says a refused lead was kept aside, not queued, and clears it once the corrected lead lands', async () => {
    const refused = Object.assign(new Error('email: must be an email address like name@example.com'), { status: 400 });
    let refuse = true;
    const kept: OutboxEntry[] = [];
    const outbox = createOutbox({
      storage: null,
      key: 'funnel_outbox',
      send: async () => {
        if (refuse) throw refused;
      },
      onDrop: (entry) => void kept.push(entry),
    });
    outboxes.push(outbox);
    const logs: string[] = [];
    const forget = vi.fn();
    const tracking = createBackendTracking({ outbox, page: PAGE, log: (m) => logs.push(m), deadLetters: { forget } });
    await expect(tracking.saveLead(visitor({ answers: { name: 'Ann', email: 'ann@example.com' } }))).rejects.toBe(refused);
    expect(logs).toEqual(['Lead not saved yet; it was refused and kept in the dead-letter store']);
    expect(kept).toHaveLength(1);
    expect(forget).not.toHaveBeenCalled();

    refuse = false;
    await tracking.saveLead(visitor({ leadId: LEAD.replace('2222-4', '3333-4'), answers: { name: 'Ann', email: 'ann@example.org' } }));
    expect(forget).toHaveBeenCalledOnce();
    const resolved = forget.mock.calls[0]?.[0];
    expect(resolved?.({ entry: kept[0] })).toBe(true);
    expect(resolved?.({ entry: { ...kept[0], args: { session_id: 'another' } } })).toBe(false);
  });
});

describe('the landing campaign', () => {
  const campaign = { utm_source: 'facebook', fbclid: 'IwAR0' };

  function withCampaign() {
    const delivered: OutboxEntry[] = [];
    const leads: { id: string; args: Record<string, unknown> }[] = [];
    let fail = 1;
    const outbox = createOutbox({
      storage: null,
      key: 'funnel_outbox',
      random: () => 0,
      send: async (entry) => {
        if (entry.fn === 'save_quiz_completion' && fail-- > 0) throw new TypeError('Failed to fetch');
        delivered.push(entry);
      },
    });
    outboxes.push(outbox);
    const tracking = createBackendTracking({
      outbox,
      page: { ...PAGE, campaign },
      log: () => undefined,
      onLead: ({ id, args }) => leads.push({ id, args }),
    });
    return { outbox, tracking, delivered, leads };
  }

  it('goes with every journey step and with the lead', async () => {
    const { outbox, tracking, delivered } = withCampaign();
    tracking.journeyReached('quiz_started', visitor());
    await tracking.saveLead(visitor({ answers: { name: 'Ann', email: 'ann@example.com' } })).catch(() => undefined);
    await outbox.flush();
    expect(delivered.map((entry) => [entry.fn, entry.args.campaign])).toEqual([
      ['track_journey_step', campaign],
      ['save_quiz_completion', campaign],
    ]);
  });

  it('is left out when the landing had none', async () => {
    const { outbox, tracking, delivered } = setup();
    tracking.journeyReached('quiz_started', visitor());
    await outbox.flush();
    expect(delivered[0]?.args).not.toHaveProperty('campaign');
    expect(quizCompletionArgs(visitor(), {})).not.toHaveProperty('campaign');
  });

  it('reports each new lead once to onLead, not a second tap that reuses the pending one', async () => {
    const { tracking, leads } = withCampaign();
    const answers = { name: 'Ann', email: 'ann@example.com' };
    await expect(tracking.saveLead(visitor({ answers }))).rejects.toThrow();
    await tracking.saveLead(visitor({ answers, leadId: '77777777-7777-4777-8777-777777777777' }));
    expect(leads).toEqual([{ id: LEAD, args: expect.objectContaining({ id: LEAD, email: 'ann@example.com', campaign }) }]);
  });
});

describe('with the running flow', () => {
  it('sends the flow id with every tracking row and a journey step with its position in the flow', async () => {
    const delivered: OutboxEntry[] = [];
    const outbox = createOutbox({ storage: null, key: 'funnel_outbox', random: () => 0, send: async (entry) => void delivered.push(entry) });
    outboxes.push(outbox);
    const tracking = createBackendTracking({ outbox, page: PAGE, flow: FLOW, log: () => undefined, now: () => new Date(NOW) });
    tracking.screenViewed({ journey: 'contact_form', step: 'contact_collection' }, 'contact-collection', visitor());
    tracking.journeyReached('not_declared', visitor());
    await outbox.flush();
    const [journey, view, , undeclared] = delivered;
    expect(journey?.args).toMatchObject({ step: 'contact_form', step_number: 2, flow_id: 'skin-funnel' });
    expect(view?.args).toMatchObject({ step_name: 'contact_collection', flow_id: 'skin-funnel' });
    expect(undeclared?.args).toMatchObject({ step: 'not_declared', flow_id: 'skin-funnel' });
    expect(undeclared?.args).not.toHaveProperty('step_number');
  });
});
