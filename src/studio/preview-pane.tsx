/**
 * The live phone preview: the real funnel in an iframe (preview.html) at a phone's width, opened at
 * the selected screen as the chosen sample visitor. It gets a new flow by postMessage, so an edit
 * shows without reloading the page.
 */
import { useEffect, useRef, useState } from 'react';
import type { Flow } from '../engine/flow-model.ts';
import { screenStoryPlan, type VisitLevel } from '../flow-stories/flow-story-plan.ts';
import { ownAnswers } from '../flow-stories/flow-story-file.tsx';
import { visitFor } from '../flow-stories/seeded-visits.ts';
import type { PreviewShow } from './preview-messages.ts';

const WIDTHS = [360, 390, 430] as const;
const LEVELS: readonly VisitLevel[] = ['low', 'medium', 'high'];

export interface PreviewPaneProps {
  /** The flow to run (the variant's, in variant mode); null while none has passed the checker. */
  flow: Flow | null;
  screenId: string | undefined;
  /** Shown over the phone when the flow on show is not the file's current text. */
  stale: boolean;
}

export function PreviewPane({ flow, screenId, stale }: PreviewPaneProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [width, setWidth] = useState<number>(390);
  const [level, setLevel] = useState<VisitLevel>('medium');
  const [ready, setReady] = useState(false);
  const stamp = useRef(0);
  useEffect(() => {
    const listen = (event: MessageEvent<unknown>) => {
      const data = event.data;
      if (event.origin === window.location.origin && typeof data === 'object' && data !== null && 'type' in data)
        if (data.type === 'studio:ready') setReady(true);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);
  useEffect(() => {
    const target = frame.current?.contentWindow;
    if (!ready || !target || flow === null || screenId === undefined || !(screenId in flow.screens)) return;
    const screen = flow.screens[screenId];
    if (screen === undefined) return;
    let opening: { path: string; via?: string };
    try {
      opening = screenStoryPlan(flow, screenId).opening;
    } catch {
      opening = { path: '/' };
    }
    stamp.current += 1;
    const show: PreviewShow = {
      type: 'studio:show',
      stamp: stamp.current,
      flow,
      path: opening.path,
      ...(opening.via === undefined ? {} : { via: opening.via }),
      visit: visitFor(flow, level, ownAnswers(screen)),
    };
    target.postMessage(show, window.location.origin);
  }, [ready, flow, screenId, level]);
  return (
    <section className="studio-preview" aria-label="Phone preview">
      <div className="studio-row">
        <label>
          Width{' '}
          <select value={width} onChange={(e) => setWidth(Number(e.target.value))} aria-label="Preview width">
            {WIDTHS.map((w) => (
              <option key={w} value={w}>{`${w} px`}</option>
            ))}
          </select>
        </label>
        <label>
          Visitor{' '}
          <select value={level} onChange={(e) => setLevel(LEVELS.find((l) => l === e.target.value) ?? 'medium')} aria-label="Sample visitor">
            {LEVELS.map((l) => (
              <option key={l} value={l}>{`${l} result`}</option>
            ))}
          </select>
        </label>
      </div>
      {stale ? <p className="studio-warning">The file has errors: the preview shows its last version that passed the checker.</p> : null}
      <iframe ref={frame} title="Funnel preview" className="studio-phone" src="/preview" style={{ width }} />
    </section>
  );
}
