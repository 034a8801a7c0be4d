/**
 * The analysis pool's budgets: a job over its deadline and one over its heap cap get a clear 503 and
 * their worker is replaced, pages are answered meanwhile, and the next analysis works; memory after
 * 50 analyses stays within the stated bound; the pool's size follows the cores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestError } from '../../supabase/functions/_shared/http.ts';
import { ANALYSIS_DEADLINE_MS, ANALYSIS_HEAP_MB, defaultPoolSize } from './analysis-pool.ts';
import {
  median,
  pagesDuring,
  samplePhoto,
  startPoolServer,
  type PoolServer,
} from './pool-server.test-helpers.ts';

/** The bounds the README states (Security limits): process RSS growth over 50 analyses, worker heap. */
const RSS_GROWTH_BOUND_MB = 150;
const WORKER_HEAP_BOUND_MB = 128;
/**
 * The test's real analyses get patient limits, so a loaded machine cannot fail them: a replacement
 * worker loads and warms up the model first, and an analysis on a busy 2-core machine can take more
 * than 5 s. The test jobs run under the real deadline.
 */
const PATIENT = { maxWaitMs: 120_000, deadlineMs: 60_000 };

let server: PoolServer;

beforeAll(async () => {
  server = await startPoolServer({ ...PATIENT, testJobs: true });
  await server.page();
  expect((await server.analyse(samplePhoto, 'image/jpeg')).status).toBe(200);
}, 180_000);

afterAll(() => server.close());

async function refusalOf(job: Promise<unknown>): Promise<RequestError> {
  const outcome: unknown = await job.then(
    () => new Error('the job finished'),
    (error: unknown) => error,
  );
  if (outcome instanceof RequestError) return outcome;
  throw outcome;
}

describe('the analysis pool', () => {
  it('stops a job at its 5 s deadline with 503, replaces the worker, and analyses the next photo', async () => {
    const before = server.pool.started();
    const { result, pages } = await pagesDuring(
      server,
      () => refusalOf(server.pool.runTestJob('spin', ANALYSIS_DEADLINE_MS)),
      100,
    );
    expect(result).toMatchObject({ status: 503, code: 'analysis_timeout', field: 'imageUrl' });
    expect(result.message).toContain('longer than 5 s');
    expect(median(pages)).toBeLessThan(100);
    const next = await server.analyse(samplePhoto, 'image/jpeg');
    expect(next, JSON.stringify(next.body)).toMatchObject({ status: 200 });
    expect(server.pool.started()).toBe(before + 1);
  }, 120_000);

  it(`stops a job over the ${ANALYSIS_HEAP_MB} MB heap cap with 503, replaces the worker, and analyses the next photo`, async () => {
    const before = server.pool.started();
    const { result, pages } = await pagesDuring(
      server,
      () => refusalOf(server.pool.runTestJob('allocate', ANALYSIS_DEADLINE_MS)),
      100,
    );
    expect(result).toMatchObject({ status: 503, code: 'analysis_out_of_memory', field: 'imageUrl' });
    expect(median(pages)).toBeLessThan(100);
    const next = await server.analyse(samplePhoto, 'image/jpeg');
    expect(next, JSON.stringify(next.body)).toMatchObject({ status: 200 });
    expect(server.pool.started()).toBe(before + 1);
  }, 120_000);

  it('answers a request over the deadline with 503 through the handler', async () => {
    const strict = await startPoolServer({ maxWaitMs: 120_000, deadlineMs: 1 });
    try {
      const answer = await strict.analyse(samplePhoto, 'image/jpeg');
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ error: { code: 'analysis_timeout', field: 'imageUrl' } });
    } finally {
      await strict.close();
    }
  }, 180_000);

  it(`keeps memory within bounds over 50 analyses (RSS +${RSS_GROWTH_BOUND_MB} MB, worker heap ${WORKER_HEAP_BOUND_MB} MB)`, async () => {
    for (let i = 0; i < 3; i++)
      expect(await server.analyse(samplePhoto, 'image/jpeg')).toMatchObject({ status: 200 });
    const rssBefore = process.memoryUsage().rss;
    for (let i = 0; i < 50; i++)
      expect(await server.analyse(samplePhoto, 'image/jpeg')).toMatchObject({ status: 200 });
    const growthMb = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
    const heapsMb = (await server.pool.workerHeaps()).map((bytes) => bytes / 2 ** 20);
    console.info(
      `50 analyses: RSS +${growthMb.toFixed(0)} MB, worker heaps ${heapsMb.map((mb) => mb.toFixed(0)).join(', ')} MB`,
    );
    expect(heapsMb.length).toBeGreaterThan(0);
    expect(growthMb).toBeLessThan(RSS_GROWTH_BOUND_MB);
    for (const mb of heapsMb) expect(mb).toBeLessThan(WORKER_HEAP_BOUND_MB);
  }, 600_000);

  it('sizes itself to the cores, keeping one for the main thread', () => {
    expect([1, 2, 3, 4, 5, 8, 64].map((cores) => defaultPoolSize(cores))).toEqual([1, 1, 2, 3, 4, 4, 4]);
  });
});
