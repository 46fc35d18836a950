// The job queue on PostgreSQL (adr/0013, decision 5): pg-boss carries "read job N" between the
// processes; the job's row stays the truth. Submission sends the message after its transaction
// commits, with a NOTIFY that wakes idle workers before their next poll. A worker's handler claims
// the row (`claimJob`), reads it (read.ts) and settles it only while it still holds it. A message
// is a lease: the message of a worker killed mid-read expires after JOB_TIMEOUT_MS plus a margin
// and is retried by another worker, which takes the row over (a new attempt; the dead read's
// result, if any, would be dropped). A sweep run by the leader sends again for rows whose message
// was lost (a send refused while PostgreSQL was restarting, a process killed between commit and
// send, retries used up).
import {
  claimJob,
  type Db,
  type Job,
  jobById,
  requeueProcessing,
  unfinishedJobIds,
} from '@invoice-reader/db';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { BlobStore } from '../blobs/store.js';
import type { Logger } from '../log.js';
import { JobReader } from './read.js';

export const READ_QUEUE = 'read-job';

/** The PostgreSQL channel a send notifies: idle workers wake at once instead of at their next
 * poll (pg-boss polls every 0.5 s at the most; the poll stays as the fallback). */
const WAKE_CHANNEL = 'invoice_reader_read_job';
/** How long a worker waits before it listens again after its listening connection broke. */
const RELISTEN_MS = 1_000;

/** How much longer than JOB_TIMEOUT_MS a worker's lease on a job lasts (settling, a slow database). */
export const LEASE_MARGIN_S = 30;

/** A job `processing` for longer than this (JOB_TIMEOUT_MS and half the lease's margin) has no
 * live reader: its read timed out. Shorter than the lease, so a takeover comes before a retry. */
export function staleAfterMs(timeoutMs: number): number {
  return timeoutMs + (LEASE_MARGIN_S * 1000) / 2;
}

/** How often the leader looks for unfinished jobs without a message, and how old a queued one
 * must be (a younger one's send may be under way). */
const SWEEP_EVERY_MS = 10_000;
const SWEEP_QUEUED_AFTER_MS = 10_000;
const SWEEP_BATCH = 1000;

interface ReadMessage {
  jobId: number;
}

