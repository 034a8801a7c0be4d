/**
 * Starts a new flow: its id and brand, then flows/<id>.json from the minimal template of the
 * flow-edit module (it passes `flow:check --strict` as it is), written and opened.
 */
import { useState, type FormEvent } from 'react';
import { newFlowText } from '../engine/flow-edit/new-flow.ts';
import { writeFile } from './studio-api.ts';

export interface NewFlowDialogProps {
  /** The flow files there are (a new one may not take their names). */
  flows: readonly string[];
  /** Called with the new file (flows/<id>.json) once it is written. */
  onCreated: (file: string) => void;
  onCancel: () => void;
}

export function NewFlowDialog({ flows, onCreated, onCancel }: NewFlowDialogProps) {
  const [id, setId] = useState('');
  const [brand, setBrand] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const create = (event: FormEvent) => {
    event.preventDefault();
    const made = newFlowText({ id: id.trim(), brand });
    if (!made.ok) return setProblem(made.message);
    const target = `flows/${id.trim()}.json`;
    if (flows.includes(target)) return setProblem(`${target} exists already: pick another id`);
    writeFile(target, made.text).then(
      () => onCreated(target),
      (cause: unknown) => setProblem(cause instanceof Error ? cause.message : String(cause)),
    );
  };
  return (
    <form className="studio-dialog" role="dialog" aria-modal="true" aria-label="New flow" onSubmit={create}>
      <h2>New flow</h2>
      <p>A welcome screen, a hand-off to your offer page and a not-found page: it passes the checker as it is.</p>
      <label>
        Flow id (lower-case, e.g. bike-fit){' '}
        <input name="id" value={id} onChange={(e) => setId(e.target.value)} autoFocus required pattern="[a-z][a-z0-9-]*" />
      </label>
      <label>
        Brand visitors see <input name="brand" value={brand} onChange={(e) => setBrand(e.target.value)} required />
      </label>
      {problem === undefined ? null : <p className="studio-warning" role="alert">{problem}</p>}
      <div className="studio-row">
        <button type="submit">Create flow</button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
