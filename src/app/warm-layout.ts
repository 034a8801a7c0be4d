/**
 * The screen drawn ahead (predicted-view.ts) sits in a hidden Activity, which is `display: none`: the
 * browser has never styled or laid it out, so the tap that reveals it would pay for its first style
 * and layout pass. Once it is drawn, in idle time, each hidden body is staged instead: React's
 * `display: none` is lifted and the body is laid out where nothing shows it (fixed to the viewport,
 * at the column's width, `visibility: hidden`, inert, its CSS animations paused at their start). Its
 * images are decoded too (`decode()`): a vector image is otherwise laid out as a document of its own
 * in the tap's first paint.
 *
 * The tap's reveal is React's own: it writes the body's `display`. That write takes the staging off, in
 * the microtask checkpoint of React's commit, before the frame is drawn: the body joins the column at
 * the width it was laid out at, so the browser keeps most of the layout it did, and its animations
 * start then. (No screen reads its layout during that commit; one that did would see it staged.)
 */

/** The inline properties a staged body gets (and its width); each is put back as it was. */
const STAGING = {
  position: 'fixed',
  top: '0',
  left: '0', // rtl-checked: hidden and at the column's width, either side is the same
  visibility: 'hidden',
  'pointer-events': 'none',
} as const;

/** Stages every hidden body directly inside `main` (see above); returns how many it staged. */
export function stageHiddenBodies(main: HTMLElement | null): number {
  if (!main) return 0;
  const hidden = [...main.children].filter(
    (child): child is HTMLElement => child instanceof HTMLElement && child.style.display === 'none',
  );
  if (hidden.length === 0) return 0;
  const view = main.ownerDocument.defaultView;
  const box = view?.getComputedStyle(main);
  // Both sides are read and summed: the same in either direction.
  const width = main.clientWidth - parseFloat(box?.paddingLeft ?? '0') - parseFloat(box?.paddingRight ?? '0'); // rtl-checked
  const staged = hidden.map((body) => stage(body, width, view));
  // Reading a size forces the style and layout pass, inside this task.
  void main.offsetHeight;
  for (const body of staged) body.pauseAnimations();
  for (const image of hidden.flatMap((body) => [...body.querySelectorAll('img')]))
    image.decode?.().catch(() => undefined);
  return hidden.length;
}

function stage(body: HTMLElement, width: number, view: Window | null) {
  const { style } = body;
  const staging = { ...STAGING, width: `${width}px` };
  const saved = Object.keys(staging).map(
    (name) => [name, style.getPropertyValue(name), style.getPropertyPriority(name)] as const,
  );
  const inert = body.hasAttribute('inert');
  style.removeProperty('display');
  // The body's own display, marked important: React's reveal (an assignment of `display`) changes it.
  const display = view?.getComputedStyle(body).display || 'block';
  style.setProperty('display', display, 'important');
  for (const [name, value] of Object.entries(staging)) style.setProperty(name, value, 'important');
  body.toggleAttribute('inert', true);

  let paused: Animation[] = [];
  const observer = new MutationObserver(() => {
    if (style.getPropertyValue('display') === display && style.getPropertyPriority('display') === 'important')
      return;
    observer.disconnect();
    for (const [name, value, priority] of saved)
      if (value) style.setProperty(name, value, priority);
      else style.removeProperty(name);
    body.toggleAttribute('inert', inert);
    for (const animation of paused) animation.play();
  });
  observer.observe(body, { attributes: true, attributeFilter: ['style'] });
  return {
    /** Holds the body's CSS animations (an entrance, a spinner) at their start until it is shown. */
    pauseAnimations() {
      paused = body.getAnimations?.({ subtree: true }) ?? [];
      for (const animation of paused) animation.pause();
    },
  };
}
