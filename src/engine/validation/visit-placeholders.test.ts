import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateFlowText } from './validate-flow.ts';

const FILE = 'tests/fixtures/flows/valid-flow.json';
const fixture = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../..', FILE), 'utf8');
const REDIRECT = '"{settings.recommendationUrl}?email={answers.email|}"';

function check(from: string, to: string) {
  expect(fixture.split(from)).toHaveLength(2);
  return validateFlowText(fixture.replace(from, to), { file: FILE, resultKeys: ['confidenceScore', 'hormonalLabel', 'skinAge'] });
}

describe('the visit ids in a redirect URL', () => {
  it('accepts {visit.sessionId} and {visit.leadId} in a redirect action', () => {
    const { flow, errors } = check(
      REDIRECT,
      '"{settings.recommendationUrl}?email={answers.email|}&client_reference_id={visit.sessionId}&lead={visit.leadId}"',
    );
    expect(errors).toEqual([]);
    expect(flow).not.toBeNull();
  });

  it('refuses an unknown visit id, naming the two it has and the closest', () => {
    const { errors } = check(REDIRECT, '"{settings.recommendationUrl}?ref={visit.sesionId}"');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.pointer).toBe('/screens/protocol/continue/1/params/url');
    expect(errors[0]?.message).toBe('unknown placeholder "{visit.sesionId}": the visit has only "sessionId" and "leadId"');
    expect(errors[0]?.hint).toBe('did you mean "{visit.sessionId}"?');
  });

  it('refuses the visit ids in copy: only a redirect carries them', () => {
    const { errors } = check('"Your result, {answers.name}"', '"Your result, {visit.sessionId}"');
    expect(errors.map((e) => `${e.pointer}: ${e.message}`)).toEqual([
      '/screens/reveal/content/0/text: unknown placeholder "{visit.sessionId}": the visit\'s ids are only carried by a redirect action\'s "url"',
    ]);
  });
});

describe('a redirect URL', () => {
  it('must start with http(s), or a setting holding such an address', () => {
    const { errors } = check(REDIRECT, '"javascript:alert({answers.email|})"');
    expect(errors.map((e) => `${e.pointer}: ${e.message}`)).toEqual([
      '/screens/protocol/continue/1/params/url: a redirect must go to an http(s) address, and "javascript:alert({answers.email|})" does not start with one',
    ]);
    expect(check(REDIRECT, '"{answers.email|}"').errors).toHaveLength(1);
    expect(check(REDIRECT, '"https://shop.example/buy?ref={visit.sessionId}"').errors).toEqual([]);
  });
});
