// @vitest-environment jsdom
// (jsdom, as in the browser: supabase-js wants a WebSocket, which Node 20 lacks; realtime is never opened.)
/**
 * The local backend through the real supabase-js client, as the browser uses it: RPC success,
 * PostgREST-shaped errors naming the field, denied table access, edge functions, and bad requests.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../src/tracking/backend-config.ts';
import { MAX_RPC_BODY_BYTES, type LocalBackend } from './local-backend.ts';
import { serveLocalBackend, type ServedBackend } from './local-backend-http.test-helpers.ts';

let served: ServedBackend;
let backend: LocalBackend;
let url: string;
let supabase: SupabaseClient;

const sessionId = crypto.randomUUID();

beforeAll(async () => {
  served = await serveLocalBackend(
    {
      functions: {
        echo: async (request) =>
          Response.json({ method: request.method, body: (await request.json()) as unknown }),
      },
    },
    (res) => {
      res.statusCode = 418;
      res.end('not the backend');
    },
  );
  ({ backend, url } = served);
  supabase = createClient(url, LOCAL_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}, 60_000);

afterAll(() => served.close());

async function rows(sql: string, params: unknown[] = []) {
  return (await (await backend.database()).query<Record<string, unknown>>(sql, params)).rows;
}

describe('RPC through supabase-js', () => {
  it('saves a quiz completion and answers with its id only', async () => {
    const id = crypto.randomUUID();
    const { data, error, status } = await supabase.rpc('save_quiz_completion', {
      id,
      session_id: sessionId,
      name: 'Ann',
      email: 'ann@example.com',
      age: 45,
      skin_issues: ['dryness', 'fine-lines'],
      change_speed: '6-12-months',
      hrt: 'no',
    });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBe(id);
    expect(
      await rows('select name, age, skin_issues from public.quiz_completions where id = $1', [id]),
    ).toEqual([{ name: 'Ann', age: 45, skin_issues: ['dryness', 'fine-lines'] }]);
  });

  it('answers a void function with no content', async () => {
    const { data, error, status } = await supabase.rpc('track_journey_step', {
      session_id: sessionId,
      step: 'quiz_started',
    });
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(data).toBeNull();
    expect(
      await rows('select total_steps_completed from public.user_journey_sessions where session_id = $1', [
        sessionId,
      ]),
    ).toEqual([{ total_steps_completed: 1 }]);
  });

  it('reports an invalid field in PostgREST’s error shape, with status 400', async () => {
    const { data, error, status } = await supabase.rpc('save_quiz_completion', {
      id: crypto.randomUUID(),
      session_id: sessionId,
      name: 'Ann',
      email: 'not-an-email',
    });
    expect(data).toBeNull();
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '22023', details: 'email', hint: null });
    expect(error?.message).toMatch(/^email: /);
  });

  it('reports a missing required argument as an unknown function signature (404 PGRST202)', async () => {
    const { error, status } = await supabase.rpc('track_journey_step', { step: 'quiz_started' });
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST202');
    expect(error?.message).toContain('public.track_journey_step(step)');
  });

  it('reports an unknown argument and an unknown function alike', async () => {
    const unknownArg = await supabase.rpc('track_journey_step', {
      session_id: sessionId,
      step: 'quiz_started',
      admin: true,
    });
    expect(unknownArg.status).toBe(404);
    const unknownFn = await supabase.rpc('drop_everything', {});
    expect(unknownFn.status).toBe(404);
    expect(unknownFn.error?.code).toBe('PGRST202');
  });

  it('refuses helper functions anon may not execute (401, 42501)', async () => {
    await (
      await backend.database()
    ).exec(
      `create function public.not_for_anon() returns integer language sql as 'select 1';
       revoke execute on function public.not_for_anon() from public, anon, authenticated;`,
    );
    const { error, status } = await supabase.rpc('not_for_anon');
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
  });
});

describe('tables', () => {
  it.each(['quiz_completions', 'user_journey_sessions'])(
    'denies reading %s with the anon key',
    async (table) => {
      const { data, error, status } = await supabase.from(table).select('*');
      expect(data).toBeNull();
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
    },
  );

  it('denies inserting, updating and deleting', async () => {
    const insert = await supabase.from('quiz_completions').insert({ name: 'x' });
    const update = await supabase
      .from('quiz_completions')
      .update({ clicked_final_cta: true })
      .eq('email', 'ann@example.com');
    const remove = await supabase.from('quiz_step_tracking').delete().eq('session_id', sessionId);
    expect([insert.status, update.status, remove.status]).toEqual([401, 401, 401]);
  });

  it('answers an unknown table with 404', async () => {
    const { status, error } = await supabase.from('secrets').select('*');
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST205');
  });
});

describe('edge functions', () => {
  it('runs a handler with the request and returns its response', async () => {
    const { data, error } = await supabase.functions.invoke('echo', { body: { hello: 'world' } });
    expect(error).toBeNull();
    expect(data).toEqual({ method: 'POST', body: { hello: 'world' } });
  });

  it('answers an unknown function with 404', async () => {
    const response = await fetch(`${url}/functions/v1/nope`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY },
    });
    expect(response.status).toBe(404);
  });
});

describe('bad requests', () => {
  const post = (path: string, body: string, headers: Record<string, string> = { apikey: LOCAL_ANON_KEY }) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it('refuses a request without the anon key', async () => {
    const response = await post('/rest/v1/rpc/track_journey_step', '{}', {});
    expect(response.status).toBe(401);
  });

  it('refuses malformed JSON and a body that is not an object', async () => {
    expect((await post('/rest/v1/rpc/track_journey_step', '{oops')).status).toBe(400);
    const list = await post('/rest/v1/rpc/track_journey_step', '[1]');
    expect(list.status).toBe(400);
    expect(await list.json()).toMatchObject({ code: 'PGRST102' });
  });

  it('refuses a body over the size cap before parsing it', async () => {
    const response = await post(
      '/rest/v1/rpc/track_journey_step',
      JSON.stringify({ step: 'x'.repeat(MAX_RPC_BODY_BYTES) }),
    );
    expect(response.status).toBe(413);
  });

  it('refuses a function called with GET', async () => {
    const response = await fetch(`${url}/rest/v1/rpc/track_journey_step`, {
      headers: { apikey: LOCAL_ANON_KEY },
    });
    expect(response.status).toBe(405);
  });

  it('passes other paths on to the next middleware', async () => {
    const response = await fetch(`${url}/quiz`);
    expect(response.status).toBe(418);
  });
});
