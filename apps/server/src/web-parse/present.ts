// A job as the web application shows it: the public API's job with where it came from, and the
// compact line of the invoice list (seller, number, date, total, how many fields need a look).
import type { JobSummary, WebJobOut, z } from '@invoice-reader/contract';
import { summaryFields } from '@invoice-reader/contract/job-summary';
import type { Job } from '@invoice-reader/db';
import { presentJobJson } from '../jobs/present.js';

export function presentWebJob(job: Job, extra: { duplicate?: boolean; charged?: boolean } = {}): WebJobOut {
  return {
    ...JSON.parse(presentJobJson(job)),
    source: job.source,
    filename: job.filename,
    edited_at: job.editedAt,
    ...extra,
  };
}

interface StoredResult {
  fields?: Record<string, string>;
  fields_detailed?: Array<{ status: string }>;
}

export function summarise(job: Job): z.infer<typeof JobSummary> {
  let r: StoredResult = {};
  try {
    r = job.result ? (JSON.parse(job.result) as StoredResult) : {};
  } catch {
    // A result that does not parse shows as none; the job itself still lists.
  }
  return {
    job_id: job.id,
    status: job.status,
    source: job.source,
    filename: job.filename,
    country: job.country,
    mode: job.mode,
    pages: job.pages,
    pages_scanned: job.pagesScanned,
    created_at: job.createdAt,
    finished_at: job.finishedAt,
    ...summaryFields(r.fields ?? {}, r.fields_detailed ?? []),
    error: job.error,
  };
}
