/**
 * The Flow Studio: the map, the inspector and source pane of the selected screen, the problems list and
 * the phone preview, over one open flow file whose every edit is a minimal text edit (studio-edits.ts).
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { applyPatches } from '../engine/apply-patches.ts';
import type { CheckFinding } from '../engine/flow-edit/check-flow.ts';
import { flowGraph } from '../engine/flow-edit/flow-graph.ts';
import type { Flow } from '../engine/flow-model.ts';
import { pointerSegments } from '../engine/i18n/text-pointers.ts';
import { pointerOf } from '../engine/validation/flow-issue.ts';
import { isFlow } from '../engine/validation/schema-check.ts';
import { DeleteDialog } from './delete-dialog.tsx';
import { FlowMapView } from './flow-map-view.tsx';
import { isDirty } from './flow-history.ts';
import { Inspector, type InspectedScreen } from './inspector.tsx';
import { NewFlowDialog } from './new-flow-dialog.tsx';
import { addScreenOps } from './new-screen.ts';
import { PreviewPane } from './preview-pane.tsx';
import { ProblemsList } from './problems-list.tsx';
import { SaveDialog } from './save-dialog.tsx';
import { screenDefs } from './screen-schema.ts';
import { SourcePane, type SourceMark } from './source-pane.tsx';
import { fetchSession, uploadPath, writeFile, type StudioSession } from './studio-api.ts';
import { applyStudioEdit, variantAt, type VariantKey } from './studio-edits.ts';
import { StudioToolbar } from './studio-toolbar.tsx';
import { useStudioLanguage } from './use-language.ts';
import { useLanguageFiles } from './use-language-files.ts';
import { useChecker } from './use-checker.ts';
import { useFlowFile } from './use-flow-file.ts';
import { reportStatus, useMapReport } from './use-map-report.ts';
import { FieldSpeedPanel } from './field-speed-view.tsx';
import { usePlaceholders } from './use-placeholders.ts';
import { valuePatch, type PatchOp } from './value-patch.ts';
import { useVersionsLayer } from './versions-layer.tsx';

const KINDS = [...screenDefs().keys()];

function parsedJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The screen `id` of a parsed file, as it is (it may not have its schema's shape while she edits it). */
function rawScreen(value: unknown, id: string | undefined): InspectedScreen | undefined {
  const screens = isRecord(value) ? value.screens : undefined;
  const screen = id !== undefined && isRecord(screens) ? screens[id] : undefined;
  return isRecord(screen) && typeof screen.kind === 'string' ? { ...screen, kind: screen.kind } : undefined;
}

