import type { ReactNode } from 'react';
import { Spinner } from './spinner.tsx';
import styles from './status-message.module.css';

export interface StatusMessageProps {
  /** The message announced politely to screen readers. */
  children: ReactNode;
  /** Show the spinner above the message (while waiting). */
  spinning?: boolean;
}

/** A centred waiting (or finished) message in a live status region, with an optional spinner. */
export function StatusMessage({ children, spinning = true }: StatusMessageProps) {
  return (
    <div className={styles.status}>
      {spinning && <Spinner />}
      <p className={styles.message} role="status">
        {children}
      </p>
    </div>
  );
}
