// Parsing in the web application (/api/v1/parse*): upload (also for the inbox and the desktop
// app), the list, one job, delete, a person's corrections of fields and of line items, reading again with
// another country, and a page of the job's file as a picture for the review screen. Every route
// needs a session and sees only the account's own jobs.
import path from 'node:path';
import {
  DeleteOut,
  FieldsPatch,
  JobIdParams,
  JobListOut,
  JobListQuery,
  LinesPatch,
  PageParams,
  PageQuery,
  ReparseQuery,
  UploadForm,
  type ValidationErrorItem,
} from '@invoice-reader/contract';
import {
  accountById,
  blobInUse,
  countJobsOf,
  type Db,
  deleteJob,
  inAccountTransaction,
  type Job,
  jobById,
  jobsOf,
  updateJob,
} from '@invoice-reader/db';
import {
  applyFieldEdits,
  checkFieldValue,
  countryOf,
  editTimeAfter,
  estimateRead,
  ReadError,
  renderPagePng,
} from '@invoice-reader/engine';
import { type Response, Router } from 'express';
import { requireSession, sessionOf } from '../auth/sessions.js';
import { pagesToCharge } from '../billing/billing.js';
import type { BlobStore } from '../blobs/store.js';
import type { Config } from '../config.js';
import { HttpError, ValidationFailed } from '../http/errors.js';
import { jsonBody } from '../http/json-body.js';
import { readUploadForm } from '../http/multipart.js';
import { validate } from '../http/validation.js';
import { submitFile } from '../jobs/submit.js';
import type { Logger } from '../log.js';
import { fieldEditsOf } from '../sync/field-edits.js';
import { holdWebAllowance } from './allowance.js';
import { applyLineEdits, checkLinePatch } from './line-edits.js';
import { PageCache } from './page-cache.js';
import { presentWebJob, summarise } from './present.js';

export interface WebParseDeps {
  db: Db;
  blobs: BlobStore;
  config: Readonly<Config>;
  publicUrl: string;
  kick: (jobId?: number) => void;
  log: Logger;
}

