/**
 * Asks before a screen is deleted, listing first what points to it (each screen and transition, in
 * words), and offers to point those at another screen (by default where the deleted one led), so the
 * flow still checks after the delete.
 */
import { useMemo, useState } from 'react';
import type { FlowGraph } from '../engine/flow-edit/flow-graph.ts';
import { deleteScreenOps, incomingEdges } from './delete-screen.ts';
import type { PatchOp } from './value-patch.ts';

export interface DeleteDialogProps {
  screenId: string;
  graph: FlowGraph;
  /** Every screen id of the flow. */
  screens: readonly string[];
  /** Where the screen leads on Continue, offered as the new target of what led to it. */
  next: string | undefined;
  start: boolean;
  /** The edit that deletes it (and points what led to it elsewhere, when she chose so). */
  onDelete: (ops: PatchOp[]) => void;
  onCancel: () => void;
}

export function DeleteDialog({ screenId, graph, screens, next, start, onDelete, onCancel }: DeleteDialogProps) {
  const incoming = useMemo(() => incomingEdges(graph, screenId), [graph, screenId]);
  const others = screens.filter((id) => id !== screenId);
  const [target, setTarget] = useState(next !== undefined && next !== screenId && others.includes(next) ? next : '');
  return (
    <div className="studio-dialog" role="dialog" aria-modal="true" aria-label={`Delete screen ${screenId}`}>
      <h2>Delete screen “{screenId}”?</h2>
      {start ? <p className="studio-warning" role="alert">It is the start screen: set another "start" in the file source, or the checker will refuse the flow.</p> : null}
      {incoming.length === 0 ? (
        <p>Nothing points to it.</p>
      ) : (
        <>
          <p>{`${incoming.length} transition${incoming.length === 1 ? '' : 's'} point${incoming.length === 1 ? 's' : ''} to it:`}</p>
          <ul className="studio-incoming" aria-label={`What points to ${screenId}`}>
            {incoming.map((e) => (
              <li key={e.pointer}>
                <strong>{e.source}</strong> ({e.label}) <code>{e.pointer}</code>
              </li>
            ))}
          </ul>
          <label>
            Point them at{' '}
            <select aria-label="Point them at" value={target} onChange={(e) => setTarget(e.target.value)}>
              <option value="">nothing: I will fix them (the checker shows where)</option>
              {others.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      <div className="studio-row">
        <button type="button" onClick={() => onDelete(deleteScreenOps(screenId, incoming, target === '' ? undefined : target))}>
          Delete {screenId}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
