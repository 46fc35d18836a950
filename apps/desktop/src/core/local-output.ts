// What the desktop screens make from the local store besides the fields: a stored job's page as a
// PNG (the engine's renderPagePng over the file where the store says it is) and the accounting
// exports (packages/exports, as the server's exports routes write them). Answers, not throws, so a
// refusal crosses the IPC whole: `{ ok: false, status, code, items }` in the shape of a 422.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { checkDocumentTerm, ReadError, renderPagePng } from '@invoice-reader/engine';
import {
  EMPTY_COMPANY_PROFILE,
  type ExportFile,
  type ExportJob,
  ExportRefused,
  exportFormat,
  filledTerms,
  fillInField,
  fillInLang,
  type Refusal,
  withCompanyProfile,
  writeLedgerDe,
  writeLedgerRu,
} from '@invoice-reader/exports';
import type {
  CompanyProfileView,
  LedgerSettingsView,
  LocalRefusal,
  OutputFile,
  PagePicture,
} from '../ipc.js';
import { jobById, type LocalDb } from './store.js';

/** A page that takes longer than this to draw is refused rather than holding a worker. */
const PAGE_TIMEOUT_MS = 20_000;
const MAX_JOBS = 500;

const refused = (status: number, code: string, msg = code): LocalRefusal => ({
  ok: false,
  status,
  code,
  items: status === 422 ? [{ type: code, loc: ['body'], msg }] : [],
  message: msg,
});

/** The file of a stored job as it was read: gone or changed since is said, never drawn wrongly. */
function storedFile(db: LocalDb, id: number): { bytes: Buffer; fileType: string | null } | LocalRefusal {
  const job = jobById(db, id);
  if (!job) return refused(404, 'job_not_found');
  let bytes: Buffer;
  try {
    bytes = readFileSync(job.path);
  } catch {
    return refused(404, 'file_missing', `the file is no longer at ${job.path} (moved or removed)`);
  }
  if (createHash('sha256').update(bytes).digest('hex') !== job.sha256)
    return refused(409, 'file_changed', `the file at ${job.path} changed since it was read`);
  return { bytes, fileType: job.fileType };
}

/** Page `n` (from 1) of a stored job as PNG, base64 (it crosses the IPC as text). */
export async function pagePicture(db: LocalDb, id: number, n: number, width = 1200): Promise<PagePicture> {
  const file = storedFile(db, id);
  if ('ok' in file) return file;
  try {
    const page = await renderPagePng(file.bytes, n, { width, timeoutMs: PAGE_TIMEOUT_MS });
    if (!page.ok) return refused(404, page.reason);
    return {
      ok: true,
      contentType: 'image/png',
      base64: Buffer.from(page.png).toString('base64'),
      width: page.width,
      height: page.height,
    };
  } catch (err) {
    if (!(err instanceof ReadError)) throw err;
    return refused(err.code === 'timeout' ? 504 : 400, err.code, err.message);
  }
}

/** The job as the writers take it; a job not read (yet) is refused. */
function exportJob(db: LocalDb, id: number): ExportJob | LocalRefusal {
  const job = jobById(db, id);
  if (!job) return refused(404, 'job_not_found');
  const result = job.status === 'done' && job.result ? JSON.parse(job.result) : undefined;
  if (!result?.document) return refused(409, 'job_not_done');
  return {
    jobId: id,
    country: job.country,
    fields: result.fields,
    fields_detailed: result.fields_detailed,
    document: result.document,
  };
}

/**
 * Refusals named by job and field, as the server's exports routes answer them (422), with the form
 * field of each value a person can give (in the app's language).
 */
const refusedItems = (refusals: Refusal[], lang = 'en'): LocalRefusal => ({
  ok: false,
  status: 422,
  code: 'validation_error',
  items: refusals.map((r) => {
    const input = r.input ? fillInField(r.input, fillInLang(lang)) : undefined;
    return {
      type: 'export_refused',
      loc: ['job', r.job_id, r.field],
      msg: `job ${r.job_id}: ${r.field}: ${r.message}`,
      ...(input ? { ctx: { job_id: r.job_id, field: r.field, input } } : {}),
    };
  }),
  message: refusals.map((r) => `job ${r.job_id}: ${r.field}: ${r.message}`).join('; '),
});

const asOutput = (file: ExportFile): OutputFile => ({
  ok: true,
  filename: file.filename,
  contentType: file.contentType,
  base64: file.bytes.toString('base64'),
  ...(file.profile ? { profile: file.profile } : {}),
});

async function written(
  write: () => ExportFile | Promise<ExportFile>,
  lang?: string,
): Promise<OutputFile | LocalRefusal> {
  try {
    return asOutput(await write());
  } catch (err) {
    if (err instanceof ExportRefused) return refusedItems(err.refusals, lang);
    throw err;
  }
}

