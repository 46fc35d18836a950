// Runs parse jobs in the `npm start` process (either engine; the scaled-out roles use the queue of
// queue.ts): claims queued jobs oldest first, at most `concurrency` at a time (the engine parses
// PDFs and does its page work in its own worker threads, so this thread stays free for HTTP and
// the database), and reads each (read.ts: the result, the billing and the callback settled in one
// transaction). On start it requeues jobs a crash left `processing`: on SQLite all of them (one
// process); on PostgreSQL, where workers may read beside it, only rows no live process can hold.
// On stop it lets running jobs finish for a grace period and requeues the rest: no job is lost.
import {
  claimNextJob,
  type Db,
  type Job,
  otherServiceConnections,
  type PgHandle,
  requeueProcessing,
  requeueStale,
} from '@invoice-reader/db';
import type { BlobStore } from '../blobs/store.js';
import type { Logger } from '../log.js';
import { JobReader } from './read.js';

/** How long the runner claims nothing after the blob store did not answer (BLOB_URL). */
export const STORE_DOWN_PAUSE_MS = 2_000;
/** How often the runner on PostgreSQL looks for rows whose reader is gone, and for queued ones. */
export const STALE_CHECK_MS = 5_000;

export interface RunnerOptions {
  concurrency: number;
  timeoutMs: number;
  /** On PostgreSQL: a job `processing` for longer has no live reader (queue.ts staleAfterMs). */
  staleMs: number;
  /** Called after a job ended (e.g. to wake the callback dispatcher). */
  onEnded?: (job: Job) => void;
}

export class JobRunner {
  private readonly running = new Map<number, Promise<void>>();
  private stopping = false;
  /** The fill under way (`kick`), and whether another kick came during it. */
  private filling: Promise<void> | undefined;
  private kickAgain = false;
  /** Jobs requeued at shutdown while their read went on: their late result is dropped. */
  private readonly abandoned = new Set<number>();
  /** Claims nothing before this time: the blob store did not answer (its jobs wait queued). */
  private pausedUntil = 0;
  /** Rows of readers gone (PostgreSQL), looked for on a timer; and the look under way. */
  private staleTimer: NodeJS.Timeout | undefined;
  private staleCheck: Promise<void> | undefined;

  private readonly reader: JobReader;

  constructor(
    private readonly db: Db,
    blobs: BlobStore,
    private readonly log: Logger,
    private readonly opts: RunnerOptions,
  ) {
    this.reader = new JobReader(db, blobs, log, opts);
  }

  /** Requeues what a crash left running, then starts on the queue. */
  async start(): Promise<void> {
    const requeued = await this.requeueLeftOver();
    if (requeued) this.log.warn('requeued jobs left processing', { jobs: requeued });
    if (this.db.engine === 'postgres') {
      this.staleTimer = setInterval(() => {
        this.staleCheck ??= this.requeueGone().finally(() => {
          this.staleCheck = undefined;
        });
        // Also a safety net for a lost kick where housekeeping's tick is another process's.
        this.kick();
      }, STALE_CHECK_MS);
      this.staleTimer.unref();
    }
    this.kick();
  }

  /**
   * SQLite: one process, so every row left `processing` was cut off by its crash. PostgreSQL:
   * workers (`start:worker`) may be reading beside this process; their rows are theirs until their
   * read has timed out (stale). Alone on the database (no other service connection), the rows
   * are this process's own from before its restart, and are all requeued at once.
   */
  private async requeueLeftOver(): Promise<number> {
    if (this.db.engine !== 'postgres' || (await otherServiceConnections(this.db as PgHandle)) === 0)
      return requeueProcessing(this.db);
    return (await requeueStale(this.db, this.staleBefore())).length;
  }

  /** Rows `processing` since before this have no live reader (their read timed out). */
  private staleBefore(): string {
    return new Date(Date.now() - this.opts.staleMs).toISOString();
  }

  /** Requeues rows whose reader is gone (a worker or an earlier run killed mid-read), not ours. */
  private async requeueGone(): Promise<void> {
    try {
      const ids = await requeueStale(this.db, this.staleBefore(), [...this.running.keys()]);
      if (ids.length === 0) return;
      this.log.warn('requeued jobs whose reader is gone', { jobs: ids });
      this.kick();
    } catch (err) {
      this.log.warn('could not look for jobs whose reader is gone', {
        error: String((err as Error).message),
      });
    }
  }

  /** No job being read and no claim under way (a kick's claim is awaited: the job it claims is
   * not running yet while it is made). */
  get idle(): boolean {
    return this.running.size === 0 && this.filling === undefined;
  }

  /**
   * Starts queued jobs while there is room. One fill runs at a time (its claims are awaited); a
   * kick during one makes it look again once done, so no kick is lost.
   */
  kick(): void {
    if (this.filling) {
      this.kickAgain = true;
      return;
    }
    this.filling = this.fill().finally(() => {
      this.filling = undefined;
      if (this.kickAgain) {
        this.kickAgain = false;
        this.kick();
      }
    });
  }

  private async fill(): Promise<void> {
    if (Date.now() < this.pausedUntil) return;
    while (!this.stopping && this.running.size < this.opts.concurrency) {
      let job: Job | undefined;
      try {
        job = await claimNextJob(this.db, new Date().toISOString());
      } catch (err) {
        // The database stayed locked (another writer, a backup): the next tick claims the job.
        this.log.warn('could not claim a job', { error: String((err as Error).message) });
        return;
      }
      if (!job) return;
      const claimed = job;
      const run = this.run(claimed).finally(() => {
        this.running.delete(claimed.id);
        this.kick();
      });
      this.running.set(claimed.id, run);
    }
  }

  /** Stops claiming; waits up to `graceMs` for running jobs, then requeues those still running. */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    clearInterval(this.staleTimer);
    await this.staleCheck;
    // A claim under way lands in `running` first, so it is waited for (or requeued) as well.
    await this.filling;
    const all = Promise.allSettled([...this.running.values()]);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise((r) => (timer = setTimeout(r, graceMs)))]);
    clearTimeout(timer);
    const left = [...this.running.keys()];
    if (left.length) {
      for (const id of left) this.abandoned.add(id);
      await requeueProcessing(this.db, left);
      this.log.warn('requeued running jobs at shutdown', { jobs: left });
    }
  }

  private async run(job: Job): Promise<void> {
    const outcome = await this.reader.read(job, () => this.abandoned.has(job.id));
    // The blob store did not answer: its job is queued again; claiming pauses a while (the
    // housekeeping's tick wakes the runner after), rather than failing every queued job.
    if (outcome === 'store_down') this.pausedUntil = Date.now() + STORE_DOWN_PAUSE_MS;
  }
}
