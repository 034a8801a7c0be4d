import styles from './wordmark.module.css';

export interface WordmarkProps {
  /** The brand name, drawn as text (never an image) so it is crisp, translatable and costs no request. */
  brand: string;
}

/** The product's wordmark at the top of every screen. */
export function Wordmark({ brand }: WordmarkProps) {
  return (
    <p className={styles.wordmark}>
      <span className={styles.mark} aria-hidden="true" />
      {brand}
    </p>
  );
}
