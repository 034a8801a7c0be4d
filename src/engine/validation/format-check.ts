/**
 * Checks placeholder formats (`{result.saving:currency}`, `{result.gap:plural(year|years)}`) and the
 * settings they read (`settings.locale`, `settings.currency`), so a typo fails the check instead of
 * showing a visitor a bare or empty number.
 */
import type { Flow } from '../flow.gen.ts';
import { NUMBER_FORMATS, parseFormat } from '../number-format.ts';
import { LABEL_FORMAT } from '../template.ts';
import { didYouMean } from './did-you-mean.ts';
import { error, pointerOf, type Finding } from './flow-issue.ts';
import type { FlowCheck } from './graph-check.ts';

const KNOWN = [LABEL_FORMAT, ...NUMBER_FORMATS, '0', '1', '2', '3'];

const HELP =
  'use ":label", ":0" to ":3" (decimals), ":number", ":currency", ":percent", ":compact" or ":plural(one|other)"';

/** Why a format is not one the templates know or can apply in this flow, or undefined when it is fine. */
export function formatProblem(format: string, flow: Flow): string | undefined {
  const { name, args } = parseFormat(format);
  if (!KNOWN.includes(name)) {
    const hint = didYouMean(name, KNOWN.filter((known) => !/^\d$/.test(known)));
    return `unknown format ":${name}"${hint ? ` — ${hint.replace(/"([^"]+)"/, '":$1"')}` : ''} (${HELP})`;
  }
  if (name === 'plural') {
    if (args?.length !== 2 || args.some((word) => word.trim() === ''))
      return '":plural" needs two words, the one and the many: ":plural(year|years)"';
    return undefined;
  }
  if (args !== undefined) return `":${name}" takes no words in brackets`;
  if (name === 'currency' && !flow.settings['currency'])
    return '":currency" needs the money\'s code in settings.currency, e.g. "currency": "USD"';
  return undefined;
}

/** settings.locale and settings.currency, when given, are ones the platform knows. */
export const checkNumberSettings: FlowCheck = (flow) => {
  const found: Finding[] = [];
  const { locale, currency } = flow.settings;
  if (locale !== undefined) {
    try {
      if (Intl.NumberFormat.supportedLocalesOf(locale).length === 0)
        found.push(error('/settings/locale', `unknown locale "${locale}"`, 'use a language tag such as "en-US" or "de-DE"'));
    } catch {
      found.push(error('/settings/locale', `"${locale}" is not a language tag`, 'use one such as "en-US" or "de-DE"'));
    }
  }
  if (currency !== undefined && !Intl.supportedValuesOf('currency').includes(currency))
    found.push(error('/settings/currency', `unknown currency "${currency}"`, 'use an ISO 4217 code such as "USD" or "EUR"'));
  for (const [id, screen] of Object.entries(flow.screens)) {
    if (screen.kind === 'reveal' && screen.percent.format === 'currency' && !currency)
      found.push(
        error(
          pointerOf('/screens', id, 'percent', 'format'),
          '"currency" needs the money\'s code in settings.currency',
          'add e.g. "currency": "USD" to settings',
        ),
      );
  }
  return found;
};
