/**
 * The source pane: CodeMirror 6 on the selected screen's JSON or on the whole file, with the flow
 * schema's completion and hover help, and the checker's findings underlined at their line:column.
 * Typing here is an edit like any other (one step of undo; the file keeps its formatting).
 */
import { json } from '@codemirror/lang-json';
import { linter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { Annotation, EditorState, type Text } from '@codemirror/state';
import { hoverTooltip } from '@codemirror/view';
import { EditorView, basicSetup } from 'codemirror';
import { jsonCompletion, jsonSchemaHover, stateExtensions } from 'codemirror-json-schema';
import type { JSONSchema7 } from 'json-schema';
import { useEffect, useRef } from 'react';
import { FLOW_SCHEMA } from './screen-schema.ts';

/** A finding to underline, at a 1-based line and column of the pane's text. */
export interface SourceMark {
  line: number;
  column: number;
  severity: 'error' | 'warning';
  message: string;
}

export interface SourcePaneProps {
  /** What the pane shows (the screen's JSON or the whole file). */
  value: string;
  /** Whether the text is the whole file (the schema's root) or one screen. */
  whole: boolean;
  marks: readonly SourceMark[];
  /** Put the cursor here (a problem she clicked); `nonce` makes the same place jump again. */
  jump?: { line: number; column: number; nonce: number };
  onChange: (text: string) => void;
}

function offset(doc: Text, line: number, column: number): number {
  const at = doc.line(Math.min(Math.max(line, 1), doc.lines));
  return Math.min(at.from + Math.max(column - 1, 0), at.to);
}

function diagnostics(doc: Text, marks: readonly SourceMark[]): Diagnostic[] {
  return marks.map((mark) => {
    const from = offset(doc, mark.line, mark.column);
    return { from, to: Math.min(doc.line(doc.lineAt(from).number).to, from + 40), severity: mark.severity, message: mark.message };
  });
}

function isSchema(value: unknown): value is JSONSchema7 {
  return typeof value === 'object' && value !== null;
}

const FROM_STUDIO = Annotation.define<boolean>();

const SCREEN_SCHEMA: Record<string, unknown> = { ...FLOW_SCHEMA, $ref: '#/$defs/Screen' };

export function SourcePane({ value, whole, marks, jump, onChange }: SourcePaneProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);
  useEffect(() => {
    if (!host.current) return;
    const schema = whole ? FLOW_SCHEMA : SCREEN_SCHEMA;
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: '',
        extensions: [
          basicSetup,
          json(),
          linter(null),
          ...(isSchema(schema) ? stateExtensions(schema) : []),
          EditorState.languageData.of(() => [{ autocomplete: jsonCompletion() }]),
          EditorView.updateListener.of((update) => {
            // Her typing, not the text the pane was given (that one comes back from the studio).
            if (update.docChanged && !update.transactions.some((t) => t.annotation(FROM_STUDIO)))
              changed.current(update.state.doc.toString());
          }),
          hoverTooltip(jsonSchemaHover()),
        ],
      }),
    });
    view.current = created;
    return () => created.destroy();
  }, [whole]);
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current !== value) {
      const head = Math.min(editor.state.selection.main.head, value.length);
      editor.dispatch({ changes: { from: 0, to: current.length, insert: value }, selection: { anchor: head }, annotations: FROM_STUDIO.of(true) });
    }
  }, [value, whole]);
  useEffect(() => {
    const editor = view.current;
    if (editor) editor.dispatch(setDiagnostics(editor.state, diagnostics(editor.state.doc, marks)));
  }, [value, marks, whole]);
  useEffect(() => {
    const editor = view.current;
    if (!editor || jump === undefined) return;
    const at = offset(editor.state.doc, jump.line, jump.column);
    editor.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) });
    editor.focus();
  }, [jump]);
  return <div className="studio-source" ref={host} aria-label={whole ? 'Source of the whole file' : 'Source of the screen'} />;
}
