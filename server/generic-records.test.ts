/**
 * Generic records, acting as anon: a lead keeps every answer of any flow (bounded in size and depth)
 * with its flow id and version; tracking names are any name of the safe pattern, the rest refused with
 * the field's name; experiment variants are stored (first touch wins on the session); and the argument
 * shapes an older page's outbox holds still go through.
 */
import { randomUUID } from 'node:crypto';
import type { SqlDatabase } from './sql-database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from './test-database.ts';
import { failure, sqlKit } from './sql-test-kit.ts';

let db: SqlDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await db.close();
});
const { rpc, read } = sqlKit(() => db);

const shoeAnswers = { distance: '10k', surface: ['road', 'trail'], weeklyKm: 35, name: 'Ann', email: 'ann@example.com' };

function lead(extra: Record<string, unknown> = {}) {
  return { id: randomUUID(), session_id: randomUUID(), name: 'Ann', email: 'ann@example.com', ...extra };
}

/** Nests `{ a: … }` `levels` times around 1. */
function nested(levels: number): unknown {
  return levels === 0 ? 1 : { a: nested(levels - 1) };
}

describe('the lead record', () => {
  it('keeps every answer of any flow with the flow id and version', async () => {
    const args = lead({ answers: shoeAnswers, flow_id: 'shoe-finder', flow_version: 3 });
    expect(await rpc('save_quiz_completion', args)).toBe(args.id);
    expect(
      await read('select answers, flow_id, flow_version, age, skin_issues from public.quiz_completions where id = $1', [args.id]),
    ).toEqual([{ answers: shoeAnswers, flow_id: 'shoe-finder', flow_version: 3, age: null, skin_issues: [] }]);
  });

  it('still fills the spec §3 columns a flow maps, beside the answers', async () => {
    const answers = { age: 52, skinIssues: ['dryness'], hrt: 'no' };
    const args = lead({ age: 52, skin_issues: ['dryness'], hrt: 'no', answers, flow_id: 'skin-funnel', flow_version: 1 });
    await rpc('save_quiz_completion', args);
    expect(await read('select age, skin_issues, hrt, answers from public.quiz_completions where id = $1', [args.id])).toEqual([
      { age: 52, skin_issues: ['dryness'], hrt: 'no', answers },
    ]);
  });

  it('refuses answers that are not an object, too large or too deep, naming the field', async () => {
    const cases: [unknown, string][] = [
      [['a'], 'answers: must be an object of answers'],
      [{ note: 'x'.repeat(17_000) }, 'answers: must be at most 16 KB'],
      [{ deep: nested(5) }, 'answers: must nest at most 5 levels deep'],
    ];
    for (const [answers, message] of cases) {
      const error = await failure(rpc('save_quiz_completion', lead({ answers })));
      expect(error).toMatchObject({ code: '22023', message, detail: 'answers' });
    }
    await expect(rpc('save_quiz_completion', lead({ answers: { deep: nested(4) } }))).resolves.toBeTruthy();
  });

  it('checks the email with the one shared rule', async () => {
    const error = await failure(rpc('save_quiz_completion', lead({ email: 'jane.doe', answers: shoeAnswers, flow_id: 'shoe-finder' })));
    expect(error).toMatchObject({ code: '22023', detail: 'email' });
    expect(error.message).toMatch(/^email: /);
  });

  it('refuses a bad flow id or version', async () => {
    expect(await failure(rpc('save_quiz_completion', lead({ flow_id: 'Shoe Finder' })))).toMatchObject({
      code: '22023',
      message: 'flow_id: must start with a lowercase letter and use only a-z, 0-9, _ and - (at most 63 characters)',
    });
    expect(await failure(rpc('save_quiz_completion', lead({ flow_version: 'one' })))).toMatchObject({
      code: '22023',
      message: 'flow_version: must be a whole number',
    });
  });

  it('takes the argument shape an older page stored in its outbox', async () => {
    const args = lead({ age: 50, skin_issues: ['dryness'], change_speed: '1-2-years', other_symptoms: [], skin_treatments: [], hrt: 'yes' });
    await rpc('save_quiz_completion', args);
    expect(await read('select age, answers, flow_id from public.quiz_completions where id = $1', [args.id])).toEqual([
      { age: 50, answers: null, flow_id: null },
    ]);
  });
});

