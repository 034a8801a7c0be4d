import { useEffect, useState } from 'react';
import { ActionBar } from '../../components/action-bar.tsx';
import { Blocks } from '../../components/blocks.tsx';
import { Button } from '../../components/button.tsx';
import { FadeIn } from '../../components/fade-in.tsx';
import { ScreenBody } from '../../components/screen-body.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import type { ScreenProps } from '../screen-props.ts';

/**
 * A spinner with a message; after `spinnerMs` the spinner ends and a Continue button appears.
 * Moving on by itself after `after.delayMs` is the machine's job.
 */
export function CalculatingScreen({ screen, busy, send }: ScreenProps<'calculating'>) {
  const [finishedAfter, setFinishedAfter] = useState<number | null>(null);
  const done = finishedAfter === screen.spinnerMs;

  useEffect(() => {
    const timer = setTimeout(() => setFinishedAfter(screen.spinnerMs), screen.spinnerMs);
    return () => clearTimeout(timer);
  }, [screen.spinnerMs]);

  return (
    <ScreenBody>
      <Blocks blocks={screen.content} />
      <StatusMessage spinning={!done}>
        {done && screen.doneMessage ? screen.doneMessage : screen.message}
      </StatusMessage>
      {done && (
        <ActionBar>
          <FadeIn>
            <Button busy={busy} onClick={() => send({ type: 'CONTINUE' })}>
              {screen.button}
            </Button>
          </FadeIn>
        </ActionBar>
      )}
    </ScreenBody>
  );
}
