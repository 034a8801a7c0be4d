import { useEffect, useId, useRef } from 'react';
import { Button } from './button.tsx';
import styles from './consent-banner.module.css';

export interface ConsentBannerProps {
  /** What the visitor agrees to. */
  text: string;
  /** The accept button's label. */
  acceptLabel: string;
  /** The decline button's label. */
  declineLabel: string;
  onAccept(): void;
  onDecline(): void;
}

/** The CSS variable the action bar reads to stay above the banner. */
const OFFSET_VARIABLE = '--consent-banner-height';

/**
 * The ad consent banner: a labelled region at the bottom of the screen with two equally easy choices.
 * It does not take focus or block the page; the visitor can answer it whenever they like.
 */
export function ConsentBanner({ text, acceptLabel, declineLabel, onAccept, onDecline }: ConsentBannerProps) {
  const textId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = panel.current;
    const root = document.documentElement;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      root.style.setProperty(OFFSET_VARIABLE, `${element.getBoundingClientRect().height + 12}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(OFFSET_VARIABLE);
    };
  }, []);

  return (
    <section className={styles.banner} aria-labelledby={textId}>
      <div className={styles.panel} ref={panel}>
        <p className={styles.text} id={textId} aria-live="polite">
          {text}
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onDecline}>
            {declineLabel}
          </Button>
          <Button variant="secondary" onClick={onAccept}>
            {acceptLabel}
          </Button>
        </div>
      </div>
    </section>
  );
}
