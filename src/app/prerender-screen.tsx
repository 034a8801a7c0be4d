/**
 * The build's prerender (scripts/vite-plugin-prerender.ts loads this in Node): the HTML a fresh
 * visitor's first render of a page draws, so the page shows its screen before any script has run,
 * and main.tsx then hydrates that HTML instead of drawing it again. The tree is the one main.tsx
 * renders (app-tree.tsx); nothing here runs in the browser.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import type { Flow } from '../engine/flow-model.ts';
import type { FunnelPorts } from '../engine/ports.ts';
import { routeTable } from '../engine/routes.ts';
import { preloadRenderer } from '../screens/registry.ts';
import { AppTree } from './app-tree.tsx';
import { compiledMachine } from './compiled-machine.ts';
import { openingScreen } from './opening-screen.ts';
import { resumeSession } from '../engine/storage.ts';
import { FunnelApp } from './funnel-app.tsx';
import { lazyResults } from './lazy-results.ts';
import { passesThrough } from '../engine/timed-visit.ts';

// The machine is built but never started in a prerender (effects don't run), so no port is called.
const unused = () => {
  throw new Error('the prerender called a port');
};
const inertPorts: FunnelPorts = {
  tracking: {
    screenViewed: unused,
    journeyReached: unused,
    stepTracked: unused,
    saveLead: unused,
    finalClick: unused,
  },
  analysis: { analyzePhoto: unused },
  pixel: { track: unused },
  navigation: { redirect: unused },
  log: { warn: unused },
};

/**
 * The HTML inside #root for a fresh visitor opening `path` (no stored session, the flow's base
 * variant), or undefined when the path opens no screen.
 */
export async function prerenderPage(flow: Flow, path: string): Promise<string | undefined> {
  const id = routeTable(flow).screenFor(path) ?? flow.notFound;
  const screen = Object.hasOwn(flow.screens, id) ? flow.screens[id] : undefined;
  if (!screen) return undefined;
  // The result code is loaded before the render, as main.tsx does for a screen that shows a result.
  const results = lazyResults(() => import('./result-code-chunk.ts').then((chunk) => chunk.resultCode));
  await results.need();
  // Like main.tsx, the code of the screen the machine opens on (a guard may send a fresh visitor on)
  // is in before the render: drawn without a loading boundary, as the browser's first render draws it.
  const machine = compiledMachine(flow, { ports: inertPorts, deriveResult: results.derive });
  const opening = openingScreen(machine, resumeSession(null, flow, path));
  await preloadRenderer((opening !== undefined ? flow.screens[opening]?.kind : undefined) ?? screen.kind);
  const { prelude } = await prerenderToNodeStream(
    <AppTree app={<FunnelApp flow={flow} ports={inertPorts} results={results} storage={null} path={path} />} />,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/**
 * The drawing of the screen a page passes through when the machine moves on from it at once (the
 * start page's 'Starting assessment...'), or undefined when the page's screen rests. The page shows it
 * for its first paint, then the screen it leads to (route-preload.ts). The machine never rests on it,
 * so it is drawn as the app would draw it with a delay; its ids are left out, as the screen it leads to
 * has the same ones.
 */
export async function prerenderPassing(flow: Flow, path: string): Promise<string | undefined> {
  const id = routeTable(flow).screenFor(path);
  const screen = id !== undefined && Object.hasOwn(flow.screens, id) ? flow.screens[id] : undefined;
  if (id === undefined || !screen || !passesThrough(screen) || !('after' in screen)) return undefined;
  const resting = { ...screen, after: { ...screen.after, delayMs: 1 } };
  const html = await prerenderPage({ ...flow, screens: { ...flow.screens, [id]: resting } }, path);
  return html?.replace(/\s(id|aria-labelledby|aria-describedby|aria-controls)="[^"]*"/g, '');
}
