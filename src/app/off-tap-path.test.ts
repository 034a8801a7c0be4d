import { describe, expect, it, vi } from 'vitest';
import type { TrackingPort } from '../engine/ports.ts';
import { createAfterPaintQueue, LEAD_WITHIN_MS, pixelOffTapPath, trackingOffTapPath } from './off-tap-path.ts';

function fakeWindow(options: { idle?: boolean } = {}) {
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  const idle: { cb: () => void; timeout: number }[] = [];
  const listeners: { type: string; cb: () => void }[] = [];
  const document = { visibilityState: 'visible' };
  const fire = (type: string) => listeners.filter((l) => l.type === type).forEach(({ cb }) => cb());
  return {
    win: {
      document,
      requestAnimationFrame: (cb: () => void) => frames.push(cb),
      setTimeout: (cb: () => void) => tasks.push(cb),
      clearTimeout: () => undefined,
      addEventListener: (type: string, cb: () => void) => listeners.push({ type, cb }),
      ...(options.idle
        ? {
            requestIdleCallback: (cb: () => void, { timeout }: { timeout: number }) => idle.push({ cb, timeout }),
            cancelIdleCallback: () => undefined,
          }
        : {}),
    },
    idle,
    idleCallback: () => idle.splice(0).forEach(({ cb }) => cb()),
    frame: () => frames.splice(0).forEach((cb) => cb()),
    task: () => tasks.splice(0).forEach((cb) => cb()),
    pagehide: () => fire('pagehide'),
    visibility: (state: 'visible' | 'hidden') => {
      document.visibilityState = state;
      fire('visibilitychange');
    },
  };
}

function recordingPort(log: string[]): TrackingPort {
  return {
    screenViewed: (_track, id) => log.push(`view ${id}`),
    journeyReached: (step) => log.push(`journey ${step}`),
    stepTracked: (step) => log.push(`step ${step.name}`),
    finalClick: () => log.push('final'),
    saveLead: () => {
      log.push('lead');
      return Promise.resolve({ id: 'x' });
    },
  };
}

const visitor = { sessionId: 's', answers: {}, data: {}, leadId: null };

describe('trackingOffTapPath', () => {
  it('runs the calls of a tap in a task after the next frame, in order', () => {
    const w = fakeWindow();
    const log: string[] = [];
    const port = trackingOffTapPath(recordingPort(log), createAfterPaintQueue(w.win));
    port.screenViewed({}, 'a', visitor);
    port.stepTracked({ name: 'n', number: 1, completed: false }, visitor);
    expect(log).toEqual([]);
    w.frame();
    expect(log).toEqual([]); // the frame is painted first
    w.task();
    expect(log).toEqual(['view a', 'step n']);
  });

  it('waits for an idle moment after the frame where the browser has idle callbacks, at most a second', () => {
    const w = fakeWindow({ idle: true });
    const log: string[] = [];
    const port = trackingOffTapPath(recordingPort(log), createAfterPaintQueue(w.win));
    port.screenViewed({}, 'a', visitor);
    port.journeyReached('quiz_started', visitor);
    w.frame();
    w.task();
    expect(log).toEqual([]);
    expect(w.idle.map((entry) => entry.timeout)).toEqual([1000]);
    w.idleCallback();
    expect(log).toEqual(['view a', 'journey quiz_started']);
  });

  it('saves a lead at the first idle moment after the next frame, within 100 ms, after the calls queued before it', async () => {
    const w = fakeWindow({ idle: true });
    const log: string[] = [];
    const port = trackingOffTapPath(recordingPort(log), createAfterPaintQueue(w.win));
    port.journeyReached('quiz_started', visitor);
    const saved = port.saveLead({ ...visitor, leadId: 'l' });
    port.screenViewed({}, 'next', visitor);
    expect(log).toEqual([]);
    w.frame();
    expect(log).toEqual([]); // the next screen is painted first
    expect(w.idle.map((entry) => entry.timeout).sort()).toEqual([100, 1000]);
    w.idle.find((entry) => entry.timeout === LEAD_WITHIN_MS)?.cb();
    expect(log).toEqual(['journey quiz_started', 'lead', 'view next']);
    await expect(saved).resolves.toEqual({ id: 'x' });
    w.idleCallback();
    expect(log).toHaveLength(3);
  });

  it('passes a lead save refused by the port back to the caller', async () => {
    const w = fakeWindow();
    const refused = new Error('refused');
    const port = trackingOffTapPath(
      { ...recordingPort([]), saveLead: () => Promise.reject(refused) },
      createAfterPaintQueue(w.win),
    );
    const saved = port.saveLead({ ...visitor, leadId: 'l' });
    w.frame();
    w.task();
    await expect(saved).rejects.toBe(refused);
  });

  it('saves a queued lead at once when the page is hidden (a phone may kill it afterwards)', () => {
    const w = fakeWindow({ idle: true });
    const log: string[] = [];
    const port = trackingOffTapPath(recordingPort(log), createAfterPaintQueue(w.win));
    void port.saveLead({ ...visitor, leadId: 'l' });
    w.visibility('visible');
    expect(log).toEqual([]);
    w.visibility('hidden');
    expect(log).toEqual(['lead']);
  });

  it('sends earlier calls before a lead save, and everything queued when the page is left', () => {
    const w = fakeWindow();
    const log: string[] = [];
    const pixel = vi.fn();
    const queue = createAfterPaintQueue(w.win);
    const port = trackingOffTapPath(recordingPort(log), queue);
    port.journeyReached('quiz_started', visitor);
    void port.saveLead({ ...visitor, leadId: 'l' });
    w.pagehide();
    expect(log).toEqual(['journey quiz_started', 'lead']);
    port.finalClick(visitor);
    pixelOffTapPath({ track: pixel }, queue).track({ event: 'Lead' }, visitor);
    w.pagehide();
    expect(log).toEqual(['journey quiz_started', 'lead', 'final']);
    expect(pixel).toHaveBeenCalledTimes(1);
  });
});
