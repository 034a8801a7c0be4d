import { lazy, type ComponentType } from 'react';
import type { ScreenKind } from '../engine/flow-model.ts';
import { NotFoundScreen } from './not-found/not-found.tsx';
import { RedirectScreen } from './redirect/redirect.tsx';
import type { ScreenProps } from './screen-props.ts';

/** One renderer per screen kind, each taking the props of its own kind. */
export type ScreenRenderers = { [K in ScreenKind]: ComponentType<ScreenProps<K>> };

/**
 * Starts loading a chunk once; later calls (and React.lazy) share the same promise. A failed load is
 * forgotten, so the next call (e.g. rendering the screen) tries the network again.
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () =>
    (promise ??= load().catch((error: unknown) => {
      promise = undefined;
      throw error;
    }));
}

// Only the first screen's kind (redirect: 'Starting assessment...') and not-found are eager; every other
// renderer is split off the first screen's bundle and fetched by preloadRenderers() right after it.
const loadContent = once(() =>
  import('./content/content.tsx').then((module) => ({ default: module.ContentScreen })),
);
const loadForm = once(() => import('./form/form.tsx').then((module) => ({ default: module.FormScreen })));
const loadMultiSelect = once(() =>
  import('./multi-select/multi-select.tsx').then((module) => ({ default: module.MultiSelectScreen })),
);
const loadSingleChoice = once(() =>
  import('./single-choice/single-choice.tsx').then((module) => ({ default: module.SingleChoiceScreen })),
);
const loadSlider = once(() =>
  import('./slider/slider.tsx').then((module) => ({ default: module.SliderScreen })),
);
const loadCalculating = once(() =>
  import('./calculating/calculating.tsx').then((module) => ({ default: module.CalculatingScreen })),
);
const loadPhotoUpload = once(() =>
  import('./photo-upload/photo-upload.tsx').then((module) => ({ default: module.PhotoUploadScreen })),
);
const loadReveal = once(() =>
  import('./reveal/reveal.tsx').then((module) => ({ default: module.RevealScreen })),
);

/**
 * The renderer of every screen kind. `satisfies` makes a kind without a renderer, or a renderer for
 * the wrong kind, a compile error. The first screen’s kind (redirect) and not-found are
 * eager; lazy ones need a Suspense boundary and should be warmed with `preloadRenderers()`.
 */
export const screenRenderers = {
  redirect: RedirectScreen,
  content: lazy(loadContent),
  'multi-select': lazy(loadMultiSelect),
  'single-choice': lazy(loadSingleChoice),
  slider: lazy(loadSlider),
  form: lazy(loadForm),
  calculating: lazy(loadCalculating),
  'photo-upload': lazy(loadPhotoUpload),
  reveal: lazy(loadReveal),
  'not-found': NotFoundScreen,
} satisfies ScreenRenderers;

/**
 * Loads every lazy renderer's chunk. Call after the first paint so a tap on Continue never waits for
 * the network. Safe to call many times and never rejects: a chunk that failed to load is fetched
 * again when its screen renders.
 */
export async function preloadRenderers(): Promise<void> {
  await Promise.allSettled([
    loadContent(),
    loadForm(),
    loadMultiSelect(),
    loadSingleChoice(),
    loadSlider(),
    loadCalculating(),
    loadPhotoUpload(),
    loadReveal(),
  ]);
}
