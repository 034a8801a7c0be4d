/**
 * The visitors' field speed on the studio map: a chip per metric on each screen node (p75, colored by
 * its Core Web Vitals rating and saying the rating in words for screen readers, with a mark for eyes
 * that do not tell the colors apart), and the full split by device and connection in the inspector.
 */
import type { FieldRating } from '../../common/field-speed/field-speed-buckets.ts';
import type { FieldLine, FieldMetricSpeed } from './field-speed-api.ts';

const ratingWords: Record<FieldRating, string> = { good: 'good', 'needs-improvement': 'needs improvement', poor: 'poor' };
const MARK: Record<FieldRating, string> = { good: '✓', 'needs-improvement': '!', poor: '✗' };
const percent = (share: number): string => `${Math.round(share * 100)} %`;

/** "INP p75 659 ms: poor" */
export const chipWords = (m: FieldMetricSpeed): string =>
  `${m.metric} p75 ${m.p75Text}: ${m.rating === null ? 'no readings' : ratingWords[m.rating]}`;

export function FieldChips({ metrics }: { metrics: readonly FieldMetricSpeed[] }) {
  return (
    <ul className="studio-field" aria-label="Field speed, p75 of visitors">
      {metrics.map((m) => (
        <li key={m.metric} className={`studio-field-chip ${m.rating ?? ''}`} title={`${chipWords(m)}; ${m.readings} readings. ${m.metric}: ${m.about}`}>
          <span aria-hidden="true">{`${m.metric} ${m.p75Text} ${m.rating === null ? '' : MARK[m.rating]}`}</span>
          <span className="studio-sr">{chipWords(m)}</span>
        </li>
      ))}
    </ul>
  );
}

function Row({ label, line }: { label: string; line: FieldLine }) {
  return (
    <tr>
      <th scope="row">
        {label} <small>({line.readings})</small>
      </th>
      <td>
        <span className="studio-field-value">{line.p75Text}</span>
        {line.rating === null ? null : <span className={`studio-field-chip ${line.rating}`}>{` ${ratingWords[line.rating]}`}</span>}
      </td>
      <td className="studio-field-value">{`${percent(line.shares.good)} · ${percent(line.shares['needs-improvement'])} · ${percent(line.shares.poor)}`}</td>
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
            {`: ${m.about}`}
          </caption>
          <thead>
            <tr>
              <th scope="col">visits</th>
              <th scope="col">p75</th>
              <th scope="col">good · needs improvement · poor</th>
            </tr>
          </thead>
          <tbody>
            <Row label="all" line={m} />
            {m.split.map((line) => (
              <Row key={line.label} label={line.label} line={line} />
            ))}
          </tbody>
        </table>
      ))}
    </section>
  );
}
