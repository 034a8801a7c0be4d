/**
 * FLOW picks the flow of every command: the pure resolver, flow:check run with FLOW, and the rule that
 * no other source file names a flow file (so a second funnel never needs a code change).
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FLOW_FILE, flowFileFrom } from '../../supabase/functions/_shared/flow-path.ts';
import { isLanguageFileName } from '../../src/engine/i18n/translation.ts';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');

describe('flowFileFrom', () => {
  it('is the default flow when FLOW is unset or blank', () => {
    expect(flowFileFrom(undefined)).toBe(DEFAULT_FLOW_FILE);
    expect(flowFileFrom('  ')).toBe(DEFAULT_FLOW_FILE);
  });

  it('is the file FLOW names', () => {
    expect(flowFileFrom('flows/shoe-finder.json')).toBe('flows/shoe-finder.json');
  });

  it('refuses a value that is not a .json file, naming it', () => {
    expect(() => flowFileFrom('flows/shoe-finder')).toThrow('FLOW=flows/shoe-finder: a flow is a .json file');
  });
});

describe('npm run flow:check with FLOW', () => {
  const check = (env: Record<string, string>, args: string[] = []) =>
    run(join(root, 'node_modules/.bin/tsx'), ['scripts/flow-check.ts', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    });

  it('checks the flow FLOW names', async () => {
    const { stdout } = await check({ FLOW: 'tests/fixtures/flows/valid-flow.json' });
    expect(stdout).toMatch(/^✓ tests\/fixtures\/flows\/valid-flow\.json: 8 screens/);
  }, 30_000);

  it('still takes a file argument, which wins over FLOW', async () => {
    const { stdout } = await check({ FLOW: DEFAULT_FLOW_FILE }, ['tests/fixtures/flows/valid-flow.json']);
    expect(stdout).toMatch(/^✓ tests\/fixtures\/flows\/valid-flow\.json/);
  }, 30_000);
});

/** Every file under `dir` (recursively) whose name ends in one of `extensions`. */
function filesUnder(dir: string, extensions: readonly string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, extensions);
    return extensions.some((extension) => name.endsWith(extension)) ? [path] : [];
  });
}

describe('naming a flow file', () => {
  it('happens only in supabase/functions/_shared/flow-path.ts (tests and their fixtures aside)', () => {
    const flows = readdirSync(join(root, 'flows')).filter((name) => name.endsWith('.json'));
    expect(flows).toContain('skin-funnel.json');
    const sources = ['src', 'common', 'scripts', 'server', 'supabase', '.storybook']
      .flatMap((dir) => filesUnder(join(root, dir), ['.ts', '.tsx', '.mdx']))
      .map((path) => relative(root, path))
      .filter((path) => !/\.test\.tsx?$/.test(path) && path !== 'supabase/functions/_shared/flow-path.ts');
    const naming = sources.filter((path) => {
      const text = readFileSync(join(root, path), 'utf8');
      return flows.some((name) => text.includes(`flows/${name}`));
    });
    expect(naming).toEqual([]);
  });
});

describe('every flow in flows/', () => {
  it('passes the checker, so FLOW can pick any of them', async () => {
    const { validateFlowText, formatIssue } = await import('../../src/engine/validation/validate-flow.ts');
    // A flow's language files (flows/<flow>.<language>.json) are checked with their flow.
    const flows = readdirSync(join(root, 'flows')).filter(
      (name) => name.endsWith('.json') && !isLanguageFileName(name),
    );
    expect(flows.length).toBeGreaterThan(1);
    for (const name of flows) {
      const file = `flows/${name}`;
      const { errors } = validateFlowText(readFileSync(join(root, file), 'utf8'), { file });
      expect(errors.map(formatIssue), file).toEqual([]);
    }
  });
});
