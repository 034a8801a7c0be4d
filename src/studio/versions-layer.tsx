/**
 * The studio's versions layer over the open flow: the History panel, the publish / restore dialog, and
 * a version opened read-only (shown instead of the editing panes, with a banner to go back).
 */
import { useState, type ReactNode } from 'react';
import { HistoryPanel } from './history-panel.tsx';
import { PublishDialog } from './publish-dialog.tsx';
import { useVersions } from './use-versions.ts';
import { VersionView } from './version-view.tsx';
import { fetchVersionText, type FlowVersion } from './versions-api.ts';

export interface VersionsLayer {
  /** The panel and dialog, when open. */
  overlay: ReactNode;
  /** The read-only version in place of the editing panes, when one is open. */
  viewing: ReactNode | undefined;
  openHistory: () => void;
  openPublish: () => void;
}

export function useVersionsLayer(file: string, saveFirst: () => Promise<void>): VersionsLayer {
  const versions = useVersions(file);
  const [history, setHistory] = useState(false);
  const [dialog, setDialog] = useState<{ restore?: FlowVersion } | undefined>(undefined);
  const [viewing, setViewing] = useState<{ version: FlowVersion; text: string } | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const view = (version: FlowVersion) => {
    fetchVersionText(file, version.commit).then(
      (got) => setViewing({ version, text: got.text }),
      (cause: unknown) => setProblem(cause instanceof Error ? cause.message : String(cause)),
    );
  };
  const overlay = (
    <>
      {problem !== undefined ? (
        <div className="studio-banner" role="alert">
          {problem} <button type="button" onClick={() => setProblem(undefined)}>OK</button>
        </div>
      ) : null}
      {history ? (
        <HistoryPanel
          file={file}
          versions={versions}
          viewing={viewing?.version.commit}
          onView={view}
          onRestore={(version) => setDialog({ restore: version })}
          onClose={() => setHistory(false)}
        />
      ) : null}
      {dialog !== undefined ? (
        <PublishDialog
          file={file}
          versions={versions}
          restore={dialog.restore}
          saveFirst={saveFirst}
          onClose={() => {
            setDialog(undefined);
            setViewing(undefined);
          }}
        />
      ) : null}
    </>
  );
  return {
    overlay,
    viewing: viewing ? (
      <>
        <div className="studio-banner info" role="status">
          {`Viewing the version "${viewing.version.message}" (${viewing.version.commit.slice(0, 8)}), read-only.`}{' '}
          <button type="button" onClick={() => setViewing(undefined)}>
            Back to editing
          </button>
        </div>
        <VersionView key={viewing.version.commit} file={file} version={viewing.version} text={viewing.text} />
      </>
    ) : undefined,
    openHistory: () => {
      versions.reload();
      setHistory(true);
    },
    openPublish: () => setDialog({}),
  };
}
