/**
 * Lead ids on the shipped flow: every save gets a fresh UUID before it is sent, the machine remembers
 * it for later calls (the final click), and a failed contact-form save can be retried.
 */
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import type { TrackedCall } from '../../src/tracking/memory-tracking.ts';
import { startFunnel } from '../support/funnel-actor.ts';
import { loadFlow } from '../support/load-flow.ts';

const flow = loadFlow();
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const SESSION = '00000000-0000-4000-8000-000000000000';

type Funnel = ReturnType<typeof startFunnel>;

function leads(f: Funnel): Extract<TrackedCall, { type: 'leadSaved' }>[] {
  return f.tracking.calls.flatMap((call) => (call.type === 'leadSaved' ? [call] : []));
}

function fillContact(f: Funnel, name: string, email: string) {
  f.send({ type: 'SET_FIELD', field: 'name', value: name });
  f.send({ type: 'SET_FIELD', field: 'email', value: email });
}

const settle = (f: Funnel) => waitFor(f.actor, (snapshot) => !snapshot.hasTag('busy'));

describe('the email-capture screen (saveLead action)', () => {
  it('saves the lead under a fresh UUID that the machine then remembers', () => {
    const f = startFunnel(flow, { path: '/quiz/email-capture', answers: { age: 52 } });
    expect(f.screen()).toBe('email-capture');
    expect(f.context().leadId).toBeNull();

    fillContact(f, 'Ann', 'ann@example.com');
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('doctor-investigation');

    const id = f.context().leadId;
    expect(id).toMatch(UUID_V4);
    expect(leads(f)).toEqual([
      { type: 'leadSaved', id, sessionId: SESSION, answers: { age: 52, name: 'Ann', email: 'ann@example.com' } },
    ]);

    // Later calls carry the remembered id: the final click on the way out.
    f.send({ type: 'NAVIGATE', path: '/reversal-protocol' });
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('creating-protocol');
    expect(f.tracking.calls.filter((call) => call.type === 'finalClick')).toEqual([
      { type: 'finalClick', sessionId: SESSION, leadId: id },
    ]);
    expect(f.context().leadId).toBe(id);
    f.actor.stop();
  });

  it('a second save gets a different id, and the machine remembers the newer one', () => {
    const f = startFunnel(flow, { path: '/quiz/email-capture' });
    fillContact(f, 'Ann', 'ann@example.com');
    f.send({ type: 'CONTINUE' });
    const first = f.context().leadId;

    f.send({ type: 'NAVIGATE', path: '/quiz/email-capture' });
    expect(f.screen()).toBe('email-capture');
    expect(f.context().leadId).toBe(first); // going back does not forget the lead
    fillContact(f, 'Ann', 'ann@example.org');
    f.send({ type: 'CONTINUE' });
    const second = f.context().leadId;

    expect(first).toMatch(UUID_V4);
    expect(second).toMatch(UUID_V4);
    expect(second).not.toBe(first);
    expect(leads(f).map((lead) => lead.id)).toEqual([first, second]);
  });

  it('an incomplete form saves nothing and keeps no id', () => {
    const f = startFunnel(flow, { path: '/quiz/email-capture' });
    fillContact(f, 'Ann', 'not-an-email');
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('email-capture');
    expect(f.context().leadId).toBeNull();
    expect(leads(f)).toEqual([]);
  });
});

describe('the contact-collection form (saveLead actor)', () => {
  it('is busy while saving, then remembers the saved id and moves on', async () => {
    const f = startFunnel(flow, { path: '/contact-collection', answers: { age: 52 } });
    fillContact(f, 'Bea', 'bea@example.com');
    f.send({ type: 'CONTINUE' });
    expect(f.actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle(f);

    expect(f.screen()).toBe('detailed-analysis');
    const id = f.context().leadId;
    expect(id).toMatch(UUID_V4);
    expect(leads(f).map((lead) => [lead.id, lead.answers])).toEqual([[id, { age: 52, name: 'Bea', email: 'bea@example.com' }]]);
  });

  it('a failed save shows the error and keeps the visitor there; a retry saves under a fresh id', async () => {
    let fail = true;
    const f = startFunnel(flow, { path: '/contact-collection', answers: { age: 52 }, failLeads: () => fail });
    fillContact(f, 'Bea', 'bea@example.com');
    f.send({ type: 'CONTINUE' });
    await settle(f);

    expect(f.screen()).toBe('contact-collection');
    expect(f.context().error).toBe('There was an error saving your responses. Please try again.');
    expect(leads(f)).toEqual([]);
    expect(f.context().data.contactInfo).toBeUndefined();
    const failedId = f.context().leadId;
    expect(failedId).toMatch(UUID_V4);

    fail = false;
    f.send({ type: 'CONTINUE' });
    expect(f.context().error).toBeNull();
    await settle(f);

    expect(f.screen()).toBe('detailed-analysis');
    const id = f.context().leadId;
    expect(id).toMatch(UUID_V4);
    expect(id).not.toBe(failedId);
    expect(leads(f).map((lead) => lead.id)).toEqual([id]);
    expect(f.context().data.contactInfo).toEqual({ name: 'Bea', email: 'bea@example.com' });
  });
});