/** The value, or the last defined one while it is undefined (React's "previous value in state" pattern). */
function useLast<T>(value: T | undefined): T | undefined {
  const [last, setLast] = useState(value);
  if (value !== undefined && value !== last) setLast(value);
  return value ?? last;
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
  const raw = useMemo(() => parsedJson(present), [present]);
  // While the file lacks the flow's shape (an option just added, half filled in), the map, the palette
  // and the variants work on the last text that had it.
  const base = useLast(useMemo(() => (isFlow(raw) ? raw : undefined), [raw]));
  const check = useChecker(file, present, useLanguageFiles(file, base));
  const [variant, setVariant] = useState<VariantKey | undefined>(undefined);
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [pane, setPane] = useState<'form' | 'screen' | 'file'>('form');
  const [jump, setJump] = useState<{ line: number; column: number; nonce: number } | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const [dialog, setDialog] = useState<'delete' | 'new-flow' | undefined>(undefined);
  const report = useMapReport(file);
  const shown = useMemo(() => withVariant(base, variant), [base, variant]);
  const result = check.result;
  // The preview doesn't wait for the checker: a text with the flow's shape is shown at once, unless
  // the last check found errors (then the last flow that passed stays on show until they are fixed).
  const fresh = result !== undefined && result.text === present;
  // (A language file's errors, a stale translation, say, leave the flow itself previewable.)
  const broken = result !== undefined && result.check.flow === null;
  const previewBase = fresh ? (result.check.flow ?? check.lastGood) : broken ? check.lastGood : (base ?? check.lastGood);
  // The toolbar's Language: the preview shows the flow in it (its experiments' patches translated too).
  const studioLanguage = useStudioLanguage(file, previewBase);
  const { translate } = studioLanguage;
  const previewFlow = useMemo(() => withVariant(translate(previewBase), variant), [previewBase, variant, translate]);
  const findings = useMemo(() => result?.check.findings ?? [], [result]);
  const currentGraph = useMemo(
    () => (variant !== undefined && shown ? flowGraph(shown, findings) : (result?.graph ?? undefined)),
    [variant, shown, findings, result],
  );
  const graph = useLast(currentGraph) ?? null;
  const screenId = selected !== undefined && shown && selected in shown.screens ? selected : shown?.start;
  const screen: InspectedScreen | undefined = useMemo(
    () => (variant === undefined ? rawScreen(raw, screenId) : rawScreen(shown, screenId)),
    [variant, raw, shown, screenId],
  );
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
  // The inspector and the screen source give the whole screen; the edit is its difference from the
  // screen as the file has it now (not as a deferred render showed it).
  const onScreenValue = useCallback(
    (value: unknown) => {
      if (screen !== undefined && screenId !== undefined) onEdit(valuePatch(screen, value, pointerOf('/screens', screenId)));
    },
    [screen, screenId, onEdit],
  );
  const onScreenSource = useCallback(
    (text: string) => {
      try {
        onScreenValue(JSON.parse(text));
      } catch {
        // Not JSON yet (she is typing): the edit is made once it is.
      }
    },
    [onScreenValue],
  );
  // The preview is drawn first after an edit; the form, the map and the problems follow when React
  // has time (each is a large render; the phone showing the edit within 300 ms matters more).
  const later = useDeferredValue(useMemo(() => ({ screen, screenId, graph, findings }), [screen, screenId, graph, findings]));
  const marks: SourceMark[] = useMemo(
    () => (pane === 'file' ? findings.filter((f) => f.file === undefined).map((f) => ({ line: f.line, column: f.column, severity: f.severity, message: f.message })) : []),
    [pane, findings],
  );
  const jumpTo = useCallback((finding: CheckFinding) => {
    // A language file's finding is about the flow text it translates: /texts/<that text's pointer>/….
    const segments = pointerSegments(finding.pointer);
    const [where, id] = finding.file === undefined ? segments : pointerSegments(segments[1] ?? '');
    if (where === 'screens' && id !== undefined) setSelected(id);
    if (finding.file !== undefined) return setPane('form');
    setPane('file');
    setJump({ line: finding.line, column: finding.column, nonce: Date.now() });
  }, []);
  const addScreen = (kind: string) => {
    if (!shown) return;
    const added = addScreenOps(shown.screens, shown.start, screenId, kind);
    onEdit(added.ops);
    setSelected(added.id);
  };
  const placeholders = usePlaceholders(base, screenId);
  const onUpload = useCallback(
    async (image: File) => {
      const path = uploadPath(image.name, session.uploads);
      await writeFile(path, image);
      onSession({ ...session, uploads: [...session.uploads, path].sort() });
      return path;
    },
    [session, onSession],
  );
  const reach = report.state.on && report.state.report?.available ? report.state.report.screens : undefined;
  const field = report.state.on && report.state.report?.available ? report.state.report.fieldSpeed : undefined;
  const fieldOfScreen = later.screenId === undefined ? undefined : field?.get(later.screenId);
  const reportLine = reportStatus(report.state);
  const layer = useVersionsLayer(file, doc.save);

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
        languages={studioLanguage.languages}
        language={studioLanguage.language}
        onLanguage={studioLanguage.setLanguage}
        report={report.state.on}
        onReport={report.toggle}
        onAddScreen={addScreen}
        onDeleteScreen={() => setDialog('delete')}
        onNewFlow={() => setDialog('new-flow')}
        onSave={() => setSaving(true)}
        onHistory={layer.openHistory}
        onPublish={layer.openPublish}
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
      {reportLine === undefined ? null : <div className="studio-banner info" role="status">{reportLine}</div>}
      {notice !== undefined || doc.error !== undefined ? (
        <div className="studio-banner" role="alert">
          {notice ?? doc.error} <button type="button" onClick={() => setNotice(undefined)}>OK</button>
        </div>
      ) : null}
      {layer.viewing ?? <main className="studio-main">
        {later.graph !== null && shown ? (
          <FlowMapView graph={later.graph} start={shown.start} selected={later.screenId} reach={reach} field={field} onSelect={setSelected} />
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
          {pane === 'form' && fieldOfScreen !== undefined && later.screenId !== undefined ? <FieldSpeedPanel screenId={later.screenId} metrics={fieldOfScreen} /> : null}
          {pane === 'form' && later.screen !== undefined && later.screenId !== undefined ? (
            <Inspector screenId={later.screenId} screen={later.screen} findings={later.findings} uploads={session.uploads} placeholders={placeholders} onUpload={onUpload} onChange={onScreenValue} />
          ) : null}
          {pane === 'screen' ? <SourcePane value={screenText} whole={false} marks={marks} onChange={onScreenSource} /> : null}
          {pane === 'file' ? <SourcePane value={history.present} whole marks={marks} jump={jump} onChange={setText} /> : null}
          <ProblemsList file={file} findings={later.findings} ms={result?.ms} onJump={jumpTo} />
        </section>
        <PreviewPane flow={previewFlow} screenId={screenId} stale={broken} />
      </main>}
      {layer.overlay}
      {dialog === 'delete' && screenId !== undefined && graph !== null && shown ? (
        <DeleteDialog
          screenId={screenId}
          graph={graph}
          screens={Object.keys(shown.screens)}
          next={screen !== undefined && typeof screen.next === 'string' ? screen.next : undefined}
          start={screenId === shown.start}
          onCancel={() => setDialog(undefined)}
          onDelete={(ops) => {
            setDialog(undefined);
            setSelected(undefined);
            onEdit(ops);
          }}
        />
      ) : null}
      {dialog === 'new-flow' ? (
        <NewFlowDialog
          flows={session.flows}
          onCancel={() => setDialog(undefined)}
          onCreated={(target) => {
            onSession({ ...session, flows: [...session.flows, target].sort() });
            onOpen(target);
          }}
        />
      ) : null}
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
