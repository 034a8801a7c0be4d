/**
 * Each finished field speed reading (screen-readings.ts) as an outbox entry calling `track_field_speed`
 * (migration 20261129005000_field_speed.sql): performance data with no personal data, sent through the
 * same outbox and under the same rules as step views. The reading's id is the event id and the entry
 * id, so a retry never counts it twice; a refused write goes to the dead-letter store like any other.
 */
import { metricScales } from '../../common/field-speed/field-speed-buckets.ts';
import { languageArg } from './language-arg.ts';
import type { Outbox } from './outbox.ts';
import { deviceClassOf, type ScreenReading } from './screen-readings.ts';

/** `navigator.connection.effectiveType` values the RPC takes; anything else is left out (`unknown`). */
const CONNECTIONS: ReadonlySet<string> = new Set(['slow-2g', '2g', '3g', '4g']);

export interface FieldSpeedPageFacts {
  /** The viewport's width in CSS pixels. */
  width(): number;
  /** UA-CH `mobile`, where the browser gives it. */
  mobile(): boolean | undefined;
  /** `navigator.connection.effectiveType`, where the browser has it. */
  connection(): string | undefined;
  /** The visit's language (`<html lang>`). */
  language(): string | null | undefined;
}

export interface FieldSpeedWriteOptions {
  outbox: Pick<Outbox, 'enqueue' | 'pending'>;
  sessionId: string;
  /** The running flow's id and revision (left out when unknown: the backend records `unknown`). */
  flow: { id: string; revision?: string | undefined };
  page: FieldSpeedPageFacts;
  /** Console output for developers (never personal data; a reading holds none). */
  log: (message: string) => void;
}

/** A reading's value as the RPC takes it: within the metric's range, ms to 0.1, CLS to 0.0001. */
export function fieldValue(reading: Pick<ScreenReading, 'metric' | 'value'>): number {
  const { max } = metricScales[reading.metric];
  const value = Math.min(max, Math.max(0, Number.isFinite(reading.value) ? reading.value : 0));
  return reading.metric === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value * 10) / 10;
}

/** The `track_field_speed` arguments of one reading. */
export function fieldSpeedArgs(
  reading: ScreenReading,
  options: Omit<FieldSpeedWriteOptions, 'outbox' | 'log'>,
) {
  const { page, flow } = options;
  const connection = page.connection();
  return {
    event_id: reading.id,
    session_id: options.sessionId,
    screen: reading.screen,
    metric: reading.metric,
    value: fieldValue(reading),
    device: deviceClassOf(page.width(), page.mobile()),
    ...(connection !== undefined && CONNECTIONS.has(connection) ? { connection } : {}),
    flow_id: flow.id,
    ...(flow.revision ? { revision: flow.revision } : {}),
    ...languageArg(page.language()),
  };
}

/** Queues each reading in the outbox; a failed first try only reaches the console (it stays queued or is kept). */
export function fieldSpeedWrites(options: FieldSpeedWriteOptions): (reading: ScreenReading) => void {
  const { outbox, log } = options;
  return (reading) => {
    outbox.enqueue('track_field_speed', fieldSpeedArgs(reading, options), { id: reading.id }).catch(() => {
      const queued = outbox.pending().some((entry) => entry.id === reading.id);
      log(
        `Failed to record a field speed reading; ${queued ? 'it stays queued and will be retried' : 'it was refused and kept in the dead-letter store'}`,
      );
    });
  };
}
