// A job row as the public API shows it (JobOut), as JSON text: the job's own columns, then the
// engine's stored result (fields, fields_detailed, document, checks, ...) spliced in as it was
// stored, so a poll never parses and re-serialises a large document.
import type { JobOut } from '@invoice-reader/contract';
import type { Job } from '@invoice-reader/db';

const EMPTY_RESULT = '{"fields":{},"fields_detailed":[],"document":null,"checks":[]}';

export function presentJobJson(job: Job): string {
  const head: Omit<JobOut, 'fields' | 'fields_detailed' | 'document' | 'checks'> = {
    ok: true,
    job_id: job.id,
    status: job.status,
    country: job.country,
    mode: (job.mode as JobOut['mode']) ?? null,
    pages: job.pages,
    pages_scanned: job.pagesScanned,
    // Pages debited from the API's, or a web parse counted (the runner adds both to the column).
    charged: job.chargedPages > 0,
    error: job.error,
    message: job.message,
    created_at: job.createdAt,
    finished_at: job.finishedAt,
  };
  const result = job.result?.startsWith('{"') ? job.result : EMPTY_RESULT;
  return `${JSON.stringify(head).slice(0, -1)},${result.slice(1)}`;
}
