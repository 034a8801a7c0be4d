/**
 * The migrations as the browser meets them: acting as `anon` (and `authenticated`) through PGlite with
 * Supabase's roles and default grants. The tables are out of reach, and the six RPCs validate every field.
 */
import { randomUUID } from 'node:crypto';
import type { SqlDatabase } from './sql-database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from './test-database.ts';
import { failure, sqlKit, type Args } from './sql-test-kit.ts';

let db: SqlDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await db.close();
});

const { asRole, rpc, read } = sqlKit(() => db);

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A journey row for `session_id` that began `minutes` ago, so its time spent may reach that. */
async function startedAgo(session_id: string, minutes: number): Promise<void> {
  await rpc('track_journey_step', { session_id, step: 'quiz_started' });
  await db.query(
    `update public.user_journey_sessions set created_at = now() - make_interval(mins => $2) where session_id = $1`,
    [session_id, minutes],
  );
}

/** A saved lead for the session: only such a session may have clicked the final call to action. */
const savedLead = (session_id: string) =>
  rpc('save_quiz_completion', { id: randomUUID(), session_id, name: 'Lee', email: 'lee@example.com' });

describe('tables', () => {
  const id = randomUUID();
  const tables = [
    ['user_journey_sessions', `(session_id) values ('${id}')`],
    ['quiz_completions', `(id, session_id, name, email) values ('${id}', '${id}', 'Ann', 'ann@example.com')`],
    ['user_assessments', `(id, session_id) values ('${id}', '${id}')`],
    [
      'quiz_step_tracking',
      `(event_id, session_id, step_name, step_number) values ('${id}', '${id}', 'a', 1)`,
    ],
    ['session_quiz_progress', `(session_id, step_name, step_number) values ('${id}', 'a', 1)`],
  ] as const;
  const cases = ['anon', 'authenticated'].flatMap((role) =>
    tables.flatMap(([table, values]) =>
      [
        { operation: 'select', sql: `select * from public.${table}` },
        { operation: 'insert', sql: `insert into public.${table} ${values}` },
        { operation: 'update', sql: `update public.${table} set session_id = session_id` },
        { operation: 'delete', sql: `delete from public.${table}` },
      ].map((statement) => ({ role, table, ...statement })),
    ),
  );

  it.each(cases)('$role: $operation on $table is denied', async ({ role, table, sql }) => {
    expect(await failure(asRole(role, sql))).toMatchObject({
      code: '42501',
      message: `permission denied for table ${table}`,
    });
  });
});

const valid = {
  record_ad_consent: () => ({ session_id: randomUUID(), consent: 'granted' }),
  track_journey_step: () => ({
    session_id: randomUUID(),
    step: 'quiz_started',
    user_agent: 'UA/1',
    referrer: 'https://ref.example',
  }),
  track_session_time: () => ({ session_id: randomUUID(), time_spent_minutes: 3.5 }),
  track_step_view: () => ({
    event_id: randomUUID(),
    session_id: randomUUID(),
    step_name: 'step_2-skin',
    step_number: 2,
    completed: true,
    user_agent: 'UA/1',
    referrer: 'https://ref.example',
    visited_at: minutesAgo(1),
  }),
  track_step_progress: () => ({
    session_id: randomUUID(),
    step_name: 'step_2',
    step_number: 2,
    visited_at: minutesAgo(1),
  }),
  save_quiz_completion: () => ({
    id: randomUUID(),
    session_id: randomUUID(),
    name: '  Ann  ',
    email: 'ann@example.com',
    age: 45,
    skin_issues: ['dryness', 'wrinkles'],
    change_speed: '1-2-years',
    other_symptoms: ['hot-flashes'],
    skin_treatments: [],
    hrt: 'past',
  }),
  record_final_click: () => ({
    session_id: randomUUID(),
    assessment_id: randomUUID(),
    email: 'ann@example.com',
  }),
} satisfies Record<string, () => Args>;

