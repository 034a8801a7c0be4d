/**
 * Numbers shown the way the visitor's language writes them, by the platform (Intl), not by hand:
 * grouping, money, percent, compact and singular/plural words. No library: Intl costs no bytes, and
 * this file is kept small because copy placeholders (and so it) are on the visitor's first load.
 * The flow names its language and money in `settings.locale` (default "en-US") and
 * `settings.currency` (an ISO 4217 code such as "USD").
 */

import { readPath } from './template.ts';

/** How a flow writes numbers. */
export interface NumberStyle {
  locale?: string | undefined;
  currency?: string | undefined;
}

/** The placeholder formats that show a number (`:label` and `:0` to `:3` are the others). */
export const NUMBER_FORMATS = ['number', 'currency', 'percent', 'compact', 'plural'] as const;

export const DEFAULT_LOCALE = 'en-US';

/**
 * Intl options of a number format for `value`, or undefined for a name that is not one. Percent
 * reads the number as percent points (42 shows "42%"), as flows compute them. Money shows cents only
 * when it has some ("$2,280", "$12.50"); without a currency it has no options (the checker refuses it).
 */
export function numberOptions(name: string, value: number, currency?: string): Intl.NumberFormatOptions | undefined {
  const cents = Math.round(value * 100) % 100 ? 2 : 0;
  const options: Record<string, Intl.NumberFormatOptions | undefined> = {
    number: {},
    percent: { style: 'percent' },
    compact: { notation: 'compact' },
    currency: currency ? { style: 'currency', currency, minimumFractionDigits: cents, maximumFractionDigits: cents } : undefined,
  };
  const found = Object.hasOwn(options, name) ? options[name] : undefined;
  return found && { maximumFractionDigits: 1, ...found };
}

/** A format split into its name and its words: `plural(year|years)` → plural, [year, years]. */
export function parseFormat(format: string): { name: string; args: string[] | undefined } {
  const open = format.indexOf('(');
  if (open < 0) return { name: format, args: undefined };
  return { name: format.slice(0, open), args: format.slice(open + 1, -1).split('|') };
}

/** `value` in a placeholder's `format` (e.g. `plural(year|years)`), by the scope's settings.locale and settings.currency. */
export function formatPlaceholder(format: string, value: number, scope: unknown): string | undefined {
  const setting = (key: string) => {
    const found = readPath(scope, `settings.${key}`);
    return typeof found === 'string' ? found : undefined;
  };
  const { name, args } = parseFormat(format);
  return formatWith(name, value, { locale: setting('locale'), currency: setting('currency') }, args);
}

/**
 * `value` in the number format `name` (`forms`: the words of `plural`, one and other), or undefined
 * when `name` is no number format. Empty text for money without a currency.
 */
export function formatWith(name: string, value: number, style: NumberStyle, forms: readonly string[] = []): string | undefined {
  const locale = style.locale || DEFAULT_LOCALE;
  if (name === 'plural') {
    // Counted words are for whole numbers; Math.round keeps the figure `:0` showed before. A
    // no-break space: "1 year" never breaks across two lines.
    const whole = Math.round(value) || 0;
    const word = new Intl.PluralRules(locale).select(whole) === 'one' ? forms[0] : forms[1];
    return `${new Intl.NumberFormat(locale).format(whole)}\u00a0${word ?? ''}`;
  }
  if (!NUMBER_FORMATS.some((known) => known === name)) return undefined;
  const options = numberOptions(name, value, style.currency);
  // -0 becomes 0: Intl writes "-0".
  return options ? new Intl.NumberFormat(locale, options).format((name === 'percent' ? value / 100 : value) || 0) : '';
}
