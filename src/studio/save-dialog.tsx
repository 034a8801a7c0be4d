/**
 * What Save is about to write, in the words of `npm run flow:diff` (since the last save), and a plain
 * warning when the file has errors: it is saved as a draft the build will refuse until they are fixed.
 */
import { useMemo } from 'react';
import { diffFlowTexts } from '../engine/flow-edit/diff-flow.ts';

export interface SaveDialogProps {
  file: string;
  saved: string;
  present: string;
  onSave: () => void;
  onCancel: () => void;
}

export function SaveDialog({ file, saved, present, onSave, onCancel }: SaveDialogProps) {
  const diff = useMemo(() => diffFlowTexts(saved, present, { file }), [file, saved, present]);
  const errors = diff.errors.length;
  return (
    <div className="studio-dialog" role="dialog" aria-modal="true" aria-label={`Save ${file}`}>
      <h2>Save {file}?</h2>
      <p>What changes for visitors since the last save (as npm run flow:diff says it):</p>
      <pre className="studio-diff">{diff.ok ? diff.lines.join('\n') || 'nothing a visitor sees' : diff.message}</pre>
      {errors > 0 ? (
        <p className="studio-warning" role="alert">
          {`Draft: the file has ${errors} error${errors === 1 ? '' : 's'}. It is saved as it is, but the build will refuse it until ${errors === 1 ? 'it is' : 'they are'} fixed.`}
        </p>
      ) : null}
      <div className="studio-row">
        <button type="button" onClick={onSave}>
          {errors > 0 ? 'Save draft' : 'Save'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