describe('RPC arguments', () => {
  it('track_journey_step writes the session row', async () => {
    const args = valid.track_journey_step();
    await rpc('track_journey_step', args);
    expect(
      await read('select * from public.user_journey_sessions where session_id = $1', [args.session_id]),
    ).toMatchObject([
      {
        last_step_reached: 'quiz_started',
        total_steps_completed: 1,
        reached_quiz: true,
        user_agent: 'UA/1',
        referrer: 'https://ref.example',
      },
    ]);
  });

  it('track_session_time writes the minutes', async () => {
    const args = valid.track_session_time();
    // A session is at most its age (plus a minute) old in minutes (issue 28): this one began 5 minutes ago.
    await startedAgo(args.session_id, 5);
    await rpc('track_session_time', args);
    expect(
      await read(
        'select time_spent_minutes::float8 as minutes from public.user_journey_sessions where session_id = $1',
        [args.session_id],
      ),
    ).toEqual([{ minutes: 3.5 }]);
  });

  it('track_step_view writes the view', async () => {
    const args = valid.track_step_view();
    await rpc('track_step_view', args);
    const rows = await read<{ visited_at: Date }>(
      'select * from public.quiz_step_tracking where event_id = $1',
      [args.event_id],
    );
    expect(rows).toMatchObject([
      {
        session_id: args.session_id,
        step_name: 'step_2-skin',
        step_number: 2,
        completed: true,
        user_agent: 'UA/1',
        referrer: 'https://ref.example',
      },
    ]);
    expect(rows[0]?.visited_at.toISOString()).toBe(args.visited_at);
  });

  it('track_step_progress writes the step, not completed', async () => {
    const args = valid.track_step_progress();
    await rpc('track_step_progress', args);
    expect(
      await read(
        'select step_name, step_number, completed from public.session_quiz_progress where session_id = $1',
        [args.session_id],
      ),
    ).toEqual([{ step_name: 'step_2', step_number: 2, completed: false }]);
  });

  it('save_quiz_completion writes the lead, trimmed', async () => {
    const args = valid.save_quiz_completion();
    await rpc('save_quiz_completion', args);
    expect(await read('select * from public.quiz_completions where id = $1', [args.id])).toMatchObject([
      {
        session_id: args.session_id,
        name: 'Ann',
        email: 'ann@example.com',
        age: 45,
        skin_issues: ['dryness', 'wrinkles'],
        change_speed: '1-2-years',
        other_symptoms: ['hot-flashes'],
        skin_treatments: [],
        hrt: 'past',
        clicked_final_cta: false,
      },
    ]);
  });

  const tooMany = Array.from({ length: 21 }, (_, index) => `item-${index}`);
  const invalid: [keyof typeof valid, string, unknown][] = [
    ['track_journey_step', 'session_id', undefined],
    ['track_journey_step', 'session_id', null],
    ['track_journey_step', 'session_id', 'not-a-uuid'],
    ['track_journey_step', 'session_id', '11111111-1111-4111-8111-11111111111'],
    ['track_journey_step', 'session_id', 42],
    ['track_journey_step', 'step', undefined],
    ['track_journey_step', 'step', 'Step 99'],
    ['track_journey_step', 'step', 6],
    ['track_journey_step', 'user_agent', 'u'.repeat(513)],
    ['track_journey_step', 'user_agent', 'UA\u0001'],
    ['track_journey_step', 'user_agent', ['UA']],
    ['track_journey_step', 'referrer', `https://x.example/${'r'.repeat(2049)}`],
    ['track_session_time', 'session_id', undefined],
    ['track_session_time', 'session_id', 'abc'],
    ['track_session_time', 'time_spent_minutes', undefined],
    ['track_session_time', 'time_spent_minutes', '3'],
    ['track_session_time', 'time_spent_minutes', -1],
    ['track_session_time', 'time_spent_minutes', 1440.5],
    ['track_step_view', 'event_id', undefined],
    ['track_step_view', 'event_id', 'event-1'],
    ['track_step_view', 'session_id', undefined],
    ['track_step_view', 'step_name', undefined],
    ['track_step_view', 'step_name', '   '],
    ['track_step_view', 'step_name', 'has space'],
    ['track_step_view', 'step_name', 's'.repeat(65)],
    ['track_step_view', 'step_name', 2],
    ['track_step_view', 'step_number', undefined],
    ['track_step_view', 'step_number', '2'],
    ['track_step_view', 'step_number', 2.5],
    ['track_step_view', 'step_number', -1],
    ['track_step_view', 'step_number', 101],
    ['track_step_view', 'completed', 'yes'],
    ['track_step_view', 'user_agent', 'u'.repeat(513)],
    ['track_step_view', 'referrer', 'ref\u0007'],
    ['track_step_view', 'visited_at', 'yesterday'],
    ['track_step_view', 'visited_at', '2026-01-01'],
    ['track_step_view', 'visited_at', '2026-02-30T10:00:00Z'],
    ['track_step_view', 'visited_at', '2026-01-01T25:00:00Z'],
    ['track_step_view', 'visited_at', '2026-01-01T10:00:00+99:99'],
    ['track_step_view', 'visited_at', new Date(Date.now() + 3_600_000).toISOString()],
    ['track_step_view', 'visited_at', minutesAgo(40 * 24 * 60)],
    ['track_step_view', 'visited_at', 1_700_000_000_000],
    ['track_step_progress', 'session_id', 'abc'],
    ['track_step_progress', 'step_name', undefined],
    ['track_step_progress', 'step_name', 'step/2'],
    ['track_step_progress', 'step_number', 1.5],
    ['track_step_progress', 'visited_at', new Date(Date.now() + 3_600_000).toISOString()],
    ['track_step_progress', 'visited_at', 'not a date'],
    ['save_quiz_completion', 'id', undefined],
    ['save_quiz_completion', 'id', 'abc'],
    ['save_quiz_completion', 'session_id', undefined],
    ['save_quiz_completion', 'name', undefined],
    ['save_quiz_completion', 'name', '   '],
    ['save_quiz_completion', 'name', 'n'.repeat(201)],
    ['save_quiz_completion', 'name', 'Ann\nSmith'],
    ['save_quiz_completion', 'name', 7],
    ['save_quiz_completion', 'email', undefined],
    ['save_quiz_completion', 'email', 'ann.example.com'],
    ['save_quiz_completion', 'email', 'ann @example.com'],
    ['save_quiz_completion', 'email', `${'a'.repeat(310)}@example.com`],
    ['save_quiz_completion', 'age', '45'],
    ['save_quiz_completion', 'age', 45.5],
    ['save_quiz_completion', 'age', -1],
    ['save_quiz_completion', 'age', 131],
    ['save_quiz_completion', 'skin_issues', 'dryness'],
    ['save_quiz_completion', 'skin_issues', { dryness: true }],
    ['save_quiz_completion', 'skin_issues', [1]],
    ['save_quiz_completion', 'skin_issues', [null]],
    ['save_quiz_completion', 'skin_issues', ['']],
    ['save_quiz_completion', 'skin_issues', tooMany],
    ['save_quiz_completion', 'skin_issues', ['i'.repeat(121)]],
    ['save_quiz_completion', 'skin_issues', ['dry\u001bness']],
    ['save_quiz_completion', 'change_speed', 'soon'],
    ['save_quiz_completion', 'change_speed', 12],
    ['save_quiz_completion', 'other_symptoms', 'hot-flashes'],
    ['save_quiz_completion', 'other_symptoms', [true]],
    ['save_quiz_completion', 'skin_treatments', tooMany],
    ['save_quiz_completion', 'skin_treatments', [{}]],
    ['save_quiz_completion', 'hrt', 'maybe'],
    ['save_quiz_completion', 'hrt', true],
    ['record_final_click', 'session_id', undefined],
    ['record_final_click', 'session_id', 'abc'],
    ['record_final_click', 'assessment_id', 'abc'],
    ['record_final_click', 'assessment_id', 5],
    ['record_final_click', 'email', `${'a'.repeat(310)}@example.com`],
    ['record_final_click', 'email', 5],
    ['record_final_click', 'email', 'ann@exam\tple.com'],
  ];

  it.each(invalid)('%s rejects %s = %j', async (fn, field, value) => {
    expect(await failure(rpc(fn, { ...valid[fn](), [field]: value }))).toMatchObject({
      code: '22023',
      message: expect.stringMatching(new RegExp(`^${field}: `)),
      detail: field,
    });
  });
});

