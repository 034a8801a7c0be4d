/**
 * A lead the backend refuses for one of the visitor's inputs is never passed over: a form that waits for
 * its save (submit with saveLead) stays, shows the backend's reason by that field, and a corrected send
 * goes on, whatever its onError says.
 */
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { loadFlow } from '../support/load-flow.ts';
import { startFunnel } from '../support/funnel-actor.ts';

const flow = loadFlow();
const REFUSAL = { field: 'email', reason: 'must be an email address like name@example.com' };

async function settle(actor: ReturnType<typeof startFunnel>['actor']) {
  await waitFor(actor, (s) => !s.hasTag('busy'));
}

describe.each([['contact-collection', '/contact-collection', 'detailed-analysis']])('the %s form', (id, path, next) => {
  it("stays on a refused email, shows the server's reason by the field, and goes on once corrected", async () => {
    let refusal: typeof REFUSAL | null = REFUSAL;
    const f = startFunnel(flow, { path, answers: { age: 52 }, refuseLeads: () => refusal });
    expect(f.screen()).toBe(id);
    f.send({ type: 'SET_FIELD', field: 'name', value: 'Jane' });
    f.send({ type: 'SET_FIELD', field: 'email', value: 'jane@example.com' });
    f.send({ type: 'CONTINUE' });
    await settle(f.actor);
    expect(f.screen()).toBe(id);
    expect(f.context().error).toBe('Email: must be an email address like name@example.com');
    expect(f.context().errorField).toBe('email');
    expect(f.tracking.calls.filter((c) => c.type === 'pixel')).toEqual([]);

    refusal = null;
    f.send({ type: 'SET_FIELD', field: 'email', value: 'jane@example.org' });
    f.send({ type: 'CONTINUE' });
    await settle(f.actor);
    expect(f.screen()).toBe(next);
    expect(f.context().error).toBeNull();
    expect(f.context().errorField).toBeNull();
    const leads = f.tracking.calls.filter((c) => c.type === 'leadSaved');
    expect(leads).toEqual([expect.objectContaining({ answers: expect.objectContaining({ email: 'jane@example.org' }) })]);
  });
});

describe('the email-capture form, whose save does not wait', () => {
  it('takes the visitor back to the form when the lead is refused after she left, and a corrected lead goes on', async () => {
    let refusal: typeof REFUSAL | null = REFUSAL;
    const f = startFunnel(flow, { path: '/quiz/email-capture', refuseLeads: () => refusal });
    f.send({ type: 'SET_FIELD', field: 'name', value: 'Jane' });
    f.send({ type: 'SET_FIELD', field: 'email', value: 'jane@example.com' });
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('doctor-investigation');
    await waitFor(f.actor, (s) => s.context.error !== null);
    expect(f.screen()).toBe('email-capture');
    expect(f.context().error).toBe('Email: must be an email address like name@example.com');
    expect(f.context().errorField).toBe('email');
    expect(f.context().answers.email).toBe('jane@example.com');

    refusal = null;
    f.send({ type: 'SET_FIELD', field: 'email', value: 'jane@example.org' });
    f.send({ type: 'CONTINUE' });
    expect(f.screen()).toBe('doctor-investigation');
    expect(f.context().error).toBeNull();
    await Promise.resolve();
    expect(f.screen()).toBe('doctor-investigation');
    const leads = f.tracking.calls.filter((c) => c.type === 'leadSaved');
    expect(leads).toEqual([expect.objectContaining({ answers: expect.objectContaining({ email: 'jane@example.org' }) })]);
  });

  it('stays put when the lead is only not delivered yet', async () => {
    const f = startFunnel(flow, { path: '/quiz/email-capture', failLeads: () => true });
    f.send({ type: 'SET_FIELD', field: 'name', value: 'Jane' });
    f.send({ type: 'SET_FIELD', field: 'email', value: 'jane@example.com' });
    f.send({ type: 'CONTINUE' });
    await new Promise((done) => setTimeout(done, 10));
    expect(f.screen()).toBe('doctor-investigation');
    expect(f.context().error).toBeNull();
    expect(f.warnings).toContain('Lead not saved yet');
  });
});

describe('a refusal of an input the form does not have', () => {
  it('keeps the flow\'s own message on the contact form', async () => {
    const f = startFunnel(flow, {
      path: '/contact-collection',
      refuseLeads: () => ({ field: 'age', reason: 'must be a whole number' }),
    });
    f.send({ type: 'SET_FIELD', field: 'name', value: 'Jane' });
    f.send({ type: 'SET_FIELD', field: 'email', value: 'jane@example.com' });
    f.send({ type: 'CONTINUE' });
    await settle(f.actor);
    expect(f.screen()).toBe('contact-collection');
    expect(f.context().error).toBe('There was an error saving your responses. Please try again.');
    expect(f.context().errorField).toBeNull();
  });
});
