import { createActor } from 'xstate';
import { compileFlow } from '../../src/engine/compile-flow.ts';
import type { Answers, Flow, StoredData } from '../../src/engine/flow-model.ts';
import { currentScreenId } from '../../src/engine/screen-view.ts';
import { resultCodeFor } from '../../src/app/derive-result.ts';
import { createMemoryTracking } from '../../src/tracking/memory-tracking.ts';
import type { AnalysisPort } from '../../src/engine/ports.ts';
import type { ResumedTimer } from '../../src/engine/timed-visit.ts';

export interface ActorOptions {
  path?: string;
  answers?: Answers;
  data?: StoredData;
  analysis?: AnalysisPort;
  failLeads?: () => boolean;
  resume?: ResumedTimer;
  refuseLeads?: () => { field: string; reason: string } | null;
}

/** A started funnel actor on `flow`, with in-memory ports whose calls the test can read. */
export function startFunnel(flow: Flow, options: ActorOptions = {}) {
  const tracking = createMemoryTracking({ failLeads: options.failLeads, refuseLeads: options.refuseLeads });
  const redirects: string[] = [];
  const warnings: string[] = [];
  const machine = compileFlow(flow, {
    ports: {
      tracking,
      pixel: tracking,
      analysis: options.analysis ?? { analyzePhoto: () => Promise.resolve({ assessed_skin_age: 50 }) },
      navigation: { redirect: (url) => redirects.push(url) },
      log: { warn: (m) => warnings.push(m) },
    },
    deriveResult: resultCodeFor(flow, flow.settings).derive,
  });
  const actor = createActor(machine, {
    input: {
      path: options.path ?? '/',
      answers: options.answers ?? {},
      data: options.data ?? {},
      sessionId: '00000000-0000-4000-8000-000000000000',
      resume: options.resume,
    },
  }).start();
  return {
    actor,
    tracking,
    redirects,
    warnings,
    screen: () => currentScreenId(actor.getSnapshot()),
    context: () => actor.getSnapshot().context,
    send: actor.send.bind(actor),
  };
}
