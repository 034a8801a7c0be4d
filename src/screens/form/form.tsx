import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import { ActionBar } from '../../components/action-bar.tsx';
import { Blocks } from '../../components/blocks.tsx';
import { Button } from '../../components/button.tsx';
import { ScreenBody } from '../../components/screen-body.tsx';
import { installFormRules } from '../../engine/answers.ts';
import { emailProblem } from '../../engine/email-rule.ts';
import { fieldProblem } from '../../engine/field-rules.ts';
import { fieldAccepted } from '../../engine/form-rules.ts';
import type { ScreenOfKind } from '../../engine/flow-model.ts';
import type { ScreenProps } from '../screen-props.ts';
import { FieldControl } from './field-control.tsx';
import styles from './form.module.css';

type Field = ScreenOfKind<'form'>['fields'][number];

// The machine's Continue guard judges a form by these rules; they load with this chunk, not the entry.
installFormRules(fieldAccepted);

/** The button's words: busy beats disabled, which beats the plain label. */
function buttonLabel(screen: ScreenOfKind<'form'>, canContinue: boolean, busy: boolean): string {
  if (busy && screen.busyButton) return screen.busyButton;
  if (!canContinue && screen.disabledButton) return screen.disabledButton;
  return screen.button;
}

/** The field's own complaint about its value, or null; an empty field is the button's business. */
function fieldHint(field: Field, value: string): string | null {
  if (field.type === 'email') return value.trim() !== '' ? emailProblem(value) : null;
  return fieldProblem(field, value);
}

/**
 * Fields such as name and email. The machine's guards decide when Continue is allowed; the form says
 * why not beside the field, once the visitor has left it or tried to send.
 */
export function FormScreen({ screen, answers, canContinue, busy, error, errorField, send }: ScreenProps<'form'>) {
  const baseId = useId();
  const errorId = `${baseId}-error`;
  const privacyId = `${baseId}-privacy`;
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const leave = (name: string) => setLeft((names) => new Set(names).add(name));

  const showAll = () => setLeft(new Set(screen.fields.map((field) => field.name)));

  // What the visitor typed into the build's drawing of this screen, before the app's code was in, fired
  // no change the app heard: it is taken when the screen first mounts (hydrates), field by field.
  const formRef = useRef<HTMLFormElement>(null);
  const takeTypedEarlier = useEffectEvent(() => {
    for (const field of screen.fields) {
      const input = formRef.current?.elements.namedItem(field.name);
      const stored = answers[field.name];
      // A tick box's state is not typed, so only text inputs and selects can hold something earlier.
      const typed = (input instanceof HTMLInputElement && input.type !== 'checkbox') || input instanceof HTMLSelectElement;
      if (!typed || input.value === (typeof stored === 'string' ? stored : '')) continue;
      send({ type: 'SET_FIELD', field: field.name, value: input.value });
      // A field she has already moved on from says what is wrong with it, as after a blur.
      if (input !== document.activeElement) leave(field.name);
    }
  });
  useEffect(() => takeTypedEarlier(), []);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canContinue && !busy) send({ type: 'CONTINUE' });
    else showAll();
  };

  return (
    <ScreenBody>
      <Blocks blocks={screen.content} />
      <form ref={formRef} className={styles.form} noValidate onSubmit={submit} aria-busy={busy || undefined}>
        <div className={styles.fields}>
          {screen.fields.map((field) => {
            const id = `${baseId}-${field.name}`;
            const hintId = `${id}-hint`;
            const stored = answers[field.name];
            const value = typeof stored === 'string' ? stored : '';
            const hint = left.has(field.name) ? fieldHint(field, value) : null;
            const refused = error !== null && errorField === field.name;
            // A general error speaks for every field; a refusal only for the field it names.
            const describedBy = [hint && hintId, error && (!errorField || refused) && errorId]
              .filter(Boolean)
              .join(' ');
            return (
              <div key={field.name} className={styles.field}>
                {field.type !== 'checkbox' && (
                  <label className={styles.label} htmlFor={id}>
                    {field.label}
                  </label>
                )}
                <FieldControl
                  field={field}
                  id={id}
                  value={value}
                  busy={busy}
                  invalid={hint !== null || refused}
                  describedBy={describedBy || undefined}
                  onLeave={() => leave(field.name)}
                  onEnter={() => {
                    if (!canContinue) showAll();
                  }}
                  onChange={(changed) => {
                    send({ type: 'SET_FIELD', field: field.name, value: changed });
                    // A tick box has no "leaving": its message shows as soon as it is unticked.
                    if (field.type === 'checkbox') leave(field.name);
                  }}
                />
                {hint && (
                  <p id={hintId} className={styles.hint}>
                    {hint}
                  </p>
                )}
              </div>
            );
          })}
        </div>
        {error && (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        )}
        <ActionBar>
          <Button
            type="submit"
            disabled={!canContinue}
            busy={busy}
            aria-describedby={screen.privacyNote ? privacyId : undefined}
          >
            {buttonLabel(screen, canContinue, busy)}
          </Button>
          {screen.privacyNote && (
            <p id={privacyId} className={styles.privacy}>
              {screen.privacyNote}
            </p>
          )}
        </ActionBar>
      </form>
    </ScreenBody>
  );
}
