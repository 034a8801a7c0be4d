/**
 * `npm run report -- --refresh-only` (issue 46 point 2): refreshes and exits 0, for any scheduler,
 * without writing a report.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

it('refreshes, writes no report and exits 0', () => {
  const dir = mkdtempSync(join(tmpdir(), 'refresh-only-'));
  try {
    const out = join(dir, 'funnel.html');
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/report.ts', '--demo', '--refresh-only', '--out', out],
      { encoding: 'utf8', env: { ...process.env, DATABASE_URL: '' } },
    );
    expect(result.stderr).not.toMatch(/✗/);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^refreshed simulated visits .*: \d+ sessions newly final$/m);
    expect(existsSync(out)).toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 300_000);
