/**
 * What the browser asks the server to send to Meta: the pixel's gates (pixel id, declared event, landing
 * referrer, consent), the consent state that travels, the page without its query, fbp/fbc cookies, and
 * the flow's declared custom_data.
 */
import { describe, expect, it } from 'vitest';
import { createServerConversions, declaredServerEvents, type ServerConversionsOptions } from './server-conversions.ts';

const LEAD_DATA = { content_name: 'Assessment', value: 1, currency: 'USD' };

function conversions(overrides: Partial<ServerConversionsOptions> = {}, stored: string | null = null) {
  return createServerConversions({
    pixelId: '123',
    consent: 'required',
    marketingHost: 'example.com',
    referrer: 'https://www.example.com/offer',
    events: { Lead: LEAD_DATA },
    choices: { getItem: () => stored },
    page: () => ({ url: 'https://funnel.test/quiz/email-capture?email=a%40b.c#x', cookie: 'a=1; _fbp=fb.1.2.3; _fbc=fb.1.2.AbC' }),
    now: () => new Date('2026-11-23T12:00:00.500Z'),
    ...overrides,
  });
}

describe('server conversions', () => {
  it('describes the event: consent, time, page without query, cookies and the declared data', () => {
    expect(conversions({}, 'granted').metaFor('Lead')).toEqual({
      consent: 'granted',
      event_time: 1795435200,
      event_source_url: 'https://funnel.test/quiz/email-capture',
      fbp: 'fb.1.2.3',
      fbc: 'fb.1.2.AbC',
      custom_data: LEAD_DATA,
    });
  });

  it('sends the choice as pending before the visitor decides, and not-needed without consent', () => {
    expect(conversions().metaFor('Lead')?.consent).toBe('pending');
    expect(conversions({ consent: 'none' }).metaFor('Lead')?.consent).toBe('not-needed');
  });

  it('asks for nothing when declined, without a pixel id, an undeclared event or the marketing referrer', () => {
    expect(conversions({}, 'denied').metaFor('Lead')).toBeNull();
    expect(conversions({ pixelId: ' ' }, 'granted').metaFor('Lead')).toBeNull();
    expect(conversions({}, 'granted').metaFor('CompleteRegistration')).toBeNull();
    expect(conversions({ referrer: 'https://other.test/' }, 'granted').metaFor('Lead')).toBeNull();
  });

  it('finds the first declaration of each event in the flow’s actions', () => {
    const screens = {
      a: { continue: [{ type: 'saveLead' }, { type: 'pixel', params: { event: 'Lead', data: LEAD_DATA } }] },
      b: { enter: [{ type: 'pixel', params: { event: 'CompleteRegistration' } }] },
      c: { continue: [{ type: 'pixel', params: { event: 'Lead', data: { other: true } } }] },
    };
    expect(declaredServerEvents(screens)).toEqual({ Lead: LEAD_DATA, CompleteRegistration: {} });
  });
});
