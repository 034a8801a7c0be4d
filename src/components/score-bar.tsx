import styles from './score-bar.module.css';

export interface ScoreBarProps {
  /** What is scored, e.g. "Elasticity". */
  label: string;
  /** The score. */
  value: number;
  /** The top of the scale, e.g. 10. */
  max: number;
  /** At or above: green. */
  good: number;
  /** At or above (and below good): orange; below: red. */
  fair: number;
}

/** The colour band a score falls in. */
function scoreTone(value: number, good: number, fair: number): 'good' | 'fair' | 'poor' {
  if (value >= good) return 'good';
  if (value >= fair) return 'fair';
  return 'poor';
}

/** One labelled score out of a maximum, coloured by thresholds, with the number in plain text. */
export function ScoreBar({ label, value, max, good, fair }: ScoreBarProps) {
  const top = max > 0 ? max : 1;
  const clamped = Math.min(Math.max(value, 0), top);
  const tone = scoreTone(value, good, fair);
  const shown = Number.isFinite(value) ? String(Math.round(value * 10) / 10) : '–';
  return (
    <div className={styles.row} data-tone={tone}>
      <div className={styles.top}>
        <span className={styles.label}>{label}</span>
        <span className={styles.value}>
          {shown}
          <span className={styles.max}>/{max}</span>
        </span>
      </div>
      <div
        className={styles.track}
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={top}
        aria-valuenow={clamped}
        aria-valuetext={`${shown} out of ${max}`}
      >
        <div className={styles.fill} style={{ width: `${(clamped / top) * 100}%` }} />
      </div>
    </div>
  );
}
