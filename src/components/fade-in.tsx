import type { ReactNode } from 'react';
import { LazyMotion, MotionConfig, domAnimation, m } from 'framer-motion';

export interface FadeInProps {
  /** What fades in. */
  children: ReactNode;
  /** Seconds to wait before fading in (to stagger a sequence). */
  delay?: number;
  /** Extra class for layout. */
  className?: string;
}

/**
 * A gentle entrance (fade and rise). framer-motion is imported only here and only by lazily loaded
 * screens, so it never lands in the first screen's bundle; `reducedMotion="user"` honours the
 * visitor's system setting.
 */
export function FadeIn({ children, delay = 0, className }: FadeInProps) {
  return (
    <LazyMotion features={domAnimation} strict>
      <MotionConfig reducedMotion="user">
        <m.div
          className={className}
          initial={{ opacity: 0, y: 12 }}
          animate={{ opacity: 1, y: 0 }}
          transition={{ duration: 0.4, ease: 'easeOut', delay }}
        >
          {children}
        </m.div>
      </MotionConfig>
    </LazyMotion>
  );
}
