import { useEffect, useEffectEvent, useId, useRef, type CSSProperties } from 'react';
import { ActionBar } from '../../components/action-bar.tsx';
import { Blocks } from '../../components/blocks.tsx';
import { Button } from '../../components/button.tsx';
import { QuestionHeader } from '../../components/question-header.tsx';
import { ScreenBody } from '../../components/screen-body.tsx';
import type { ScreenProps } from '../screen-props.ts';
import styles from './slider.module.css';

/** A number on a range slider (e.g. age 35–65), shown big above it. Arrow keys work natively. */
export function SliderScreen({ screen, answers, canContinue, busy, send }: ScreenProps<'slider'>) {
  const questionId = useId();
  const stored = answers[screen.answer];
  const value = typeof stored === 'number' ? stored : screen.default;
  const span = screen.max - screen.min;
  const fill = span > 0 ? ((value - screen.min) / span) * 100 : 0;
  const spoken = screen.unit ? `${value} ${screen.unit}` : String(value);
  const trackStyle: CSSProperties & { '--fill': string } = { '--fill': `${fill}%` };
  // A value slid to on the build's drawing of this screen, before the app's code was in, fired no
  // change the app heard: it is taken when the screen first mounts (hydrates).
  const range = useRef<HTMLInputElement>(null);
  const takeSlidEarlier = useEffectEvent(() => {
    const slid = Number(range.current?.value);
    if (range.current && Number.isFinite(slid) && slid !== value) send({ type: 'SET_VALUE', value: slid });
  });
  useEffect(() => takeSlidEarlier(), []);
  return (
    <ScreenBody>
      <Blocks blocks={screen.content} firstHeading={2} />
      <div>
        <QuestionHeader id={questionId} question={screen.question} hint={screen.hint} />
        <p className={styles.value} aria-hidden="true" data-testid="slider-value">
          {value}
          {screen.unit && <span className={styles.unit}> {screen.unit}</span>}
        </p>
        <input
          className={styles.range}
          style={trackStyle}
          ref={range}
          type="range"
          min={screen.min}
          max={screen.max}
          step={screen.step}
          value={value}
          aria-labelledby={questionId}
          aria-valuetext={spoken}
          onChange={(event) => send({ type: 'SET_VALUE', value: Number(event.target.value) })}
        />
        <div className={styles.scale} aria-hidden="true">
          <span>{screen.min}</span>
          <span>{screen.max}</span>
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
