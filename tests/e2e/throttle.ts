/**
 * Applied throttling through the Chromium DevTools Protocol, as issue 33 measured the first tap: 4×
 * CPU and a slow network (Slow 4G: 150 ms round trip at 1.6 Mbps; Slow 3G: 2 s at 400 kbps), on a
 * fresh context (cold cache). Used by tests/e2e/first-tap.test.ts and `npm run bench`.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { APP_READY_EVENT } from '../../src/app/app-ready.ts';

export interface NetworkProfile {
  name: string;
  latencyMs: number;
  /** Bits per second, down and up. */
  bitsPerSecond: number;
}

export const SLOW_4G: NetworkProfile = { name: 'Slow 4G', latencyMs: 150, bitsPerSecond: 1.6e6 };
export const SLOW_3G: NetworkProfile = { name: 'Slow 3G', latencyMs: 2000, bitsPerSecond: 400e3 };
export const CPU_SLOWDOWN = 4;

/** Throttles `page` (CPU and network) until `release` is called. */
export async function throttle(context: BrowserContext, page: Page, profile: NetworkProfile) {
  const cdp = await context.newCDPSession(page);
  const bytesPerSecond = profile.bitsPerSecond / 8;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return {
    release: async () => {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await cdp.detach();
    },
  };
}

/** Init script: `window.__ready` once the app's first render is in (APP_READY_EVENT). */
export const READY_WATCH = `document.addEventListener(${JSON.stringify(APP_READY_EVENT)}, () => { window.__ready = performance.now(); }, { once: true });`;
