import type { ReactNode } from 'react';
import styles from './fade-in.module.css';

export interface FadeInProps {
  /** What fades in. */
  children: ReactNode;
  /** Seconds to wait before fading in (to stagger a sequence). */
  delay?: number;
  /** Extra class for layout. */
  className?: string;
}

/**
 * A gentle entrance (fade and rise) as a CSS animation. It used to be framer-motion (about 30 KB gzip
 * for this one effect, loaded with the screens that fade in); CSS does the same with no script on the
 * tap's path, and honours the system's reduced-motion setting in the stylesheet.
 */
export function FadeIn({ children, delay = 0, className }: FadeInProps) {
  return (
    <div
      className={className ? `${styles.fadeIn} ${className}` : styles.fadeIn}
      style={delay > 0 ? { animationDelay: `${delay}s` } : undefined}
    >
      {children}
    </div>
  );
}
