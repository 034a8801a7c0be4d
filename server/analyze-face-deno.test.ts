/**
 * Production parity (issue 31): the analyze-face edge function runs under Deno (`deno serve` of
 * supabase/functions/analyze-face/handler.ts, with the runtime of the `deno` npm package, offline:
 * `--cached-only` and an empty DENO_DIR, packages from node_modules) and answers a real face photo, a
 * photo without a face and a GIF frame bomb exactly as the local server's handler does: the same status
 * and the same body (the assessment's fresh id aside). Numbers are compared to 12 significant digits:
 * Deno's V8 and Node's differ in the last bit of some Math results (a marker was seen 2e-16 apart);
 * every age, score and count is equal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoringOf } from '../tests/support/render-funnel.tsx';
import { loadFlow } from '../tests/support/load-flow.ts';
import { dataUrl, gifWithFrames, tinyPng } from '../supabase/functions/_shared/image-bytes.test-helpers.ts';
import { createLocalAnalyzeFace } from '../supabase/functions/_shared/analyze-face-handler.ts';
import { faceModelDir } from '../supabase/functions/_shared/face/face-model.ts';
import { copyFunctionFlows } from '../common/function-flows.ts';
import { freePort } from '../tests/support/free-port.ts';

const root = resolve(import.meta.dirname, '..');
const local = createLocalAnalyzeFace(scoringOf(loadFlow()));
const samplePhoto = readFileSync(resolve(faceModelDir(), '../demo/sample1.jpg'));
const frame = (width: number, height: number) => ({ left: 0, top: 0, width, height });
const QUESTIONNAIRE = { age: 52, skinIssues: ['dryness'], hrt: 'no' };

let deno: ChildProcess | undefined;
let denoDir = '';
let base = '';
const output: string[] = [];

beforeAll(async () => {
  copyFunctionFlows();
  denoDir = mkdtempSync(join(tmpdir(), 'deno-dir-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  deno = spawn(
    join(root, 'node_modules/.bin/deno'),
    ['serve', '--cached-only', '--allow-read', '--allow-env', '--allow-net=127.0.0.1', '--host', '127.0.0.1', '--port', String(port),
      'supabase/functions/analyze-face/handler.ts'],
    { cwd: root, env: { ...process.env, DENO_DIR: denoDir, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  deno.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  deno.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const started = Date.now();
  while (!output.join('').includes('Listening on')) {
    if (deno.exitCode !== null || Date.now() - started > 60_000) throw new Error(`deno serve did not start:\n${output.join('')}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
}, 90_000);

afterAll(() => {
  deno?.kill();
  rmSync(denoDir, { recursive: true, force: true });
});

function request(url: string, imageUrl: string): Request {
  return new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ imageUrl, questionnaireData: QUESTIONNAIRE }),
  });
}

/** Status and body of both, the assessment's id (a fresh UUID per answer) set aside, numbers to 12 digits. */
async function both(imageUrl: string): Promise<{ deno: [number, unknown]; local: [number, unknown] }> {
  const read = async (response: Response): Promise<[number, unknown]> => {
    const body: unknown = JSON.parse(await response.text(), (key, value: unknown) =>
      key === 'id' ? '<id>' : typeof value === 'number' ? Number(value.toPrecision(12)) : value,
    );
    return [response.status, body];
  };
  const fromDeno = await read(await fetch(request(`${base}/`, imageUrl)));
  const fromLocal = await read(await local(request('http://local/functions/v1/analyze-face', imageUrl)));
  return { deno: fromDeno, local: fromLocal };
}

describe('analyze-face under Deno', () => {
  it('answers a real face photo as the local server does', async () => {
    const { deno: d, local: l } = await both(dataUrl(samplePhoto, 'image/jpeg'));
    expect(d[0]).toBe(200);
    expect(d).toEqual(l);
  }, 120_000);

  it('answers a photo without a face as the local server does (422 no_face)', async () => {
    const { deno: d, local: l } = await both(dataUrl(tinyPng(256), 'image/png'));
    expect(d[0]).toBe(422);
    expect(d).toEqual(l);
  }, 60_000);

  it('refuses a GIF frame bomb as the local server does', async () => {
    const bomb = gifWithFrames(64, 64, [frame(65535, 65535)], [0x2c, 0, 0, 0, 0, 0, 0, 0]);
    const { deno: d, local: l } = await both(dataUrl(bomb, 'image/gif'));
    expect(d[0]).toBe(400);
    expect(d).toEqual(l);
  }, 60_000);
});
