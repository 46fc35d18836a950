// The invoice list's filter and search, and whether the list should keep polling.
import type { JobSummary } from './data.js';

export type StatusFilter = 'all' | 'queued' | 'processing' | 'done' | 'failed' | 'review';

export interface ListFilter {
  status: StatusFilter;
  query: string;
}

/** `review`: done jobs with a flagged or unconfirmed field. */
export function matchesStatus(job: JobSummary, status: StatusFilter): boolean {
  if (status === 'all') return true;
  if (status === 'review') return job.status === 'done' && job.flagged + job.unconfirmed > 0;
  return job.status === status;
}

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** The search looks in the seller, the invoice number and the file name, ignoring case and accents. */
export function matchesQuery(job: JobSummary, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const hay = fold(`${job.seller} ${job.invoice_no} ${job.filename}`);
  return words.every((w) => hay.includes(w));
}

export function filterJobs(jobs: readonly JobSummary[], f: ListFilter): JobSummary[] {
  return jobs.filter((j) => matchesStatus(j, f.status) && matchesQuery(j, f.query));
}

/** The list polls while any job is still being read. */
export const anyRunning = (jobs: readonly Pick<JobSummary, 'status'>[]): boolean =>
  jobs.some((j) => j.status === 'queued' || j.status === 'processing');
