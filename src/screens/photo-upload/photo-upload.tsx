import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { ActionBar } from '../../components/action-bar.tsx';
import { AnalysisOverlay } from '../../components/analysis-overlay.tsx';
import { Blocks } from '../../components/blocks.tsx';
import { Button } from '../../components/button.tsx';
import { interfaceText } from '../../components/interface-texts.ts';
import type { Block } from '../../engine/flow.gen.ts';
import type { ScreenOfKind } from '../../engine/flow-model.ts';
import type { ScreenProps } from '../screen-props.ts';
import { readPhoto, type PhotoProblem } from './read-photo.ts';
import styles from './photo-upload.module.css';

type PhotoUpload = ScreenOfKind<'photo-upload'>;

/** Copy used when the flow leaves an optional label or message out. */
const defaults = {
  pickLabel: 'Choose a photo',
  changeLabel: 'Choose a different photo',
  tooLargeMessage: 'This photo is too large. Please choose a smaller one.',
  notImageMessage: 'This file is not an image we can read. Please choose a JPG or PNG photo.',
} as const satisfies Required<
  Pick<PhotoUpload, 'pickLabel' | 'changeLabel' | 'tooLargeMessage' | 'notImageMessage'>
>;

function problemMessage(screen: PhotoUpload, problem: PhotoProblem): string {
  return problem === 'too-large'
    ? (screen.tooLargeMessage ?? defaults.tooLargeMessage)
    : (screen.notImageMessage ?? defaults.notImageMessage);
}

/** The checklist as a check-style list block (none when the list is empty). */
function checklistBlocks(checklist: readonly string[] | undefined): Block[] {
  const [first, ...rest] = checklist ?? [];
  return first === undefined ? [] : [{ type: 'list', style: 'check', items: [first, ...rest] }];
}

/**
 * Photo picker with preview. The file is checked and read here; the machine receives only a data
 * URL, and runs the analysis on Continue while this shows the overlay.
 */
export function PhotoUploadScreen({
  screen,
  canContinue,
  busy,
  error,
  photo,
  send,
}: ScreenProps<'photo-upload'>) {
  const chosenPhoto = interfaceText('chosenPhoto', 'Your chosen photo');
  const [problem, setProblem] = useState<string | null>(null);
  const latestPick = useRef(0);

  const pick = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // Clearing lets the visitor pick the same file again after fixing nothing but her mind.
    input.value = '';
    if (!file) return;
    const pickNumber = ++latestPick.current;
    const result = await readPhoto(file, screen.maxBytes);
    if (pickNumber !== latestPick.current) return;
    if (result.ok) {
      setProblem(null);
      send({ type: 'PHOTO_SELECTED', image: result.image });
    } else {
      setProblem(problemMessage(screen, result.problem));
    }
  };

  // A photo chosen on the build's drawing of this screen, before the app's code was in, fired its change
  // event with no one listening: it is taken when the screen first mounts (hydrates).
  const fileInput = useRef<HTMLInputElement>(null);
  const pickChosenEarlier = useEffectEvent(() => {
    const input = fileInput.current;
    if (input?.files?.length) void pick(input);
  });
  useEffect(() => pickChosenEarlier(), []);

  // After a refused photo (no face) the picker says what to do next: try another one.
  const pickLabel = photo
    ? (screen.changeLabel ?? defaults.changeLabel)
    : error && screen.retryLabel
      ? screen.retryLabel
      : (screen.pickLabel ?? defaults.pickLabel);
  const offerWithout = error !== null && !photo && screen.continueWithoutLabel;

  return (
    <div className={styles.body}>
      <Blocks blocks={screen.content} />
      <div className={styles.picker}>
        {photo ? (
          <img className={styles.preview} src={photo} alt={chosenPhoto} />
        ) : (
          <div className={styles.placeholder} aria-hidden="true">
            <span className={styles.face} />
          </div>
        )}
        <label className={photo ? `${styles.pick} ${styles.pickSecondary}` : styles.pick}>
          <input
            className={styles.file}
            type="file"
            accept="image/*"
            disabled={busy}
            ref={fileInput}
            onChange={(event) => void pick(event.currentTarget)}
          />
          <span>{pickLabel}</span>
        </label>
        {screen.formats && <p className={styles.formats}>{screen.formats}</p>}
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
      </div>
      <Blocks blocks={checklistBlocks(screen.checklist)} />
      {!photo && screen.hint && <p className={styles.hint}>{screen.hint}</p>}
      {error && (
        <p className={styles.problem} role="alert">
          {error}
        </p>
      )}
      <ActionBar>
        {offerWithout ? (
          <Button busy={busy} onClick={() => send({ type: 'CONTINUE_WITHOUT' })}>
            {offerWithout}
          </Button>
        ) : (
          <Button disabled={!canContinue} busy={busy} onClick={() => send({ type: 'CONTINUE' })}>
            {screen.button}
          </Button>
        )}
      </ActionBar>
      <Blocks blocks={screen.footer} firstHeading={2} />
      {busy && (
        <AnalysisOverlay
          title={screen.overlay.title}
          markers={screen.overlay.markers}
          progressStep={screen.overlay.progressStep}
          progressTickMs={screen.overlay.progressTickMs}
          markerTickMs={screen.overlay.markerTickMs}
        />
      )}
    </div>
  );
}
