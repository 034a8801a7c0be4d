/**
 * The Supabase entries are Deno code: `deno check` (the runtime ships in the `deno` npm package) proves it
 * type-checks against the shared handler, the face model and the flow's scoring as Deno resolves them.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../..');
const denoDir = mkdtempSync(join(tmpdir(), 'deno-dir-'));

afterAll(() => rmSync(denoDir, { recursive: true, force: true }));

describe('the Deno entries (analyze-face, meta-capi, lead-webhooks)', () => {
  it('type-checks under Deno', async () => {
    const { stderr } = await run(
      join(root, 'node_modules/.bin/deno'),
      [
        'check',
        'supabase/functions/analyze-face/index.ts',
        'supabase/functions/meta-capi/index.ts',
        'supabase/functions/lead-webhooks/index.ts',
      ],
      {
        cwd: root,
        env: { ...process.env, DENO_DIR: denoDir, NO_COLOR: '1' },
        timeout: 120_000,
      },
    );
    expect(stderr).toContain('Check');
    expect(stderr).not.toMatch(/error/i);
  }, 150_000);
});
