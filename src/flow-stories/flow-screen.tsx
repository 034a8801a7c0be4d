import { useMemo } from 'react';
import { resultCodeFor } from '../app/derive-result.ts';
import { FunnelApp } from '../app/funnel-app.tsx';
import { assignExperiments } from '../engine/assign-experiments.ts';
import { variantOverrides } from '../engine/experiment-assignment.ts';
import type { Flow } from '../engine/flow-model.ts';
import type { FunnelPorts } from '../engine/ports.ts';
import { createMemoryTracking } from '../tracking/memory-tracking.ts';
import { MemoryStorage } from './memory-storage.ts';
import type { SeededVisit } from './seeded-visits.ts';

export interface FlowScreenProps {
  /** The flow, with its computations (result screens compute from them). */
  flow: Flow;
  /** What the visitor's earlier visit left in sessionStorage. */
  visit: SeededVisit;
}

/**
 * The real funnel (FunnelApp: the compiled machine, guards, templates, scoring, renderers) opened on
 * whatever path the address bar shows, with `visit` in a per-story storage and side effects kept in
 * memory. Editing the visit in the Controls panel starts the funnel again with it.
 */
export function FlowScreen({ flow: baseFlow, visit }: FlowScreenProps) {
  // Stories show the base flow; `?variant=<experiment>:<variant>` on the story's frame shows a variant
  // (no random split here: the epoch is outside every experiment's dates, so only overrides apply).
  const search = window.location.search;
  const flow = useMemo(() => {
    const overrides = variantOverrides(search);
    return overrides.size === 0
      ? baseFlow
      : assignExperiments(baseFlow, 'storybook', new Date(0), overrides).flow;
  }, [baseFlow, search]);
  const answers = JSON.stringify(visit.answers);
  const data = JSON.stringify(visit.data);
  const storage = useMemo(
    () =>
      new MemoryStorage({ [flow.storage.answersKey]: answers, ...storedData(data, flow.storage.dataKeys) }),
    [flow, answers, data],
  );
  const ports = useMemo(() => storyPorts(), []);
  const results = useMemo(() => {
    const code = resultCodeFor(flow, flow.settings);
    return { derive: code.derive, ready: Promise.resolve(), isReady: () => true, need: () => Promise.resolve() };
  }, [flow]);
  return <FunnelApp key={answers + data} flow={flow} ports={ports} results={results} storage={storage} />;
}

/** The visit's data as session storage holds it: each of the flow's data keys as its own JSON text. */
function storedData(json: string, keys: readonly string[]): Record<string, string> {
  const data: unknown = JSON.parse(json);
  if (data === null || typeof data !== 'object') return {};
  return Object.fromEntries(
    Object.entries(data)
      .filter(([key]) => keys.includes(key))
      .map(([key, value]) => [key, JSON.stringify(value)]),
  );
}

/** In-memory ports: nothing leaves the page; the final redirect is only logged. */
function storyPorts(): FunnelPorts {
  const tracking = createMemoryTracking();
  return {
    tracking,
    pixel: tracking,
    analysis: { analyzePhoto: () => Promise.resolve({}) },
    navigation: { redirect: (url) => console.info(`[story] the funnel would now open ${url}`) },
    log: { warn: (message) => console.info(`[story] ${message}`) },
  };
}

/**
 * Points the address bar at `path` (keeping Storybook's query) before the funnel reads it; the
 * returned function puts the old path back, so the next story and a reload of the frame still work.
 */
export function openAt(path: string): () => void {
  const before = window.location.pathname;
  const keep = () => window.location.search + window.location.hash;
  window.history.replaceState(window.history.state, '', path + keep());
  return () => window.history.replaceState(window.history.state, '', before + keep());
}
