import type { Progress } from '../engine/flow.gen.ts';
import { interfaceText } from './interface-texts.ts';
import styles from './progress-bar.module.css';

export interface ProgressBarProps {
  /** How far along the funnel is: a fraction such as {step: 2, of: 13}, or "full". */
  progress: Progress;
  /** Accessible name of the bar. */
  label?: string;
}

/** The fraction as [now, max]; "full" is 100 of 100. A step beyond the total is shown as complete. */
function fraction(progress: Progress): [number, number] {
  if (progress === 'full') return [100, 100];
  const max = Math.max(progress.of, 1);
  return [Math.min(Math.max(progress.step, 0), max), max];
}

/**
 * The funnel's progress bar, thin and calm, with the fraction exposed to assistive technology. The
 * fill is a full-width bar slid in from the start of the line (a transform, mirrored right to left
 * in CSS), so a change animates on the compositor: no layout on any frame of it, during a tap or an
 * analysis's ticking.
 */
export function ProgressBar({ progress, label }: ProgressBarProps) {
  const name = interfaceText('progress', 'Progress');
  const [now, max] = fraction(progress);
  return (
    <div
      className={styles.track}
      role="progressbar"
      aria-label={label ?? name}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={now}
    >
      <div
        className={styles.fill}
        style={{
          transform: `translateX(${(now / max) * 100 - 100}%)` /* rtl-checked: .track:dir(rtl) mirrors it */,
        }}
      />
    </div>
  );
}
