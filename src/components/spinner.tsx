import styles from './spinner.module.css';

export interface SpinnerProps {
  /** Diameter: "sm" fits inside a button, "lg" stands alone on a waiting screen. */
  size?: 'sm' | 'lg';
}

/** A decorative spinner; the words beside it (in a status region) carry the meaning. */
export function Spinner({ size = 'lg' }: SpinnerProps) {
  return <span className={`${styles.spinner} ${styles[size]}`} aria-hidden="true" data-testid="spinner" />;
}
