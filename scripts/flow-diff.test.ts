/**
 * `npm run flow:diff`: the summary of a reorder, of a copy change, and of a change that strands a
 * screen, as a reviewer reads them.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diffFlows } from '../src/engine/validation/flow-diff.ts';
import { editedFlow, FLOW_PATH, loadFlow, shippedFlowText } from '../tests/support/load-flow.ts';

const shipped = loadFlow();
const dir = mkdtempSync(join(tmpdir(), 'flow-diff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('diffFlows', () => {
  it('summarises two screens swapped: the transitions and the progress that moved', () => {
    const reordered = editedFlow((json) => {
      const s = json.screens;
      s['start'] = { ...s['start'], after: { to: 'change-speed' } };
      s['change-speed'] = { ...s['change-speed'], next: 'skin-concerns', progress: { step: 2, of: 13 } };
      s['skin-concerns'] = { ...s['skin-concerns'], next: 'age', progress: { step: 3, of: 13 } };
    });
    expect(diffFlows(shipped, reordered)).toEqual([
      'Transitions changed:',
      '  start: after 0 ms → skin-concerns  ⇒  after 0 ms → change-speed',
      '  skin-concerns: Continue → change-speed  ⇒  Continue → age',
      '  change-speed: Continue → age  ⇒  Continue → skin-concerns',
      '',
      'Progress changed:',
      '  skin-concerns: 2/13 → 3/13',
      '  change-speed: 3/13 → 2/13',
    ]);
  });

  it('summarises a copy change and an added option by screen and pointer', () => {
    const edited = editedFlow((json) => {
      const screen = json.screens['change-speed'] ?? {};
      const options = Array.isArray(screen['options']) ? screen['options'] : [];
      json.screens['change-speed'] = {
        ...screen,
        question: 'How fast have these changes come?',
        options: [...options, { value: 'not-sure', label: "I'm not sure" }],
      };
    });
    expect(diffFlows(shipped, edited)).toEqual([
      'Options changed:',
      '  + change-speed: "not-sure"',
      '',
      'Copy changed:',
      '  change-speed /question: "How quickly have you noticed these changes?" → "How fast have these changes come?"',
      '  + change-speed /options/4/label: "I\'m not sure"',
    ]);
  });

  it('says so when nothing a visitor sees changed', () => {
    expect(diffFlows(shipped, loadFlow())).toEqual([
      'No changes to screens, transitions, copy, progress, settings or scoring.',
    ]);
  });
});

describe('npm run flow:diff', () => {
  function flowDiff(oldFile: string, newFile: string) {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/flow-diff.ts', oldFile, newFile], {
      encoding: 'utf8',
    });
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  }

  it('prints a screen that became unreachable, then the checker errors, and exits 1', () => {
    const json: unknown = JSON.parse(shippedFlowText());
    const text = JSON.stringify(
      json,
      (key, value: unknown) => (key === 'entry' && value === true ? undefined : value),
      2,
    );
    const file = join(dir, 'no-entries.json');
    writeFileSync(file, text);
    const { status, stdout } = flowDiff(FLOW_PATH, file);
    expect(stdout).toContain(
      'Now unreachable:\n  quiz-redirect: no screen leads to it and it is not an entry screen\n',
    );
    expect(stdout).toMatch(/The new file has \d+ error\(s\) \(npm run flow:check\):/);
    expect(stdout).toMatch(
      /no-entries\.json:\d+:\d+ \/screens\/quiz-redirect: screen "quiz-redirect" can't be reached/,
    );
    expect(status).toBe(1);
  }, 30_000);
});
