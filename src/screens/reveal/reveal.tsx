import { ActionBar } from '../../components/action-bar.tsx';
import { AnimatedPercent } from '../../components/animated-percent.tsx';
import { Blocks } from '../../components/blocks.tsx';
import { Button } from '../../components/button.tsx';
import { FadeIn } from '../../components/fade-in.tsx';
import { ScreenBody } from '../../components/screen-body.tsx';
import type { ScreenProps } from '../screen-props.ts';
import styles from './reveal.module.css';

/** A resolved template as a number; blank or non-numeric text (a missing result) counts as 0. */
function toNumber(text: string | undefined): number {
  const value = Number(text ?? 0);
  return Number.isFinite(value) ? value : 0;
}

/**
 * The diagnosis moment: copy, then a figure counting up to the computed score (a percentage, or a
 * number, money or compact figure in the flow's locale), then the way on.
 */
export function RevealScreen({ screen, busy, send, numbers }: ScreenProps<'reveal'>) {
  const { percent } = screen;
  return (
    <ScreenBody>
      <Blocks blocks={screen.content} />
      <FadeIn>
        <section className={styles.score} aria-label={percent.caption ?? 'Your score'}>
          <AnimatedPercent
            from={toNumber(percent.from)}
            to={toNumber(percent.value)}
            delayMs={percent.delayMs}
            steps={percent.steps}
            stepMs={percent.stepMs}
            unit={percent.unit}
            decimals={percent.decimals}
            format={percent.format}
            numbers={numbers}
            prefix={percent.prefix}
            label={percent.label}
            labelClassName={styles.label}
            after={percent.caption}
          />
          {percent.caption && (
            <p className={styles.caption} aria-hidden="true">
              {percent.caption}
            </p>
          )}
        </section>
      </FadeIn>
      {screen.footer && (
        <FadeIn delay={0.3}>
          <Blocks blocks={screen.footer} firstHeading={2} />
        </FadeIn>
      )}
      <ActionBar>
        <Button busy={busy} onClick={() => send({ type: 'CONTINUE' })}>
          {screen.button}
        </Button>
      </ActionBar>
    </ScreenBody>
  );
}