describe('retries', () => {
  it('track_step_view with a repeated event_id writes one row, the first', async () => {
    const args = valid.track_step_view();
    await rpc('track_step_view', args);
    await rpc('track_step_view', { ...args, step_name: 'other', step_number: 9 });
    expect(
      await read('select step_name, step_number from public.quiz_step_tracking where event_id = $1', [
        args.event_id,
      ]),
    ).toEqual([{ step_name: 'step_2-skin', step_number: 2 }]);
  });

  it('save_quiz_completion with a repeated id returns that id and writes one row', async () => {
    const args = valid.save_quiz_completion();
    expect(await rpc('save_quiz_completion', args)).toBe(args.id);
    expect(await rpc('save_quiz_completion', { ...args, name: 'Bob' })).toBe(args.id);
    expect(await read('select name from public.quiz_completions where id = $1', [args.id])).toEqual([
      { name: 'Ann' },
    ]);
  });

  it('save_quiz_completion returns only the id: a uuid, not the row', async () => {
    const args = valid.save_quiz_completion();
    const named = Object.keys(args)
      .map((key, index) => `${key} => $${index + 1}::jsonb`)
      .join(', ');
    const rows = await asRole(
      'anon',
      `select pg_typeof(r)::text as type, r::text as value from public.save_quiz_completion(${named}) as r`,
      Object.values(args).map((value) => JSON.stringify(value)),
    );
    expect(rows).toEqual([{ type: 'uuid', value: args.id }]);
  });
});

