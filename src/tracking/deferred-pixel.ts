/**
 * A pixel port whose adapter loads later (after the first paint, with the consent banner). Events
 * raised before it arrives are replayed into it in order; if it fails to load they are dropped with
 * a console message, as any skipped ad event is (spec §8).
 */
import type { PixelPort } from '../engine/ports.ts';
import { deferCalls } from './deferred-calls.ts';

export function deferPixel(adapter: Promise<PixelPort>, log: (message: string) => void): PixelPort {
  const { later } = deferCalls(adapter, (dropped) => log(`Ad pixel could not start; ${dropped} ad events were not sent`));
  return { track: (event, visitor) => later((port) => port.track(event, visitor)) };
}
