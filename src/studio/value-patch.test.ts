import { describe, expect, it } from 'vitest';
import { valuePatch } from './value-patch.ts';

describe('valuePatch', () => {
  it('replaces only the changed string', () => {
    const before = { content: [{ type: 'heading', text: 'A' }, { type: 'text', text: 'B' }], next: 'x' };
    const after = { content: [{ type: 'heading', text: 'A2' }, { type: 'text', text: 'B' }], next: 'x' };
    expect(valuePatch(before, after, '/screens/s')).toEqual([
      { op: 'replace', path: '/screens/s/content/0/text', value: 'A2' },
    ]);
  });

  it('adds one item at the end or in the middle, and removes one', () => {
    expect(valuePatch({ o: [1, 2] }, { o: [1, 2, 3] })).toEqual([{ op: 'add', path: '/o/-', value: 3 }]);
    expect(valuePatch({ o: [1, 3] }, { o: [1, 2, 3] })).toEqual([{ op: 'add', path: '/o/1', value: 2 }]);
    expect(valuePatch({ o: [1, 2, 3] }, { o: [1, 3] })).toEqual([{ op: 'remove', path: '/o/1' }]);
  });

  it('adds and removes properties, and replaces a changed type whole', () => {
    expect(valuePatch({ a: 1, b: 2 }, { a: 1, c: 3 })).toEqual([
      { op: 'remove', path: '/b' },
      { op: 'add', path: '/c', value: 3 },
    ]);
    expect(valuePatch({ next: 'x' }, { next: [{ to: 'y' }] })).toEqual([
      { op: 'replace', path: '/next', value: [{ to: 'y' }] },
    ]);
  });
});
