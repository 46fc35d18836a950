// `InvoiceData` (packages/ui) over the desktop preload's typed API (`window.invoiceReader`,
// src/ipc.ts DesktopApi): the shared screens read, add, read again, correct and delete in the
// local store through it. Files, page pictures and exports cross as base64 (data: URLs, Blobs).

import { summaryFields } from '@invoice-reader/contract/job-summary';
import {
  DataError,
  DEFAULT_LEDGER_SETTINGS,
  EMPTY_COMPANY_PROFILE,
  type ErrorItem,
  type ExportedFile,
  type InvoiceData,
  type JobSummary,
  type WebJob,
} from '@invoice-reader/ui';
import type { DesktopApi, JobAnswer, JobView, LocalRefusal, OutputFile } from '../ipc.js';

export function webJobOf(job: JobView): WebJob {
  return {
    ok: true,
    job_id: job.id,
    status: job.status,
    country: job.country,
    mode: job.mode as WebJob['mode'],
    pages: job.pages,
    pages_scanned: job.pagesScanned,
    charged: false,
    fields: job.fields,
    fields_detailed: job.fieldsDetailed as WebJob['fields_detailed'],
    document: job.document as WebJob['document'],
    checks: job.checks as WebJob['checks'],
    error: job.error,
    message: job.message,
    created_at: job.createdAt,
    finished_at: job.finishedAt,
    source: 'desktop',
    filename: job.filename,
    edited_at: job.editedAt,
  };
}

/** The list row the server's `present.ts` makes, from the local job. */
export function summaryOf(job: JobView): JobSummary {
  return {
    job_id: job.id,
    status: job.status,
    source: 'desktop',
    filename: job.filename,
    country: job.country,
    mode: job.mode,
    pages: job.pages,
    pages_scanned: job.pagesScanned,
    created_at: job.createdAt,
    finished_at: job.finishedAt,
    ...summaryFields(job.fields, job.fieldsDetailed as { status?: string }[]),
    error: job.error,
  };
}

/**
 * A refused edit as the review screen shows it: the core's EditRefused reads
 * "key [kind]: message; …" (after Electron's "Error invoking remote method …: Error: " prefix), and
 * each becomes an item with the kind in `ctx`, as the server's 422 carries it, so the screen names
 * the refusal in the person's language.
 */
export function editErrorOf(err: unknown): DataError {
  const text = err instanceof Error ? err.message : String(err);
  const body = text.replace(/^.*?Error: /, '');
  const items: ErrorItem[] = [];
  for (const part of body.split('; ')) {
    const m = part.match(/^([a-z0-9_]+)(?: \[([a-z_]+)\])?: (.+)$/);
    if (m?.[1] && m[3])
      items.push({
        type: 'value_error',
        loc: ['body', m[1]],
        msg: m[3],
        ...(m[2] ? { ctx: { kind: m[2] } } : {}),
      });
  }
  return items.length ? new DataError(422, 'validation_error', items) : new DataError(0, body);
}

/** The core's refusal as the screens know the server's: a 422 with items, or its status and code. */
export const refusalError = (r: LocalRefusal): DataError =>
  new DataError(r.status, r.code, r.items as ErrorItem[]);

/** The job of an added or re-read file, or the core's refusal as the server's would read. */
export function jobOf(answer: JobAnswer): WebJob {
  if (!answer.ok) throw refusalError(answer);
  return { ...webJobOf(answer.job), ...(answer.duplicate ? { duplicate: true } : {}) };
}

/** Bytes as base64, in slices (a spread of megabytes would overflow the call stack). */
export function base64Of(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** An exported file's bytes as the Blob the exports screen saves. */
export function fileOf(answer: OutputFile | LocalRefusal): ExportedFile {
  if (!answer.ok) throw refusalError(answer);
  const bytes = Uint8Array.from(atob(answer.base64), (c) => c.charCodeAt(0));
  return {
    filename: answer.filename,
    blob: new Blob([bytes], { type: answer.contentType }),
    ...(answer.fromProfile ? { fromProfile: answer.fromProfile } : {}),
    ...(answer.profile ? { profile: answer.profile } : {}),
  };
}

export function ipcInvoiceData(api: DesktopApi): InvoiceData {
  return {
    async listJobs() {
      return (await api.listJobs()).map(summaryOf);
    },
    async getJob(id) {
      const job = await api.getJob(id);
      if (!job) throw new DataError(404, 'not_found');
      return webJobOf(job);
    },
    async patchFields(id, values) {
      try {
        return webJobOf(await api.editFields(id, values));
      } catch (err) {
        throw editErrorOf(err);
      }
    },
    // Dropped on the list or chosen in the dialog: the bytes go to the core, which keeps the file
    // in the app's folder. Nothing goes over a network, so the progress is the whole file at once.
    async upload(file, { country, onProgress }) {
      const base64 = base64Of(new Uint8Array(await file.arrayBuffer()));
      onProgress?.({ loaded: file.size, total: file.size });
      return jobOf(await api.addFile(file.name, base64, country));
    },
    reparse: async (id, country) =>
      jobOf(await api.reparse(id, country ?? (await api.getSettings()).country)),
    async deleteJob(id) {
      const answer = await api.deleteJob(id);
      if (!answer.ok) throw refusalError(answer);
    },
    // Asked when the review screen asks to confirm a delete: a synced invoice goes on the service too.
    async deleteAlso(id) {
      const [job, sync] = await Promise.all([api.getJob(id), api.syncStatus()]);
      return job?.remoteJobId != null && sync.enabled && sync.signedIn ? 'service' : null;
    },
    // Drawn by the core from the file where the store knows it; a moved or removed file (or an
    // XML, which has no page) shows the fields without a picture.
    async pageImageUrl(id, n, width = 1200) {
      const page = await api.pagePicture(id, n, width);
      return page.ok ? `data:${page.contentType};base64,${page.base64}` : null;
    },
    exportLedger: async (format, ids, settings) => fileOf(await api.exportLedger(format, ids, settings)),
    exportInvoice: async (id, format) => fileOf(await api.exportInvoice(id, format)),
    async countries(lang) {
      const names = new Intl.DisplayNames([lang], { type: 'region' });
      return (await api.countries()).map((code) => ({ code, name: names.of(code) ?? code }));
    },
    loadLedgerSettings: async () => ({ ...DEFAULT_LEDGER_SETTINGS, ...(await api.getLedgerSettings()) }),
    async saveLedgerSettings(settings) {
      try {
        await api.setLedgerSettings(settings);
      } catch (err) {
        throw editErrorOf(err);
      }
    },
    loadCompanyProfile: async () => ({ ...EMPTY_COMPANY_PROFILE, ...(await api.getCompanyProfile()) }),
    async saveCompanyProfile(profile) {
      try {
        return { ...EMPTY_COMPANY_PROFILE, ...(await api.setCompanyProfile(profile)) };
      } catch (err) {
        throw editErrorOf(err);
      }
    },
  };
}
