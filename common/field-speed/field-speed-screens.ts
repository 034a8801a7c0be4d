/**
 * The field speed figures grouped per screen, as the HTML report and the studio map show them: per
 * metric, all visits first, then each device and each connection; the p75 rated by the same Core Web
 * Vitals thresholds as a single reading (a screen passes a metric when its p75 is good).
 */
import { fieldMetrics, metricScales, ratingOf, type FieldMetric, type FieldRating } from './field-speed-buckets.ts';
import type { FieldSpeedFigure } from './field-speed-figures.ts';

/** One line of figures: the visits it covers, their p75 and its rating, and the shares of each rating. */
export interface FieldLine {
  readonly readings: number;
  readonly p75: number | null;
  /** The rating of the p75 (null without readings). */
  readonly rating: FieldRating | null;
  readonly shares: Readonly<Record<FieldRating, number>>;
}

export interface FieldMetricFigures {
  readonly metric: FieldMetric;
  readonly all: FieldLine;
  /** Per device (mobile, tablet, desktop) and per connection (4g, 3g, …, unknown), most readings first. */
  readonly devices: readonly (FieldLine & { readonly device: string })[];
  readonly connections: readonly (FieldLine & { readonly connection: string })[];
}

export interface FieldScreen {
  readonly screen: string;
  /** The metrics with readings, in the order LCP, INP, CLS. */
  readonly metrics: readonly FieldMetricFigures[];
}

const lineOf = (figure: FieldSpeedFigure): FieldLine => ({
  readings: figure.readings,
  p75: figure.p75,
  rating: figure.p75 === null ? null : ratingOf(figure.metric, figure.p75),
  shares: figure.shares,
});

/** The figures per screen: the flow's screens in `order` first, then any other screen by name. */
export function fieldScreens(figures: readonly FieldSpeedFigure[], order: readonly string[] = []): FieldScreen[] {
  const names = [...new Set(figures.map((figure) => figure.screen))].sort((a, b) => {
    const [i, j] = [order.indexOf(a), order.indexOf(b)];
    if (i !== j) return (i === -1 ? Infinity : i) - (j === -1 ? Infinity : j);
    return a < b ? -1 : a > b ? 1 : 0;
  });
  return names.map((screen) => ({
    screen,
    metrics: fieldMetrics.flatMap((metric) => {
      const mine = figures.filter((figure) => figure.screen === screen && figure.metric === metric);
      const all = mine.find((figure) => figure.device === 'all' && figure.connection === 'all');
      if (!all) return [];
      const most = (a: FieldSpeedFigure, b: FieldSpeedFigure) => b.readings - a.readings;
      return [
        {
          metric,
          all: lineOf(all),
          devices: mine
            .filter((figure) => figure.device !== 'all')
            .sort(most)
            .map((figure) => ({ device: figure.device, ...lineOf(figure) })),
          connections: mine
            .filter((figure) => figure.connection !== 'all')
            .sort(most)
            .map((figure) => ({ connection: figure.connection, ...lineOf(figure) })),
        },
      ];
    }),
  }));
}

/** What each metric measures, and its thresholds, in words ("good ≤ 2.5 s, poor > 4 s"). */
export const metricWords: Record<FieldMetric, string> = {
  LCP: 'loading: the largest image or text painted',
  INP: 'response to taps: the slowest tap to the next frame',
  CLS: 'visual stability: how much the layout jumped',
};

export function thresholdWords(metric: FieldMetric): string {
  const { good, poor } = metricScales[metric];
  const value = (v: number) => (metric === 'CLS' ? String(v) : v >= 1000 ? `${v / 1000} s` : `${v} ms`);
  return `good ≤ ${value(good)}, poor > ${value(poor)}`;
}

export const ratingWords: Record<FieldRating, string> = {
  good: 'good',
  'needs-improvement': 'needs improvement',
  poor: 'poor',
};
