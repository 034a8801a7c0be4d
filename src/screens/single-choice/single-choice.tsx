import { useId } from 'react';
import { ActionBar } from '../../components/action-bar.tsx';
import { Blocks } from '../../components/blocks.tsx';
import { Button } from '../../components/button.tsx';
import { OptionButton } from '../../components/option-button.tsx';
import { QuestionHeader } from '../../components/question-header.tsx';
import { ScreenBody } from '../../components/screen-body.tsx';
import type { ScreenProps } from '../screen-props.ts';
import styles from './single-choice.module.css';

/** A question with one answer, as a radio group (native radios: arrow keys move the choice). */
export function SingleChoiceScreen({
  screen,
  answers,
  canContinue,
  busy,
  send,
}: ScreenProps<'single-choice'>) {
  const questionId = useId();
  const stored = answers[screen.answer];
  const current = typeof stored === 'string' ? stored : undefined;
  return (
    <ScreenBody>
      <Blocks blocks={screen.content} firstHeading={2} />
      <div>
        <QuestionHeader id={questionId} question={screen.question} hint={screen.hint} />
        <div className={styles.options} role="radiogroup" aria-labelledby={questionId}>
          {screen.options.map((option) => (
            <OptionButton
              key={option.value}
              type="radio"
              name={screen.answer}
              value={option.value}
              label={option.label}
              checked={current === option.value}
              onSelect={(value) => send({ type: 'SELECT_OPTION', value })}
            />
          ))}
        </div>
      </div>
      <ActionBar>
        <Button disabled={!canContinue} busy={busy} onClick={() => send({ type: 'CONTINUE' })}>
          {screen.button}
        </Button>
      </ActionBar>
    </ScreenBody>
  );
}