function chosen(db: LocalDb, ids: number[]): ExportJob[] | LocalRefusal {
  if (!Array.isArray(ids) || !ids.length || ids.length > MAX_JOBS || ids.some((i) => !Number.isInteger(i)))
    return refused(422, 'job_ids', `job_ids: 1 to ${MAX_JOBS} job numbers`);
  const jobs: ExportJob[] = [];
  for (const id of new Set(ids)) {
    const job = exportJob(db, id);
    if ('ok' in job) return job;
    jobs.push(job);
  }
  return jobs;
}

/** The DATEV numbers checked as the server's `LedgerExportIn` checks them (lengths only). */
const LIMITS: Record<Exclude<keyof LedgerSettingsView, 'fiscal_year_start'>, number> = {
  consultant_no: 20,
  client_no: 20,
  account: 10,
  contra_account: 10,
  bu_key: 10,
};
export function checkLedgerSettings(s: LedgerSettingsView): LocalRefusal | null {
  const month = s.fiscal_year_start;
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    const msg = 'fiscal_year_start: the month the fiscal year starts in, 1 to 12';
    return {
      ok: false,
      status: 422,
      code: 'validation_error',
      items: [{ type: 'value_error', loc: ['body', 'fiscal_year_start'], msg }],
      message: msg,
    };
  }
  const items = Object.entries(LIMITS)
    .filter(([k, max]) => {
      const v = (s as unknown as Record<string, unknown>)[k];
      return typeof v !== 'string' || v.length > max;
    })
    .map(([k, max]) => ({
      type: 'string_too_long',
      loc: ['body', k],
      msg: `${k}: text of at most ${max} characters`,
    }));
  return items.length
    ? { ok: false, status: 422, code: 'validation_error', items, message: items.map((i) => i.msg).join('; ') }
    : null;
}

export async function exportLedger(
  db: LocalDb,
  format: 'ledger-de' | 'ledger-ru',
  ids: number[],
  settings: LedgerSettingsView,
): Promise<OutputFile | LocalRefusal> {
  const jobs = chosen(db, ids);
  if ('ok' in jobs) return jobs;
  if (format === 'ledger-ru') return written(() => writeLedgerRu(jobs));
  if (format !== 'ledger-de') return refused(422, 'format', 'format: ledger-de or ledger-ru');
  const bad = checkLedgerSettings(settings);
  if (bad) return bad;
  return written(() => writeLedgerDe(jobs, settings));
}

export const EMPTY_PROFILE: CompanyProfileView = EMPTY_COMPANY_PROFILE;

/** Each profile key and the business term whose check it takes (as the service checks them). */
const CHECKED: Array<[keyof CompanyProfileView, string]> = [
  ['country', 'buyer_country'],
  ['vat_id', 'buyer_vat_id'],
  ['electronic_address', 'buyer_electronic_address'],
];

/** The profile with its values trimmed and checked, or why it is refused. */
export function checkCompanyProfile(p: CompanyProfileView): CompanyProfileView | LocalRefusal {
  const out = { ...EMPTY_PROFILE };
  const items: LocalRefusal['items'] = [];
  for (const k of Object.keys(EMPTY_PROFILE) as (keyof CompanyProfileView)[]) {
    const v = typeof p[k] === 'string' ? p[k].trim() : '';
    if (v.length > 200 || /\p{Cc}/u.test(v))
      items.push({
        type: 'value_error',
        loc: ['body', k],
        msg: `${k}: at most 200 characters, no control characters`,
      });
    out[k] = v;
  }
  for (const [k, term] of CHECKED) {
    if (!out[k]) continue;
    const c = checkDocumentTerm(term, out[k]);
    if ('value' in c) out[k] = c.value;
    else items.push({ type: 'value_error', loc: ['body', k], msg: `${k}: ${c.message}` });
  }
  return items.length
    ? { ok: false, status: 422, code: 'validation_error', items, message: items.map((i) => i.msg).join('; ') }
    : out;
}

export async function exportInvoice(
  db: LocalDb,
  id: number,
  formatName: string,
  profile?: CompanyProfileView,
  lang?: string,
): Promise<OutputFile | LocalRefusal> {
  const format = exportFormat(formatName);
  if (!format) return refused(422, 'format', `format: "${formatName}" is not an e-invoice format`);
  const read = exportJob(db, id);
  if ('ok' in read) return read;
  // Buyer-side values the invoice lacks come from the company profile, as on the service.
  const job = withCompanyProfile(read, profile);
  // Factur-X keeps the original PDF's pages: the local file when it is still there and unchanged.
  let original: Uint8Array | undefined;
  if (format.usesOriginal) {
    const file = storedFile(db, id);
    if (!('ok' in file) && file.fileType === 'pdf') original = file.bytes;
  }
  const out = await written(() => format.write(job, original), lang);
  const terms = filledTerms(job.document)
    .filter((f) => f.source === 'profile')
    .map((f) => f.term);
  return out.ok && terms.length ? { ...out, fromProfile: terms } : out;
}
