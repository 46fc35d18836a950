// Reads one claimed job and settles it: the file from the blob store, the engine's read, then the
// result, the billing and the callback in one account-locked transaction that settles only a job
// still `processing` with the attempt that read it. Used by the in-process runner (SQLite) and by
// the queue's workers (PostgreSQL), so a job is read the same way in both.
import {
  type Db,
  inAccountTransaction,
  insertCallback,
  type Job,
  jobById,
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

/**
 * What became of a read: `ended` (settled now), `dropped` (the job was no longer this read's: it
 * was requeued, taken over or ended meanwhile), `store_down` (the blob store did not answer: the
 * job was put back `queued`, as it was), `unrecorded` (the database refused the job's end: it
 * stays `processing` for whoever picks it up next).
 */
export type ReadOutcome = 'ended' | 'dropped' | 'store_down' | 'unrecorded';

export interface ReaderOptions {
  timeoutMs: number;
  /** Called after a job ended (e.g. to wake the callback dispatcher). */
  onEnded?: (job: Job) => void;
}

export class JobReader {
  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
    private readonly log: Logger,
    private readonly opts: ReaderOptions,
  ) {}

  /** Reads a job this process claimed. `abandoned`: asked after the read, whether to drop it. */
  async read(job: Job, abandoned: () => boolean = () => false): Promise<ReadOutcome> {
    const started = Date.now();
    try {
      if (job.attempts > MAX_ATTEMPTS)
        return await this.end(job, {
          status: 'failed',
          error: 'internal_error',
          message: `the read was cut off ${MAX_ATTEMPTS} times`,
        });
      let bytes: Buffer;
      try {
        bytes = await this.blobs.get(job.sha256);
      } catch (err) {
        if (!(err instanceof BlobStoreUnavailable)) throw err;
        // Not the file's fault: the job waits queued, as it was, rather than failing.
        await updateJob(this.db, job.id, { status: 'queued', startedAt: null, attempts: job.attempts - 1 });
        this.log.warn('blob store unavailable; job left queued', { job: job.id, error: err.message });
        return 'store_down';
      }
      const r = await readInvoice(bytes, {
        country: job.country,
        filename: job.filename,
        timeoutMs: this.opts.timeoutMs,
      });
      if (abandoned()) return 'dropped';
      // A web job read again still holds its previous result: a person's corrections carry over.
      const carried =
        r.status === 'done'
          ? carryEdits(job.result, r.document, job.country, job.createdAt.slice(0, 10), job.fieldEdits)
          : undefined;
      const outcome = await this.end(job, {
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
      this.log.info(outcome === 'ended' ? 'job ended' : 'job result dropped', {
        job: job.id,
        attempt: job.attempts,
        status: r.status,
        mode: r.mode,
        error: r.error,
        ms: Date.now() - started,
      });
      return outcome;
    } catch (err) {
      this.log.error('job crashed', { job: job.id, error: String((err as Error)?.stack ?? err) });
      try {
        return await this.end(job, {
          status: 'failed',
          error: 'internal_error',
          message: 'the read failed unexpectedly',
        });
      } catch (again) {
        // The database refused even that (locked past its timeout, or gone): the job stays
        // `processing` and is read again by whoever picks it up next; the process itself goes on.
        this.log.error('could not record the end of a job', {
          job: job.id,
          error: String((again as Error)?.message),
        });
        return 'unrecorded';
      }
    }
  }

  private async end(job: Job, outcome: Partial<Job> & { status: 'done' | 'failed' }): Promise<ReadOutcome> {
    const at = new Date();
    const ended = await inAccountTransaction(this.db, job.accountId, async (tx) => {
      // Settled only while this read still holds the job: a job requeued, taken over or ended
      // meanwhile is neither charged nor written twice.
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
    if (!ended) return 'dropped';
    this.opts.onEnded?.(ended);
    return 'ended';
  }
}
