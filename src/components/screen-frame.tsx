import type { ReactNode } from 'react';
import type { Progress } from '../engine/flow.gen.ts';
import { ProgressBar } from './progress-bar.tsx';
import { Wordmark } from './wordmark.tsx';
import styles from './screen-frame.module.css';

export interface ScreenFrameProps {
  /** Brand name for the wordmark. */
  brand: string;
  /** The flow's icon before the brand name (theme.logo); none when left out. */
  logo?: string | undefined;
  /** The progress bar's fraction; no bar when left out. */
  progress?: Progress;
  /** Small print at the bottom (the flow's settings.disclaimer). */
  disclaimer?: string;
  /** The screen's body. */
  children: ReactNode;
}

/** The page shell every screen is drawn in: a centred column with wordmark, progress and content. */
export function ScreenFrame({ brand, logo, progress, disclaimer, children }: ScreenFrameProps) {
  return (
    <div className={styles.frame}>
      <header className={styles.header}>
        <Wordmark brand={brand} logo={logo} />
        {progress !== undefined && <ProgressBar progress={progress} />}
      </header>
      <main className={styles.main}>{children}</main>
      {disclaimer && (
        <footer className={styles.footer}>
          <p>{disclaimer}</p>
        </footer>
      )}
    </div>
  );
}
