import type { ReactNode } from 'react';
import styles from './action-bar.module.css';

export interface ActionBarProps {
  /** The screen's main button, and any small print under it. */
  children: ReactNode;
}

/** Keeps the call to action at the bottom of the column, within thumb reach, above the content's end. */
export function ActionBar({ children }: ActionBarProps) {
  return <div className={styles.bar}>{children}</div>;
}
