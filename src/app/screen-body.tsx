import { Suspense, type ComponentType } from 'react';
import type { ScreenKind } from '../engine/flow-model.ts';
import { ScreenLoading } from '../components/screen-loading.tsx';
import { screenRenderers, type ScreenRenderers } from '../screens/registry.ts';
import type { ScreenProps } from '../screens/screen-props.ts';

const renderers: ScreenRenderers = screenRenderers;

/** Draws a screen with the renderer registered for its kind (`kind` is always `screen.kind`). */
export function ScreenBody<K extends ScreenKind>(props: ScreenProps<K> & { kind: K }) {
  const { kind, ...rest } = props;
  const Renderer: ComponentType<ScreenProps<K>> = renderers[kind];
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Renderer {...rest} />
    </Suspense>
  );
}
