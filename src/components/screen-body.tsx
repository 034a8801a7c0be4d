import type { ReactNode } from 'react';
import styles from './screen-body.module.css';

export interface ScreenBodyProps {
  /** The renderer's content; an ActionBar last sticks to the bottom. */
  children: ReactNode;
}

/** The vertical stack a renderer draws inside ScreenFrame's main: fills the height, even spacing. */
export function ScreenBody({ children }: ScreenBodyProps) {
  return <div className={styles.body}>{children}</div>;
}
