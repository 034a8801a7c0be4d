import { interfaceText } from './interface-texts.ts';
import { ScreenFrame } from './screen-frame.tsx';
import styles from './screen-error-boundary.module.css';

export interface ScreenErrorFallbackProps {
  /** Brand name for the wordmark, so the page still looks like the funnel. */
  brand: string;
  /** The flow's icon before the brand name (theme.logo). */
  logo?: string | undefined;
  /** Where "Back to the start" leads (the flow's first screen). */
  restartHref: string;
  /** What "Try again" does. */
  onRetry: () => void;
}

/** The friendly page a screen that failed is replaced with: a message, a retry and the way to the start. */
export function ScreenErrorFallback({ brand, logo, restartHref, onRetry }: ScreenErrorFallbackProps) {
  const headline = interfaceText('errorHeadline', 'Sorry, something went wrong on this page.');
  const message = interfaceText(
    'errorMessage',
    'Your answers are kept. Try again, or go back to the start.',
  );
  const retry = interfaceText('errorRetry', 'Try again');
  const restart = interfaceText('errorRestart', 'Back to the start');
  return (
    <ScreenFrame brand={brand} logo={logo}>
      <div className={styles.page} role="alert">
        <h1 className={styles.headline}>{headline}</h1>
        <p className={styles.message}>{message}</p>
        {/* A plain button: the Button component loads with the screens, off the first screen's path. */}
        <button type="button" className={styles.retry} onClick={onRetry}>
          {retry}
        </button>
        <a className={styles.restart} href={restartHref}>
          {restart}
        </a>
      </div>
    </ScreenFrame>
  );
}