export function webParseRouter({ db, blobs, config, publicUrl, kick, log }: WebParseDeps): Router {
  const router = Router();
  const session = requireSession(db, publicUrl);
  const pages = new PageCache(path.join(config.dataDir, 'page-cache'));
  /** The account's own job, or 404 `job_not_found` (another account's job looks the same). */
  const ownJob = async (res: Response, id: number, on: Db = db): Promise<Job> => {
    const job = await jobById(on, id);
    if (!job || job.accountId !== sessionOf(res).accountId) throw new HttpError(404, 'job_not_found');
    return job;
  };

  router.post('/api/v1/parse/upload', session, async (req, res) => {
    const { form, file } = await readUploadForm(req, config.maxUploadBytes, UploadForm);
    const account = await accountById(db, sessionOf(res).accountId);
    if (!account) throw new HttpError(401, 'not_authenticated');
    const { job, duplicate, charged } = await submitFile(db, blobs, {
      account,
      apiKeyId: null,
      source: form.source,
      bytes: file.bytes,
      filename: file.filename,
      country: form.country,
      qrSearchMs: config.qrSearchMs,
    });
    if (!duplicate) kick(job.id);
    // As `/v1` answers a submission: `charged` says whether this upload holds a scanned parse
    // (false for a duplicate, even of a job that was counted), not what the job was charged so far.
    res.json(presentWebJob((await jobById(db, job.id)) ?? job, { duplicate, charged }));
  });

  router.get('/api/v1/parse', session, async (req, res) => {
    const q = validate(JobListQuery, 'query', req.query as Record<string, unknown>);
    const { accountId } = sessionOf(res);
    res.json(
      JobListOut.parse({
        ok: true,
        total: await countJobsOf(db, accountId),
        items: (await jobsOf(db, accountId, q.limit, q.offset)).map(summarise),
      }),
    );
  });

  router.get('/api/v1/parse/:job_id', session, async (req, res) => {
    const { job_id } = validate(JobIdParams, 'path', req.params);
    res.json(presentWebJob(await ownJob(res, job_id)));
  });

  router.delete('/api/v1/parse/:job_id', session, async (req, res) => {
    const { job_id } = validate(JobIdParams, 'path', req.params);
    // Checked and deleted in one transaction: a reparse queued meanwhile is not deleted under the runner.
    const { job, orphan } = await inAccountTransaction(db, sessionOf(res).accountId, async (tx) => {
      const job = await ownJob(res, job_id, tx);
      if (job.status === 'queued' || job.status === 'processing') throw new HttpError(409, 'job_running');
      await deleteJob(tx, job.id);
      return { job, orphan: !(await blobInUse(tx, job.sha256)) };
    });
    if (orphan) {
      pages.delete(job.sha256);
      // The job is gone either way: a file the bucket could not delete now stays behind, costing
      // space only (no job names it, and the same bytes sent again find it).
      await blobs.delete(job.sha256).catch((err: unknown) => {
        log.warn('file of a deleted job left in the blob store', { error: String((err as Error)?.message) });
      });
    }
    res.json(DeleteOut.parse({ ok: true, deleted: job.id }));
  });

  router.patch('/api/v1/parse/:job_id/fields', session, jsonBody, async (req, res) => {
    const { job_id } = validate(JobIdParams, 'path', req.params);
    const patch = validate(FieldsPatch, 'body', req.body);
    res.json(
      presentWebJob(
        await inAccountTransaction(db, sessionOf(res).accountId, (tx) => editFields(tx, res, job_id, patch)),
      ),
    );
  });

  /** Applies a fields patch to the account's done job, inside the caller's transaction. */
  const editFields = async (tx: Db, res: Response, job_id: number, patch: Record<string, string>) => {
    const job = await ownJob(res, job_id, tx);
    if (job.status !== 'done') throw new HttpError(409, 'job_not_done');
    const country = countryOf(job.country);
    const stored = job.result ? JSON.parse(job.result) : null;
    if (!country || !stored?.document) throw new HttpError(409, 'job_not_done');
    const keys = Object.keys(patch);
    if (!keys.length)
      throw new ValidationFailed([
        { type: 'too_short', loc: ['body'], msg: 'Dictionary should have at least 1 item', input: {} },
      ]);
    const values: Record<string, string> = {};
    const issues: ValidationErrorItem[] = [];
    for (const key of keys) {
      const c = checkFieldValue(key, patch[key]!, country);
      if ('value' in c) values[key] = c.value;
      else
        issues.push({
          type: 'value_error',
          loc: ['body', key],
          msg: `Value error, ${c.message}`,
          input: patch[key],
          ctx: { kind: c.kind },
        });
    }
    if (issues.length) throw new ValidationFailed(issues);
    const edited = applyFieldEdits(stored.document, values, country, job.createdAt.slice(0, 10));
    const now = new Date();
    const at = now.toISOString();
    // Each field's time is kept too: the desktop sync merges edits per field, the later winning.
    // What the person typed here is the field's value now: it is stamped after the edit it
    // replaces even when that one carries a later time (a desktop clock ahead), or it would lose.
    const held = fieldEditsOf(job);
    const timed = Object.fromEntries(
      Object.entries(values).map(([k, value]) => [k, { value, at: editTimeAfter(held[k], now.getTime()) }]),
    );
    const fieldEdits = JSON.stringify({ ...held, ...timed });
    await updateJob(tx, job.id, {
      result: JSON.stringify({ ...stored, ...edited }),
      editedAt: at,
      fieldEdits,
    });
    return (await jobById(tx, job.id))!;
  };

  // Line items and the VAT breakdown: the cells are kept in the stored document (`user`
  // provenance), not in `field_edits`, which the desktop sync exchanges field by field.
  router.patch('/api/v1/parse/:job_id/lines', session, jsonBody, async (req, res) => {
    const { job_id } = validate(JobIdParams, 'path', req.params);
    const patch = validate(LinesPatch, 'body', req.body);
    res.json(
      presentWebJob(
        await inAccountTransaction(db, sessionOf(res).accountId, (tx) => editLines(tx, res, job_id, patch)),
      ),
    );
  });

  /** Applies a lines patch to the account's done job, inside the caller's transaction. */
  const editLines = async (tx: Db, res: Response, job_id: number, patch: Record<string, string>) => {
    const job = await ownJob(res, job_id, tx);
    if (job.status !== 'done') throw new HttpError(409, 'job_not_done');
    const country = countryOf(job.country);
    const stored = job.result ? JSON.parse(job.result) : null;
    if (!country || !stored?.document) throw new HttpError(409, 'job_not_done');
    if (!Object.keys(patch).length)
      throw new ValidationFailed([
        { type: 'too_short', loc: ['body'], msg: 'Dictionary should have at least 1 item', input: {} },
      ]);
    const { values, issues } = checkLinePatch(patch, stored.document);
    if (issues.length) throw new ValidationFailed(issues);
    const edited = applyLineEdits(stored.document, values, country, job.createdAt.slice(0, 10));
    await updateJob(tx, job.id, { result: JSON.stringify({ ...stored, ...edited }) });
    return (await jobById(tx, job.id))!;
  };

  router.post('/api/v1/parse/:job_id/reparse', session, async (req, res) => {
    const { job_id } = validate(JobIdParams, 'path', req.params);
    const q = validate(ReparseQuery, 'query', req.query as Record<string, unknown>);
    const job = await ownJob(res, job_id);
    if (job.status === 'queued' || job.status === 'processing') throw new HttpError(409, 'job_running');
    // A job synced from the desktop app was read there: the service has no file to read again.
    if (!(await blobs.contains(job.sha256))) throw new HttpError(409, 'no_file');
    const country = countryOf(q.country || job.country);
    if (!country) throw new HttpError(400, 'unsupported_country');
    // A file whose scan was already counted is read again for free; a failed one holds a parse
    // (unless the same file was counted before, by a job since deleted).
    // Its search for a payment code is bounded as a submission's (QR_SEARCH_MS).
    const estimate = (bytes: Buffer) =>
      estimateRead(bytes, { country: country.code, qrTimeoutMs: config.qrSearchMs });
    const estimated = job.status === 'failed' ? (await estimate(await blobs.get(job.sha256))).pagesToScan : 0;
    await inAccountTransaction(db, job.accountId, async (tx) => {
      // Asked twice at once, both requests passed the check above while the file was estimated:
      // only the first to get here queues the read (and holds a parse), the other is refused.
      const current = await jobById(tx, job.id);
      if (!current || current.status === 'queued' || current.status === 'processing')
        throw new HttpError(409, 'job_running');
      const needsOcr = await pagesToCharge(tx, job.accountId, job.sha256, estimated);
      const webParses = await holdWebAllowance(tx, job.accountId, needsOcr);
      // The earlier read's billing is settled: this read reserves nothing from the API's pages.
      await updateJob(tx, job.id, {
        status: 'queued',
        country: country.code,
        webParses,
        reservedPages: 0,
        reservedMinor: 0,
        reservedFreePages: 0,
        // The previous result stays until the new read replaces it, carrying its corrections over.
        error: null,
        message: null,
        startedAt: null,
        finishedAt: null,
        attempts: 0,
      });
    });
    kick(job.id);
    res.json(presentWebJob((await jobById(db, job.id))!));
  });

  router.get('/api/v1/parse/:job_id/pages/:n.png', session, async (req, res) => {
    const { job_id, n } = validate(PageParams, 'path', req.params);
    const { width } = validate(PageQuery, 'query', req.query as Record<string, unknown>);
    const job = await ownJob(res, job_id);
    let png: Uint8Array | undefined = pages.get(job.sha256, n, width);
    if (!png) {
      if (!(await blobs.contains(job.sha256))) throw new HttpError(404, 'no_file');
      const page = await renderPagePng(await blobs.get(job.sha256), n, {
        width,
        timeoutMs: PAGE_TIMEOUT_MS,
      }).catch((err: unknown) => {
        if (!(err instanceof ReadError)) throw err;
        throw err.code === 'timeout' ? new HttpError(504, 'render_timeout') : new HttpError(400, err.code);
      });
      if (!page.ok) throw new HttpError(404, page.reason);
      png = page.png;
      pages.put(job.sha256, n, width, png);
    }
    // The picture of a sha256 never changes; private: it is one account's invoice.
    res.set({ 'content-type': 'image/png', 'cache-control': 'private, max-age=86400' });
    res.end(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
  });

  return router;
}

/** A page that takes longer than this to draw is refused (504) rather than holding a worker. */
const PAGE_TIMEOUT_MS = 20_000;
