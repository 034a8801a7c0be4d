import { useEffect, useId, useRef, useState } from 'react';
import { FadeIn } from './fade-in.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { VisuallyHidden } from './visually-hidden.tsx';
import styles from './analysis-overlay.module.css';

export interface AnalysisOverlayProps {
  /** The headline, e.g. 'Analyzing your photo…'. */
  title: string;
  /** Rows that complete one by one. */
  markers: readonly string[];
  /** Percent added to the bar each tick (capped at 100). */
  progressStep: number;
  /** Milliseconds between bar ticks. */
  progressTickMs: number;
  /** Milliseconds between marker rows. */
  markerTickMs: number;
}

/** Counts up by `step` every `tickMs` until `limit`, from the moment it mounts. */
function useTicker(step: number, tickMs: number, limit: number): number {
  const [value, setValue] = useState(0);
  const done = value >= limit;
  useEffect(() => {
    if (done) return;
    const timer = setInterval(
      () => setValue((current) => Math.min(current + step, limit)),
      Math.max(tickMs, 1),
    );
    return () => clearInterval(timer);
  }, [step, tickMs, limit, done]);
  return value;
}

/**
 * A modal that keeps the visitor company while her photo is analysed: a rising bar and marker rows
 * that tick off one by one. The active row is the one step indicator: once every row is done, nothing
 * turns. It covers the screen below with the page's own background, so no text shows through. It only
 * entertains; the real work's end is the machine's business.
 */
export function AnalysisOverlay({
  title,
  markers,
  progressStep,
  progressTickMs,
  markerTickMs,
}: AnalysisOverlayProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const percent = useTicker(progressStep, progressTickMs, 100);
  const active = useTicker(1, markerTickMs, markers.length);

  useEffect(() => {
    dialog.current?.focus();
  }, []);

  return (
    <div className={styles.backdrop}>
      <div
        ref={dialog}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <FadeIn className={styles.panel}>
          <p id={titleId} className={styles.title} role="status">
            {title}
          </p>
          <ProgressBar progress={{ step: percent, of: 100 }} label={title} />
          <ol className={styles.markers}>
            {markers.map((marker, index) => {
              const state = index < active ? 'done' : index === active ? 'active' : 'waiting';
              return (
                <li key={index} className={styles.marker} data-state={state}>
                  <span className={styles.tick} aria-hidden="true">
                    {state === 'done' ? '✓' : ''}
                  </span>
                  {marker}
                  {state === 'done' && <VisuallyHidden> (done)</VisuallyHidden>}
                </li>
              );
            })}
          </ol>
        </FadeIn>
      </div>
    </div>
  );
}
