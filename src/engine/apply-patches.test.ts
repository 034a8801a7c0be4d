import { describe, expect, it } from 'vitest';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { applyPatches } from './apply-patches.ts';
import { patchedScreens } from './exposure-screens.ts';
import type { Patch } from './flow.gen.ts';
import { checkedPatches } from './validation/checked-patches.ts';

const flow = loadFlow();

/** Both patchers: the checked one (flow:check) and the browser's must agree. */
function both(patches: Patch[]) {
  const checked = checkedPatches(flow, patches);
  expect(applyPatches(flow, patches)).toEqual(checked.flow);
  return checked;
}

describe('applyPatches and checkedPatches', () => {
  it('replaces copy without changing the base flow', () => {
    const { flow: patched, problems } = both([
      { op: 'replace', path: '/screens/cliff-education/button', value: 'Go on' },
    ]);
    expect(problems).toEqual([]);
    expect(patched.screens['cliff-education']).toMatchObject({ button: 'Go on' });
    expect(flow.screens['cliff-education']).not.toMatchObject({ button: 'Go on' });
  });

  it('adds and removes list items and keys, and inserts a screen', () => {
    const { flow: patched, problems } = both([
      { op: 'remove', path: '/screens/cliff-education/content/1' },
      { op: 'add', path: '/screens/cliff-education/content/-', value: { type: 'text', text: 'last' } },
      {
        op: 'add',
        path: '/screens/extra',
        value: { kind: 'content', route: '/extra', content: [], next: 'age' },
      },
      { op: 'replace', path: '/settings/brand', value: 'Other' },
    ]);
    expect(problems).toEqual([]);
    const screen = patched.screens['cliff-education'];
    const content = screen && 'content' in screen ? screen.content : undefined;
    expect(content?.at(-1)).toEqual({ type: 'text', text: 'last' });
    const base = flow.screens['cliff-education'];
    // One block removed, one added.
    expect(content?.length).toBe(base && 'content' in base ? base.content?.length : -1);
    expect(patched.screens['extra']).toMatchObject({ route: '/extra' });
    expect(patched.settings.brand).toBe('Other');
  });

  it('reports a patch naming a missing screen, path or index, and one outside screens and settings', () => {
    const { problems } = checkedPatches(flow, [
      { op: 'replace', path: '/screens/nope/button', value: 'x' },
      { op: 'replace', path: '/screens/age/nothing-here', value: 'x' },
      { op: 'remove', path: '/screens/cliff-education/content/9' },
      { op: 'add', path: '/screens/age', value: {} },
      { op: 'replace', path: '/start', value: 'age' },
    ]);
    expect(problems).toEqual([
      { index: 0, kind: 'missing', at: '/screens/nope' },
      { index: 1, kind: 'missing', at: '/screens/age/nothing-here' },
      { index: 2, kind: 'past-end', at: '/screens/cliff-education/content/9' },
      { index: 3, kind: 'exists', at: '/screens/age' },
      { index: 4, kind: 'outside', at: '/start' },
    ]);
  });

  it('names the screens a variant touches', () => {
    expect(
      patchedScreens([
        { op: 'replace', path: '/screens/age/button', value: 'x' },
        { op: 'replace', path: '/screens/age/next', value: 'x' },
        { op: 'replace', path: '/settings/brand', value: 'x' },
        { op: 'remove', path: '/screens/photo-analysis' },
      ]),
    ).toEqual(['age', 'photo-analysis']);
  });
});
