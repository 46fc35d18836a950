// The web application's allowance (service-spec "Limits": 1 scanned parse by default,
// `free_parses_total`, apart from the API's pages). A submission that needs OCR holds one parse
// at once (402 `plan_required` when none is left); the job gives it back when its read fails or
// scans nothing. E-invoices, QR bills and text PDFs never need one (the engine's estimate finds a
// payment QR code as the read does), nor does a file that was counted before (billing.pagesToCharge).
import {
  type Account,
  accountById,
  type Db,
  holdWebParse,
  insertUsage,
  type Job,
  releaseWebParse,
} from '@invoice-reader/db';
import { HttpError } from '../http/errors.js';

export interface WebAllowance {
  total: number;
  used: number;
  left: number;
}

/** The allowance an account row carries: its free scanned parses (what `/api/v1/me` shows). */
export function accountAllowance(account: Account): WebAllowance {
  const used = Math.min(account.webFreeParsesUsed, account.webFreeParsesTotal);
  return {
    total: account.webFreeParsesTotal,
    used: account.webFreeParsesUsed,
    left: account.webFreeParsesTotal - used,
  };
}

/**
 * How many scanned web parses an account has. A paid plan sets the account's total for each paid
 * period (payments/allowance.ts), and its expiry sets it back to the free plan's, so the row
 * always carries the allowance in force.
 */
export async function webAllowance(
  db: Db,
  accountId: number,
  _now: Date = new Date(),
): Promise<WebAllowance> {
  const account = await accountById(db, accountId);
  return account ? accountAllowance(account) : { total: 0, used: 0, left: 0 };
}

/** Holds a parse when the file needs OCR; answers the parses held (0 or 1). Call in a transaction. */
export async function holdWebAllowance(db: Db, accountId: number, pagesToScan: number): Promise<number> {
  if (pagesToScan <= 0) return 0;
  if (!(await holdWebParse(db, accountId))) throw new HttpError(402, 'plan_required');
  return 1;
}

/**
 * At the end of a job (in its transaction): a parse that read no scanned page goes back; one that
 * did is written to the usage journal with its file, so the same file never counts again. Answers
 * the scanned pages the parse counted (0 when none was held or it went back): the job's charged
 * pages, as the API's debit is, so the job says `charged` (jobs/present.ts).
 */
export async function settleWebAllowance(
  db: Db,
  job: Job,
  done: boolean,
  pagesScanned: number,
  at: Date,
): Promise<number> {
  if (job.webParses <= 0) return 0;
  if (!(done && pagesScanned > 0)) {
    await releaseWebParse(db, job.accountId);
    return 0;
  }
  await insertUsage(db, {
    accountId: job.accountId,
    apiKeyId: null,
    jobId: job.id,
    allowance: 'web',
    sha256: job.sha256,
    pages: pagesScanned,
    freePages: 0,
    amountMinor: 0,
    createdAt: at.toISOString(),
  });
  return pagesScanned;
}
