import type { ReactNode } from 'react';
import styles from './visually-hidden.module.css';

export interface VisuallyHiddenProps {
  /** Text for assistive technology only. */
  children: ReactNode;
}

/** Text that screen readers announce but that takes no room on screen. */
export function VisuallyHidden({ children }: VisuallyHiddenProps) {
  return <span className={styles.hidden}>{children}</span>;
}
