/** The studio's top bar: which flow, undo and redo, variant mode, the preview's language, the palette, the report overlay, Save, History and Publish. */
import type { ScreenKind } from '../engine/flow-model.ts';
import type { VariantKey } from './studio-edits.ts';

export interface StudioToolbarProps {
  file: string;
  flows: readonly string[];
  variants: readonly VariantKey[];
  variant: VariantKey | undefined;
  kinds: readonly string[];
  canUndo: boolean;
  canRedo: boolean;
  dirty: boolean;
  /** The report overlay is on. */
  report: boolean;
  onReport: () => void;
  onOpen: (file: string) => void;
  onUndo: () => void;
  onRedo: () => void;
  onVariant: (variant: VariantKey | undefined) => void;
  /** The flow's languages and the one the preview shows. */
  languages: readonly string[];
  language: string;
  onLanguage: (language: string) => void;
  onAddScreen: (kind: ScreenKind | string) => void;
  onDeleteScreen: () => void;
  onNewFlow: () => void;
  onSave: () => void;
  onHistory: () => void;
  onPublish: () => void;
}

export function StudioToolbar(props: StudioToolbarProps) {
  return (
    <header className="studio-toolbar">
      <strong className="studio-title">Flow Studio</strong>
      <label>
        Flow{' '}
        <select aria-label="Flow file" value={props.file} onChange={(e) => props.onOpen(e.target.value)}>
          {props.flows.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={props.onNewFlow}>
        New flow
      </button>
      <button type="button" onClick={props.onUndo} disabled={!props.canUndo}>
        Undo
      </button>
      <button type="button" onClick={props.onRedo} disabled={!props.canRedo}>
        Redo
      </button>
      <label>
        Edit{' '}
        <select
          aria-label="Edit mode"
          value={props.variant ?? ''}
          onChange={(e) => props.onVariant(props.variants.find((v) => v === e.target.value))}
        >
          <option value="">the base flow</option>
          {props.variants.map((v) => (
            <option key={v} value={v}>{`variant ${v}`}</option>
          ))}
        </select>
      </label>
      {props.languages.length > 1 ? (
        <label>
          Language{' '}
          <select
            aria-label="Preview language"
            value={props.language}
            onChange={(e) => props.onLanguage(e.target.value)}
          >
            {props.languages.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label>
        Add screen{' '}
        <select
          aria-label="Add screen"
          value=""
          onChange={(e) => e.target.value !== '' && props.onAddScreen(e.target.value)}
        >
          <option value="">kind…</option>
          {props.kinds.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={props.onDeleteScreen}>
        Delete screen
      </button>
      <button type="button" aria-pressed={props.report} onClick={props.onReport}>
        Report on map
      </button>
      <button type="button" className="studio-save" onClick={props.onSave} disabled={!props.dirty}>
        {props.dirty ? 'Save…' : 'Saved'}
      </button>
      <button type="button" onClick={props.onHistory}>
        History
      </button>
      <button type="button" className="studio-publish-button" onClick={props.onPublish}>
        Publish…
      </button>
    </header>
  );
}
