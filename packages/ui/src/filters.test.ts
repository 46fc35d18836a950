import { describe, expect, it } from 'vitest';
import type { JobSummary } from './data.js';
import { anyRunning, filterJobs } from './filters.js';

const job = (over: Partial<JobSummary>): JobSummary => ({
  job_id: 1,
  status: 'done',
  source: 'upload',
  filename: 'a.pdf',
  country: 'DE',
  mode: 'text',
  pages: 1,
  pages_scanned: 0,
  created_at: '2026-11-24T10:00:00Z',
  finished_at: null,
  seller: '',
  invoice_no: '',
  invoice_date: '',
  gross_amount: '',
  currency: '',
  flagged: 0,
  unconfirmed: 0,
  error: null,
  ...over,
});

const jobs = [
  job({ job_id: 1, seller: 'Müller GmbH', invoice_no: 'RE-2026-17' }),
  job({ job_id: 2, seller: 'ООО Ромашка', invoice_no: '451', flagged: 1 }),
  job({ job_id: 3, status: 'processing', filename: 'scan.png' }),
  job({ job_id: 4, status: 'failed', filename: 'broken.pdf' }),
  job({ job_id: 5, seller: 'Acme', unconfirmed: 2 }),
];
const ids = (list: JobSummary[]) => list.map((j) => j.job_id);

describe('filterJobs', () => {
  it('filters by status, with review meaning done and something to check', () => {
    expect(ids(filterJobs(jobs, { status: 'all', query: '' }))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(filterJobs(jobs, { status: 'done', query: '' }))).toEqual([1, 2, 5]);
    expect(ids(filterJobs(jobs, { status: 'failed', query: '' }))).toEqual([4]);
    expect(ids(filterJobs(jobs, { status: 'review', query: '' }))).toEqual([2, 5]);
  });

  it('searches seller, number and file name, ignoring case and accents', () => {
    expect(ids(filterJobs(jobs, { status: 'all', query: 'muller' }))).toEqual([1]);
    expect(ids(filterJobs(jobs, { status: 'all', query: 'ромашка' }))).toEqual([2]);
    expect(ids(filterJobs(jobs, { status: 'all', query: 're-2026' }))).toEqual([1]);
    expect(ids(filterJobs(jobs, { status: 'all', query: 'SCAN' }))).toEqual([3]);
    expect(ids(filterJobs(jobs, { status: 'all', query: 'müller 17' }))).toEqual([1]);
    expect(ids(filterJobs(jobs, { status: 'done', query: 'scan' }))).toEqual([]);
  });

  it('polls only while a job is queued or processing', () => {
    expect(anyRunning(jobs)).toBe(true);
    expect(anyRunning(jobs.filter((j) => j.status !== 'processing'))).toBe(false);
    expect(anyRunning([{ status: 'queued' }])).toBe(true);
  });
});
