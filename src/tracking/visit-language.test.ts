/**
 * The visit's language travels with the records (issue 32 point 4): step views, leads and partial leads
 * carry `<html lang>` as read at the time of the write; a tag the backend would refuse is left out.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createBackendTracking } from './backend-tracking.ts';
import { languageArg } from './language-arg.ts';
import { createOutbox, type Outbox, type OutboxEntry } from './outbox.ts';
import { watchPartialLeads } from './partial-leads.ts';

const SESSION = '11111111-1111-4111-8111-111111111111';
const LEAD = '22222222-2222-4222-8222-222222222222';
const outboxes: Outbox[] = [];
afterEach(() => outboxes.splice(0).forEach((outbox) => outbox.dispose()));

function setup(lang: { value: string }) {
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
    page: { userAgent: 'UA', referrer: null, language: () => lang.value },
    flow: { id: 'skin-funnel', version: 1 },
    log: () => undefined,
  });
  return { outbox, tracking, delivered };
}

const visitor = { sessionId: SESSION, answers: { email: 'ana@example.com', name: 'Ana' }, data: {}, leadId: LEAD };

describe('the visit language on the records', () => {
  it('sends the page language, read at each write, with step views and the lead', async () => {
    const lang = { value: 'en' };
    const { outbox, tracking, delivered } = setup(lang);
    tracking.screenViewed({ step: 'quiz-age' }, 'quiz-age', visitor);
    lang.value = 'es';
    tracking.stepTracked({ name: 'quiz-skin', number: 2, completed: false }, visitor);
    await tracking.saveLead(visitor);
    await outbox.flush();
    const language = (fn: string) => delivered.filter((e) => e.fn === fn).map((e) => e.args['language']);
    expect(language('track_step_view')).toEqual(['en', 'es']);
    expect(language('save_quiz_completion')).toEqual(['es']);
    expect(language('track_step_progress')).toEqual([undefined]);
  });

  it('leaves out a language the backend would refuse', async () => {
    const { outbox, tracking, delivered } = setup({ value: 'ES_mx' });
    tracking.stepTracked({ name: 'quiz-age', number: 1, completed: false }, visitor);
    await outbox.flush();
    expect(delivered[0]?.args).not.toHaveProperty('language');
  });

  it('sends the language with a partial lead', () => {
    const sent: Record<string, unknown>[] = [];
    const listeners: Record<string, () => void> = {};
    watchPartialLeads({
      afterHiddenSeconds: 10,
      flow: { id: 'skin-funnel', version: 1 },
      read: () => ({ sessionId: SESSION, answers: { email: 'ana@example.com' }, data: {} }),
      send: (args) => sent.push(args),
      language: () => 'ar',
      page: { addEventListener: (type, listener) => (listeners[type] = listener), hidden: () => false },
    });
    listeners['pagehide']?.();
    expect(sent).toEqual([expect.objectContaining({ partial: true, language: 'ar' })]);
  });

  it.each([
    ['es', { language: 'es' }],
    ['pt-BR', { language: 'pt-BR' }],
    ['zh-Hant-TW', { language: 'zh-Hant-TW' }],
    ['', {}],
    ['EN', {}],
    ['en_US', {}],
    [`en-${'a'.repeat(8)}-${'b'.repeat(8)}-${'c'.repeat(8)}-${'d'.repeat(8)}`, {}],
  ])('takes %j as %j', (tag, arg) => {
    expect(languageArg(tag)).toEqual(arg);
  });
});
