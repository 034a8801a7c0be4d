/**
 * The checker's findings on the file and its language files, each a button that jumps to its place
 * (screen and line; for a language file's finding, the screen of the text it translates).
 */
import type { CheckFinding } from '../engine/flow-edit/check-flow.ts';

export interface ProblemsListProps {
  file: string;
  findings: readonly CheckFinding[];
  /** How long the last check took, in ms. */
  ms: number | undefined;
  onJump: (finding: CheckFinding) => void;
}

export function ProblemsList({ file, findings, ms, onJump }: ProblemsListProps) {
  const errors = findings.filter((f) => f.severity === 'error').length;
  return (
    <section className="studio-problems" aria-label="Problems">
      <h2>
        Problems: {errors} error{errors === 1 ? '' : 's'}, {findings.length - errors} warning
        {findings.length - errors === 1 ? '' : 's'}
        {ms === undefined ? '' : <small>{` checked in ${Math.round(ms)} ms`}</small>}
      </h2>
      {errors > 0 ? (
        <p className="studio-warning" role="status">
          The build refuses this flow until its errors are fixed. You can still save it as a draft.
        </p>
      ) : null}
      <ul>
        {findings.map((f) => (
          <li key={`${f.file ?? ''}${f.pointer}:${f.line}:${f.column}:${f.message}`} className={`studio-finding ${f.severity}`}>
            <button type="button" onClick={() => onJump(f)}>
              <code>{`${f.file ?? file}:${f.line}:${f.column}`}</code> {f.pointer} — {f.message}
              {f.hint === undefined ? '' : ` (${f.hint})`}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
