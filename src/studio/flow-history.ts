/**
 * The open file as a past / present / future stack of its texts (undo without command objects), plus
 * the text last saved and the text last seen on disk, so unsaved edits and outside changes are known.
 */

export interface FlowHistory {
  past: readonly string[];
  present: string;
  future: readonly string[];
  /** The file's text on disk as the studio last read or wrote it. */
  saved: string;
  /** A text that appeared on disk while there were unsaved edits, until she picks one. */
  conflict?: string;
  /** How many changes made on disk (by another editor, a git pull) the studio has taken in. */
  outsideChanges?: number;
}

export function openHistory(text: string): FlowHistory {
  return { past: [], present: text, future: [], saved: text };
}

/** A new present; the edit can be undone, and the redo stack is dropped. */
export function edit(history: FlowHistory, text: string): FlowHistory {
  if (text === history.present) return history;
  return { ...history, past: [...history.past, history.present], present: text, future: [] };
}

export function undo(history: FlowHistory): FlowHistory {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { ...history, past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo(history: FlowHistory): FlowHistory {
  const [following, ...rest] = history.future;
  if (following === undefined) return history;
  return { ...history, past: [...history.past, history.present], present: following, future: rest };
}

export function isDirty(history: FlowHistory): boolean {
  return history.present !== history.saved;
}

/** After a save: what is on disk now is the present. */
export function saved(history: FlowHistory): FlowHistory {
  return { ...history, saved: history.present };
}

/**
 * The file changed on disk. Without unsaved edits the studio shows the new text (an undoable step);
 * with some, it keeps both until she decides (resolveConflict).
 */
export function diskChanged(history: FlowHistory, text: string): FlowHistory {
  if (text === history.saved || text === history.present) return { ...history, saved: text, conflict: undefined };
  const outsideChanges = (history.outsideChanges ?? 0) + 1;
  if (!isDirty(history)) return { ...edit(history, text), saved: text, outsideChanges };
  return { ...history, conflict: text, outsideChanges };
}

/** Her choice: keep her edits (the disk's text becomes the saved base) or take the disk's text. */
export function resolveConflict(history: FlowHistory, keep: 'mine' | 'disk'): FlowHistory {
  const disk = history.conflict;
  if (disk === undefined) return history;
  const base = { ...history, conflict: undefined, saved: disk };
  return keep === 'mine' ? base : { ...edit(base, disk), saved: disk };
}
