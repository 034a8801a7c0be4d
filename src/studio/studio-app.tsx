/**
 * The Flow Studio: the map, the inspector and source pane of the selected screen, the problems list and
 * the phone preview, over one open flow file whose every edit is a minimal text edit (studio-edits.ts).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { applyPatches } from '../engine/apply-patches.ts';
import type { CheckFinding } from '../engine/flow-edit/check-flow.ts';
import { flowGraph } from '../engine/flow-edit/flow-graph.ts';
import { newFlowText } from '../engine/flow-edit/new-flow.ts';
import type { Flow } from '../engine/flow-model.ts';
import { pointerOf } from '../engine/validation/flow-issue.ts';
import { isFlow } from '../engine/validation/schema-check.ts';
import { FlowMapView } from './flow-map-view.tsx';
import { isDirty } from './flow-history.ts';
import { Inspector } from './inspector.tsx';
import { newScreen } from './new-screen.ts';
import { PreviewPane } from './preview-pane.tsx';
import { ProblemsList } from './problems-list.tsx';
import { SaveDialog } from './save-dialog.tsx';
import { screenDefs } from './screen-schema.ts';
import { SourcePane, type SourceMark } from './source-pane.tsx';
import { fetchSession, writeFile, type StudioSession } from './studio-api.ts';
import { applyStudioEdit, variantAt, type VariantKey } from './studio-edits.ts';
import { StudioToolbar } from './studio-toolbar.tsx';
import { useChecker } from './use-checker.ts';
import { useFlowFile } from './use-flow-file.ts';
import { valuePatch, type PatchOp } from './value-patch.ts';

const KINDS = [...screenDefs().keys()];

function parsedFlow(text: string | undefined): Flow | undefined {
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isFlow(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function withVariant(flow: Flow | null | undefined, variant: VariantKey | undefined): Flow | null {
  if (!flow) return null;
  const at = variant === undefined ? undefined : variantAt(flow, variant);
  const patches = at === undefined ? [] : (flow.experiments?.[at.experiment]?.variants[at.variant]?.patches ?? []);
  return patches.length === 0 ? flow : applyPatches(flow, patches);
}

export function StudioApp() {
  const [session, setSession] = useState<StudioSession | undefined>(undefined);
  const [file, setFile] = useState<string | undefined>(undefined);
  useEffect(() => {
    fetchSession().then((s) => {
      setSession(s);
      setFile(s.file);
    }, (cause: unknown) => setSession({ file: '', flows: [], uploads: [String(cause)] }));
  }, []);
  if (session === undefined || file === undefined) return <p className="studio-loading">Opening the studio…</p>;
  return <StudioFile key={file} session={session} file={file} onOpen={setFile} onSession={setSession} />;
}

interface StudioFileProps {
  session: StudioSession;
  file: string;
  onOpen: (file: string) => void;
  onSession: (session: StudioSession) => void;
}

function StudioFile({ session, file, onOpen, onSession }: StudioFileProps) {
  const doc = useFlowFile(file);
  const present = doc.history?.present;
  const check = useChecker(file, present);
  const [variant, setVariant] = useState<VariantKey | undefined>(undefined);
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [pane, setPane] = useState<'form' | 'screen' | 'file'>('form');
  const [jump, setJump] = useState<{ line: number; column: number; nonce: number } | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const base = useMemo(() => parsedFlow(present), [present]);
  const shown = useMemo(() => withVariant(base, variant), [base, variant]);
  const previewFlow = useMemo(() => withVariant(check.lastGood, variant), [check.lastGood, variant]);
  const result = check.result;
  const findings = useMemo(() => result?.check.findings ?? [], [result]);
  const graph = useMemo(
    () => (variant !== undefined && shown ? flowGraph(shown, findings) : (result?.graph ?? null)),
    [variant, shown, findings, result],
  );
  const screenId = selected !== undefined && shown && selected in shown.screens ? selected : shown?.start;
  const screen = screenId === undefined ? undefined : shown?.screens[screenId];
  const variants = useMemo(
    () => (base?.experiments ?? []).flatMap((e) => e.variants.map((v): VariantKey => `${e.id}:${v.id}`)),
    [base],
  );

  const { setText } = doc;
  const onEdit = useCallback(
    (ops: PatchOp[]) => {
      if (present === undefined || base === undefined) return;
      const edited = applyStudioEdit(present, base, ops, variant);
      if (edited.ok) setText(edited.text);
      else setNotice(`That edit could not be made: ${edited.message}`);
    },
    [present, base, variant, setText],
  );
  const screenText = useMemo(() => (screen === undefined ? '' : `${JSON.stringify(screen, null, 2)}\n`), [screen]);
  const onScreenSource = useCallback(
    (text: string) => {
      if (screen === undefined || screenId === undefined) return;
      try {
        const value: unknown = JSON.parse(text);
        onEdit(valuePatch(screen, value, pointerOf('/screens', screenId)));
      } catch {
        // Not JSON yet (she is typing): the edit is made once it is.
      }
    },
    [screen, screenId, onEdit],
  );
  const marks: SourceMark[] = useMemo(
    () => (pane === 'file' ? findings.map((f) => ({ line: f.line, column: f.column, severity: f.severity, message: f.message })) : []),
    [pane, findings],
  );
  const jumpTo = useCallback((finding: CheckFinding) => {
    const id = /^\/screens\/([^/]+)/.exec(finding.pointer)?.[1];
    if (id !== undefined) setSelected(id.replaceAll('~1', '/').replaceAll('~0', '~'));
    setPane('file');
    setJump({ line: finding.line, column: finding.column, nonce: Date.now() });
  }, []);
  const addScreen = (kind: string) => {
    if (shown === undefined || shown === null) return;
    let id = `new-${kind}`;
    for (let n = 2; id in shown.screens; n += 1) id = `new-${kind}-${n}`;
    const from = screenId === undefined ? undefined : shown.screens[screenId];
    const next = from && 'next' in from && typeof from.next === 'string' ? from.next : shown.start;
    const ops: PatchOp[] = [{ op: 'add', path: pointerOf('/screens', id), value: newScreen(kind, id, next) }];
    // Wired in after the selected screen: it leads to the new one, which leads on where it led.
    if (from && screenId !== undefined && 'next' in from && typeof from.next === 'string')
      ops.push({ op: 'replace', path: pointerOf('/screens', screenId, 'next'), value: id });
    onEdit(ops);
    setSelected(id);
  };
  const deleteScreen = () => {
    if (screenId === undefined || graph === null) return;
    const from = [...new Set(graph.edges.filter((e) => e.target === screenId && e.source !== screenId).map((e) => e.source))];
    const question = from.length === 0
      ? `Delete screen "${screenId}"? Nothing leads to it.`
      : `Delete screen "${screenId}"? These screens lead to it and will need a new target: ${from.join(', ')}.`;
    if (window.confirm(question)) onEdit([{ op: 'remove', path: pointerOf('/screens', screenId) }]);
  };
  const newFlow = () => {
    const id = window.prompt('Id of the new flow (e.g. bike-fit)');
    if (!id) return;
    const brand = window.prompt('Brand name visitors see') ?? '';
    const made = newFlowText({ id, brand });
    if (!made.ok) return setNotice(made.message);
    const target = `flows/${id}.json`;
    if (session.flows.includes(target)) return setNotice(`${target} exists already: pick another id`);
    writeFile(target, made.text).then(
      () => {
        onSession({ ...session, flows: [...session.flows, target].sort() });
        onOpen(target);
      },
      (cause: unknown) => setNotice(String(cause)),
    );
  };

  const history = doc.history;
  if (history === undefined) return <p className="studio-loading">{doc.error ?? `Opening ${file}…`}</p>;
  return (
    <div className="studio">
      <StudioToolbar
        file={file}
        flows={session.flows}
        variants={variants}
        variant={variant}
        kinds={KINDS}
        canUndo={history.past.length > 0}
        canRedo={history.future.length > 0}
        dirty={isDirty(history)}
        onOpen={onOpen}
        onUndo={doc.undo}
        onRedo={doc.redo}
        onVariant={setVariant}
        onAddScreen={addScreen}
        onDeleteScreen={deleteScreen}
        onNewFlow={newFlow}
        onSave={() => setSaving(true)}
      />
      {history.conflict !== undefined ? (
        <div className="studio-banner" role="alert">
          {`${file} changed on disk while you have unsaved edits. Which one do you keep?`}
          <button type="button" onClick={() => doc.resolve('mine')}>Keep my edits</button>
          <button type="button" onClick={() => doc.resolve('disk')}>Take the file on disk</button>
        </div>
      ) : (history.outsideChanges ?? 0) > 0 ? (
        <div className="studio-banner info" role="status">{`${file} changed on disk; the studio shows the new version (Undo goes back).`}</div>
      ) : null}
      {variant !== undefined ? <div className="studio-banner info">{`Variant mode: edits are recorded as patches of ${variant}, not as changes to the base flow.`}</div> : null}
      {notice !== undefined || doc.error !== undefined ? (
        <div className="studio-banner" role="alert">
          {notice ?? doc.error} <button type="button" onClick={() => setNotice(undefined)}>OK</button>
        </div>
      ) : null}
      <main className="studio-main">
        {graph !== null && shown ? (
          <FlowMapView graph={graph} start={shown.start} selected={screenId} onSelect={setSelected} />
        ) : (
          <section className="studio-map studio-warning">The map needs a file with the flow's shape: see the problems.</section>
        )}
        <section className="studio-edit">
          <div className="studio-tabs" role="tablist">
            {(['form', 'screen', 'file'] as const).map((p) => (
              <button key={p} type="button" role="tab" aria-selected={pane === p} onClick={() => setPane(p)}>
                {p === 'form' ? 'Inspector' : p === 'screen' ? 'Screen source' : 'File source'}
              </button>
            ))}
          </div>
          {pane === 'form' && screen !== undefined && screenId !== undefined ? (
            <Inspector screenId={screenId} screen={screen} uploads={session.uploads} onEdit={onEdit} />
          ) : null}
          {pane === 'screen' ? <SourcePane value={screenText} whole={false} marks={marks} onChange={onScreenSource} /> : null}
          {pane === 'file' ? <SourcePane value={history.present} whole marks={marks} jump={jump} onChange={setText} /> : null}
          <ProblemsList file={file} findings={findings} ms={result?.ms} onJump={jumpTo} />
        </section>
        <PreviewPane flow={previewFlow} screenId={screenId} stale={result !== undefined && result.check.errors > 0} />
      </main>
      {saving ? (
        <SaveDialog
          file={file}
          saved={history.saved}
          present={history.present}
          onCancel={() => setSaving(false)}
          onSave={() => {
            setSaving(false);
            void doc.save();
          }}
        />
      ) : null}
    </div>
  );
}
