/**
 * The project's ESLint import rules catch what they are there for, on planted code in a temporary copy
 * of the lint setup (this eslint.config.js, this node_modules): a value import circle across folders
 * (import-x/no-cycle, over src, server, scripts, supabase and common) and server/ or common/ reaching
 * up into scripts/ (import-x/no-restricted-paths).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(process.cwd());
const dir = mkdtempSync(join(tmpdir(), 'lint-rules-'));
/** Each planted file's hits, `line: rule`: one ESLint run in the copy (its zones are read from its cwd). */
let hits: Map<string, string[]>;

const plant = (files: Record<string, string>): void => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, dirname(path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
};

interface LintResult {
  filePath: string;
  messages: { line: number; ruleId: string | null; message: string }[];
}

/** The rule ids ESLint reports for a planted file, with their lines. */
async function ruleHits(path: string): Promise<string[]> {
  const found = hits.get(path);
  if (found === undefined) throw new Error(`${path} was not linted`);
  return found;
}

beforeAll(async () => {
  copyFileSync(join(root, 'eslint.config.js'), join(dir, 'eslint.config.js'));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  plant({
    // A circle across three folders: server → common → supabase → server.
    'server/reader.ts':
      "import { shared } from '../common/shared.ts';\nexport const reader = (): string => shared();\n",
    'common/shared.ts':
      "import { edge } from '../supabase/functions/_shared/edge.ts';\nexport const shared = (): string => edge;\n",
    'supabase/functions/_shared/edge.ts':
      "import { reader } from '../../../server/reader.ts';\nexport const edge = typeof reader;\n",
    // A circle inside scripts/ through a dynamic import.
    'scripts/a.ts': "export const load = () => import('./b.ts');\n",
    'scripts/b.ts': "import { load } from './a.ts';\nexport const b = load;\n",
    // No circle: a chain one way.
    'src/engine/base.ts': 'export const base = 1;\n',
    'src/app/top.ts': "import { base } from '../engine/base.ts';\nexport const top = base;\n",
    // Reaching up into scripts/.
    'scripts/tool.ts': 'export const tool = 1;\n',
    'server/uses-tool.ts': "import { tool } from '../scripts/tool.ts';\nexport const used = tool;\n",
    'common/uses-tool.ts': "import { tool } from '../scripts/tool.ts';\nexport const used = tool;\n",
    'scripts/uses-common.ts': "import { shared } from '../common/shared.ts';\nexport const used = shared;\n",
    'server/fine.ts': "import { shared } from '../common/shared.ts';\nexport const fine = shared;\n",
  });
  const run = await promisify(execFile)(
    process.execPath,
    [
      join(root, 'node_modules/eslint/bin/eslint.js'),
      '--format',
      'json',
      'src',
      'server',
      'common',
      'scripts',
      'supabase',
    ],
    { cwd: dir, maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const results = JSON.parse(run.stdout) as LintResult[];
  hits = new Map(
    results.map((result) => [
      relative(dir, result.filePath),
      result.messages.map((message) => `${message.line}: ${message.ruleId ?? message.message}`),
    ]),
  );
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the import rules', () => {
  it('report an import circle that crosses server, common and supabase, in each file of it', async () => {
    expect(await ruleHits('server/reader.ts')).toEqual(['1: import-x/no-cycle']);
    expect(await ruleHits('common/shared.ts')).toEqual(['1: import-x/no-cycle']);
    expect(await ruleHits('supabase/functions/_shared/edge.ts')).toEqual(['1: import-x/no-cycle']);
  });

  it('report a circle closed by a dynamic import', async () => {
    expect(await ruleHits('scripts/b.ts')).toEqual(['1: import-x/no-cycle']);
  });

  it('leave a one-way chain alone', async () => {
    expect(await ruleHits('src/app/top.ts')).toEqual([]);
  });

  it('refuse server/ and common/ importing from scripts/, and let scripts/ and server/ import common/', async () => {
    expect(await ruleHits('server/uses-tool.ts')).toEqual(['1: import-x/no-restricted-paths']);
    expect(await ruleHits('common/uses-tool.ts')).toEqual(['1: import-x/no-restricted-paths']);
    expect(await ruleHits('scripts/uses-common.ts')).toEqual([]);
    expect(await ruleHits('server/fine.ts')).toEqual([]);
  });
}, 60_000);
