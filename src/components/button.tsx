import type { ComponentPropsWithoutRef } from 'react';
import { Spinner } from './spinner.tsx';
import styles from './button.module.css';

export interface ButtonProps extends ComponentPropsWithoutRef<'button'> {
  /** Work in progress: shows a spinner, sets aria-busy and blocks further taps. */
  busy?: boolean;
  /** "primary" is the one filled call to action; "secondary" is an outlined alternative. */
  variant?: 'primary' | 'secondary';
}

/** A full-width, thumb-sized button (at least 48 px tall). Defaults to type="button". */
export function Button({
  busy = false,
  variant = 'primary',
  disabled,
  type = 'button',
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={[styles.button, styles[variant], className].filter(Boolean).join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <Spinner size="sm" />}
      <span>{children}</span>
    </button>
  );
}
