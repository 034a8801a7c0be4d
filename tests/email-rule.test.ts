/**
 * One email rule: the browser's (src/engine/email-rule.ts) and the database's
 * (funnel_private.email_arg, used by save_quiz_completion) are the same text and judge every sample
 * alike, so the browser never sends an address the server refuses, nor blocks one it would take.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlDatabase } from '../server/sql-database.ts';
import { openTestDatabase } from '../server/test-database.ts';
import { failure, sqlKit } from '../server/sql-test-kit.ts';
import {
  EMAIL_FORBIDDEN,
  EMAIL_FORBIDDEN_HINT,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  emailProblem,
  isEmail,
} from '../src/engine/email-rule.ts';

const MIGRATIONS = resolve(import.meta.dirname, '../supabase/migrations');
/** The migration that defines email_arg last: the one the database runs (20261127000100 tells "too long"). */
const MIGRATION = resolve(
  MIGRATIONS,
  readdirSync(MIGRATIONS)
    .filter((file) => file.endsWith('.sql') && readFileSync(resolve(MIGRATIONS, file), 'utf8').includes('function funnel_private.email_arg('))
    .sort()
    .at(-1) ?? '20261123000100_email_rule.sql',
);

let db: SqlDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await db?.close();
});
const { rpc, read } = sqlKit(() => db);

/** One of each kind of character no address holds (named for the test's messages). */
const HIDDEN: [string, string][] = [
  ['zero-width space', '\u200b'],
  ['zero-width non-joiner', '\u200c'],
  ['zero-width joiner', '\u200d'],
  ['word joiner', '\u2060'],
  ['byte order mark', '\ufeff'],
  ['soft hyphen', '\u00ad'],
  ['left-to-right mark', '\u200e'],
  ['right-to-left mark', '\u200f'],
  ['Arabic letter mark', '\u061c'],
  ['left-to-right embedding', '\u202a'],
  ['right-to-left override', '\u202e'],
  ['pop directional formatting', '\u202c'],
  ['left-to-right isolate', '\u2066'],
  ['first strong isolate', '\u2068'],
  ['pop directional isolate', '\u2069'],
  ['no-break space', '\u00a0'],
  ['ideographic space', '\u3000'],
  ['line separator', '\u2028'],
  ['escape (a control character)', '\u001b'],
  ['next line (a C1 control)', '\u0085'],
];

const SAMPLES: [string, boolean][] = [
  ['name@example.com', true],
  ['jane.doe+news@example.co.uk', true],
  ['  padded@example.com  ', true],
  ['o\'brien@example.ie', true],
  ['müller@exämple.de', true],
  [`${'a'.repeat(EMAIL_MAX_LENGTH - '@example.com'.length)}@example.com`, true],
  [`${'a'.repeat(EMAIL_MAX_LENGTH - '@example.com'.length + 1)}@example.com`, false],
  ['jane@', false],
  ['@example.com', false],
  ['jane', false],
  ['not-an-email', false],
  ['jane@example', false],
  ['jane@example.', false],
  ['jane@.example.com', false],
  ['jane@example..com', false],
  ['jane@@example.com', false],
  ['jane@exa@mple.com', false],
  ['ja ne@example.com', false],
  ['jane@exam ple.com', false],
  ['jane@exam\tple.com', false],
  ['jane@exa\u000bmple.com', false],
  ['jane@example.com\n', true],
  // Hidden, space-like and text-direction characters, and markup (issue 42): refused wherever they stand.
  ...HIDDEN.map(([, char]): [string, boolean] => [`ja${char}ne@example.com`, false]),
  ...HIDDEN.map(([, char]): [string, boolean] => [`jane@exam${char}ple.com`, false]),
  ['<script>@example.com', false],
  ['jane@example.com<script>alert(1)</script>', false],
  ['jane<@example.com', false],
  ['jane@exa>mple.com', false],
];

/** What the database says about one address: null when accepted, the message when refused. */
async function databaseVerdict(email: string): Promise<string | null> {
  const [row] = await read<{ ok: boolean }>(
    `select funnel_private.email_arg('email', to_jsonb($1::text), true) is not null as ok`,
    [email],
  ).catch(() => [{ ok: false }]);
  return row?.ok ? null : 'refused';
}

describe('the one email rule', () => {
  it('is written into the migration character for character, with the same length limit', () => {
    const sql = readFileSync(MIGRATION, 'utf8');
    const literal = /result !~ '([^']+)'/.exec(sql)?.[1];
    expect(literal).toBe(EMAIL_PATTERN);
    expect(/result ~ '([^']+)'/.exec(sql)?.[1]).toBe(EMAIL_FORBIDDEN);
    expect(sql).toContain(`funnel_private.text_arg(field, value, ${EMAIL_MAX_LENGTH}, required)`);
  });

  // The form trims what it sends (answers.ts withDefaults), so the database judges the trimmed value.
  it.each(SAMPLES)('judges %j the same in the browser and the database (accepted: %s)', async (email, accepted) => {
    expect(isEmail(email)).toBe(accepted);
    expect(await databaseVerdict(email.trim())).toBe(accepted ? null : 'refused');
  });

  it('refuses a bad address in save_quiz_completion with 22023 naming the field, and takes a good one', async () => {
    const lead = { id: randomUUID(), session_id: randomUUID(), name: 'Jane' };
    const refused = await failure(rpc('save_quiz_completion', { ...lead, email: 'jane@' }));
    expect(refused).toMatchObject({
      code: '22023',
      message: 'email: must be an email address like name@example.com',
      detail: 'email',
    });
    await rpc('save_quiz_completion', { ...lead, email: 'jane@example.com' });
    expect(await read('select email from public.quiz_completions where id = $1', [lead.id])).toEqual([
      { email: 'jane@example.com' },
    ]);
  });

  it.each(HIDDEN)('refuses an address holding a %s, by name, in the browser and save_quiz_completion', async (_name, char) => {
    const email = `jane${char}@example.com`;
    expect(emailProblem(email)).toBe(EMAIL_FORBIDDEN_HINT);
    const lead = { id: randomUUID(), session_id: randomUUID(), name: 'Jane', email };
    // Control characters are refused a step earlier, by text_arg, for every text argument.
    expect(await failure(rpc('save_quiz_completion', lead))).toMatchObject({
      code: '22023',
      message: expect.stringMatching(
        /^email: must not (hold hidden or text-direction characters, nor < or >|contain control characters)$/,
      ) as unknown,
    });
    expect(await read('select id from public.quiz_completions where id = $1', [lead.id])).toEqual([]);
  });

  it('refuses markup in an address, by name, in the browser and save_quiz_completion', async () => {
    const email = 'jane<script>@example.com';
    expect(emailProblem(email)).toBe(EMAIL_FORBIDDEN_HINT);
    const lead = { id: randomUUID(), session_id: randomUUID(), name: 'Jane', email };
    expect(await failure(rpc('save_quiz_completion', lead))).toMatchObject({
      code: '22023',
      message: 'email: must not hold hidden or text-direction characters, nor < or >',
    });
  });

  it('keeps email_arg out of the browser roles reach', async () => {
    const denied = await failure(
      sqlKit(() => db).asRole('anon', `select funnel_private.email_arg('email', '"a@b.co"'::jsonb, true)`),
    );
    expect(denied.code).toBe('42501');
  });
});
