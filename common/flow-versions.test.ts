import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { versionDiff } from './flow-versions.ts';

const root = join(import.meta.dirname, '..');
const FLOW = 'flows/skin-funnel.json';
const flow = readFileSync(join(root, FLOW));
const spanish = readFileSync(join(root, 'flows/skin-funnel.es.json'));

describe('versionDiff', () => {
  it("says a whole language file removed in one line, and a headline change in flow:diff's words", () => {
    const removed = versionDiff({ flow, languages: new Map([['flows/skin-funnel.es.json', spanish]]) }, { flow, languages: new Map() }, FLOW);
    expect(removed.filter((line) => line.startsWith('language es'))).toEqual(['language es: file removed']);
    const edited = Buffer.from(flow.toString('utf8').replace("You're in the right place.", "You're in exactly the right place."));
    const lines = versionDiff({ flow, languages: new Map() }, { flow: edited, languages: new Map() }, FLOW);
    expect(lines.join('\n')).toMatch(/cliff-education.*You're in exactly the right place/s);
    expect(versionDiff(undefined, { flow, languages: new Map() }, FLOW)).toEqual([`${FLOW} added`]);
  });
});