describe('journey', () => {
  const flags = [
    'reached_quiz',
    'reached_photo_upload',
    'reached_analysis',
    'reached_diagnosis',
    'reached_treatment',
    'reached_contact_form',
    'completed_form',
    'clicked_final_cta',
  ];
  const steps: [string, string][] = [
    ['quiz_started', 'reached_quiz'],
    ['step_2_skin_issues', 'reached_quiz'],
    ['step_3_change_speed', 'reached_quiz'],
    ['cliff_education', 'reached_quiz'],
    ['step_1_age', 'reached_quiz'],
    ['photo_upload', 'reached_photo_upload'],
    ['analysis_results', 'reached_analysis'],
    ['diagnosis_reveal', 'reached_diagnosis'],
    ['treatment_plan', 'reached_treatment'],
    ['contact_form', 'reached_contact_form'],
    ['form_completed', 'completed_form'],
    ['final_cta_clicked', 'clicked_final_cta'],
  ];
  const journey = (session: string) =>
    read(
      `select last_step_reached, total_steps_completed, referrer, ${flags.join(', ')} from public.user_journey_sessions where session_id = $1`,
      [session],
    );

  it('never goes back: photo_upload then quiz_started keeps step 6 and both flags', async () => {
    const session_id = randomUUID();
    await rpc('track_journey_step', { session_id, step: 'photo_upload' });
    await rpc('track_journey_step', { session_id, step: 'quiz_started' });
    expect(await journey(session_id)).toMatchObject([
      {
        total_steps_completed: 6,
        last_step_reached: 'photo_upload',
        reached_quiz: true,
        reached_photo_upload: true,
        reached_analysis: false,
      },
    ]);
  });

  // final_cta_clicked counts only for a session that saved a lead (issue 28), and a saved lead completes
  // the form, so that step sets both.
  it.each(steps)('%s sets %s alone', async (step, column) => {
    const session_id = randomUUID();
    if (step === 'final_cta_clicked') await savedLead(session_id);
    await rpc('track_journey_step', { session_id, step });
    const [row] = await journey(session_id);
    expect(row).toMatchObject({ last_step_reached: step });
    expect(flags.filter((flag) => row?.[flag] === true)).toEqual(
      step === 'final_cta_clicked' ? ['completed_form', column] : [column],
    );
  });

  it('keeps every flag once reached: the whole journey, then back to the start', async () => {
    const session_id = randomUUID();
    const unset = async () => {
      const [row] = await journey(session_id);
      expect(row).toMatchObject({ total_steps_completed: 12, last_step_reached: 'final_cta_clicked' });
      return flags.filter((flag) => row?.[flag] !== true);
    };
    await savedLead(session_id);
    for (const [step] of steps) await rpc('track_journey_step', { session_id, step });
    expect(await unset()).toEqual([]);
    await rpc('track_journey_step', { session_id, step: 'quiz_started' });
    expect(await unset()).toEqual([]);
  });

  it('counts each step by its position in the journey', async () => {
    const session_id = randomUUID();
    for (const [step, count] of [
      ['step_1_age', 5],
      ['form_completed', 11],
      ['final_cta_clicked', 12],
    ] as const) {
      await rpc('track_journey_step', { session_id, step });
      expect(await journey(session_id)).toMatchObject([
        { total_steps_completed: count, last_step_reached: step },
      ]);
    }
  });

  it('keeps the first referrer', async () => {
    const session_id = randomUUID();
    await rpc('track_journey_step', { session_id, step: 'quiz_started', referrer: 'https://first.example' });
    await rpc('track_journey_step', {
      session_id,
      step: 'step_2_skin_issues',
      referrer: 'https://second.example',
    });
    expect(await journey(session_id)).toMatchObject([
      { referrer: 'https://first.example', last_step_reached: 'step_2_skin_issues' },
    ]);
  });
});

