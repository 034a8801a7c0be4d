/**
 * The visitors' field speed on the studio map: a chip per metric on each screen node (p75, colored by
 * its Core Web Vitals rating and saying the rating in words for screen readers, with a mark for eyes
 * that do not tell the colors apart), and the full split by device and connection in the inspector.
 */
import { metricWords, ratingWords, thresholdWords } from '../../common/field-speed/field-speed-screens.ts';
import { formatP75 } from '../../common/field-speed/field-speed-text.ts';
import type { FieldRating } from '../../common/field-speed/field-speed-buckets.ts';
import type { FieldLine, FieldMetricSpeed } from './field-speed-api.ts';

const MARK: Record<FieldRating, string> = { good: '✓', 'needs-improvement': '!', poor: '✗' };
const percent = (share: number): string => `${Math.round(share * 100)} %`;

/** "INP p75 659 ms: poor" */
export const chipWords = (m: FieldMetricSpeed): string =>
  `${m.metric} p75 ${formatP75(m)}: ${m.rating === null ? 'no readings' : ratingWords[m.rating]}`;

export function FieldChips({ metrics }: { metrics: readonly FieldMetricSpeed[] }) {
  return (
    <ul className="studio-field" aria-label="Field speed, p75 of visitors">
      {metrics.map((m) => (
        <li key={m.metric} className={`studio-field-chip ${m.rating ?? ''}`} title={`${chipWords(m)} (${thresholdWords(m.metric)}; ${m.readings} readings)`}>
          <span aria-hidden="true">{`${m.metric} ${formatP75(m)} ${m.rating === null ? '' : MARK[m.rating]}`}</span>
          <span className="studio-sr">{chipWords(m)}</span>
        </li>
      ))}
    </ul>
  );
}

function Row({ label, metric, line }: { label: string; metric: FieldMetricSpeed['metric']; line: FieldLine }) {
  return (
    <tr>
      <th scope="row">
        {label} <small>({line.readings})</small>
      </th>
      <td>
        {formatP75({ metric, p75: line.p75 })}
        {line.rating === null ? null : <span className={`studio-field-chip ${line.rating}`}>{` ${ratingWords[line.rating]}`}</span>}
      </td>
      <td>{`${percent(line.shares.good)} · ${percent(line.shares['needs-improvement'])} · ${percent(line.shares.poor)}`}</td>
    </tr>
  );
}

/** The inspector's field speed of one screen: per metric, all visits and each device and connection. */
export function FieldSpeedPanel({ screenId, metrics }: { screenId: string; metrics: readonly FieldMetricSpeed[] }) {
  return (
    <section className="studio-field-panel" aria-label={`Field speed of ${screenId}`}>
      <h3>Field speed (p75 of visitors)</h3>
      {metrics.map((m) => (
        <table key={m.metric}>
          <caption>
            <strong>{m.metric}</strong>
            {`: ${metricWords[m.metric]} (${thresholdWords(m.metric)})`}
          </caption>
          <thead>
            <tr>
              <th scope="col">visits</th>
              <th scope="col">p75</th>
              <th scope="col">good · needs improvement · poor</th>
            </tr>
          </thead>
          <tbody>
            <Row label="all" metric={m.metric} line={m} />
            {m.split.map((line) => (
              <Row key={line.label} label={line.label} metric={m.metric} line={line} />
            ))}
          </tbody>
        </table>
      ))}
    </section>
  );
}