export interface QueueOptions {
  url: string;
  /** Reads at once in this process (0: it only sends: an API process). */
  concurrency: number;
  timeoutMs: number;
  onEnded?: (job: Job) => void;
}

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly reader: JobReader;
  /** Jobs this process is reading now; those left at shutdown are requeued and their late
   * result dropped. */
  private readonly running = new Set<number>();
  private readonly abandoned = new Set<number>();
  private sweepTimer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;
  private stopping = false;
  /** This process's pg-boss workers, and the connection that wakes them. */
  private readonly workerIds: string[] = [];
  private listener: pg.Client | undefined;
  /** A job `processing` for longer than this has no live reader: its lease (expiry) is longer. */
  private readonly staleMs: number;
  private readonly expireInSeconds: number;

  constructor(
    private readonly db: Db,
    blobs: BlobStore,
    private readonly log: Logger,
    private readonly opts: QueueOptions,
  ) {
    this.reader = new JobReader(db, blobs, log, opts);
    this.expireInSeconds = Math.ceil(opts.timeoutMs / 1000) + LEASE_MARGIN_S;
    this.staleMs = staleAfterMs(opts.timeoutMs);
    this.boss = new PgBoss({
      connectionString: opts.url,
      max: Math.max(2, Math.min(10, opts.concurrency + 2)),
      application_name: 'invoice-reader-queue',
      // No cron schedules: the singletons are the leader's (cluster/leader.ts).
      schedule: false,
      // Expired leases are found by this maintenance (locked in pg-boss: one process at a time).
      supervise: true,
      maintenanceIntervalSeconds: 5,
    });
    // Without a listener an error (a refused connection while PostgreSQL restarts) would end the
    // process; pg-boss goes on polling and recovers when the server is back.
    this.boss.on('error', (err) => this.log.warn('queue error', { error: String(err.message) }));
  }

  /** Sets pg-boss up (its schema migrated once across processes) and starts this process's readers. */
  async start(): Promise<void> {
    if (this.opts.concurrency > 0) survivePgBossSettleFailures(this.log);
    await this.boss.start();
    await this.boss.createQueue(READ_QUEUE, {
      name: READ_QUEUE,
      // At most one message waiting per job (by its singleton key): a second send while one waits
      // is dropped; one being read does not hold the next back (a takeover needs it).
      policy: 'short',
      expireInSeconds: this.expireInSeconds,
      retryLimit: 20,
      retryDelay: 2,
      retentionDays: 1,
    });
    for (let i = 0; i < this.opts.concurrency; i++)
      this.workerIds.push(
        await this.boss.work<ReadMessage>(READ_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, ([m]) =>
          m ? this.handle(m.data.jobId) : Promise.resolve(),
        ),
      );
    if (this.opts.concurrency > 0) this.listen();
  }

  /** LISTENs on the wake channel on a connection of its own, again after it breaks. */
  private listen(): void {
    if (this.stopping) return;
    const client = new pg.Client({
      connectionString: this.opts.url,
      application_name: 'invoice-reader-wake',
    });
    const again = () => {
      if (this.listener !== client) return;
      this.listener = undefined;
      client.end().catch(() => {});
      if (!this.stopping) setTimeout(() => this.listen(), RELISTEN_MS).unref();
    };
    client.on('error', again);
    client.on('end', again);
    client.on('notification', () => {
      for (const id of this.workerIds) this.boss.notifyWorker(id);
    });
    this.listener = client;
    client
      .connect()
      .then(() => client.query(`listen ${WAKE_CHANNEL}`))
      .catch(again);
  }

  /**
   * Asks a worker to read the job (after the transaction that accepted it committed). Without an
   * id: every job queued now (a batch accepted at once, e.g. an inbox scan). A send that fails
   * is left to the leader's sweep; the job waits queued meanwhile.
   */
  kick(jobId?: number): void {
    const ids = jobId === undefined ? this.unsent(new Date(Date.now() + 1)) : Promise.resolve([jobId]);
    ids
      .then((list) => this.send(list))
      .catch((err) => this.log.warn('could not queue a job; the sweep will', { error: String(err.message) }));
  }

  /** How many jobs this process is reading now. */
  get reading(): number {
    return this.running.size;
  }

  /** The leader's part: sends again for unfinished jobs whose message may be lost, on a timer. */
  startSweep(): void {
    this.sweepTimer ??= setInterval(() => {
      this.sweeping ??= this.unsent(new Date(Date.now() - SWEEP_QUEUED_AFTER_MS))
        .then((ids) => this.send(ids))
        .catch((err) => this.log.warn('queue sweep skipped', { error: String(err.message) }))
        .finally(() => {
          this.sweeping = undefined;
        });
    }, SWEEP_EVERY_MS);
    this.sweepTimer.unref();
  }

  stopSweep(): void {
    clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
  }

  /** Stops fetching; waits up to `graceMs` for running reads, then requeues those still running. */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    this.stopSweep();
    await this.sweeping;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => {});
    await this.boss.stop({ graceful: true, timeout: graceMs, close: true }).catch((err) => {
      this.log.warn('queue stop failed', { error: String(err.message) });
    });
    const left = [...this.running];
    if (left.length) {
      for (const id of left) this.abandoned.add(id);
      await requeueProcessing(this.db, left);
      this.log.warn('requeued running jobs at shutdown', { jobs: left });
    }
  }

  /** Jobs queued since before `queuedBefore`, and those `processing` with no live reader. */
  private async unsent(queuedBefore: Date): Promise<number[]> {
    return unfinishedJobIds(this.db, {
      queuedBefore: queuedBefore.toISOString(),
      startedBefore: new Date(Date.now() - this.staleMs).toISOString(),
      limit: SWEEP_BATCH,
    });
  }

  private async send(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    for (const id of ids)
      await this.boss.send(READ_QUEUE, { jobId: id } satisfies ReadMessage, { singletonKey: String(id) });
    await this.boss.getDb().executeSql('select pg_notify($1, $2)', [WAKE_CHANNEL, '']);
  }

  /** One message: claims the job unless it ended or a live reader holds it, then reads it. */
  private async handle(jobId: number): Promise<void> {
    if (this.stopping) throw new Error('stopping: the job is left to another worker');
    const job = await jobById(this.db, jobId);
    if (!job || job.status === 'done' || job.status === 'failed') return;
    // Read elsewhere now (a second message for it): its reader's own lease covers its death.
    if (job.status === 'processing' && job.startedAt && Date.parse(job.startedAt) > Date.now() - this.staleMs)
      return;
    const claimed = await claimJob(this.db, jobId, new Date().toISOString(), job);
    if (!claimed) return; // another worker claimed it first
    this.running.add(jobId);
    try {
      const outcome = await this.reader.read(claimed, () => this.abandoned.has(jobId));
      // Not read for a reason outside the file: the message fails and is retried shortly.
      if (outcome === 'store_down' || outcome === 'unrecorded')
        throw new Error(`job ${jobId} was not read (${outcome}); retried`);
    } finally {
      this.running.delete(jobId);
    }
  }
}

/**
 * pg-boss 10 does not await its own `complete` and `fail` after a handler returns: while
 * PostgreSQL is unreachable (a restart) their rejection is unhandled, and Node ends the process.
 * Nothing is lost by going on (the message stays active until its lease expires, and is then
 * retried), so that one rejection is logged; any other still ends the process, as by default.
 */
let surviving = false;
function survivePgBossSettleFailures(log: Logger): void {
  if (surviving) return;
  surviving = true;
  process.on('unhandledRejection', (err) => {
    const stack = String((err as Error)?.stack ?? '');
    if (
      /pg-boss[\\/]src[\\/]manager\.js/.test(stack) &&
      /at (async )?Manager\.(complete|fail)\b/.test(stack)
    ) {
      log.warn("queue: a job's end was not recorded by pg-boss; its lease runs out and it is retried", {
        error: String((err as Error).message),
      });
      return;
    }
    throw err;
  });
}
