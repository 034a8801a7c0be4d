/**
 * Partial leads (settings.partialLeads): a visitor who typed a valid email and then leaves (the page
 * hidden for `afterHiddenSeconds`, or closed) leaves a partial lead. It is sent with fetch keepalive, so
 * a closing tab still delivers it; the backend keeps one partial row per session, upgrades it in place
 * when the visitor sends the form (same row), and never queues it for Meta. The lead sinks (webhooks)
 * hang off the full save only, so they never see a partial lead either.
 */
import { isEmail } from '../engine/email-rule.ts';
import type { Answers, StoredData } from '../engine/flow-model.ts';
import { languageArg } from './language-arg.ts';

export interface PartialLeadsOptions {
  afterHiddenSeconds: number;
  /** The running flow; its revision (stamped by the build) goes with the partial lead when known. */
  flow: { id: string; version: number; revision?: string };
  /** The visitor as stored now (what the form has typed so far). */
  read: () => { sessionId: string; answers: Answers; data: StoredData };
  /** Sends save_quiz_completion's arguments so that they survive the page closing (fetch keepalive). */
  send: (args: Record<string, unknown>) => void;
  /** The visit's language (`<html lang>`), sent with the partial lead when it is a valid tag. */
  language?: () => string | null | undefined;
  /** Where visibilitychange and pagehide come from. */
  page: {
    addEventListener(type: 'visibilitychange' | 'pagehide', listener: () => void): void;
    hidden: () => boolean;
  };
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export function watchPartialLeads(options: PartialLeadsOptions): { leave(): void } {
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let timer: unknown = null;
  // The email last sent: leaving twice with the same email sends once.
  let sent: string | null = null;

  const leave = () => {
    const { sessionId, answers, data } = options.read();
    const email = text(answers.email) ?? text(data.contactInfo?.email);
    if (!email || !isEmail(email) || email === sent) return;
    sent = email;
    options.send({
      id: crypto.randomUUID(),
      session_id: sessionId,
      name: text(answers.name) ?? text(data.contactInfo?.name),
      email,
      answers,
      flow_id: options.flow.id,
      flow_version: options.flow.version,
      ...(options.flow.revision ? { revision: options.flow.revision } : {}),
      partial: true,
      ...languageArg(options.language?.()),
    });
  };

  options.page.addEventListener('visibilitychange', () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
    if (options.page.hidden()) timer = setTimer(leave, options.afterHiddenSeconds * 1000);
  });
  options.page.addEventListener('pagehide', leave);
  return { leave };
}
