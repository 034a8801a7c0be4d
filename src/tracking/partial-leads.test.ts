/**
 * Partial leads in the browser: a valid typed email is sent as a partial lead when the page stays
 * hidden long enough or is closed; an invalid or missing email, or a quick return, sends nothing; the
 * same email is not sent twice.
 */
import { describe, expect, it } from 'vitest';
import type { Answers } from '../engine/flow-model.ts';
import { watchPartialLeads } from './partial-leads.ts';

function setup(answers: Answers, revision?: string) {
  const listeners: Record<string, () => void> = {};
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const sent: Record<string, unknown>[] = [];
  let hidden = false;
  watchPartialLeads({
    afterHiddenSeconds: 10,
    flow: { id: 'skin-funnel', version: 1, ...(revision ? { revision } : {}) },
    read: () => ({ sessionId: '11111111-1111-4111-8111-111111111111', answers, data: {} }),
    send: (args) => sent.push(args),
    page: { addEventListener: (type, listener) => (listeners[type] = listener), hidden: () => hidden },
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      const found = timers.find((t) => t === timer);
      if (found) found.cleared = true;
    },
  });
  const hide = (value: boolean) => {
    hidden = value;
    listeners.visibilitychange?.();
  };
  const elapse = () => timers.filter((t) => !t.cleared).forEach((t) => t.run());
  return { sent, timers, hide, elapse, close: () => listeners.pagehide?.() };
}

describe('partial leads', () => {
  it('sends a partial lead after the page stays hidden for the declared seconds, once per email', () => {
    const { sent, timers, hide, elapse } = setup({ email: ' ann@example.com ', age: 40 });
    hide(true);
    expect(timers[0]?.ms).toBe(10_000);
    elapse();
    hide(false);
    hide(true);
    elapse();
    expect(sent).toEqual([
      expect.objectContaining({ session_id: '11111111-1111-4111-8111-111111111111', email: 'ann@example.com', name: null, partial: true, flow_id: 'skin-funnel' }),
    ]);
  });

  it("carries the flow's revision when the build stamped one", () => {
    const stamped = setup({ email: 'ann@example.com', name: 'Ann' }, 'a1b2c3d4e5f6');
    stamped.close();
    expect(stamped.sent).toEqual([expect.objectContaining({ revision: 'a1b2c3d4e5f6', partial: true })]);
    const unstamped = setup({ email: 'ann@example.com', name: 'Ann' });
    unstamped.close();
    expect(unstamped.sent[0]).not.toHaveProperty('revision');
  });

  it('sends nothing when the visitor comes back in time', () => {
    const { sent, hide, elapse } = setup({ email: 'ann@example.com' });
    hide(true);
    hide(false);
    elapse();
    expect(sent).toEqual([]);
  });

  it('sends at once when the page closes, but never for an invalid or missing email', () => {
    const valid = setup({ email: 'ann@example.com', name: 'Ann' });
    valid.close();
    expect(valid.sent).toHaveLength(1);
    const invalidAnswers: Answers[] = [{ email: 'ann@example' }, { email: 'ann' }, {}];
    for (const answers of invalidAnswers) {
      const invalid = setup(answers);
      invalid.close();
      expect(invalid.sent).toEqual([]);
    }
  });
});
