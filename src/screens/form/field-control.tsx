import type { ScreenOfKind } from '../../engine/flow-model.ts';
import { CHECKED } from '../../engine/field-rules.ts';
import styles from './form.module.css';

type Field = ScreenOfKind<'form'>['fields'][number];

export interface FieldControlProps {
  /** The flow's field. */
  field: Field;
  /** The input's id (its label points at it). */
  id: string;
  /** The stored answer ('' when none; a ticked checkbox stores "yes"). */
  value: string;
  /** Read-only while the form is being sent. */
  busy: boolean;
  /** Marked invalid (a hint or a refusal speaks for it). */
  invalid: boolean;
  /** The ids of the texts that describe it. */
  describedBy: string | undefined;
  /** The visitor changed the value. */
  onChange: (value: string) => void;
  /** The visitor left the field. */
  onLeave: () => void;
  /** Enter was pressed in a text field. */
  onEnter: () => void;
}

/** The keyboard a phone shows for each text-like type. */
const INPUT_MODE = { email: 'email', tel: 'tel', number: 'decimal' } as const;

/**
 * One field's control: a text-like input, a select, or a tick box. The label is the form's, except a
 * checkbox's, which sits beside its box. Its rules are judged by the engine (field-rules.ts), not here.
 */
export function FieldControl({ field, id, value, busy, invalid, describedBy, onChange, onLeave, onEnter }: FieldControlProps) {
  const common = {
    id,
    name: field.name,
    required: field.required,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    onBlur: onLeave,
  };
  if (field.type === 'select') {
    return (
      <select {...common} className={styles.input} disabled={busy} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{field.placeholder ?? ''}</option>
        {(field.options ?? []).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  }
  if (field.type === 'checkbox') {
    return (
      <span className={styles.check}>
        <input
          {...common}
          className={styles.box}
          type="checkbox"
          disabled={busy}
          checked={value === CHECKED}
          onChange={(event) => onChange(event.target.checked ? CHECKED : '')}
        />
        <label htmlFor={id}>{field.label}</label>
      </span>
    );
  }
  return (
    <input
      {...common}
      className={styles.input}
      // A number field stays a text input: the browser's number input drops what it can't parse
      // ("abc" reads as ""), so the field's own rule could never say what is wrong.
      type={field.type === 'number' ? 'text' : field.type}
      inputMode={field.type === 'text' ? undefined : INPUT_MODE[field.type]}
      autoComplete={field.autocomplete}
      placeholder={field.placeholder}
      // An email is not cut at its limit: the hint says it is too long (setFieldValue).
      maxLength={field.type === 'email' ? undefined : field.maxLength}
      readOnly={busy}
      value={value}
      // Enter does not submit past a disabled button, so it shows what is missing instead.
      onKeyDown={(event) => {
        if (event.key === 'Enter') onEnter();
      }}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
