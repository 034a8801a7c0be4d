import { useId, type FormEvent } from 'react';
import { ActionBar } from '../../components/action-bar.tsx';
import { Blocks } from '../../components/blocks.tsx';
import { Button } from '../../components/button.tsx';
import { ScreenBody } from '../../components/screen-body.tsx';
import type { ScreenOfKind } from '../../engine/flow-model.ts';
import type { ScreenProps } from '../screen-props.ts';
import styles from './form.module.css';

/** The button's words: busy beats disabled, which beats the plain label. */
function buttonLabel(screen: ScreenOfKind<'form'>, canContinue: boolean, busy: boolean): string {
  if (busy && screen.busyButton) return screen.busyButton;
  if (!canContinue && screen.disabledButton) return screen.disabledButton;
  return screen.button;
}

/** Fields such as name and email. The machine's guards decide when Continue is allowed. */
export function FormScreen({ screen, answers, canContinue, busy, error, send }: ScreenProps<'form'>) {
  const baseId = useId();
  const errorId = `${baseId}-error`;
  const privacyId = `${baseId}-privacy`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canContinue && !busy) send({ type: 'CONTINUE' });
  };

  return (
    <ScreenBody>
      <Blocks blocks={screen.content} />
      <form className={styles.form} noValidate onSubmit={submit} aria-busy={busy || undefined}>
        <div className={styles.fields}>
          {screen.fields.map((field) => {
            const id = `${baseId}-${field.name}`;
            const stored = answers[field.name];
            return (
              <div key={field.name} className={styles.field}>
                <label className={styles.label} htmlFor={id}>
                  {field.label}
                </label>
                <input
                  id={id}
                  className={styles.input}
                  type={field.type}
                  name={field.name}
                  inputMode={field.type === 'email' ? 'email' : undefined}
                  autoComplete={field.autocomplete}
                  placeholder={field.placeholder}
                  maxLength={field.maxLength}
                  required={field.required}
                  readOnly={busy}
                  value={typeof stored === 'string' ? stored : ''}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(event) =>
                    send({ type: 'SET_FIELD', field: field.name, value: event.target.value })
                  }
                />
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
