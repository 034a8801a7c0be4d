import { Component, type ErrorInfo, type ReactNode } from 'react';
import { errorSummary } from '../engine/error-summary.ts';
import { Button } from './button.tsx';
import { ScreenFrame } from './screen-frame.tsx';
import styles from './screen-error-boundary.module.css';

export interface ScreenErrorBoundaryProps {
  /** Brand name for the wordmark, so the page still looks like the funnel. */
  brand: string;
  /** Where "Back to the start" leads (the flow's first screen). */
  restartHref: string;
  /** Receives one line about the failure, free of personal data (see errorSummary). */
  onError: (message: string) => void;
  /** Reloads the page: the session is stored, so the visitor comes back to the same screen. */
  onRetry?: () => void;
  /** The screen. */
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * Catches anything a screen throws while it is drawn (a rule the checker could not see, a renderer
 * bug, a machine that stopped on an error): instead of a blank page the visitor gets a friendly
 * message, a retry and a way back to the start; her answers stay in session storage.
 */
export class ScreenErrorBoundary extends Component<ScreenErrorBoundaryProps, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.props.onError(`failed and shows the error page: ${errorSummary(error)}`);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const retry = this.props.onRetry ?? (() => window.location.reload());
    return (
      <ScreenFrame brand={this.props.brand}>
        <div className={styles.page} role="alert">
          <h1 className={styles.headline}>Sorry, something went wrong on this page.</h1>
          <p className={styles.message}>Your answers are kept. Try again, or go back to the start.</p>
          <Button onClick={retry}>Try again</Button>
          <a className={styles.restart} href={this.props.restartHref}>
            Back to the start
          </a>
        </div>
      </ScreenFrame>
    );
  }
}
