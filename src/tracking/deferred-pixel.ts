/**
 * A pixel port whose adapter loads later (after the first paint, with the consent banner). Events
 * raised before it arrives are replayed into it in order; if it fails to load they are dropped with
 * a console message, as any skipped ad event is (spec §8).
 */
import type { PixelPort } from '../engine/ports.ts';

export function deferPixel(adapter: Promise<PixelPort>, log: (message: string) => void): PixelPort {
  let ready: PixelPort | undefined;
  let failed = false;
  let pending: Parameters<PixelPort['track']>[] = [];
  adapter.then(
    (port) => {
      ready = port;
      for (const call of pending) port.track(...call);
      pending = [];
    },
    () => {
      failed = true;
      log(`Ad pixel could not start; ${pending.length} ad events were not sent`);
      pending = [];
    },
  );
  return {
    track(event, visitor) {
      if (ready) ready.track(event, visitor);
      else if (!failed) pending.push([event, visitor]);
    },
  };
}
