/**
 * The lead carries the computed results its flow declares (tracking.lead), and the server-side Lead
 * event's value comes from one of them when the flow says so.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LeadResult } from '../engine/flow.gen.ts';
import type { DeriveResult } from '../engine/scope.ts';
import { createBackendTracking } from './backend-tracking.ts';
import { leadResult, withLeadValue } from './lead-result.ts';
import { createOutbox, type Outbox, type OutboxEntry } from './outbox.ts';

const SESSION = '11111111-1111-4111-8111-111111111111';
const LEAD = '22222222-2222-4222-8222-222222222222';
const derive: DeriveResult = (answers) => ({
  savings: typeof answers['bill'] === 'number' ? answers['bill'] * 12 : Number.NaN,
  tier: 'gold',
  eligible: true,
  overview: { volume: 3, parts: ['a'] },
  reasons: ['roof', 'sun'],
});
const LEAD_RESULT: LeadResult = {
  result: ['savings', 'tier', 'eligible', 'overview.volume', 'reasons', 'missing'],
  value: 'savings',
  currency: 'USD',
};
const META = {
  consent: 'not-needed',
  event_time: 1_800_000_000,
  event_source_url: 'https://x.example/',
  custom_data: { content_name: 'Estimate' },
};

describe('leadResult', () => {
  it('takes each declared computation by name, dotted names from their group', () => {
    expect(leadResult(LEAD_RESULT, derive, { answers: { bill: 190 }, data: {} })).toEqual({
      savings: 2280,
      tier: 'gold',
      eligible: true,
      'overview.volume': 3,
    });
  });

  it('leaves out what is missing or not storable: NaN from a missing answer, lists, unknown names', () => {
    expect(leadResult(LEAD_RESULT, derive, { answers: {}, data: {} })).toEqual({
      tier: 'gold',
      eligible: true,
      'overview.volume': 3,
    });
    expect(leadResult({ result: ['reasons'] }, derive, { answers: {}, data: {} })).toBeUndefined();
  });

  it('is nothing when the declaration\'s `when` fails: no figure resting on answers she never gave', () => {
    const lead: LeadResult = { result: ['tier'], when: { var: 'answers.bill' } };
    expect(leadResult(lead, derive, { answers: {}, data: {} })).toBeUndefined();
    expect(leadResult(lead, derive, { answers: { bill: 10 }, data: {} })).toEqual({ tier: 'gold' });
    // The rule may read the result too.
    const byResult: LeadResult = { result: ['tier'], when: { '>': [{ var: 'result.savings' }, 1000] } };
    expect(leadResult(byResult, derive, { answers: { bill: 10 }, data: {} })).toBeUndefined();
    expect(leadResult(byResult, derive, { answers: { bill: 190 }, data: {} })).toEqual({ tier: 'gold' });
  });

  it('is nothing without a declaration or without the result code', () => {
    expect(leadResult(undefined, derive, { answers: {}, data: {} })).toBeUndefined();
    expect(leadResult(LEAD_RESULT, undefined, { answers: {}, data: {} })).toBeUndefined();
  });
});

describe('withLeadValue', () => {
  it("sets the declared result as value and currency, keeping the flow's own data", () => {
    expect(withLeadValue(META, LEAD_RESULT, { savings: 2280 })).toEqual({
      ...META,
      custom_data: { content_name: 'Estimate', value: 2280, currency: 'USD' },
    });
  });

  it('leaves the event alone without a value, a number, or an event', () => {
    expect(withLeadValue(META, { result: ['savings'] }, { savings: 2280 })).toBe(META);
    expect(withLeadValue(META, LEAD_RESULT, { tier: 'gold' })).toBe(META);
    expect(withLeadValue(null, LEAD_RESULT, { savings: 2280 })).toBeNull();
  });
});

const outboxes: Outbox[] = [];
afterEach(() => outboxes.splice(0).forEach((outbox) => outbox.dispose()));

describe('the lead save', () => {
  function saved(deriveResult?: DeriveResult) {
    const delivered: OutboxEntry[] = [];
    const outbox = createOutbox({
      storage: null,
      key: 'funnel_outbox',
      random: () => 0,
      send: async (entry) => {
        delivered.push(entry);
      },
    });
    outboxes.push(outbox);
    const tracking = createBackendTracking({
      outbox,
      page: { userAgent: 'TestBrowser/1.0', referrer: null },
      flow: { id: 'solar', version: 1, tracking: { lead: LEAD_RESULT } },
      conversions: { metaFor: () => META },
      log: () => {},
      ...(deriveResult ? { deriveResult } : {}),
    });
    return { tracking, delivered };
  }

  it('sends the declared results as `result`, and the value with the server-side Lead', async () => {
    const { tracking, delivered } = saved(derive);
    await tracking.saveLead({
      sessionId: SESSION,
      answers: { bill: 190, email: 'a@b.co' },
      data: {},
      leadId: LEAD,
    });
    const [entry] = delivered;
    expect(entry?.fn).toBe('save_quiz_completion');
    expect(entry?.args['result']).toEqual({
      savings: 2280,
      tier: 'gold',
      eligible: true,
      'overview.volume': 3,
    });
    expect(entry?.args['meta']).toMatchObject({
      custom_data: { content_name: 'Estimate', value: 2280, currency: 'USD' },
    });
  });

  it('sends no `result` argument when the result code is not given', async () => {
    const { tracking, delivered } = saved();
    await tracking.saveLead({ sessionId: SESSION, answers: { bill: 190 }, data: {}, leadId: LEAD });
    expect(delivered[0]?.args).not.toHaveProperty('result');
    expect(delivered[0]?.args['meta']).toEqual(META);
  });
});
