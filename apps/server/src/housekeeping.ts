// What the service tidies on its own, beside its work.
// - Every second: wakes the job runner (a safety net for a kick lost to a race) and drops the
//   rate-limit windows that have passed.
// - At start and every hour: deletes the sign-in links, device sign-in codes, sessions and mailbox
//   consent states that ended over a day ago. None of them is of use once ended (an ended token is refused as an
//   unknown one is, with the same answer), but a sign-in link keeps the address it was asked for,
//   also of people who never signed in, and without this the tables grow with every sign-in.
//   The day is kept so the per-address limit on sign-in links (an hour) still counts them.
import {
  type Db,
  deleteEndedSessions,
  deleteExpiredConnectStates,
  deleteExpiredDeviceCodes,
  deleteExpiredSignInLinks,
  pruneRateLimits,
} from '@invoice-reader/db';
import type { Clock } from './clock.js';
import type { Logger } from './log.js';

/** How long an ended sign-in link, session or consent state is kept before it is deleted. */
export const ENDED_KEPT_MS = 24 * 60 * 60 * 1000;
const TICK_MS = 1_000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface Pruned {
  signInLinks: number;
  sessions: number;
  connectStates: number;
  deviceCodes: number;
}

export class Housekeeping {
  private timers: NodeJS.Timeout[] = [];

  constructor(private readonly deps: { db: Db; clock: Clock; log: Logger; kickRunner: () => void }) {}

  /** Prunes once (awaited: the service starts without what ended over a day ago), then on a timer. */
  async start(): Promise<void> {
    await this.prune();
    this.timers = [setInterval(() => this.tick(), TICK_MS), setInterval(() => this.prune(), PRUNE_EVERY_MS)];
    for (const t of this.timers) t.unref();
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }

  /** Deletes what ended over `ENDED_KEPT_MS` ago; answers how many rows of each kind. */
  async prune(): Promise<Pruned> {
    const { db, clock, log } = this.deps;
    const before = new Date(clock.now().getTime() - ENDED_KEPT_MS).toISOString();
    try {
      const pruned = {
        signInLinks: await deleteExpiredSignInLinks(db, before),
        sessions: await deleteEndedSessions(db, before),
        connectStates: await deleteExpiredConnectStates(db, before),
        deviceCodes: await deleteExpiredDeviceCodes(db, before),
      };
      if (pruned.signInLinks + pruned.sessions + pruned.connectStates + pruned.deviceCodes > 0)
        log.info('housekeeping pruned', pruned);
      return pruned;
    } catch (err) {
      this.skipped(err);
      return { signInLinks: 0, sessions: 0, connectStates: 0, deviceCodes: 0 };
    }
  }

  private tick(): void {
    this.deps.kickRunner();
    pruneRateLimits(this.deps.db, Math.floor(Date.now() / 60_000) - 1).catch((err) => this.skipped(err));
  }

  /** A locked database must not end the process: the next tick or hour does it. */
  private skipped(err: unknown): void {
    this.deps.log.warn('housekeeping skipped', { error: String((err as Error).message) });
  }
}
