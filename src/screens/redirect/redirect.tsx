import { Blocks } from '../../components/blocks.tsx';
import { ScreenBody } from '../../components/screen-body.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import type { ScreenProps } from '../screen-props.ts';

/** A short waiting message ('Starting assessment...'); the machine moves on by itself, so no button. */
export function RedirectScreen({ screen }: ScreenProps<'redirect'>) {
  return (
    <ScreenBody>
      <StatusMessage>{screen.message}</StatusMessage>
      <Blocks blocks={screen.content} firstHeading={2} />
    </ScreenBody>
  );
}
