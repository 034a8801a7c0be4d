/**
 * The screen drawn ahead (predicted-view.ts) sits in a hidden Activity, which is `display: none`: the
 * browser has never styled or laid it out, so the tap that reveals it pays for its first style and
 * layout pass (its words shaped, its images sized and decoded). Once it is drawn, in idle time, a copy
 * of each hidden body is laid out once, invisibly (visibility: hidden, out of the flow, at the column's
 * width), and removed in the same task, so nothing of it is ever painted and React's own nodes are not
 * touched. What the browser keeps from that pass (shaped words, matched styles, decoded images) makes
 * the tap's own pass cheaper. Its images are decoded too (`decode()`): a vector image is otherwise laid
 * out as a document of its own in the tap's first paint.
 */

/** Lays out a copy of every hidden body directly inside `main`; returns how many it laid out. */
export function warmHiddenBodies(main: HTMLElement | null): number {
  if (!main) return 0;
  const hidden = [...main.children].filter(
    (child): child is HTMLElement => child instanceof HTMLElement && child.style.display === 'none',
  );
  if (hidden.length === 0) return 0;
  const stage = main.ownerDocument.createElement('div');
  stage.setAttribute('aria-hidden', 'true');
  stage.inert = true;
  stage.style.cssText = `position:absolute;visibility:hidden;pointer-events:none;top:0;left:0;width:${main.clientWidth}px`;
  for (const body of hidden) {
    const copy = body.cloneNode(true) as HTMLElement;
    copy.style.removeProperty('display');
    // A copy must not act on the page: no radio of it joins a group of the page's (a checked one
    // would uncheck the original), no id doubles one, nothing loads or takes the focus.
    for (const element of copy.querySelectorAll('iframe, video, audio, object, embed')) element.remove();
    for (const element of [copy, ...copy.querySelectorAll('*')])
      for (const name of ['id', 'name', 'form', 'for', 'autofocus']) element.removeAttribute(name);
    stage.append(copy);
  }
  for (const image of hidden.flatMap((body) => [...body.querySelectorAll('img')]))
    image.decode?.().catch(() => undefined);
  main.append(stage);
  // Reading a size forces the style and layout pass, inside this task.
  void stage.offsetHeight;
  stage.remove();
  return hidden.length;
}
