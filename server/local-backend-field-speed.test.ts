// @vitest-environment node
/**
 * The local backend takes the browser's field speed writes as PostgREST would: `POST
 * /rest/v1/rpc/track_field_speed` with the anon key and the arguments the browser builds
 * (src/tracking/field-speed-write.ts), once per event id, and a bad field refused by name (400).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../src/tracking/backend-config.ts';
import { fieldSpeedArgs } from '../src/tracking/field-speed-write.ts';
import type { LocalBackend } from './local-backend.ts';
import { serveLocalBackend, type ServedBackend } from './local-backend-http.test-helpers.ts';

let served: ServedBackend;
let backend: LocalBackend;
let url: string;

beforeAll(async () => {
  served = await serveLocalBackend({ reportRefresh: false });
  ({ backend, url } = served);
}, 60_000);

afterAll(() => served.close());

const call = (args: Record<string, unknown>, key = LOCAL_ANON_KEY) =>
  fetch(`${url}/rest/v1/rpc/track_field_speed`, {
    method: 'POST',
    headers: { apikey: key, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });

const page = { width: () => 390, mobile: () => undefined, connection: () => '3g', language: () => 'es' };

async function rowsOf(session: string) {
  const db = await backend.database();
  return (
    await db.query<{ screen: string; metric: string; value: number; device: string; connection: string }>(
      `select screen, metric, value, device, connection from funnel_private.field_readings where session_id = $1`,
      [session],
    )
  ).rows;
}

describe('track_field_speed on the local backend', () => {
  it('stores what the browser sends, once per event id', async () => {
    const session = randomUUID();
    const reading = { id: randomUUID(), screen: 'quiz-age', metric: 'INP' as const, value: 612.34 };
    const args = fieldSpeedArgs(reading, { sessionId: session, flow: { id: 'local-flow' }, page });
    expect((await call(args)).status).toBe(204);
    // A retry of the same reading (the outbox's next try) adds nothing.
    expect((await call(args)).status).toBe(204);
    expect(await rowsOf(session)).toEqual([
      { screen: 'quiz-age', metric: 'INP', value: 612.3, device: 'mobile', connection: '3g' },
    ]);
  });

  it('refuses a bad field by name, and a caller without the key', async () => {
    const session = randomUUID();
    const args = fieldSpeedArgs(
      { id: randomUUID(), screen: 'quiz-age', metric: 'LCP', value: 2000 },
      { sessionId: session, flow: { id: 'local-flow' }, page },
    );
    const refused = await call({ ...args, metric: 'FID' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: '22023',
      message: expect.stringMatching(/^metric: /),
    });
    const badScreen = await call({ ...args, screen: 'has space' });
    expect(await badScreen.json()).toMatchObject({ message: expect.stringMatching(/^screen: /) });
    expect((await call(args, 'not-the-key')).status).toBe(401);
    expect(await rowsOf(session)).toEqual([]);
  });
});
