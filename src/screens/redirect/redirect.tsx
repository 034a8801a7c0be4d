import { lazy, Suspense } from 'react';
import { ScreenBody } from '../../components/screen-body.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import type { ScreenProps } from '../screen-props.ts';

// The redirect renderer ships with the first screen ('Starting assessment...', which has no content),
// so the content blocks, which the other renderers share, load only for a redirect screen that has some.
const Blocks = lazy(() => import('../../components/blocks.tsx').then((module) => ({ default: module.Blocks })));

/** A short waiting message ('Starting assessment...'); the machine moves on by itself, so no button. */
export function RedirectScreen({ screen }: ScreenProps<'redirect'>) {
  return (
    <ScreenBody>
      <StatusMessage>{screen.message}</StatusMessage>
      {screen.content && screen.content.length > 0 ? (
        <Suspense fallback={null}>
          <Blocks blocks={screen.content} firstHeading={2} />
        </Suspense>
      ) : null}
    </ScreenBody>
  );
}
