/**
 * Keeps the address bar and the machine in step: every screen shows its canonical route, Back and
 * Forward move between screens (answers intact, they live in the machine), deep links and aliases
 * open their screen through its guards. Redirect and other timed screens never stay in browser history.
 */
import type { Actor } from 'xstate';
import type { FunnelMachine } from './compile-flow.ts';
import type { Flow } from './flow-model.ts';
import type { RouteTable } from './routes.ts';
import { currentScreenId } from './screen-view.ts';
import { isTimed } from './timed-visit.ts';

type BrowserWindow = Pick<Window, 'history' | 'location' | 'addEventListener' | 'removeEventListener' | 'document'>;

/** Starts syncing; returns a function that stops it. */
export function syncUrl(actor: Actor<FunnelMachine>, flow: Flow, routes: RouteTable, win: BrowserWindow): () => void {
  let previous: string | undefined;
  let popping = false;

  const onScreen = (id: string) => {
    const first = previous === undefined;
    // Timed screens (redirects, a calculating step) are replaced by the screen they lead to, so Back
    // passes over them instead of landing on a screen that moves on by itself again.
    const leavingTimed =
      previous !== undefined && (flow.screens[previous]?.kind === 'redirect' || isTimed(flow.screens[previous]));
    previous = id;
    const route = routes.routeOf(id);
    // Transient screens and the not-found page keep the address the visitor typed.
    if (route === undefined || id === flow.notFound) return;
    const state = { screen: id };
    // An address that already is the route stays as it is: a history call at load costs a slow phone
    // several milliseconds of the first screen's startup for nothing.
    if (first) {
      if (win.location.pathname !== route) win.history.replaceState(state, '', route + win.location.search + win.location.hash);
    }
    else if (popping || leavingTimed) win.history.replaceState(state, '', route);
    else if (win.location.pathname !== route) win.history.pushState(state, '', route);
  };

  const subscription = actor.subscribe((snapshot) => {
    const id = currentScreenId(snapshot);
    if (id !== undefined && id !== previous) onScreen(id);
  });
  const initial = currentScreenId(actor.getSnapshot());
  if (initial !== undefined) onScreen(initial);

  const onPop = () => {
    popping = true;
    try {
      actor.send({ type: 'NAVIGATE', path: win.location.pathname });
    } finally {
      popping = false;
    }
  };
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const target = event.target;
    const link = target instanceof Element ? target.closest('a[data-internal]') : null;
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/')) return;
    event.preventDefault();
    previous = undefined;
    win.history.pushState(null, '', href);
    actor.send({ type: 'NAVIGATE', path: href });
  };

  win.addEventListener('popstate', onPop);
  win.document.addEventListener('click', onClick);
  return () => {
    subscription.unsubscribe();
    win.removeEventListener('popstate', onPop);
    win.document.removeEventListener('click', onClick);
  };
}
