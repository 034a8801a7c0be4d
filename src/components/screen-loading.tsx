import { Spinner } from './spinner.tsx';

/**
 * What shows while a screen's code is still loading and there is no earlier screen to keep up (a first
 * visit or a deep link). Marked so tests can prove it never shows after a tap.
 */
export function ScreenLoading() {
  return (
    <div data-testid="screen-loading">
      <Spinner />
    </div>
  );
}
