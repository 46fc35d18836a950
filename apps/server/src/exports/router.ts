// Accounting exports of the account's jobs: DATEV's Buchungsstapel (ledger-de) for many jobs or
// one, the 1C CSV (ledger-ru), and jobs as e-invoices (the formats of packages/exports' registry),
// one file or a zip of many; and the DATEV numbers and accounts the exports screen remembers per
// account. The writers read each job's stored result, with a person's corrections, and for an
// e-invoice the account's company profile for buyer-side terms the invoice lacks; a value they
// cannot write answers 422 naming the job and field, and, where a person can give it, the form
// field to give it in (label and hint in the account's language).
import {
  EInvoiceExportIn,
  EInvoiceFormatParams,
  ExportFormatParams,
  ExportLangQuery,
  JobIdParams,
  LedgerExportIn,
  LedgerQuery,
  LedgerSettings,
  LedgerSettingsOut,
  type ValidationErrorItem,
} from '@invoice-reader/contract';
import {
  accountById,
  type Db,
  exportSettingsOf,
  type Job,
  jobById,
  jobsOf,
  type LedgerSettingsRow,
  saveExportSettings,
} from '@invoice-reader/db';
import {
  contentDisposition,
  type ExportFile,
  type ExportFormat,
  type ExportJob,
  ExportRefused,
  exportFormat,
  type FillInLang,
  filledTerms,
  fillInField,
  fillInLang,
  type Refusal,
  withCompanyProfile,
  writeLedgerDe,
  writeLedgerRu,
  zipFiles,
} from '@invoice-reader/exports';
import { type Request, type Response, Router } from 'express';
import { requireSession, sessionOf } from '../auth/sessions.js';
import { BlobMissing, type BlobStore } from '../blobs/store.js';
import { HttpError, ValidationFailed } from '../http/errors.js';
import { jsonBody } from '../http/json-body.js';
import { validate } from '../http/validation.js';
import { companyProfileRouter, exportProfileOf } from './company-profile.js';

