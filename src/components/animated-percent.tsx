import { useEffect, useState } from 'react';
import type { NumberStyle } from '../engine/number-format.ts';
import { figureParts } from './figure-parts.ts';
import { useReducedMotion } from './use-reduced-motion.ts';
import { VisuallyHidden } from './visually-hidden.tsx';
import styles from './animated-percent.module.css';

export interface AnimatedPercentProps {
  /** Where counting starts. */
  from: number;
  /** Where counting ends; the last step shows exactly this (rounded to a whole number). */
  to: number;
  /** Wait before the first step, in ms. */
  delayMs: number;
  /** Number of steps from `from` to `to`. */
  steps: number;
  /** Time per step, in ms. */
  stepMs: number;
  /** Shown right after the figure: "%" (default), " years", or "" for none. */
  unit?: string;
  /** Decimals shown while counting and at the end (default 0). */
  decimals?: number;
  /** Write the figure by the flow's locale: grouped, as money, or compact; absent: digits as they are. */
  format?: 'number' | 'currency' | 'compact' | undefined;
  /** The flow's locale and currency, for `format`. */
  numbers?: NumberStyle | undefined;
  /** Shown right before the figure, e.g. "about". */
  prefix?: string | undefined;
  /**
   * A label that belongs to the final figure (e.g. its band): shown above it only once the count
   * lands, so a counting number never sits beside a label that describes another one. Its place is
   * kept while counting, so nothing moves when it appears.
   */
  label?: string;
  /** Class of the label. */
  labelClassName?: string;
  /** Said after the label and figure when the count lands (e.g. the caption): one final sentence. */
  after?: string;
}

/** The figure's signs ($, %, the space before €) are drawn at the readable size of a prefix or unit. */
const SIGNS: ReadonlySet<string> = new Set(['currency', 'literal', 'percentSign']);

interface Piece {
  text: string;
  sign: boolean;
}

/** The pieces a figure is drawn from: the digits at figure size, signs and words at a readable size. */
function pieces(value: number, decimals: number, props: AnimatedPercentProps): Piece[] {
  const { format, numbers = {}, prefix, unit = format ? '' : '%' } = props;
  const figure = format
    ? figureParts(format, value, numbers, decimals).map((part) => ({ text: part.value, sign: SIGNS.has(part.type) }))
    : [{ text: value.toFixed(decimals), sign: false }];
  return [
    ...(prefix ? [{ text: `${prefix}\u00a0`, sign: true }] : []),
    ...figure,
    ...(unit ? [{ text: unit, sign: true }] : []),
  ];
}

/** `value` rounded to `decimals` places. */
function rounded(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}

/** The value shown after `step` of `steps` steps; the last step is exactly the (rounded) target. */
function valueAt(from: number, to: number, step: number, steps: number, decimals: number): number {
  if (step >= steps) return rounded(to, decimals);
  return rounded(from + ((to - from) * step) / steps, decimals);
}

/**
 * A figure that counts up to a score, in the unit and with the decimals the flow declares (a
 * percentage by default). Timers (not animation frames) drive it, so it is exact and
 * testable with fake timers. With reduced motion it shows the score at once. Only the final value is
 * announced to screen readers.
 */
export function AnimatedPercent(props: AnimatedPercentProps) {
  const { from, to, delayMs, steps, stepMs, decimals = 0, label, labelClassName, after } = props;
  const reduced = useReducedMotion();
  const [shown, setShown] = useState<{ key: string; value: number; done: boolean } | null>(null);
  const key = `${from}|${to}|${delayMs}|${steps}|${stepMs}|${decimals}|${reduced}`;

  useEffect(() => {
    if (reduced) return;
    let step = 0;
    let interval: ReturnType<typeof setInterval> | undefined;
    const advance = () => {
      step += 1;
      const done = step >= steps;
      setShown({ key, value: valueAt(from, to, step, steps, decimals), done });
      if (done) clearInterval(interval);
    };
    const start = setTimeout(() => {
      if (steps <= 0) advance();
      else interval = setInterval(advance, Math.max(stepMs, 1));
    }, delayMs);
    return () => {
      clearTimeout(start);
      clearInterval(interval);
    };
  }, [key, from, to, delayMs, steps, stepMs, decimals, reduced]);

  // State from an earlier target is stale; until the new count starts, show the new starting point.
  const current = shown?.key === key ? shown : null;
  const done = reduced || (current?.done ?? false);
  const value = reduced ? rounded(to, decimals) : (current?.value ?? rounded(from, decimals));
  const text = (figure: number) => pieces(figure, decimals, props).map((piece) => piece.text).join('');
  const final = text(rounded(to, decimals));
  const sentence = [label ? `${label}: ${final}.` : final, after].filter(Boolean).join(' ');

  return (
    <>
      {label && (
        <span
          className={`${labelClassName ?? ''} ${done ? '' : styles.waiting}`}
          aria-hidden="true"
          data-testid="animated-percent-label"
          data-landed={done ? 'true' : 'false'}
        >
          {label}
        </span>
      )}
      <span className={styles.percent}>
        <span aria-hidden="true" data-testid="animated-percent">
          {pieces(value, decimals, props).map((piece, i) =>
            piece.sign ? (
              <span key={i} className={styles.sign}>
                {piece.text}
              </span>
            ) : (
              piece.text
            ),
          )}
        </span>
        <span aria-live="polite">{done && <VisuallyHidden>{sentence}</VisuallyHidden>}</span>
      </span>
    </>
  );
}
