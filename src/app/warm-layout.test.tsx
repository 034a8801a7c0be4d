import { Activity, act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { stageHiddenBodies } from './warm-layout.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A page's main with the shown screen and the one drawn ahead (hidden, as React's Activity hides it). */
function page(): { main: HTMLElement; ahead: HTMLElement } {
  document.body.innerHTML = `<main>
    <div class="shown">Shown</div>
    <div class="ahead" style="display: none !important;"><h1>Next</h1><button>Go</button></div>
  </main>`;
  const main = document.querySelector('main');
  const ahead = document.querySelector<HTMLElement>('.ahead');
  if (!main || !ahead) throw new Error('no page');
  return { main, ahead };
}

/** What React does to a hidden Activity's node when it shows it (react-dom's unhideInstance). */
function revealAsReact(body: HTMLElement) {
  body.style.display = '';
}

const settled = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('stageHiddenBodies', () => {
  it('lays the hidden body out where nothing shows it: fixed, invisible, inert, at the column width', () => {
    const { main, ahead } = page();
    expect(stageHiddenBodies(main)).toBe(1);
    expect(ahead.style.display).toBe('block');
    expect(ahead.style.getPropertyPriority('display')).toBe('important');
    expect(ahead.style.position).toBe('fixed');
    expect(ahead.style.visibility).toBe('hidden');
    expect(ahead.style.pointerEvents).toBe('none');
    expect(ahead.style.width).toBe(`${main.clientWidth}px`);
    expect(ahead.hasAttribute('inert')).toBe(true);
    // The shown screen is not touched.
    expect(document.querySelector<HTMLElement>('.shown')?.getAttribute('style')).toBeNull();
  });

  it("takes the staging off when React shows the body, before the frame, and puts back the body's own styles", async () => {
    const { main, ahead } = page();
    ahead.style.setProperty('width', '50%');
    stageHiddenBodies(main);
    await settled();
    expect(ahead.style.visibility).toBe('hidden'); // its own writes leave it staged
    revealAsReact(ahead);
    await settled();
    expect(ahead.style.display).toBe('');
    expect(ahead.style.position).toBe('');
    expect(ahead.style.visibility).toBe('');
    expect(ahead.style.pointerEvents).toBe('');
    expect(ahead.style.width).toBe('50%');
    expect(ahead.hasAttribute('inert')).toBe(false);
  });

  it("is taken off by React's own reveal of a hidden Activity", async () => {
    const main = document.createElement('main');
    document.body.append(main);
    const root = createRoot(main);
    onTestFinished(() => root.unmount());
    const draw = (mode: 'hidden' | 'visible') => (
      <div className="frame">
        <Activity mode="visible">
          <div>Shown</div>
        </Activity>
        <Activity mode={mode}>
          <div className="ahead">Next</div>
        </Activity>
      </div>
    );
    await act(() => root.render(draw('hidden')));
    const frame = main.querySelector<HTMLElement>('.frame');
    expect(stageHiddenBodies(frame)).toBe(1);
    const ahead = main.querySelector<HTMLElement>('.ahead');
    expect(ahead?.style.visibility).toBe('hidden');
    await act(() => root.render(draw('visible')));
    expect(ahead?.getAttribute('style') ?? '').toBe('');
    expect(ahead?.hasAttribute('inert')).toBe(false);
  });

  it('stays staged while React updates other styles of the hidden body', async () => {
    const { main, ahead } = page();
    stageHiddenBodies(main);
    ahead.style.color = 'red';
    await settled();
    expect(ahead.style.visibility).toBe('hidden');
    expect(ahead.hasAttribute('inert')).toBe(true);
  });

  it('holds CSS animations at their start until the body is shown', async () => {
    const { main, ahead } = page();
    const animation = { pause: vi.fn(), play: vi.fn() };
    // jsdom has no Web Animations; the browser's getAnimations is stood in for.
    Object.defineProperty(ahead, 'getAnimations', { value: () => [animation], configurable: true });
    stageHiddenBodies(main);
    expect(animation.pause).toHaveBeenCalledTimes(1);
    expect(animation.play).not.toHaveBeenCalled();
    revealAsReact(ahead);
    await settled();
    expect(animation.play).toHaveBeenCalledTimes(1);
  });

  it("decodes the hidden body's images ahead (a vector image is laid out then, not on the tap)", () => {
    const decoded: string[] = [];
    const decode = vi.fn(function (this: HTMLImageElement) {
      decoded.push(this.getAttribute('src') ?? '');
      return Promise.resolve();
    });
    // jsdom has no decode(); the browser's is stood in for.
    Object.defineProperty(HTMLImageElement.prototype, 'decode', { value: decode, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(HTMLImageElement.prototype, 'decode');
    });
    document.body.innerHTML = `<main><div><img src="/shown.svg"></div>
      <div style="display: none"><img src="/ahead.svg"></div></main>`;
    stageHiddenBodies(document.querySelector('main'));
    expect(decoded).toEqual(['/ahead.svg']);
  });

  it('does nothing while no body is hidden, and stages a body once', () => {
    const { main } = page();
    expect(stageHiddenBodies(main)).toBe(1);
    expect(stageHiddenBodies(main)).toBe(0);
    document.body.innerHTML = '<main><div>Shown</div></main>';
    expect(stageHiddenBodies(document.querySelector('main'))).toBe(0);
    expect(stageHiddenBodies(null)).toBe(0);
  });
});