export interface ExportsDeps {
  db: Db;
  blobs: BlobStore;
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

/**
 * The file as a download. Its name comes from what the invoice says (a FatturaPA's is the seller's
 * VAT id): `contentDisposition` makes it a header value that cannot break the header or add to it.
 */
function send(res: Response, file: ExportFile): void {
  res
    .type(file.contentType)
    .set('Content-Disposition', contentDisposition(file.filename))
    .set('Cache-Control', 'no-store')
    .send(file.bytes);
}

/**
 * One item per job and missing value; `ctx.input` is the form field a person can give it in (see
 * packages/exports fill-in.ts), given with the job as an edit (`PATCH /api/v1/parse/{id}/fields`).
 */
const refusedItems = (refusals: Refusal[], lang: FillInLang = 'en'): ValidationFailed =>
  new ValidationFailed(
    refusals.map((r): ValidationErrorItem => {
      const input = r.input ? fillInField(r.input, lang) : undefined;
      return {
        type: 'export_refused',
        loc: ['job', r.job_id, r.field],
        msg: `job ${r.job_id}: ${r.field}: ${r.message}`,
        input: null,
        ctx: { job_id: r.job_id, field: r.field, ...(input ? { input } : {}) },
      };
    }),
  );

function written(write: () => ExportFile): ExportFile {
  try {
    return write();
  } catch (err) {
    if (err instanceof ExportRefused) throw refusedItems(err.refusals);
    throw err;
  }
}

/** The business terms the company profile gave each job: a header of one file, a list in a zip. */
const FILLED_HEADER = 'X-Filled-From-Profile';
/** The profile written where a format has several (Factur-X: EN 16931, BASIC WL, MINIMUM). */
const PROFILE_HEADER = 'X-Export-Profile';
const fromProfile = (job: ExportJob): string[] =>
  filledTerms(job.document)
    .filter((f) => f.source === 'profile')
    .map((f) => f.term);

export function exportsRouter({ db, blobs, publicUrl }: ExportsDeps): Router {
  const router = Router();
  const session = requireSession(db, publicUrl);
  router.use(companyProfileRouter(db, session));
  /** The fill-in form's language: the one the screen asks for, else the account's. */
  const langOf = async (req: Request, res: Response): Promise<FillInLang> =>
    fillInLang(
      validate(ExportLangQuery, 'query', req.query as Record<string, unknown>).lang ??
        (await accountById(db, sessionOf(res).accountId))?.lang,
    );
  /** The job with the buyer-side terms it lacks taken from the account's company profile. */
  const withProfile = async (res: Response, job: ExportJob): Promise<ExportJob> =>
    withCompanyProfile(job, await exportProfileOf(db, sessionOf(res).accountId));
  const savedYearStart = async (res: Response): Promise<number> =>
    (await exportSettingsOf(db, sessionOf(res).accountId))?.fiscalYearStart ?? 1;

  const chosen = async (res: Response, ids: number[] | undefined): Promise<ExportJob[]> => {
    const { accountId } = sessionOf(res);
    if (ids) {
      const jobs: ExportJob[] = [];
      for (const id of new Set(ids)) jobs.push(exportJob(await jobById(db, id), accountId, id));
      return jobs;
    }
    const done = (await jobsOf(db, accountId, MAX_JOBS, 0)).filter((j) => j.status === 'done');
    if (!done.length) throw new HttpError(404, 'no_jobs');
    return done.reverse().map((j) => exportJob(j, accountId, j.id));
  };

  router.post('/api/v1/exports/ledger-de', session, jsonBody, async (req, res) => {
    const input = validate(LedgerExportIn, 'body', req.body ?? {});
    const fiscal_year_start = input.fiscal_year_start ?? (await savedYearStart(res));
    const jobs = await chosen(res, input.job_ids);
    send(
      res,
      written(() => writeLedgerDe(jobs, { ...input, fiscal_year_start })),
    );
  });

  router.get('/api/v1/parse/:job_id/export/ledger-de', session, async (req, res) => {
    const { job_id } = validate(JobIdParams, 'path', req.params);
    const q = validate(LedgerQuery, 'query', req.query as Record<string, unknown>);
    const job = exportJob(await jobById(db, job_id), sessionOf(res).accountId, job_id);
    const fiscal_year_start = await savedYearStart(res);
    send(
      res,
      written(() =>
        writeLedgerDe([job], {
          ...q,
          consultant_no: '',
          client_no: '',
          fiscal_year_start,
        }),
      ),
    );
  });

  /** The job's uploaded PDF, for a format that keeps its pages; none when gone or not a PDF. */
  const originalPdf = async (id: number): Promise<Uint8Array | undefined> => {
    const row = await jobById(db, id);
    if (row?.fileType !== 'pdf') return undefined;
    try {
      return await blobs.get(row.sha256);
    } catch (err) {
      // The file was removed after its retention time: a page is drawn instead.
      if (err instanceof BlobMissing) return undefined;
      throw err;
    }
  };
  const writeOne = async (format: ExportFormat, job: ExportJob): Promise<ExportFile> =>
    format.write(job, format.usesOriginal ? await originalPdf(job.jobId) : undefined);

  // After the ledger-de route above: `ledger-de` is not an e-invoice format.
  router.get('/api/v1/parse/:job_id/export/:format', session, async (req, res) => {
    const { job_id, format } = validate(ExportFormatParams, 'path', req.params);
    const lang = await langOf(req, res);
    const job = await withProfile(
      res,
      exportJob(await jobById(db, job_id), sessionOf(res).accountId, job_id),
    );
    const writer = exportFormat(format)!;
    try {
      const file = await writeOne(writer, job);
      const filled = fromProfile(job);
      if (filled.length) res.set(FILLED_HEADER, filled.join(', '));
      if (file.profile) res.set(PROFILE_HEADER, file.profile);
      send(res, file);
    } catch (err) {
      if (err instanceof ExportRefused) throw refusedItems(err.refusals, lang);
      throw err;
    }
  });

  router.post('/api/v1/exports/ledger-ru', session, jsonBody, async (req, res) => {
    const input = validate(LedgerExportIn, 'body', req.body ?? {});
    const jobs = await chosen(res, input.job_ids);
    send(
      res,
      written(() => writeLedgerRu(jobs)),
    );
  });

  // After the ledger routes above. A refused job leaves the zip and is listed in its refused.txt;
  // when none can be written the answer is 422 naming every job and field.
  router.post('/api/v1/exports/:format', session, jsonBody, async (req, res) => {
    const { format } = validate(EInvoiceFormatParams, 'path', req.params);
    const input = validate(EInvoiceExportIn, 'body', req.body ?? {});
    const lang = await langOf(req, res);
    const writer = exportFormat(format)!;
    const files: ExportFile[] = [];
    const refusals: Refusal[] = [];
    const filled: string[] = [];
    const profile = await exportProfileOf(db, sessionOf(res).accountId);
    for (const job of (await chosen(res, input.job_ids)).map((j) => withCompanyProfile(j, profile))) {
      try {
        files.push(await writeOne(writer, job));
        const terms = fromProfile(job);
        if (terms.length) filled.push(`job ${job.jobId}: ${terms.join(', ')}\n`);
      } catch (err) {
        if (!(err instanceof ExportRefused)) throw err;
        refusals.push(...err.refusals);
      }
    }
    if (!files.length) throw refusedItems(refusals, lang);
    const profiles = [...new Set(files.flatMap((f) => (f.profile ? [f.profile] : [])))];
    if (profiles.length) res.set(PROFILE_HEADER, profiles.join(', '));
    send(res, {
      filename: `${format}-${new Date().toISOString().slice(0, 10).replaceAll('-', '')}.zip`,
      contentType: 'application/zip',
      bytes: zipFiles(files, refusals, filled.join('')),
    });
  });

  router.get('/api/v1/exports/settings', session, async (_req, res) => {
    const saved = await exportSettingsOf(db, sessionOf(res).accountId);
    res.json(settingsOut(saved ? settingsIn(saved) : LedgerSettings.parse({})));
  });

  router.put('/api/v1/exports/settings', session, jsonBody, async (req, res) => {
    const s = validate(LedgerSettings, 'body', req.body ?? {});
    await saveExportSettings(
      db,
      sessionOf(res).accountId,
      {
        consultantNo: s.consultant_no,
        clientNo: s.client_no,
        account: s.account,
        contraAccount: s.contra_account,
        buKey: s.bu_key,
        fiscalYearStart: s.fiscal_year_start,
      },
      new Date().toISOString(),
    );
    res.json(settingsOut(s));
  });

  return router;
}

type Settings = ReturnType<typeof LedgerSettings.parse>;

const settingsIn = (r: LedgerSettingsRow): Settings => ({
  consultant_no: r.consultantNo,
  client_no: r.clientNo,
  account: r.account,
  contra_account: r.contraAccount,
  bu_key: r.buKey,
  fiscal_year_start: r.fiscalYearStart,
});

const settingsOut = (s: Settings) => LedgerSettingsOut.parse({ ok: true, ...s });
