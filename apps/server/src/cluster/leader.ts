// The leader among the service's processes on one PostgreSQL: the process holding a session
// advisory lock on a connection of its own runs the singletons (callbacks, letters, payment
// sweeps, housekeeping, the queue's sweep), so N processes do each once. The lock ends with its
// connection: a leader killed or cut off from the database loses it, and another process takes it
// on its next try. A leader that sees its connection break stops its singletons first.
import pg from 'pg';
import type { Logger } from '../log.js';

/** Any fixed number (the migrations' lock is another): the key of the leader's lock. */
const LEADER_LOCK = 130_014;
/** How often a follower tries for the lock and the leader checks its connection. */
export const LEADER_CHECK_MS = 2_000;

export interface LeaderDuties {
  /** Starts the singletons (this process now leads). */
  lead(): void | Promise<void>;
  /** Stops them (the lock is lost, or the process stops). */
  follow(): Promise<void>;
}

export class Leader {
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private stopped = false;
  leading = false;

  constructor(
    private readonly url: string,
    private readonly log: Logger,
    private readonly duties: LeaderDuties,
  ) {}

  /** Tries for the lock now (awaited: a lone process leads from its start) and then on a timer. */
  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => {
      this.checking ??= this.check().finally(() => {
        this.checking = undefined;
      });
    }, LEADER_CHECK_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.checking;
    await this.resign('stopping');
  }

  /** A follower tries for the lock; the leader makes sure its connection (and lock) still holds. */
  private async check(): Promise<void> {
    if (this.stopped) return;
    try {
      if (this.leading) {
        await this.client!.query('select 1');
        return;
      }
      const client = new pg.Client({ connectionString: this.url, application_name: 'invoice-reader-leader' });
      client.on('error', (err) => void this.resign(`leader connection broke: ${err.message}`));
      await client.connect();
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
        LEADER_LOCK,
      ]);
      if (!rows[0]?.ok || this.stopped) {
        await client.end().catch(() => {});
        return;
      }
      this.client = client;
      this.leading = true;
      this.log.info('leading: this process runs the singletons');
      await this.duties.lead();
    } catch (err) {
      if (this.leading) await this.resign(`leader check failed: ${(err as Error).message}`);
    }
  }

  private async resign(why: string): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (!this.leading) return;
    this.leading = false;
    this.log.warn('no longer leading', { why });
    await this.duties
      .follow()
      .catch((err) => this.log.error('stopping the singletons failed', { error: String(err) }));
    // Ending the connection ends the lock (when it is still there to end).
    await client?.end().catch(() => {});
  }
}
