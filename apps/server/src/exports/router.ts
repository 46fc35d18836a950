// Accounting exports of the account's jobs: DATEV's Buchungsstapel (ledger-de) for many jobs or
// one, the 1C CSV (ledger-ru), and a job as an e-invoice (XRechnung CII or UBL, Peppol UBL, FatturaPA); and the DATEV numbers
// and accounts the exports screen remembers per account. The writers (packages/exports) read each job's stored result,
// with a person's corrections; a value they cannot write answers 422 naming the job and field.
import {
  type EInvoiceFormat,
  ExportFormatParams,
  JobIdParams,
  LedgerExportIn,
  LedgerQuery,
  LedgerSettings,
  LedgerSettingsOut,
  type ValidationErrorItem,
} from '@invoice-reader/contract';
import { type Db, exportSettingsOf, type Job, jobById, jobsOf, saveExportSettings } from '@invoice-reader/db';
import {
  type ExportFile,
  type ExportJob,
  ExportRefused,
  writeFatturaPa,
  writeLedgerDe,
  writeLedgerRu,
  writePeppolUbl,
  writeXrechnungCii,
  writeXrechnungUbl,
} from '@invoice-reader/exports';
import { type Response, Router } from 'express';
import { requireSession, sessionOf } from '../auth/sessions.js';
import { HttpError, ValidationFailed } from '../http/errors.js';
import { jsonBody } from '../http/json-body.js';
import { validate } from '../http/validation.js';

/** The writer of each e-invoice format (the `format` path parameter). */
const E_INVOICE_WRITERS: Record<EInvoiceFormat, (job: ExportJob) => ExportFile> = {
  'xrechnung-cii': writeXrechnungCii,
  'xrechnung-ubl': writeXrechnungUbl,
  'peppol-ubl': writePeppolUbl,
  fatturapa: writeFatturaPa,
};

export interface ExportsDeps {
  db: Db;
  publicUrl: string;
}

const MAX_JOBS = 500;

/** The job as the writers take it; 404 for another account's, 409 for one not done. */
function exportJob(job: Job | undefined, accountId: number, id: number): ExportJob {
  if (!job || job.accountId !== accountId) throw new HttpError(404, 'job_not_found');
  const result = job.status === 'done' && job.result ? JSON.parse(job.result) : undefined;
  if (!result?.document) throw new HttpError(409, 'job_not_done');
  return {
    jobId: id,
    country: job.country,
    fields: result.fields,
    fields_detailed: result.fields_detailed,
    document: result.document,
  };
}

function send(res: Response, file: ExportFile): void {
  res
    .type(file.contentType)
    .set('Content-Disposition', `attachment; filename="${file.filename}"`)
    .set('Cache-Control', 'no-store')
    .send(file.bytes);
}

function written(write: () => ExportFile): ExportFile {
  try {
    return write();
  } catch (err) {
    if (!(err instanceof ExportRefused)) throw err;
    const items: ValidationErrorItem[] = err.refusals.map((r) => ({
      type: 'export_refused',
      loc: ['job', r.job_id, r.field],
      msg: `job ${r.job_id}: ${r.field}: ${r.message}`,
      input: null,
      ctx: { job_id: r.job_id, field: r.field },
    }));
    throw new ValidationFailed(items);
  }
}

export function exportsRouter({ db, publicUrl }: ExportsDeps): Router {
  const router = Router();
  const session = requireSession(db, publicUrl);

  const chosen = (res: Response, ids: number[] | undefined): ExportJob[] => {
    const { accountId } = sessionOf(res);
    if (ids) return [...new Set(ids)].map((id) => exportJob(jobById(db, id), accountId, id));
    const done = jobsOf(db, accountId, MAX_JOBS, 0).filter((j) => j.status === 'done');
    if (!done.length) throw new HttpError(404, 'no_jobs');
    return done.reverse().map((j) => exportJob(j, accountId, j.id));
  };

  router.post('/api/v1/exports/ledger-de', session, jsonBody, (req, res) => {
    const input = validate(LedgerExportIn, 'body', req.body ?? {});
    send(
      res,
      written(() => writeLedgerDe(chosen(res, input.job_ids), input)),
    );
  });

  router.get('/api/v1/parse/:job_id/export/ledger-de', session, (req, res) => {
    const { job_id } = validate(JobIdParams, 'path', req.params);
    const q = validate(LedgerQuery, 'query', req.query as Record<string, unknown>);
    const job = exportJob(jobById(db, job_id), sessionOf(res).accountId, job_id);
    send(
      res,
      written(() => writeLedgerDe([job], { ...q, consultant_no: '', client_no: '' })),
    );
  });

  // After the ledger-de route above: `ledger-de` is not an e-invoice format.
  router.get('/api/v1/parse/:job_id/export/:format', session, (req, res) => {
    const { job_id, format } = validate(ExportFormatParams, 'path', req.params);
    const job = exportJob(jobById(db, job_id), sessionOf(res).accountId, job_id);
    send(
      res,
      written(() => E_INVOICE_WRITERS[format](job)),
    );
  });

  router.post('/api/v1/exports/ledger-ru', session, jsonBody, (req, res) => {
    const input = validate(LedgerExportIn, 'body', req.body ?? {});
    send(
      res,
      written(() => writeLedgerRu(chosen(res, input.job_ids))),
    );
  });

  router.get('/api/v1/exports/settings', session, (_req, res) => {
    const saved = exportSettingsOf(db, sessionOf(res).accountId);
    res.json(settingsOut(saved ? settingsIn(saved) : LedgerSettings.parse({})));
  });

  router.put('/api/v1/exports/settings', session, jsonBody, (req, res) => {
    const s = validate(LedgerSettings, 'body', req.body ?? {});
    saveExportSettings(
      db,
      sessionOf(res).accountId,
      {
        consultantNo: s.consultant_no,
        clientNo: s.client_no,
        account: s.account,
        contraAccount: s.contra_account,
        buKey: s.bu_key,
      },
      new Date().toISOString(),
    );
    res.json(settingsOut(s));
  });

  return router;
}

type Settings = ReturnType<typeof LedgerSettings.parse>;

const settingsIn = (r: NonNullable<ReturnType<typeof exportSettingsOf>>): Settings => ({
  consultant_no: r.consultantNo,
  client_no: r.clientNo,
  account: r.account,
  contra_account: r.contraAccount,
  bu_key: r.buKey,
});

const settingsOut = (s: Settings) => LedgerSettingsOut.parse({ ok: true, ...s });
