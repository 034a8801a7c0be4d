/**
 * The History panel: the flow's published versions, newest first, each with its author, date,
 * message, revision, what it changed for visitors (flow:diff's words) and, once visits recorded it,
 * its sessions and lead rate. Any version opens read-only; "Restore this version" publishes its files
 * again as a new commit.
 */
import type { Versions } from './use-versions.ts';
import type { FlowVersion } from './versions-api.ts';

export interface HistoryPanelProps {
  file: string;
  versions: Versions;
  /** The version open read-only, if any. */
  viewing: string | undefined;
  onView: (version: FlowVersion) => void;
  onRestore: (version: FlowVersion) => void;
  onClose: () => void;
}

/** The diff lines shown at once; the rest open on demand. */
const SHOWN = 6;

const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
};

export function HistoryPanel({ file, versions, viewing, onView, onRestore, onClose }: HistoryPanelProps) {
  const { list } = versions;
  return (
    <aside className="studio-history" aria-label="History">
      <div className="studio-row">
        <h2>History of {file}</h2>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      {versions.error !== undefined ? <p className="studio-warning" role="alert">{versions.error}</p> : null}
      {list === undefined && versions.error === undefined ? <p>Reading the history…</p> : null}
      {list !== undefined ? (
        <p className="studio-note">
          {`Published branch: ${list.branch}${list.remote ? `, pushed to ${list.remote}` : ' (no remote: publishes stay on this machine)'}.`}
          {versions.figuresNote !== undefined ? ` ${versions.figuresNote}` : ''}
        </p>
      ) : null}
      {list !== undefined && list.versions.length === 0 ? <p>{`No published version of ${file} yet.`}</p> : null}
      <ol className="studio-versions">
        {(list?.versions ?? []).map((version, index) => {
          const figures = version.revision === null ? undefined : versions.figures[version.revision];
          return (
            <li key={version.commit} className={viewing === version.commit ? 'viewing' : undefined} data-commit={version.commit}>
              <div className="studio-version-head">
                <strong>{version.message}</strong>
                <span>{`${version.author} · ${when(version.date)}`}</span>
                <code title={`commit ${version.commit}`}>{`revision ${version.revision ?? '—'} · ${version.commit.slice(0, 8)}`}</code>
                {index === 0 ? <span className="studio-badge">published</span> : null}
              </div>
              <ul className="studio-version-diff">
                {version.diff.slice(0, SHOWN).map((line, at) => (
                  <li key={at}>{line}</li>
                ))}
              </ul>
              {version.diff.length > SHOWN ? (
                <details>
                  <summary>{`${version.diff.length - SHOWN} more change(s)`}</summary>
                  <ul className="studio-version-diff">
                    {version.diff.slice(SHOWN).map((line, at) => (
                      <li key={at}>{line}</li>
                    ))}
                  </ul>
                </details>
              ) : null}
              <p className="studio-version-figures">
                {figures === undefined
                  ? 'No visits recorded for this version yet.'
                  : `${figures.sessions} sessions · lead rate ${(figures.leadRate * 100).toFixed(1)} %`}
              </p>
              <div className="studio-row">
                <button type="button" onClick={() => onView(version)} disabled={version.revision === null}>
                  Open read-only
                </button>
                {index > 0 && version.revision !== null ? (
                  <button type="button" onClick={() => onRestore(version)}>
                    Restore this version
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </aside>
  );
}
