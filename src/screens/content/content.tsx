import { ActionBar } from '../../components/action-bar.tsx';
import { Blocks } from '../../components/blocks.tsx';
import { Button } from '../../components/button.tsx';
import { ScreenBody } from '../../components/screen-body.tsx';
import type { ScreenProps } from '../screen-props.ts';

/** Copy, images and one call to action: education, bridges, results, plans, social proof. */
export function ContentScreen({ screen, busy, error, send }: ScreenProps<'content'>) {
  return (
    <ScreenBody>
      <Blocks blocks={screen.content} />
      <ActionBar>
        {error && <p role="alert">{error}</p>}
        <Button busy={busy} onClick={() => send({ type: 'CONTINUE' })}>
          {screen.button}
        </Button>
      </ActionBar>
      <Blocks blocks={screen.footer} firstHeading={2} />
    </ScreenBody>
  );
}
