/**
 * The only part of field speed in the first bundle: it notes the time of each screen shown, and once
 * the first screen is drawn and the page is idle it loads the watcher and web-vitals (chunks of their
 * own, never in the first bundle: scripts/bundle-size.ts fails the build if web-vitals is there) and
 * hands it the screens noted so far. A load that fails only costs the readings.
 */
import type { FieldSpeedWatch, ShownScreen } from '../tracking/field-speed-watch.ts';

export interface FieldSpeedStartOptions {
  /** Loads the watcher, given the screens shown so far. */
  load(shown: readonly ShownScreen[]): Promise<FieldSpeedWatch>;
  /** The next frame (requestAnimationFrame): the first screen is painted before the load starts. */
  frame(task: () => void): void;
  /** Idle time (requestIdleCallback, with a fallback). */
  idle(task: () => void): void;
  now(): number;
}

/** Returns what the app calls with each screen it shows. */
export function startFieldSpeed(options: FieldSpeedStartOptions): (screen: string) => void {
  const shown: ShownScreen[] = [];
  let watch: FieldSpeedWatch | undefined;
  return (screen) => {
    const at = options.now();
    if (watch) return watch.screenShown(screen, at);
    shown.push({ screen, at });
    if (shown.length > 1) return;
    options.frame(() =>
      options.idle(() => {
        options.load(shown).then(
          (loaded) => {
            watch = loaded;
          },
          () => undefined,
        );
      }),
    );
  };
}
