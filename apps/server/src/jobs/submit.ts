// Accepting a file (the data flow of ARCHITECTURE.md): country → cheap estimate (type, pages, pages
// that may need OCR) → dedup by SHA-256 per account → store the blob → insert the job and reserve
// its pages in one transaction → wake the runner. The caller is answered at once.

import {
  type Account,
  type Db,
  duplicateJob,
  insertJob,
  inTransaction,
  type Job,
  updateJob,
} from '@invoice-reader/db';
import { countryOf, estimateRead } from '@invoice-reader/engine';
import { InsufficientBalance, reservePages } from '../billing/billing.js';
import { HttpError } from '../http/errors.js';
import { holdWebAllowance } from '../web-parse/allowance.js';
import { BlobStore } from './blobs.js';

export const SOURCES = ['api', 'upload', 'inbox', 'desktop'] as const;
export type Source = (typeof SOURCES)[number];

export interface Submission {
  account: Account;
  apiKeyId: number | null;
  source: Source;
  bytes: Buffer;
  filename: string;
  country: string;
  callbackUrl?: string | undefined;
}

export interface Submitted {
  job: Job;
  duplicate: boolean;
  charged: boolean;
}

/** Engine refusals that answer the submission at once (service-spec "Errors", decisions §9). */
const REFUSALS: Record<string, number> = { empty_file: 400, unsupported_file_type: 400, too_many_pages: 400 };

/**
 * Who pays for the scanned pages: `/v1` uses the API's prepaid pages (reserved now, debited when
 * done); the web application, inbox and desktop use the web allowance (one parse held now, given
 * back when the read fails or scans nothing). Service-spec item 7: the two are billed apart.
 */
const billedToApi = (source: Source) => source === 'api';

export async function submitFile(db: Db, blobs: BlobStore, s: Submission): Promise<Submitted> {
  const country = countryOf(s.country);
  if (!country) throw new HttpError(400, 'unsupported_country');
  // Given the country, a PDF's text layer parsed here is kept for the job's read (parsed once).
  const estimate = await estimateRead(s.bytes, { country: country.code });
  if (estimate.error) throw new HttpError(REFUSALS[estimate.error] ?? 400, estimate.error);
  const sha256 = BlobStore.hash(s.bytes);
  const earlier = duplicateJob(db, s.account.id, sha256);
  if (earlier) return { job: earlier, duplicate: true, charged: false };
  try {
    blobs.put(s.bytes);
  } catch (err) {
    // The disk is full (or over quota): a clear refusal, and nothing was kept.
    const code = (err as { code?: string }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'EFBIG')
      throw new HttpError(507, 'insufficient_storage');
    throw err;
  }
  const at = new Date();
  try {
    return inTransaction(db, () => {
      // Checked again inside the transaction: two identical uploads racing make one job.
      const raced = duplicateJob(db, s.account.id, sha256);
      if (raced) return { job: raced, duplicate: true, charged: false };
      const job = insertJob(db, {
        accountId: s.account.id,
        apiKeyId: s.apiKeyId,
        source: s.source,
        status: 'queued',
        country: country.code,
        filename: s.filename.slice(0, 255),
        fileType: estimate.fileType,
        size: s.bytes.length,
        sha256,
        pages: estimate.pages,
        reservedPages: estimate.pagesToScan,
        callbackUrl: s.callbackUrl ?? null,
        createdAt: at.toISOString(),
      });
      if (!billedToApi(s.source)) {
        const webParses = holdWebAllowance(db, s.account.id, estimate.pagesToScan);
        updateJob(db, job.id, { webParses, reservedPages: 0 });
        return { job: { ...job, webParses, reservedPages: 0 }, duplicate: false, charged: webParses > 0 };
      }
      const held = reservePages(db, s.account, job.id, estimate.pagesToScan, at);
      const reserved = { reservedFreePages: held.freePages, reservedMinor: held.minor };
      updateJob(db, job.id, reserved);
      return { job: { ...job, ...reserved }, duplicate: false, charged: held.pages > 0 };
    });
  } catch (err) {
    if (err instanceof InsufficientBalance) throw new HttpError(402, 'insufficient_balance');
    throw err;
  }
}
