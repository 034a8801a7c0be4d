/**
 * The ports of the local build: tracking kept in memory, the photo estimated from the answers, the
 * real browser navigation. Backend, photo analysis and pixel adapters replace these behind the same
 * ports as they land.
 */
import { withFallback, type FallbackEstimate } from '../analysis/fallback-analysis.ts';
import type { FunnelPorts } from '../engine/ports.ts';
import { createMemoryTracking } from '../tracking/memory-tracking.ts';

export function createLocalPorts(fallback: FallbackEstimate): FunnelPorts {
  const tracking = createMemoryTracking();
  const log = { warn: (message: string) => console.warn(message) };
  return {
    tracking,
    pixel: tracking,
    analysis: withFallback(null, fallback, log.warn),
    navigation: { redirect: (url) => window.location.assign(url) },
    log,
  };
}
