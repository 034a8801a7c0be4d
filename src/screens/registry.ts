import { createElement, lazy, type ComponentType } from 'react';
import type { ScreenKind } from '../engine/flow-model.ts';
import type { ScreenProps } from './screen-props.ts';

/** One renderer per screen kind, each taking the props of its own kind. */
export type ScreenRenderers = { [K in ScreenKind]: ComponentType<ScreenProps<K>> };

/** A renderer whose code is split off the first bundle, with its chunk's load state. */
interface SplitRenderer<K extends ScreenKind> {
  Renderer: ComponentType<ScreenProps<K>>;
  /** Starts (or joins) the chunk's download; resolves once the renderer can draw synchronously. */
  preload: () => Promise<void>;
  isLoaded: () => boolean;
}

/**
 * A split renderer with a module cache in front of React.lazy: React.lazy suspends on its first render
 * even when the chunk is already in (it can't read a settled promise synchronously), and React then
 * holds the Suspense fallback for ~300 ms. Here a loaded renderer draws directly; only a renderer
 * whose chunk is not in yet goes through React.lazy and suspends. A failed load is forgotten, so the
 * next render or preload fetches again.
 */
function split<K extends ScreenKind>(load: () => Promise<ComponentType<ScreenProps<K>>>): SplitRenderer<K> {
  let loaded: ComponentType<ScreenProps<K>> | undefined;
  let pending: Promise<ComponentType<ScreenProps<K>>> | undefined;
  const fetchOnce = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => fetchOnce().then((component) => ({ default: component })));
  function Renderer(props: ScreenProps<K>) {
    return createElement(loaded ?? Lazy, props);
  }
  return { Renderer, preload: () => fetchOnce().then(() => undefined), isLoaded: () => loaded !== undefined };
}

// Every renderer is split off the first screen's bundle and fetched in the order the visitor meets it.
// The build draws every page already (prerendered), and a direct load hydrates it once its screen's
// chunk is in (first-screen-code.ts), which the page's route preload map fetches alongside the entry.
const split_ = {
  content: split(() => import('./content/content.tsx').then((m) => m.ContentScreen)),
  form: split(() => import('./form/form.tsx').then((m) => m.FormScreen)),
  'multi-select': split(() => import('./multi-select/multi-select.tsx').then((m) => m.MultiSelectScreen)),
  'single-choice': split(() => import('./single-choice/single-choice.tsx').then((m) => m.SingleChoiceScreen)),
  slider: split(() => import('./slider/slider.tsx').then((m) => m.SliderScreen)),
  calculating: split(() => import('./calculating/calculating.tsx').then((m) => m.CalculatingScreen)),
  'photo-upload': split(() => import('./photo-upload/photo-upload.tsx').then((m) => m.PhotoUploadScreen)),
  reveal: split(() => import('./reveal/reveal.tsx').then((m) => m.RevealScreen)),
  'not-found': split(() => import('./not-found/not-found.tsx').then((m) => m.NotFoundScreen)),
  redirect: split(() => import('./redirect/redirect.tsx').then((m) => m.RedirectScreen)),
};

/**
 * The renderer of every screen kind. `satisfies` makes a kind without a renderer, or a renderer for
 * the wrong kind, a compile error. Each suspends until its chunk is in (see {@link isRendererLoaded}
 * and {@link preloadRenderer}).
 */
export const screenRenderers = {
  redirect: split_.redirect.Renderer,
  content: split_.content.Renderer,
  'multi-select': split_['multi-select'].Renderer,
  'single-choice': split_['single-choice'].Renderer,
  slider: split_.slider.Renderer,
  form: split_.form.Renderer,
  calculating: split_.calculating.Renderer,
  'photo-upload': split_['photo-upload'].Renderer,
  reveal: split_.reveal.Renderer,
  'not-found': split_['not-found'].Renderer,
} satisfies ScreenRenderers;

/** The split kinds' load state by kind; eager kinds have none. */
const loaders: Partial<Record<ScreenKind, Omit<SplitRenderer<ScreenKind>, 'Renderer'>>> = split_;
const splitOf = (kind: ScreenKind) => (Object.hasOwn(loaders, kind) ? loaders[kind] : undefined);

/** Whether a kind's renderer draws synchronously now (eager kinds always do). */
export function isRendererLoaded(kind: ScreenKind): boolean {
  return splitOf(kind)?.isLoaded() ?? true;
}

/** Loads one kind's renderer chunk (at once for eager kinds). Rejects when the chunk fails to load. */
export function preloadRenderer(kind: ScreenKind): Promise<void> {
  return splitOf(kind)?.preload() ?? Promise.resolve();
}

/**
 * Loads every split renderer's chunk. Safe to call many times and never rejects: a chunk that failed
 * to load is fetched again when its screen renders. (The app loads them one by one in flow order
 * instead; tests and Storybook use this.)
 */
export async function preloadRenderers(): Promise<void> {
  await Promise.allSettled(Object.values(split_).map((entry) => entry.preload()));
}
