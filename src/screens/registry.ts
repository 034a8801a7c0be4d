import { lazy, type ComponentType } from 'react';
import type { ScreenKind } from '../engine/flow-model.ts';
import { ContentScreen } from './content/content.tsx';
import { FormScreen } from './form/form.tsx';
import { MultiSelectScreen } from './multi-select/multi-select.tsx';
import { NotFoundScreen } from './not-found/not-found.tsx';
import { RedirectScreen } from './redirect/redirect.tsx';
import { SingleChoiceScreen } from './single-choice/single-choice.tsx';
import { SliderScreen } from './slider/slider.tsx';
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

// These pull in framer-motion or are heavy, so they are split off the first screen's bundle.
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
 * the wrong kind, a compile error. Light kinds (the first screens: redirect, multi-select, …) are
 * eager; lazy ones need a Suspense boundary and should be warmed with `preloadRenderers()`.
 */
export const screenRenderers = {
  redirect: RedirectScreen,
  content: ContentScreen,
  'multi-select': MultiSelectScreen,
  'single-choice': SingleChoiceScreen,
  slider: SliderScreen,
  form: FormScreen,
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
  await Promise.allSettled([loadCalculating(), loadPhotoUpload(), loadReveal()]);
}
