/**
 * The ports of the running app: tracking through the outbox to the backend (hosted Supabase, or the
 * embedded local backend on this origin), the photo estimated from the answers until the analysis
 * function is wired, and the real browser navigation. Nothing here blocks the first paint: supabase-js
 * is imported once `afterPaint` settles, and the outbox left by an earlier visit is flushed then.
 */
import { withFallback, type FallbackEstimate } from '../analysis/fallback-analysis.ts';
import type { FunnelPorts } from '../engine/ports.ts';
import type { BackendConfig } from '../tracking/backend-config.ts';
import { createBackendTracking } from '../tracking/backend-tracking.ts';
import { createMemoryTracking } from '../tracking/memory-tracking.ts';
import { connectOutbox, createOutbox } from '../tracking/outbox.ts';
import { createRpcSender, isRetryableRpc, RpcError } from '../tracking/rpc-sender.ts';

export const OUTBOX_KEY = 'funnel_outbox';

export interface AppPortsOptions {
  config: BackendConfig;
  fallback: FallbackEstimate;
  /** Where the outbox survives reloads and visits (localStorage). */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** The landing page's referrer (see landing.ts). */
  referrer: string | null;
  afterPaint: Promise<unknown>;
}

/** Why a write was given up, without the visitor's data: our RPCs' field messages hold none. */
function reason(error: unknown): string {
  if (!(error instanceof RpcError)) return 'unknown error';
  return error.code === '22023' ? error.message : `HTTP ${error.status || 'network'} ${error.code}`.trim();
}

export function createAppPorts(options: AppPortsOptions): FunnelPorts {
  const warn = (message: string) => console.warn(message);
  const outbox = createOutbox({
    storage: options.storage,
    key: OUTBOX_KEY,
    send: createRpcSender(options.config, options.afterPaint).send,
    retryable: isRetryableRpc,
    onDrop: (entry, error) => warn(`Gave up on ${entry.fn}: ${reason(error)}`),
  });
  void options.afterPaint.then(() => {
    connectOutbox(outbox);
    return outbox.flush();
  });
  // Ad events are counted in memory until the pixel adapter lands.
  const pixel = createMemoryTracking();
  return {
    tracking: createBackendTracking({
      outbox,
      page: { userAgent: navigator.userAgent, referrer: options.referrer },
      log: warn,
    }),
    pixel,
    analysis: withFallback(null, options.fallback, warn),
    navigation: { redirect: (url) => window.location.assign(url) },
    log: { warn },
  };
}
