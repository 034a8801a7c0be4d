import { describe, expect, it } from 'vitest';
import type { Flow } from '../engine/flow-model.ts';
import { applyStudioEdit } from './studio-edits.ts';

const text = `{
  "experiments": [
    { "id": "e", "variants": [{ "id": "z", "weight": 1, "patches": [] }, { "id": "a", "weight": 1, "patches": [] }] }
  ],
  "screens": {
    "s": { "kind": "content", "button": "Go" }
  }
}
`;
const flow: Pick<Flow, 'experiments'> = {
  experiments: [{ id: 'e', goal: 'lead', start: '2026-01-01', stop: '2026-02-01', variants: [{ id: 'z', weight: 1, patches: [] }, { id: 'a', weight: 1, patches: [] }] }],
};

describe('applyStudioEdit', () => {
  it('edits the base flow in place, one line', () => {
    const edited = applyStudioEdit(text, flow, [{ op: 'replace', path: '/screens/s/button', value: 'Start' }]);
    expect(edited).toEqual({ ok: true, text: text.replace('"Go"', '"Start"') });
  });

  it('records an edit in variant mode as a patch of the variant, leaving the base alone', () => {
    const edited = applyStudioEdit(text, flow, [{ op: 'replace', path: '/screens/s/button', value: 'Start' }], 'e:a');
    expect(edited.ok).toBe(true);
    if (!edited.ok) return;
    const value: unknown = JSON.parse(edited.text);
    expect(value).toMatchObject({
      screens: { s: { button: 'Go' } },
      experiments: [{ variants: [{ patches: [] }, { patches: [{ op: 'replace', path: '/screens/s/button', value: 'Start' }] }] }],
    });
  });

  it('names a variant that does not exist', () => {
    expect(applyStudioEdit(text, flow, [{ op: 'remove', path: '/screens/s' }], 'e:zz')).toEqual({
      ok: false,
      message: 'the flow has no experiment variant "e:zz"',
    });
  });
});
