import { useEffect, useState } from 'react';
import { useReducedMotion } from './use-reduced-motion.ts';
import { VisuallyHidden } from './visually-hidden.tsx';
import styles from './animated-percent.module.css';

export interface AnimatedPercentProps {
  /** Where counting starts. */
  from: number;
  /** Where counting ends; the last step shows exactly this (rounded to a whole number). */
  to: number;
  /** Wait before the first step, in ms. */
  delayMs: number;
  /** Number of steps from `from` to `to`. */
  steps: number;
  /** Time per step, in ms. */
  stepMs: number;
}

/** The value shown after `step` of `steps` steps; the last step is exactly the (rounded) target. */
function valueAt(from: number, to: number, step: number, steps: number): number {
  if (step >= steps) return Math.round(to);
  return Math.round(from + ((to - from) * step) / steps);
}

/**
 * A percentage that counts up to a score. Timers (not animation frames) drive it, so it is exact and
 * testable with fake timers. With reduced motion it shows the score at once. Only the final value is
 * announced to screen readers.
 */
export function AnimatedPercent({ from, to, delayMs, steps, stepMs }: AnimatedPercentProps) {
  const reduced = useReducedMotion();
  const [shown, setShown] = useState<{ key: string; value: number; done: boolean } | null>(null);
  const key = `${from}|${to}|${delayMs}|${steps}|${stepMs}|${reduced}`;

  useEffect(() => {
    if (reduced) return;
    let step = 0;
    let interval: ReturnType<typeof setInterval> | undefined;
    const advance = () => {
      step += 1;
      const done = step >= steps;
      setShown({ key, value: valueAt(from, to, step, steps), done });
      if (done) clearInterval(interval);
    };
    const start = setTimeout(() => {
      if (steps <= 0) advance();
      else interval = setInterval(advance, Math.max(stepMs, 1));
    }, delayMs);
    return () => {
      clearTimeout(start);
      clearInterval(interval);
    };
  }, [key, from, to, delayMs, steps, stepMs, reduced]);

  // State from an earlier target is stale; until the new count starts, show the new starting point.
  const current = shown?.key === key ? shown : null;
  const done = reduced || (current?.done ?? false);
  const value = reduced ? Math.round(to) : (current?.value ?? Math.round(from));

  return (
    <span className={styles.percent}>
      <span aria-hidden="true" data-testid="animated-percent">
        {value}%
      </span>
      <span aria-live="polite">{done && <VisuallyHidden>{`${Math.round(to)}%`}</VisuallyHidden>}</span>
    </span>
  );
}
