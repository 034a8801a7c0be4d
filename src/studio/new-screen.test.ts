import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkFlow } from '../engine/flow-edit/check-flow.ts';
import { patchText } from '../engine/flow-edit/patch-text.ts';
import { addScreenOps, newScreen } from './new-screen.ts';
import { screenDefs } from './screen-schema.ts';

describe('newScreen', () => {
  it('makes a content screen from the schema alone', () => {
    expect(newScreen('content', 'welcome-back', 'age')).toMatchObject({
      kind: 'content',
      route: '/welcome-back',
      content: [{ type: 'heading', text: 'New screen' }],
      button: 'Continue',
      next: 'age',
    });
  });

  it('makes a screen of every kind the schema has', () => {
    for (const kind of screenDefs().keys()) expect(newScreen(kind, 'new', 'x')).toMatchObject({ kind });
  });
});

describe('addScreenOps', () => {
  it('wires a new screen of every kind in after the selected one, and the flow still checks', () => {
    const text = readFileSync('flows/skin-funnel.json', 'utf8');
    const flow = checkFlow(text, { file: 'flows/skin-funnel.json' }).flow;
    if (!flow) throw new Error('the skin funnel does not check');
    const failing: string[] = [];
    for (const kind of screenDefs().keys()) {
      if (kind === 'not-found') continue;
      const { id, ops } = addScreenOps(flow.screens, flow.start, 'cliff-education', kind);
      const edited = patchText(text, ops);
      if (!edited.ok) throw new Error(edited.problem.message);
      const check = checkFlow(edited.text, { file: 'flows/skin-funnel.json' });
      if (check.errors > 0) failing.push(`${kind}: ${check.findings.filter((f) => f.severity === 'error').map((f) => f.message).join('; ')}`);
      expect(edited.text).toContain(`"next": "${id}"`);
    }
    expect(failing).toEqual([]);
  });
});
