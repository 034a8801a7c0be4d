import type { ScreenProps } from '../screen-props.ts';
import styles from './not-found.module.css';

/** Any unknown path: a calm message and the way home. The app intercepts `data-internal` links. */
export function NotFoundScreen({ screen }: ScreenProps<'not-found'>) {
  return (
    <div className={styles.page}>
      {screen.code && (
        <p className={styles.code} aria-hidden="true">
          {screen.code}
        </p>
      )}
      <h1 className={styles.headline}>{screen.headline}</h1>
      <a className={styles.link} href="/" data-internal>
        {screen.linkLabel}
      </a>
    </div>
  );
}
