/**
 * The studio's preview frame: the real funnel (FlowScreen: FunnelApp, the compiled machine, the
 * renderers) run on the flow the studio sends, at the screen and for the sample visitor it names. A
 * page of its own, so the funnel's CSS stays the funnel's; nothing leaves it (memory ports).
 */
import '../components/tokens.css';
import { Component, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { FlowScreen, openAt } from '../flow-stories/flow-screen.tsx';
import { isPreviewShow, type PreviewShow, type PreviewShown } from './preview-messages.ts';

function Preview() {
  const [shown, setShown] = useState<PreviewShow | undefined>(undefined);
  useEffect(() => {
    const receive = (event: MessageEvent<unknown>) => {
      if (event.origin !== window.location.origin || !isPreviewShow(event.data)) return;
      const show = event.data;
      // The funnel reads the address when it starts: point it at the screen first.
      openAt(show.path);
      setShown(show);
    };
    window.addEventListener('message', receive);
    window.parent.postMessage({ type: 'studio:ready' }, window.location.origin);
    return () => window.removeEventListener('message', receive);
  }, []);
  useEffect(() => {
    if (shown === undefined) return;
    const report = () => {
      const message: PreviewShown = { type: 'studio:shown', stamp: shown.stamp, path: window.location.pathname };
      window.parent.postMessage(message, window.location.origin);
    };
    report();
    // A screen without a route is opened as a visitor reaches it: by the button of the screen before.
    const via = shown.via;
    const started = performance.now();
    const press = () => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === via);
      if (button) button.click();
      else if (performance.now() - started < 3000) window.setTimeout(press, 50);
    };
    if (via !== undefined) press();
    window.addEventListener('popstate', report);
    const timer = window.setInterval(report, 500);
    return () => {
      window.removeEventListener('popstate', report);
      window.clearInterval(timer);
    };
  }, [shown]);
  if (shown === undefined) return <p style={{ padding: 16 }}>Waiting for the studio…</p>;
  return (
    <PreviewBoundary key={shown.stamp}>
      <FlowScreen flow={shown.flow} visit={shown.visit} />
    </PreviewBoundary>
  );
}

/** A flow the funnel can't run shows its error here, and the next flow the studio sends starts afresh. */
class PreviewBoundary extends Component<{ children: ReactNode }, { error: string | undefined }> {
  override state = { error: undefined };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  override render() {
    if (this.state.error !== undefined) return <p role="alert" style={{ padding: 16 }}>{`The preview can't run this flow yet: ${this.state.error}`}</p>;
    return this.props.children;
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('preview.html has no #root element');
createRoot(root).render(<Preview />);
