import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ScreenErrorFallback } from './screen-error-fallback.tsx';

export interface ScreenErrorBoundaryProps {
  /** Brand name for the wordmark, so the page still looks like the funnel. */
  brand: string;
  /** The flow's icon before the brand name (theme.logo). */
  logo?: string | undefined;
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
    const { onError } = this.props;
    // The redaction loads only when a screen fails: nothing on the first screen's path.
    import('../engine/error-summary.ts').then(
      ({ errorSummary }) => onError(`failed and shows the error page: ${errorSummary(error)}`),
      () => onError(`failed and shows the error page: ${error instanceof Error ? error.name : typeof error}`),
    );
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const { brand, logo, restartHref } = this.props;
    const onRetry = this.props.onRetry ?? (() => window.location.reload());
    return <ScreenErrorFallback brand={brand} logo={logo} restartHref={restartHref} onRetry={onRetry} />;
  }
}
