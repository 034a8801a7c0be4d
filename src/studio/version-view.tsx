/**
 * A published version opened read-only: its map and its phone preview, from the committed text, with
 * nothing to edit (the editing panes are not shown, so no edit can reach it).
 */
import { useMemo, useState } from 'react';
import { checkFlow } from '../engine/flow-edit/check-flow.ts';
import { flowGraph } from '../engine/flow-edit/flow-graph.ts';
import { FlowMapView } from './flow-map-view.tsx';
import { PreviewPane } from './preview-pane.tsx';
import type { FlowVersion } from './versions-api.ts';

export interface VersionViewProps {
  file: string;
  version: FlowVersion;
  text: string;
}

export function VersionView({ file, version, text }: VersionViewProps) {
  const check = useMemo(() => checkFlow(text, { file }), [text, file]);
  const graph = useMemo(() => (check.flow ? flowGraph(check.flow, check.findings) : null), [check]);
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const flow = check.flow;
  if (!flow || !graph)
    return <section className="studio-map studio-warning">{`This version of ${file} does not pass the checker (${check.errors} error(s)): it can't be drawn.`}</section>;
  const screenId = selected !== undefined && selected in flow.screens ? selected : flow.start;
  return (
    <main className="studio-main studio-readonly" aria-label={`Version ${version.commit.slice(0, 8)}, read-only`}>
      <FlowMapView graph={graph} start={flow.start} selected={screenId} onSelect={setSelected} />
      <section className="studio-edit">
        <h2>{version.message}</h2>
        <p>{`${version.author}, ${version.date}. Revision ${version.revision ?? '—'}. Read-only: restore it from the History panel to make it the published version again.`}</p>
        <ul className="studio-version-diff">
          {version.diff.map((line, at) => (
            <li key={at}>{line}</li>
          ))}
        </ul>
      </section>
      <PreviewPane flow={flow} screenId={screenId} stale={false} />
    </main>
  );
}
