// A job row as the public API shows it (JobOut): the engine's result fields for an ended job,
// empty ones while it is queued or processing.
import type { JobOut } from '@invoice-reader/contract';
import type { Job } from '@invoice-reader/db';

interface StoredResult {
  fields?: Record<string, string>;
  fields_detailed?: JobOut['fields_detailed'];
  document?: Record<string, unknown> | null;
  checks?: Record<string, unknown>[];
}

export function presentJob(job: Job): JobOut {
  const result: StoredResult = job.result ? JSON.parse(job.result) : {};
  return {
    ok: true,
    job_id: job.id,
    status: job.status,
    country: job.country,
    mode: (job.mode as JobOut['mode']) ?? null,
    pages: job.pages,
    pages_scanned: job.pagesScanned,
    charged: job.chargedPages > 0,
    fields: result.fields ?? {},
    fields_detailed: result.fields_detailed ?? [],
    document: result.document ?? null,
    checks: result.checks ?? [],
    error: job.error,
    message: job.message,
    created_at: job.createdAt,
    finished_at: job.finishedAt,
  };
}
