// Accepting a file (the data flow of ARCHITECTURE.md): country → dedup by SHA-256 per account →
// cheap estimate (type, pages, pages that may need OCR) → store the blob → insert the job and
// reserve its pages in one transaction → wake the runner. Pages the account cannot cover are
// refused only after a search for a payment QR code finds none (a QR bill is never charged). The
// caller is answered at once. Bytes whose job was deleted are read again, but a file charged
// once is not charged again (decisions §8, billing.pagesToCharge).

import {
  type Account,
  type Db,
  duplicateJob,
  inAccountTransaction,
  insertJob,
  type Job,
  updateJob,
} from '@invoice-reader/db';
import { countryOf, type Estimate, estimateRead } from '@invoice-reader/engine';
import { InsufficientBalance, pagesToCharge, reservePages } from '../billing/billing.js';
import { type BlobStore, hashOf } from '../blobs/store.js';
import { HttpError } from '../http/errors.js';
import { holdWebAllowance } from '../web-parse/allowance.js';

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
  /** How long pages the account cannot cover wait for the search for a payment QR code (the
   * service's QR_SEARCH_MS): past it, the file is refused as if it had no code. */
  qrSearchMs: number;
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
  // The earlier job of the same bytes is the answer: they were accepted then, so the file is not
  // looked at again (nor searched for a payment code).
  const sha256 = hashOf(s.bytes);
  const earlier = await duplicateJob(db, s.account.id, sha256);
  if (earlier) return { job: earlier, duplicate: true, charged: false };
  // Given the country, a PDF's text layer parsed here is kept for the job's read (parsed once).
  // No search for a payment code yet: most files are no QR bill, and an upload whose pages the
  // account covers is answered at once (a QR bill's reserved pages are given back by its read).
  const quick = await estimateRead(s.bytes, { country: country.code, qrSearch: false });
  if (quick.error) throw new HttpError(REFUSALS[quick.error] ?? 400, quick.error);
  try {
    await blobs.put(s.bytes);
  } catch (err) {
    // The disk is full (or over quota): a clear refusal, and nothing was kept.
    const code = (err as { code?: string }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'EFBIG')
      throw new HttpError(507, 'insufficient_storage');
    throw err;
  }
  const accept = (estimate: Estimate): Promise<Submitted> => {
    const at = new Date();
    return inAccountTransaction(db, s.account.id, async (tx) => {
      // Checked again inside the transaction: two identical uploads racing make one job.
      const raced = await duplicateJob(tx, s.account.id, sha256);
      if (raced) return { job: raced, duplicate: true, charged: false };
      const pagesToScan = await pagesToCharge(tx, s.account.id, sha256, estimate.pagesToScan);
      const job = await insertJob(tx, {
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
        reservedPages: pagesToScan,
        callbackUrl: s.callbackUrl ?? null,
        createdAt: at.toISOString(),
      });
      if (!billedToApi(s.source)) {
        const webParses = await holdWebAllowance(tx, s.account.id, pagesToScan);
        await updateJob(tx, job.id, { webParses, reservedPages: 0 });
        return { job: { ...job, webParses, reservedPages: 0 }, duplicate: false, charged: webParses > 0 };
      }
      const held = await reservePages(tx, s.account, job.id, pagesToScan, at);
      const reserved = { reservedFreePages: held.freePages, reservedMinor: held.minor };
      await updateJob(tx, job.id, reserved);
      return { job: { ...job, ...reserved }, duplicate: false, charged: held.pages > 0 };
    });
  };
  let refusal: unknown;
  try {
    return await accept(quick);
  } catch (err) {
    const refused = err instanceof InsufficientBalance || (err instanceof HttpError && err.status === 402);
    if (!refused || quick.pagesToScan === 0) throw asRefusal(err);
    refusal = err;
  }
  // Pages the account cannot cover: a QR bill is never refused for them (decisions §7), so the
  // file is searched for a payment code as its read will search it (kept for the read). Without
  // one, the refusal stands as decided now (not again after the search, when another job may have
  // ended meanwhile: the answer must not depend on how long the search took).
  const searched = await estimateRead(s.bytes, { country: country.code, qrTimeoutMs: s.qrSearchMs });
  if (searched.pagesToScan > 0) throw asRefusal(refusal);
  return accept(searched);
}

/** A refusal of the balance as the interface says it; anything else as it is. */
function asRefusal(err: unknown): unknown {
  return err instanceof InsufficientBalance ? new HttpError(402, 'insufficient_balance') : err;
}
