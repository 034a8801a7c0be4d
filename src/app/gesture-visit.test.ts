import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS, trackGestureVisit } from './gesture-visit.ts';

/** A stand-in document and clock: presses are dispatched by hand; the clock and the (fake) timers advance together. */
function setup() {
  let clock = 0;
  let visit = 1;
  const listeners = new Map<string, (event: unknown) => void>();
  const attributes = new Map<string, string>();
  const root = {
    setAttribute: (name: string, value: string) => attributes.set(name, value),
    removeAttribute: (name: string) => attributes.delete(name),
  };
  const doc = {
    addEventListener: (name: string, listener: (event: unknown) => void) => listeners.set(name, listener),
    removeEventListener: (name: string) => listeners.delete(name),
    getElementById: () => root,
  } as unknown as Pick<Document, 'addEventListener' | 'removeEventListener' | 'getElementById'>;
  const tracker = trackGestureVisit(
    doc,
    () => visit,
    () => clock,
  );
  const advance = (ms: number) => {
    clock += ms;
    vi.advanceTimersByTime(ms);
  };
  const press = (detail = 1) => listeners.get('mousedown')?.({ detail });
  const click = () => listeners.get('click')?.({});
  const key = (name: string) => listeners.get('keydown')?.({ key: name, repeat: false });
  /** A tap that moves the machine on: press, then the screen changes. */
  const moveOn = () => {
    visit += 1;
    tracker.arrived(visit);
  };
  const tapThatMovesOn = () => {
    press();
    moveOn();
  };
  return {
    tracker,
    advance,
    press,
    click,
    key,
    moveOn,
    tapThatMovesOn,
    visit: () => visit,
    disabled: () => attributes.get('aria-disabled'),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('trackGestureVisit', () => {
  it("ignores the new screen's primary action for a second tap 0.5 s after the one that brought it up", () => {
    const { tracker, advance, press, tapThatMovesOn, visit } = setup();
    tapThatMovesOn();
    advance(500);
    press();
    expect(tracker.stamp(true)).not.toBe(visit());
    // An option is not the primary action: a tap on it counts.
    expect(tracker.stamp()).toBe(visit());
  });

  it('takes a press on the new screen made after the settle time, at a human pace', () => {
    const { tracker, advance, press, tapThatMovesOn, visit, disabled } = setup();
    tapThatMovesOn();
    expect(disabled()).toBe('true');
    advance(SETTLE_MS);
    expect(disabled()).toBeUndefined();
    press();
    expect(tracker.stamp(true)).toBe(visit());
  });

  it('stamps a press that began before the screen was shown with the visit it began on', () => {
    const { tracker, press, visit } = setup();
    press();
    const before = visit();
    tracker.arrived(before + 1);
    expect(tracker.stamp(true)).toBe(before);
  });

  it('keeps a fast double tap (detail 2) on the visit it began on', () => {
    const { tracker, advance, press, tapThatMovesOn } = setup();
    const first = 1;
    tapThatMovesOn();
    advance(200);
    press(2);
    expect(tracker.stamp()).toBe(first);
  });

  it('lets a screen reached without a press (deep link, Back, a timed screen) take a press at once', () => {
    const { tracker, press, visit, disabled } = setup();
    tracker.arrived(2);
    expect(disabled()).toBeUndefined();
    press();
    expect(tracker.stamp(true)).toBe(visit());
  });

  it('lets a click with no press before it (a held tap carried out once the app is in) settle the screen it brings up', () => {
    const { tracker, advance, press, click, moveOn, visit, disabled } = setup();
    click();
    moveOn();
    expect(disabled()).toBe('true');
    advance(400);
    press();
    expect(tracker.stamp(true)).not.toBe(visit());
  });

  it("doesn't settle a screen reached by Back right after keys that press nothing (a slider's arrows)", () => {
    const { tracker, key, moveOn, visit, disabled } = setup();
    key('ArrowLeft');
    moveOn();
    expect(disabled()).toBeUndefined();
    expect(tracker.stamp(true)).toBe(visit());
  });

  it('settles a screen an Enter brought up', () => {
    const { tracker, key, moveOn, visit, disabled } = setup();
    key('Enter');
    moveOn();
    expect(disabled()).toBe('true');
    expect(tracker.stamp(true)).not.toBe(visit());
  });

  it("doesn't settle a screen reached by the browser's Back soon after the tap that brought up the last one", () => {
    const { tracker, advance, press, tapThatMovesOn, moveOn, visit, disabled } = setup();
    tapThatMovesOn();
    advance(700);
    moveOn();
    expect(disabled()).toBeUndefined();
    press();
    expect(tracker.stamp(true)).toBe(visit());
  });
});
