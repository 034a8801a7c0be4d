import { describe, expect, it } from 'vitest';
import { diskChanged, edit, isDirty, openHistory, redo, resolveConflict, saved, undo } from './flow-history.ts';

describe('flow history', () => {
  it('undoes and redoes texts, and edits drop the redo stack', () => {
    let h = edit(edit(openHistory('a'), 'b'), 'c');
    h = undo(undo(h));
    expect(h.present).toBe('a');
    expect(isDirty(h)).toBe(false);
    h = redo(h);
    expect(h.present).toBe('b');
    h = edit(h, 'd');
    expect(redo(h).present).toBe('d');
    expect(undo(h).present).toBe('b');
  });

  it('takes a disk change at once without unsaved edits', () => {
    const h = diskChanged(openHistory('a'), 'x');
    expect(h.present).toBe('x');
    expect(isDirty(h)).toBe(false);
    expect(h.conflict).toBeUndefined();
  });

  it('asks when the disk changes under unsaved edits, and keeps what she picks', () => {
    const h = diskChanged(edit(openHistory('a'), 'mine'), 'disk');
    expect(h.present).toBe('mine');
    expect(h.conflict).toBe('disk');
    expect(resolveConflict(h, 'mine')).toMatchObject({ present: 'mine', saved: 'disk', conflict: undefined });
    expect(resolveConflict(h, 'disk')).toMatchObject({ present: 'disk', saved: 'disk', conflict: undefined });
  });

  it('ignores the echo of its own save', () => {
    const h = saved(edit(openHistory('a'), 'b'));
    expect(diskChanged(h, 'b')).toMatchObject({ present: 'b', saved: 'b' });
  });
});
