// Runs parse jobs: claims queued jobs oldest first, at most `concurrency` at a time (the engine
// parses PDFs and does its page work in its own worker threads, so this thread stays free for
// HTTP and the database), reads each with the engine, stores the result, settles the billing and
// queues the callback, all in one transaction. On start it requeues jobs a crash left
// `processing`; on stop it lets running jobs finish for a grace period and requeues the rest, so
// no job is ever lost.
import {
  claimNextJob,
  type Db,
  inAccountTransaction,
  insertCallback,
  type Job,
  jobById,
  requeueProcessing,
  updateJob,
} from '@invoice-reader/db';
import { readInvoice } from '@invoice-reader/engine';
import { settleJob } from '../billing/billing.js';
import { type BlobStore, BlobStoreUnavailable } from '../blobs/store.js';
import type { Logger } from '../log.js';
import { settleWebAllowance } from '../web-parse/allowance.js';
import { carryEdits } from '../web-parse/carry-edits.js';

/** A file that brought the process down this many times is not tried again. */
export const MAX_ATTEMPTS = 3;

/** How long the runner claims nothing after the blob store did not answer (BLOB_URL). */
export const STORE_DOWN_PAUSE_MS = 2_000;

export interface RunnerOptions {
  concurrency: number;
  timeoutMs: number;
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

  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
    private readonly log: Logger,
    private readonly opts: RunnerOptions,
  ) {}

  /** Requeues what a crash left running, then starts on the queue. */
  async start(): Promise<void> {
    const requeued = await requeueProcessing(this.db);
    if (requeued) this.log.warn('requeued jobs left processing', { jobs: requeued });
    this.kick();
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
    const started = Date.now();
    try {
      if (job.attempts > MAX_ATTEMPTS) {
        await this.end(job, {
          status: 'failed',
          error: 'internal_error',
          message: `the read was cut off ${MAX_ATTEMPTS} times`,
        });
        return;
      }
      let bytes: Buffer;
      try {
        bytes = await this.blobs.get(job.sha256);
      } catch (err) {
        if (!(err instanceof BlobStoreUnavailable)) throw err;
        // Not the file's fault: the job waits queued, as it was, and claiming pauses a while (the
        // housekeeping's tick wakes the runner after), rather than failing every queued job.
        this.pausedUntil = Date.now() + STORE_DOWN_PAUSE_MS;
        await updateJob(this.db, job.id, { status: 'queued', startedAt: null, attempts: job.attempts - 1 });
        this.log.warn('blob store unavailable; job left queued', { job: job.id, error: err.message });
        return;
      }
      const r = await readInvoice(bytes, {
        country: job.country,
        filename: job.filename,
        timeoutMs: this.opts.timeoutMs,
      });
      if (this.abandoned.has(job.id)) return;
      // A web job read again still holds its previous result: a person's corrections carry over.
      const carried =
        r.status === 'done'
          ? carryEdits(job.result, r.document, job.country, job.createdAt.slice(0, 10), job.fieldEdits)
          : undefined;
      await this.end(job, {
        status: r.status,
        mode: r.mode,
        pages: r.pages,
        pagesScanned: r.pages_scanned,
        error: r.error ?? null,
        message: r.message ?? null,
        readMs: Math.round(r.ms),
        editedAt: carried ? job.editedAt : null,
        result: JSON.stringify({
          fields: r.fields,
          fields_detailed: r.fields_detailed,
          document: r.document,
          checks: r.checks,
          ...carried,
          tried: r.tried,
          file_type: r.file_type,
          ...(r.signature ? { signature: r.signature } : {}),
          ...(r.embedded_file ? { embedded_file: r.embedded_file } : {}),
        }),
      });
      this.log.info('job ended', {
        job: job.id,
        status: r.status,
        mode: r.mode,
        error: r.error,
        ms: Date.now() - started,
      });
    } catch (err) {
      this.log.error('job crashed', { job: job.id, error: String((err as Error)?.stack ?? err) });
      try {
        await this.end(job, {
          status: 'failed',
          error: 'internal_error',
          message: 'the read failed unexpectedly',
        });
      } catch (again) {
        // The database refused even that (locked past its timeout): the job stays `processing` and is
        // queued again on the next start; the process itself goes on.
        this.log.error('could not record the end of a job', {
          job: job.id,
          error: String((again as Error)?.message),
        });
      }
    }
  }

  private async end(job: Job, outcome: Partial<Job> & { status: 'done' | 'failed' }): Promise<void> {
    const at = new Date();
    const ended = await inAccountTransaction(this.db, job.accountId, async (tx) => {
      // Settled only while this read still holds the job: a job requeued or ended meanwhile is
      // neither charged nor written twice.
      const current = await jobById(tx, job.id);
      if (current?.status !== 'processing' || current.attempts !== job.attempts) return undefined;
      const pagesScanned = outcome.pagesScanned ?? 0;
      const bill = await settleJob(tx, job, outcome.status === 'done', pagesScanned, at);
      // A web parse counted is the job's charge as the API's debit is (no money: the allowance).
      const webPages = await settleWebAllowance(tx, job, outcome.status === 'done', pagesScanned, at);
      // A job read again (a web reparse reserves nothing) keeps what its earlier read was charged.
      const set = {
        ...outcome,
        chargedPages: job.chargedPages + bill.chargedPages + webPages,
        chargedMinor: job.chargedMinor + bill.chargedMinor,
        finishedAt: at.toISOString(),
      };
      await updateJob(tx, job.id, set);
      if (job.callbackUrl) await insertCallback(tx, job.id, job.callbackUrl, at.toISOString(), at.getTime());
      return { ...job, ...set };
    });
    if (ended) this.opts.onEnded?.(ended);
  }
}
