/**
 * The inspector's widget for copy (the schema's Template strings): a text field with a list of the
 * placeholders in scope on the screen beside it. Picking one inserts it at the caret, so she never
 * types `{answers.changeSpeed}` from memory, and what she picks is what the checker accepts there.
 */
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { memo, useCallback, useEffect, useRef } from 'react';
import type { ScopedPlaceholder } from '../engine/flow-edit/placeholder-scope.ts';
import type { StudioFormContext } from './form-context.ts';

/** Where the caret is in the field `id` (the end when it has no focus yet). */
function caret(id: string, value: string): [number, number] {
  const field = document.getElementById(id);
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return [value.length, value.length];
  return [field.selectionStart ?? value.length, field.selectionEnd ?? value.length];
}

interface PlaceholderMenuProps {
  placeholders: readonly ScopedPlaceholder[];
  /** What the menu inserts into, for its accessible name. */
  label: string;
  disabled: boolean;
  onPick: (placeholder: string) => void;
}

/** The list itself: drawn again only when the scope changes, not at every keystroke in the form. */
const PlaceholderMenu = memo(function PlaceholderMenu({ placeholders, label, disabled, onPick }: PlaceholderMenuProps) {
  return (
    <select
      className="studio-placeholders"
      aria-label={`Insert a placeholder into ${label}`}
      value=""
      disabled={disabled}
      onChange={(event) => event.target.value !== '' && onPick(event.target.value)}
    >
      <option value="">{'{…}'}</option>
      {placeholders.map((p) => (
        <option key={p.text} value={p.text} title={p.source}>
          {p.text}
        </option>
      ))}
    </select>
  );
});

export function TemplateWidget(props: WidgetProps<unknown, RJSFSchema, StudioFormContext>) {
  const { id, value, onChange, registry, label, disabled, readonly } = props;
  // The theme's own text input (a registered template, looked up, not made here).
  const { BaseInputTemplate } = registry.templates;
  const placeholders = registry.formContext.placeholders;
  const text = typeof value === 'string' ? value : '';
  const latest = useRef({ id, text, onChange });
  useEffect(() => {
    latest.current = { id, text, onChange };
  });
  const insert = useCallback((placeholder: string) => {
    const now = latest.current;
    const [from, to] = caret(now.id, now.text);
    now.onChange(`${now.text.slice(0, from)}${placeholder}${now.text.slice(to)}`);
  }, []);
  return (
    <div className="studio-template">
      <BaseInputTemplate {...props} />
      {placeholders.length === 0 ? null : (
        <PlaceholderMenu placeholders={placeholders} label={label || id} disabled={disabled === true || readonly === true} onPick={insert} />
      )}
    </div>
  );
}