describe('tracking names', () => {
  it('accepts a journey step any flow declares, with its position and flow id', async () => {
    const session = randomUUID();
    await rpc('track_journey_step', { session_id: session, step: 'picked_distance', step_number: 2, flow_id: 'shoe-finder' });
    await rpc('track_journey_step', { session_id: session, step: 'saw_result', step_number: 9, flow_id: 'shoe-finder' });
    expect(
      await read(
        'select last_step_reached, total_steps_completed, flow_id, reached_quiz from public.user_journey_sessions where session_id = $1',
        [session],
      ),
    ).toEqual([{ last_step_reached: 'saw_result', total_steps_completed: 9, flow_id: 'shoe-finder', reached_quiz: false }]);
  });

  it('still sets the spec §4 flags for the spec step names, with or without a position', async () => {
    const session = randomUUID();
    await rpc('track_journey_step', { session_id: session, step: 'quiz_started' });
    await rpc('track_journey_step', { session_id: session, step: 'photo_upload', step_number: 6 });
    expect(
      await read(
        'select total_steps_completed, reached_quiz, reached_photo_upload from public.user_journey_sessions where session_id = $1',
        [session],
      ),
    ).toEqual([{ total_steps_completed: 6, reached_quiz: true, reached_photo_upload: true }]);
  });

  it('refuses a name outside the safe pattern with a named 22023 error', async () => {
    const reason = 'must start with a lowercase letter and use only a-z, 0-9, _ and - (at most 63 characters)';
    for (const bad of ['Quiz', '1st', 'drop table', 'x'.repeat(64), 'é']) {
      expect(await failure(rpc('track_journey_step', { session_id: randomUUID(), step: bad }))).toMatchObject({
        code: '22023',
        message: `step: ${reason}`,
        detail: 'step',
      });
      const view = { event_id: randomUUID(), session_id: randomUUID(), step_name: bad, step_number: 1 };
      expect(await failure(rpc('track_step_view', view))).toMatchObject({ code: '22023', message: `step_name: ${reason}` });
    }
  });

  it('stores a step view of any flow with its flow id', async () => {
    const view = { event_id: randomUUID(), session_id: randomUUID(), step_name: 'shoe_surface', step_number: 1, flow_id: 'shoe-finder' };
    await rpc('track_step_view', view);
    expect(await read('select step_name, flow_id from public.quiz_step_tracking where event_id = $1', [view.event_id])).toEqual([
      { step_name: 'shoe_surface', flow_id: 'shoe-finder' },
    ]);
  });
});

describe('experiment variants', () => {
  const variants = { headline_test: { variant: 'b', override: false }, 'price-2': { variant: 'control', override: true } };

  it('are stored on the session (first touch wins), the step view and the lead', async () => {
    const session = randomUUID();
    await rpc('track_journey_step', { session_id: session, step: 'quiz_started', variants });
    await rpc('track_journey_step', {
      session_id: session,
      step: 'step_2_skin_issues',
      variants: { headline_test: { variant: 'a', override: false } },
    });
    const view = { event_id: randomUUID(), session_id: session, step_name: 'quiz_age', step_number: 1, variants };
    await rpc('track_step_view', view);
    const args = lead({ session_id: session, variants });
    await rpc('save_quiz_completion', args);
    expect(await read('select variants from public.user_journey_sessions where session_id = $1', [session])).toEqual([{ variants }]);
    expect(await read('select variants from public.quiz_step_tracking where event_id = $1', [view.event_id])).toEqual([{ variants }]);
    expect(await read('select variants from public.quiz_completions where id = $1', [args.id])).toEqual([{ variants }]);
  });

  it('refuses anything else, naming the field', async () => {
    const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`e${i}`, { variant: 'a', override: false }]));
    const cases: [unknown, string][] = [
      ['b', 'variants: must be an object of experiment ids'],
      [eleven, 'variants: must have at most 10 experiments'],
      [{ 'Bad Id': { variant: 'a', override: false } }, 'variants: experiment ids must start with a lowercase letter'],
      [{ exp: 'a' }, 'variants.exp: must be { "variant": "<id>", "override": true|false }'],
      [{ exp: { variant: 'a', override: false, extra: 1 } }, 'variants.exp: must be {'],
      [{ exp: { variant: 'B!', override: false } }, 'variants.exp.variant: must start with a lowercase letter'],
      [{ exp: { override: false } }, 'variants.exp.variant: is required'],
      [{ exp: { variant: 'a', override: 'yes' } }, 'variants.exp.override: must be true or false'],
    ];
    for (const [value, message] of cases) {
      const error = await failure(rpc('track_journey_step', { session_id: randomUUID(), step: 'quiz_started', variants: value }));
      expect(error.code).toBe('22023');
      expect(error.message.startsWith(message)).toBe(true);
    }
  });
});