describe('record_final_click', () => {
  const email = 'lead@example.com';
  /** Saves a lead in a session, dated `minutes` ago. */
  async function lead(session_id: string, minutes: number): Promise<string> {
    const id = randomUUID();
    await rpc('save_quiz_completion', { id, session_id, name: 'Lee', email });
    await db.query(
      `update public.quiz_completions set submitted_at = now() - make_interval(mins => $2) where id = $1`,
      [id, minutes],
    );
    return id;
  }
  const clicked = async (table: string, id: string) =>
    (
      await read<{ clicked_final_cta: boolean }>(
        `select clicked_final_cta from public.${table} where id = $1`,
        [id],
      )
    )[0]?.clicked_final_cta;

  it("marks the newest completion of the email in the caller's session only", async () => {
    const [mine, theirs] = [randomUUID(), randomUUID()];
    const older = await lead(mine, 120);
    const newer = await lead(mine, 60);
    const otherSessions = await lead(theirs, 0);
    await rpc('record_final_click', { session_id: mine, email: 'LEAD@example.com' });
    expect({
      older: await clicked('quiz_completions', older),
      newer: await clicked('quiz_completions', newer),
      otherSessions: await clicked('quiz_completions', otherSessions),
    }).toEqual({ older: false, newer: true, otherSessions: false });
  });

  it("leaves another session's assessment alone", async () => {
    const [mine, theirs, assessment] = [randomUUID(), randomUUID(), randomUUID()];
    await db.query('insert into public.user_assessments (id, session_id) values ($1, $2)', [
      assessment,
      theirs,
    ]);
    await rpc('record_final_click', { session_id: mine, assessment_id: assessment });
    expect(
      await read('select session_id, clicked_final_cta from public.user_assessments where id = $1', [
        assessment,
      ]),
    ).toEqual([{ session_id: theirs, clicked_final_cta: false }]);
  });

  it('marks its own assessment, and creates a new one marked clicked', async () => {
    const [mine, existing, fresh] = [randomUUID(), randomUUID(), randomUUID()];
    await lead(mine, 0);
    await db.query('insert into public.user_assessments (id, session_id) values ($1, $2)', [existing, mine]);
    await rpc('record_final_click', { session_id: mine, assessment_id: existing });
    await rpc('record_final_click', { session_id: mine, assessment_id: fresh });
    expect(
      await read(
        'select id, session_id, clicked_final_cta from public.user_assessments where session_id = $1 order by id = $2',
        [mine, fresh],
      ),
    ).toEqual([
      { id: existing, session_id: mine, clicked_final_cta: true },
      { id: fresh, session_id: mine, clicked_final_cta: true },
    ]);
  });
});

