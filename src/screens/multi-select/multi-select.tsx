import { useId } from 'react';
import { ActionBar } from '../../components/action-bar.tsx';
import { Blocks } from '../../components/blocks.tsx';
import { Button } from '../../components/button.tsx';
import { OptionButton } from '../../components/option-button.tsx';
import { QuestionHeader } from '../../components/question-header.tsx';
import { ScreenBody } from '../../components/screen-body.tsx';
import type { AnswerValue } from '../../engine/flow-model.ts';
import type { ScreenProps } from '../screen-props.ts';
import styles from './multi-select.module.css';

/** The chosen values; anything but a list (nothing stored yet, foreign data) means none. */
function chosen(value: AnswerValue | undefined): readonly string[] {
  return Array.isArray(value) ? value : [];
}

/**
 * A question whose options toggle on and off. The machine does the toggling; this shows what the
 * answers hold. 'None of these' is an ordinary option.
 */
export function MultiSelectScreen({ screen, answers, canContinue, busy, send }: ScreenProps<'multi-select'>) {
  const questionId = useId();
  const selected = chosen(answers[screen.answer]);
  return (
    <ScreenBody>
      <Blocks blocks={screen.content} firstHeading={2} />
      <div>
        <QuestionHeader id={questionId} question={screen.question} hint={screen.hint} />
        <div className={styles.options} role="group" aria-labelledby={questionId}>
          {screen.options.map((option) => (
            <OptionButton
              key={option.value}
              type="checkbox"
              name={screen.answer}
              value={option.value}
              label={option.label}
              checked={selected.includes(option.value)}
              onSelect={(value) => send({ type: 'SELECT_OPTION', value })}
            />
          ))}
        </div>
      </div>
      <div aria-live="polite">
        {screen.selectedNote && selected.length > 0 && (
          <Blocks blocks={[{ type: 'note', text: screen.selectedNote, tone: 'success' }]} />
        )}
      </div>
      <ActionBar>
        <Button disabled={!canContinue} busy={busy} onClick={() => send({ type: 'CONTINUE' })}>
          {screen.button}
        </Button>
      </ActionBar>
    </ScreenBody>
  );
}
