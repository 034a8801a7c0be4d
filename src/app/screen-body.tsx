import { Suspense, useState, type ComponentType } from 'react';
import type { ScreenKind } from '../engine/flow-model.ts';
import { ScreenLoading } from '../components/screen-loading.tsx';
import { isRendererLoaded, screenRenderers, type ScreenRenderers } from '../screens/registry.ts';
import type { ScreenProps } from '../screens/screen-props.ts';

const renderers: ScreenRenderers = screenRenderers;

/**
 * Draws a screen with the renderer registered for its kind (`kind` is always `screen.kind`). Only a
 * renderer whose code is not in yet gets a Suspense boundary (decided once, so the body never remounts):
 * a boundary in the build's drawing would be hydrated in a pass of its own after the page's, and a tap
 * in between would reach no handler.
 */
export function ScreenBody<K extends ScreenKind>(props: ScreenProps<K> & { kind: K }) {
  const { kind, ...rest } = props;
  const Renderer: ComponentType<ScreenProps<K>> = renderers[kind];
  const [loading] = useState(() => !isRendererLoaded(kind));
  const body = <Renderer {...rest} />;
  return loading ? <Suspense fallback={<ScreenLoading />}>{body}</Suspense> : body;
}
