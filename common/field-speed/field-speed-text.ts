/**
 * The terminal report's field speed section: per screen and metric, the p75 and the shares rated good /
 * needs improvement / poor, in all and then per device and per connection.
 */
import type { FieldSpeedFigure } from './field-speed-figures.ts';

const percent = (share: number): string => `${Math.round(share * 100)} %`;

/** A p75 as people read it: LCP and INP in ms (s from 1 s), CLS with two decimals. */
export function formatP75(figure: Pick<FieldSpeedFigure, 'metric' | 'p75'>): string {
  if (figure.p75 === null) return '–';
  if (figure.metric === 'CLS') return figure.p75.toFixed(2);
  return figure.p75 >= 1000 ? `${(figure.p75 / 1000).toFixed(1)} s` : `${Math.round(figure.p75)} ms`;
}

export function fieldSpeedText(figures: readonly FieldSpeedFigure[]): string[] {
  if (figures.length === 0) return ['Field speed: no readings from visitors in this period.'];
  const lines = ['Field speed per screen (p75; good / needs improvement / poor):'];
  for (const figure of figures) {
    const split =
      figure.device === 'all' && figure.connection === 'all'
        ? ''
        : figure.device !== 'all'
          ? `  ${figure.device}`
          : `  ${figure.connection}`;
    const { good, poor } = figure.shares;
    lines.push(
      `  ${figure.screen}${split}  ${figure.metric} ${formatP75(figure)}  ` +
        `${percent(good)} / ${percent(figure.shares['needs-improvement'])} / ${percent(poor)}` +
        `  (${figure.readings} readings)${poor > 0.25 ? '  poor' : ''}`,
    );
  }
  return lines;
}
