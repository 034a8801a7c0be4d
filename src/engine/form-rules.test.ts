import { describe, expect, it, vi } from 'vitest';
import type { ScreenOfKind } from './flow-model.ts';
import { fieldAccepted } from './form-rules.ts';

const form = {
  kind: 'form',
  route: '/lead',
  fields: [
    { name: 'email', type: 'email', label: 'Email', required: true },
    { name: 'zip', type: 'text', label: 'ZIP', pattern: '[0-9]{5}' },
  ],
  button: 'Send',
  next: 'done',
} as unknown as ScreenOfKind<'form'>;
const email = form.fields[0]!;
const zip = form.fields[1]!;

describe('form rules', () => {
  it('accept a valid email and refuse one the server would refuse', () => {
    expect(fieldAccepted(email, 'jane@example.com')).toBe(true);
    expect(fieldAccepted(email, 'jane@example')).toBe(false);
    expect(fieldAccepted(email, 'jane\u200b@example.com')).toBe(false);
  });

  it("apply a field's own pattern", () => {
    expect(fieldAccepted(zip, '12345')).toBe(true);
    expect(fieldAccepted(zip, '1234a')).toBe(false);
  });

  it('judge a form in answers.ts only once installed: no form continues before', async () => {
    vi.resetModules();
    const fresh = await import('./answers.ts');
    const answers = { email: 'jane@example.com', zip: '12345' };
    expect(fresh.isComplete(form, answers, null)).toBe(false);
    fresh.installFormRules(fieldAccepted);
    expect(fresh.isComplete(form, answers, null)).toBe(true);
    expect(fresh.isComplete(form, { ...answers, email: 'jane@example' }, null)).toBe(false);
  });
});
