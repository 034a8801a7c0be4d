/**
 * A counting figure's parts (digits, group marks, money sign), so the reveal can draw its signs at a
 * readable size beside digits drawn at headline size.
 */
import { DEFAULT_LOCALE, numberOptions, type NumberStyle } from '../engine/number-format.ts';

/** The parts of `value` in format `name` with exactly `decimals` decimals (money: its cents rule). */
export function figureParts(
  name: 'number' | 'currency' | 'compact',
  value: number,
  style: NumberStyle,
  decimals: number,
): Intl.NumberFormatPart[] {
  const options = numberOptions(name, value, style.currency);
  if (!options) return [];
  const digits = name === 'currency' ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  return new Intl.NumberFormat(style.locale || DEFAULT_LOCALE, { ...options, ...digits }).formatToParts(value || 0);
}
