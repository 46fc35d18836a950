// The hosted service's clock as this machine knows it. Corrections are stamped in the service's
// time, so that "the later edit wins" does not depend on this machine's clock being right: every
// sync measures the offset (service − this machine) from the service's answers (the time the sync
// routes state in their body, else the `Date` header), and it is kept in the local store for the
// edits made until the next sync.
import { getSetting, type LocalDb, setSetting } from './store.js';

/** This machine's clock (ms since 1970): `Date.now`, or a test's. */
export type Clock = () => number;

export const CLOCK_OFFSET_KEY = 'sync_clock_offset_ms';

/** What one answer says of the service's time. */
export interface AnswerTime {
  /** The body's `service_time` (ISO 8601, to the millisecond): the service's own clock. */
  serviceTime?: unknown;
  /** The `Date` header: to the second, and a proxy in front may set it from its own clock. */
  date: string | null;
}

/** One measurement: the offset, how uncertain it is, and which of the answer's times it came from. */
export interface ClockSample {
  offsetMs: number;
  /** Half the round trip, plus half a second for a `Date` header's rounding. */
  errorMs: number;
  from: 'service_time' | 'date';
}

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

/**
 * The offset one answer shows. The service's time was taken between `sentAt` and `receivedAt`
 * (this machine's clock), and is taken as the middle. The body's `service_time` is preferred; an
 * answer without it (an older service) is measured by its `Date` header, the service's time cut
 * to the second (so the middle of that second too).
 */
export function clockSample(answer: AnswerTime, sentAt: number, receivedAt: number): ClockSample | null {
  if (receivedAt < sentAt) return null;
  const middle = (sentAt + receivedAt) / 2;
  const halfTrip = (receivedAt - sentAt) / 2;
  const stated =
    typeof answer.serviceTime === 'string' && ISO_TIME.test(answer.serviceTime)
      ? Date.parse(answer.serviceTime)
      : Number.NaN;
  if (Number.isFinite(stated))
    return { offsetMs: Math.round(stated - middle), errorMs: Math.round(halfTrip), from: 'service_time' };
  const date = answer.date ? Date.parse(answer.date) : Number.NaN;
  if (!Number.isFinite(date)) return null;
  return { offsetMs: Math.round(date + 500 - middle), errorMs: Math.round(500 + halfTrip), from: 'date' };
}

/**
 * Whether `sample` says more than `best` (the round's best so far): a stated service time beats
 * any `Date` header (which may be a proxy's clock, whatever its round trip); between two of the
 * same kind the smaller error wins.
 */
export function moreCertain(sample: ClockSample, best: ClockSample | null): boolean {
  if (!best) return true;
  if (sample.from !== best.from) return sample.from === 'service_time';
  return sample.errorMs <= best.errorMs;
}

/** The last measured offset; 0 before the service was ever reached (this machine's clock as it is). */
export function clockOffset(db: LocalDb): number {
  const ms = Number(getSetting(db, CLOCK_OFFSET_KEY));
  return Number.isFinite(ms) ? ms : 0;
}

export function saveClockOffset(db: LocalDb, offsetMs: number): void {
  setSetting(db, CLOCK_OFFSET_KEY, String(offsetMs));
}

/** Now in the service's time (ms). */
export function serviceNow(db: LocalDb, clock: Clock = Date.now): number {
  return clock() + clockOffset(db);
}