describe('functions', () => {
  const rpcs = [
    'record_ad_consent',
    'record_final_click',
    'save_quiz_completion',
    'track_journey_step',
    'track_session_time',
    'track_step_progress',
    'track_step_view',
  ] as const satisfies readonly (keyof typeof valid)[];
  const executable = (role: string) =>
    read<{ name: string }>(
      `select n.nspname || '.' || p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname not in ('pg_catalog', 'information_schema') and has_function_privilege($1, p.oid, 'EXECUTE') order by 1`,
      [role],
    );

  it('anon can execute the seven RPCs (and track_exposure, tested in funnel-report.test.ts, and track_field_speed, tested in field-speed-sql.test.ts) and nothing else', async () => {
    expect((await executable('anon')).map((row) => row.name)).toEqual(
      [...rpcs, 'track_exposure', 'track_field_speed'].sort().map((name) => `public.${name}`),
    );
  });

  it('authenticated can execute none of them', async () => {
    expect(await executable('authenticated')).toEqual([]);
  });

  it('a function a later migration adds is not executable by anon or authenticated', async () => {
    const rows = await db.transaction(async (tx) => {
      await tx.exec(`create function public.added_later() returns int language sql as 'select 1';
                     create function funnel_private.added_later() returns int language sql as 'select 1';`);
      const result =
        await tx.query(`select n.nspname || '.' || p.proname as name, has_function_privilege('anon', p.oid, 'EXECUTE') as anon,
        has_function_privilege('authenticated', p.oid, 'EXECUTE') as authenticated
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace where p.proname = 'added_later' order by 1`);
      await tx.rollback();
      return result.rows;
    });
    expect(rows).toEqual([
      { name: 'funnel_private.added_later', anon: false, authenticated: false },
      { name: 'public.added_later', anon: false, authenticated: false },
    ]);
  });

  it('every funnel_private function is denied to anon, even with usage on the schema', async () => {
    const calls = await read<{ call: string }>(
      `select format('select %s(%s)', p.oid::regproc, coalesce(string_agg('null::' || format_type(a.type, null), ', ' order by a.position), '')) as call
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       left join lateral unnest(p.proargtypes::oid[]) with ordinality as a(type, position) on true
       where n.nspname = 'funnel_private' group by p.oid order by 1`,
    );
    expect(calls.length).toBeGreaterThanOrEqual(10);
    for (const { call } of calls) {
      expect(await failure(asRole('anon', call)), call).toMatchObject({
        code: '42501',
        message: 'permission denied for schema funnel_private',
      });
      const withUsage = await db.transaction(async (tx) => {
        await tx.exec('grant usage on schema funnel_private to anon; set local role anon');
        const error = await failure(tx.query(call));
        await tx.rollback();
        return error;
      });
      expect(withUsage, call).toMatchObject({
        code: '42501',
        message: expect.stringMatching(/^permission denied for function /),
      });
    }
  });

  it.each(rpcs)('authenticated cannot call %s', async (name) => {
    expect(await failure(rpc(name, valid[name](), 'authenticated'))).toMatchObject({
      code: '42501',
      message: `permission denied for function ${name}`,
    });
  });
});

describe('session time and step progress', () => {
  it('track_session_time never lowers the minutes and always updates last_activity', async () => {
    const session_id = randomUUID();
    const state = async () =>
      (
        await read<{ minutes: number; stale: boolean }>(
          `select time_spent_minutes::float8 as minutes, last_activity < now() - interval '1 day' as stale from public.user_journey_sessions where session_id = $1`,
          [session_id],
        )
      )[0];
    const age = () =>
      db.query(
        `update public.user_journey_sessions set last_activity = now() - interval '2 days' where session_id = $1`,
        [session_id],
      );
    await startedAgo(session_id, 60);
    await rpc('track_session_time', { session_id, time_spent_minutes: 10 });
    await age();
    await rpc('track_session_time', { session_id, time_spent_minutes: 4 });
    expect(await state()).toEqual({ minutes: 10, stale: false });
    await age();
    await rpc('track_session_time', { session_id, time_spent_minutes: 12.345 });
    expect(await state()).toEqual({ minutes: 12.35, stale: false });
  });

  it('track_step_progress keeps one row per session and step, not completed, with the latest visit', async () => {
    const session_id = randomUUID();
    const latest = minutesAgo(1);
    await rpc('track_step_progress', { session_id, step_name: 'step_a', step_number: 1, visited_at: latest });
    await rpc('track_step_progress', {
      session_id,
      step_name: 'step_a',
      step_number: 2,
      visited_at: minutesAgo(10),
    });
    await rpc('track_step_progress', { session_id, step_name: 'step_b', step_number: 3 });
    await rpc('track_step_progress', { ...valid.track_step_progress(), step_name: 'step_a' });
    const rows = await read<{ step_name: string; step_number: number; completed: boolean; visited_at: Date }>(
      'select step_name, step_number, completed, visited_at from public.session_quiz_progress where session_id = $1 order by step_name',
      [session_id],
    );
    expect(rows.map(({ visited_at, ...row }) => ({ ...row, visited: visited_at.toISOString() }))).toEqual([
      { step_name: 'step_a', step_number: 2, completed: false, visited: latest },
      { step_name: 'step_b', step_number: 3, completed: false, visited: expect.any(String) },
    ]);
  });
});
