/**
 * A local server as `npm start` runs it, for the pool's tests: the backend middleware with
 * analyze-face on a worker pool, and a page (the app shell) for every other path. Requests go
 * through real sockets, so a blocked event loop shows as a slow page.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { LOCAL_ANON_KEY } from '../../src/tracking/backend-config.ts';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { dataUrl } from '../../supabase/functions/_shared/image-bytes.test-helpers.ts';
import { createLocalAnalyzeFace } from '../../supabase/functions/_shared/analyze-face-handler.ts';
import { faceModelDir } from '../../supabase/functions/_shared/face/face-model.ts';
import { createLocalBackend, type LocalBackend } from '../local-backend.ts';
import { createAnalysisPool, type AnalysisPool, type AnalysisPoolOptions } from './analysis-pool.ts';

export const samplePhoto = new Uint8Array(readFileSync(resolve(faceModelDir(), '../demo/sample1.jpg')));

const APP_SHELL =
  '<!doctype html><html><head><title>Funnel</title></head><body><div id="root"></div></body></html>';

export interface PoolServer {
  pool: AnalysisPool;
  url: string;
  /** POSTs a photo to analyze-face; resolves with the status, the JSON body and the time taken. */
  analyse(bytes: Uint8Array, type: string): Promise<{ status: number; body: unknown; ms: number }>;
  /** GETs the app shell; resolves with the time taken (and checks it is the page). */
  page(): Promise<number>;
  close(): Promise<void>;
}

export async function startPoolServer(options: AnalysisPoolOptions = {}): Promise<PoolServer> {
  const pool = createAnalysisPool(options);
  const backend: LocalBackend = createLocalBackend({
    functions: { 'analyze-face': createLocalAnalyzeFace(loadFlow(), '*', pool) },
  });
  const server: Server = createServer((req, res) =>
    backend.middleware(req, res, () => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(APP_SHELL);
    }),
  );
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    pool,
    url,
    async analyse(bytes, type) {
      // Encoded before the clock starts and the first await, so page requests time the server.
      const body = Buffer.from(
        JSON.stringify({
          imageUrl: dataUrl(bytes, type),
          questionnaireData: { age: 52, skinIssues: ['dryness'], hrt: 'no' },
        }),
      );
      const started = performance.now();
      const response = await fetch(`${url}/functions/v1/analyze-face`, {
        method: 'POST',
        headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
        body,
      });
      const answer: unknown = await response.json();
      return { status: response.status, body: answer, ms: performance.now() - started };
    },
    async page() {
      const started = performance.now();
      const response = await fetch(`${url}/`);
      const text = await response.text();
      const ms = performance.now() - started;
      if (response.status !== 200 || text !== APP_SHELL)
        throw new Error(`the page answered ${response.status}`);
      return ms;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await backend.close();
      await pool.close();
    },
  };
}

/**
 * Page requests made while `attack` runs, one every `everyMs` from its start until it settles (at
 * least one): their times in ms, and the attack's result.
 */
export async function pagesDuring<T>(
  server: PoolServer,
  attack: () => Promise<T>,
  everyMs = 20,
): Promise<{ result: T; pages: number[] }> {
  const pages: Promise<number>[] = [];
  let settled = false;
  const running = attack().finally(() => (settled = true));
  const loop = (async () => {
    do {
      pages.push(server.page());
      await new Promise((done) => setTimeout(done, everyMs));
    } while (!settled);
  })();
  const result = await running;
  await loop;
  return { result, pages: await Promise.all(pages) };
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
