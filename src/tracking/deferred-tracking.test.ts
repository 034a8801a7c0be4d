import { describe, expect, it, vi } from 'vitest';
import type { TrackingPort, VisitorSnapshot } from '../engine/ports.ts';
import { deferTracking } from './deferred-tracking.ts';
import { createMemoryTracking } from './memory-tracking.ts';

const visitor: VisitorSnapshot = { sessionId: 's-1', answers: {}, data: {}, leadId: null };

function deferred() {
  let resolve: (port: TrackingPort) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<TrackingPort>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('deferTracking', () => {
  it('replays the calls made before the adapter loaded, in order, then forwards directly', async () => {
    const adapter = deferred();
    const real = createMemoryTracking();
    const port = deferTracking(adapter.promise, vi.fn());
    port.screenViewed({ journey: 'quiz_started' }, 'start', visitor);
    port.journeyReached('form_completed', visitor);
    port.stepTracked({ name: 'done', number: 11, completed: true }, visitor);
    expect(real.calls).toEqual([]);

    adapter.resolve(real);
    await adapter.promise;
    await Promise.resolve();
    port.finalClick(visitor);
    expect(real.calls.map((call) => call.type)).toEqual(['screenViewed', 'journeyReached', 'stepTracked', 'finalClick']);
  });

  it('lets a lead save wait for the adapter and resolves with its answer', async () => {
    const adapter = deferred();
    const real = createMemoryTracking();
    const port = deferTracking(adapter.promise, vi.fn());
    const saved = port.saveLead({ ...visitor, leadId: 'lead-1' });
    adapter.resolve(real);
    await expect(saved).resolves.toEqual({ id: 'lead-1' });
    expect(real.calls).toContainEqual(expect.objectContaining({ type: 'leadSaved', id: 'lead-1' }));
  });

  it('sends a lead saved before the adapter loaded before the calls made after it', async () => {
    const adapter = deferred();
    const real = createMemoryTracking();
    const port = deferTracking(adapter.promise, vi.fn());
    port.screenViewed({ step: 'form' }, 'form', visitor);
    const saved = port.saveLead({ ...visitor, leadId: 'lead-3' });
    port.screenViewed({ step: 'after-form' }, 'after-form', visitor);
    adapter.resolve(real);
    await expect(saved).resolves.toEqual({ id: 'lead-3' });
    expect(real.calls.map((call) => call.type)).toEqual(['screenViewed', 'leadSaved', 'screenViewed']);
  });

  it('logs and drops queued calls when the adapter fails to load, and lead saves reject', async () => {
    const adapter = deferred();
    const log = vi.fn();
    const port = deferTracking(adapter.promise, log);
    port.screenViewed({ step: 'quiz_age' }, 'age', visitor);
    const saved = port.saveLead({ ...visitor, leadId: 'lead-2' });
    adapter.reject(new Error('chunk failed'));
    await expect(saved).rejects.toThrow('chunk failed');
    // The view and the lead save, which rejects so the visitor is told.
    expect(log).toHaveBeenCalledWith(expect.stringContaining('2 tracking calls were not sent'));
    expect(() => port.finalClick(visitor)).not.toThrow();
  });
});
