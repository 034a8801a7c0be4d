import { describe, expect, it } from 'vitest';
import type { PixelEvent, PixelPort, VisitorSnapshot } from '../engine/ports.ts';
import { deferPixel } from './deferred-pixel.ts';

const visitor: VisitorSnapshot = { sessionId: 's', answers: {}, data: {}, leadId: null };
const lead: PixelEvent = { event: 'Lead' };
const complete: PixelEvent = { event: 'CompleteRegistration' };

describe('deferPixel', () => {
  it('replays the events raised before the adapter arrived, in order, then passes them straight on', async () => {
    const seen: string[] = [];
    const port: PixelPort = { track: (event) => void seen.push(event.event) };
    let arrive: (port: PixelPort) => void = () => undefined;
    const deferred = deferPixel(new Promise((resolve) => (arrive = resolve)), () => undefined);
    deferred.track(lead, visitor);
    deferred.track(complete, visitor);
    expect(seen).toEqual([]);
    arrive(port);
    await Promise.resolve();
    await Promise.resolve();
    expect(seen).toEqual(['Lead', 'CompleteRegistration']);
    deferred.track(lead, visitor);
    expect(seen).toEqual(['Lead', 'CompleteRegistration', 'Lead']);
  });

  it('says how many events were lost when the adapter fails to load, and drops later ones quietly', async () => {
    const logs: string[] = [];
    let fail: (error: Error) => void = () => undefined;
    const deferred = deferPixel(new Promise((_, reject) => (fail = reject)), (message) => logs.push(message));
    deferred.track(lead, visitor);
    fail(new Error('chunk failed'));
    await expect.poll(() => logs).toEqual(['Ad pixel could not start; 1 ad events were not sent']);
    expect(() => deferred.track(complete, visitor)).not.toThrow();
    expect(logs).toHaveLength(1);
  });
});
