// The hosted service's clock as this machine knows it. Corrections are stamped in the service's
// time, so that "the later edit wins" does not depend on this machine's clock being right: every
// sync measures the offset (service − this machine) from the `Date` header of the service's
// answers, and it is kept in the local store for the edits made until the next sync.
import { getSetting, type LocalDb, setSetting } from './store.js';

/** This machine's clock (ms since 1970): `Date.now`, or a test's. */
export type Clock = () => number;

export const CLOCK_OFFSET_KEY = 'sync_clock_offset_ms';

/** One measurement: the offset, and how uncertain it is (half the round trip plus the header's rounding). */
export interface ClockSample {
  offsetMs: number;
  errorMs: number;
}

/**
 * The offset one answer shows. Its `Date` header is the service's time cut to the second, taken
 * between `sentAt` and `receivedAt` (this machine's clock): the middle of both ranges is taken.
 */
export function clockSample(
  dateHeader: string | null,
  sentAt: number,
  receivedAt: number,
): ClockSample | null {
  if (!dateHeader || receivedAt < sentAt) return null;
  const service = Date.parse(dateHeader);
  if (Number.isNaN(service)) return null;
  return {
    offsetMs: Math.round(service + 500 - (sentAt + receivedAt) / 2),
    errorMs: Math.round(500 + (receivedAt - sentAt) / 2),
  };
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
