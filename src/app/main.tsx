import { restoreStacks } from './quiet-stacks.ts';
import '../components/tokens.css';
import { lazy, startTransition, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import shippedFlow from 'virtual:flow';
import { languages, packs, tablePacks } from 'virtual:flow-languages';
import type { Flow } from '../engine/flow.gen.ts';
import { translateFlow } from '../engine/i18n/translation.ts';
import { startVisitLanguage } from '../engine/i18n/visit-language.ts';
import { applyPatches } from '../engine/apply-patches.ts';
import { loadSession, resumeSession } from '../engine/storage.ts';
import { preloadRenderer } from '../screens/registry.ts';
import { deferPixel } from '../tracking/deferred-pixel.ts';
import { createAppPorts } from './app-ports.ts';
import { AppTree, matchesPrerender } from './app-tree.tsx';
import { preparedMachine } from './compiled-machine.ts';
import { startExperiments } from './experiments.ts';
import { firstScreenCode } from './first-screen-code.ts';
import { openingScreen } from './opening-screen.ts';
import { FunnelApp } from './funnel-app.tsx';
import { startFieldSpeed } from './field-speed-start.ts';
import { lazyResults } from './lazy-results.ts';
import { createScreenPrefetch, inIdleTask, whenIdle } from './screen-prefetch.ts';

restoreStacks();
const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
const root: HTMLElement = rootElement;

const session = safeStorage(() => window.sessionStorage);
const local = safeStorage(() => window.localStorage);
// The language the page was drawn in (the server picks it from ?lang= and Accept-Language).
const drawnLanguage = document.documentElement.lang;
const idle = whenIdle(window);
// No top-level await: it would make the bundler split the first bundle's shared modules into chunks.
// The start-up begins in a task after the entry's own, which is React's loading.
void wait(0).then(startInLanguage);

/**
 * The visit's language, chosen once (?lang=, then this visit's, then the phone's, then the default)
 * and set on <html lang dir> before any tracking call reads it or React adopts the drawn page; its
 * texts (a chunk of their own, preloaded by its pages) are put into the flow before anything reads it.
 */
async function startInLanguage(): Promise<void> {
  const { language } = startVisitLanguage({
    languages,
    answersKey: shippedFlow.storage.answersKey,
    search: window.location.search,
    storage: session,
    preferred: navigator.languages,
    root: document.documentElement,
  });
  const loadPack = Object.hasOwn(packs, language) ? packs[language] : undefined;
  // The language's table texts (shown results) load with the result code.
  const loadTableTexts = Object.hasOwn(tablePacks, language) ? tablePacks[language] : undefined;
  const flow = loadPack ? translateFlow(shippedFlow, await loadPack()) : shippedFlow;
  await start(flow, { language, loadTableTexts });
}

/**
 * Starts the funnel with the flow in the visit's language. The start-up runs one piece per task (each
 * timer is a task of its own), so none of them is a long task on a slow phone: a tap in between is
 * drawn at once (measured at 4× CPU: the pieces take 50-80 ms; in one task they took 200 ms).
 */
async function start(
  baseFlow: Flow,
  { language, loadTableTexts }: { language: string; loadTableTexts: (() => Promise<Record<string, string>>) | undefined },
): Promise<void> {
  // Where the visitor arrived from, read now (the address changes with the first tap) and remembered
  // by the landing code, which loads with the backend code.
  const arrival = { referrer: document.referrer, search: window.location.search };
  const path = window.location.pathname;
  await wait(0);
  // The visitor's experiment variants are applied before anything reads the flow: her variant is what runs.
  const visit = startExperiments(baseFlow, local, window.location.search, new Date());
  const flow = visit.patches.length === 0 ? baseFlow : applyPatches(baseFlow, visit.patches);
  await wait(0);
  // Load order: the current screen's renderer (fetched when it renders), then the screens after it in
  // flow order in idle time, and only then the result code, the backend code and the ad pixel, so none
  // of them is ever fetched or run ahead of a screen's chunk.
  const prefetch = createScreenPrefetch({ flow, preload: preloadRenderer, idle });
  const afterScreens = prefetch.screensLoaded;
  // A screen that shows a result asks for the result code at once (current-screen.tsx).
  const results = lazyResults(
    () =>
      Promise.all([import('./result-code-chunk.ts'), loadTableTexts?.()]).then(([chunk, tables]) =>
        chunk.resultCodeIn(tables),
      ),
    afterScreens,
  );
  const afterResults = Promise.all([afterScreens, results.ready]).then(
    () => undefined,
    () => undefined,
  );
  const landing = afterResults
    .then(() => import('../tracking/landing.ts'))
    .then(({ rememberLanding }) => rememberLanding(session, arrival.referrer, arrival.search));
  // The ad code and the backend code each start in an idle task of their own (ads first), not together
  // in the task in which the last of their chunks arrived.
  const ads = Promise.all([afterResults.then(() => import('./ads-chunk.tsx')), landing])
    .then((loaded) => inIdleTask(idle, loaded))
    .then(([chunk, { referrer }]) =>
      chunk.startAds({
        settings: flow.settings,
        envPixelId: import.meta.env.VITE_META_PIXEL_ID,
        referrer,
        local,
        session,
      }),
    );
  const AdConsent = lazy(() => ads.then(({ AdConsent }) => ({ default: AdConsent })));
  const ports = createAppPorts({
    sessionId: loadSession(session, flow).sessionId,
    local,
    session,
    landing: ads
      .then(
        () => landing,
        () => landing,
      )
      .then((landing) => inIdleTask(idle, landing)),
    experiments: {
      visitorId: visit.visitorId,
      assignments: visit.assignments,
      experiments: baseFlow.experiments ?? [],
    },
    envPixelId: import.meta.env.VITE_META_PIXEL_ID,
    fallback: results.fallback,
    deriveResult: results.derive,
    // Tracking calls made before then are queued and replayed (deferred-tracking.ts).
    afterPaint: afterResults,
    pixel: deferPixel(
      ads.then(({ pixel }) => pixel),
      (message) => console.warn(message),
    ),
  });

  // A direct load renders once its screen's code is in (preloaded alongside the entry): one pass, no spinner.
  // The build drew most pages already (vite-plugin-prerender.ts): when that drawing is exactly this
  // visit's first render, React adopts it (hydrates, in a transition, so the work is split in short
  // tasks) instead of drawing it again; otherwise it draws over it.
  const input = resumeSession(session, flow, path);
  const prerendered =
    drawnLanguage === language &&
    matchesPrerender(root.dataset, path, flow, input, visit.assignments);
  // Then, first asking for the code of the screen the address names, and compiling the machine while
  // that code loads (its configuration, then the machine). The first render waits for the code of the
  // screen the machine opens on: the same one, unless a guard sends the visitor on.
  void wait(0).then(() =>
    firstScreenCode({ flow, path, preload: preloadRenderer, needResults: results.need, wait }),
  );
  const machineCompiled = wait(0)
    .then(() => preparedMachine(flow, { ports, deriveResult: results.derive }))
    .then(async (create) => {
      await wait(0);
      return create();
    });
  // Which screen the machine opens on is worked out in a task of its own, after the compile's.
  const openingCode = machineCompiled.then(async (machine) => {
    await wait(0);
    return firstScreenCode({
      flow,
      path,
      id: openingScreen(machine, input),
      preload: preloadRenderer,
      needResults: results.need,
      wait,
    });
  });
  // The visitor's own speed on each screen: web-vitals and its watcher load once the first screen is
  // drawn and the page is idle; readings go to the backend code's outbox once that is in.
  const fieldScreen = startFieldSpeed({
    load: (shown) =>
      Promise.all([import('web-vitals'), import('../tracking/field-speed-watch.ts')]).then(([vitals, watcher]) =>
        watcher.watchInBrowser(
          vitals,
          shown,
          (reading) => void ports.fieldReadings.then((write) => write(reading)),
          // Readings are written within 2 s of a screen's end even on a busy page.
          whenIdle(window, 2000),
        ),
      ),
    frame: (task) => window.requestAnimationFrame(task),
    idle,
    now: () => performance.now(),
  });
  const onScreen = (screenId: string) => {
    prefetch.visit(screenId);
    fieldScreen(screenId);
  };
  void openingCode.then(() => {
    const tree = (
      <AppTree
        app={
          <FunnelApp
            flow={flow}
            ports={ports}
            results={results}
            storage={session}
            onScreen={onScreen}
            idle={idle}
            path={path}
          />
        }
        later={
          <Suspense fallback={null}>
            <AdConsent />
          </Suspense>
        }
      />
    );
    // A drawing that doesn't match after all is drawn again by React (and reported as an error).
    if (prerendered) startTransition(() => void hydrateRoot(root, tree));
    else createRoot(root).render(tree);
  });
}

/** Resolves after `ms` (0: in a later task, so what follows is not part of the current one). */
function wait(ms: number): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, ms));
}

function safeStorage(get: () => Storage): Storage | null {
  try {
    return get();
  } catch {
    return null;
  }
}
