import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { warmHiddenBodies } from './warm-layout.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A page's main with the shown screen and the one drawn ahead (hidden, as React's Activity hides it). */
function page(): HTMLElement {
  document.body.innerHTML = `<main>
    <div class="shown"><input type="radio" name="age" value="30" checked></div>
    <div class="ahead" style="display: none !important;"><h1 id="h">Next</h1><label for="x">X</label>
      <input id="x" type="radio" name="age" value="40" checked><iframe src="about:blank"></iframe></div>
  </main>`;
  const main = document.querySelector('main');
  if (!main) throw new Error('no main');
  return main;
}

describe('warmHiddenBodies', () => {
  it('lays out a copy of the hidden body out of sight, in the same task, and leaves the page as it was', () => {
    const main = page();
    const before = main.innerHTML;
    const observer = new MutationObserver(() => undefined);
    observer.observe(main, { childList: true });
    expect(warmHiddenBodies(main)).toBe(1);
    const [added, removed] = observer.takeRecords();
    const stage = added?.addedNodes[0] as HTMLElement;
    expect(removed?.removedNodes[0]).toBe(stage);
    expect(stage.style.visibility).toBe('hidden');
    expect(stage.style.position).toBe('absolute');
    expect(stage.getAttribute('aria-hidden')).toBe('true');
    // Only the hidden body is copied, shown.
    expect(stage.textContent).toContain('Next');
    expect(stage.querySelector('.shown')).toBeNull();
    expect((stage.firstElementChild as HTMLElement).style.display).toBe('');
    expect(main.innerHTML).toBe(before);
  });

  it('keeps the copy from acting on the page: no radio group, id or frame of its own', () => {
    const main = page();
    const observer = new MutationObserver(() => undefined);
    observer.observe(main, { childList: true });
    warmHiddenBodies(main);
    const stage = observer.takeRecords()[0]?.addedNodes[0] as HTMLElement;
    expect(stage.querySelector('[name], [id], [for], iframe')).toBeNull();
    // The page's radios are still as React left them.
    expect(document.querySelectorAll<HTMLInputElement>('input:checked')).toHaveLength(2);
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
    warmHiddenBodies(document.querySelector('main'));
    // The page's own image, not the copy's, is the one the tap will show.
    expect(decoded).toEqual(['/ahead.svg']);
    expect(decode.mock.contexts[0]).toBe(document.querySelector('img[src="/ahead.svg"]'));
  });

  it('does nothing while no body is hidden (the one drawn ahead is not committed yet)', () => {
    document.body.innerHTML = '<main><div>Shown</div></main>';
    expect(warmHiddenBodies(document.querySelector('main'))).toBe(0);
    expect(warmHiddenBodies(null)).toBe(0);
  });
});
