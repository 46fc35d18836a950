// Prepaid billing of scanned pages (decisions §7): pages are reserved when a job is submitted (free
// pages first, then money), debited when it ends `done` (only the pages really scanned), released
// when it fails. Every move is a ledger row and the account's columns move with it, in the
// caller's transaction, so the books always balance and no race can overdraw. A debit also writes
// the usage journal's row naming the file: a file charged once is never charged again (§8).
import {
  type Account,
  accountById,
  appendLedger,
  type Db,
  fileChargedBefore,
  inAccountTransaction,
  insertUsage,
  type Job,
  pagesUsedSince,
  pagesUsedTotal,
} from '@invoice-reader/db';
import { monthStart, pagePriceMinor } from './prices.js';

export interface Reservation {
  pages: number;
  freePages: number;
  minor: number;
}

export class InsufficientBalance extends Error {}

/**
 * The pages a read of these bytes may be charged for, to either allowance: none when the account
 * was charged for the same file before, even if that job was deleted since (decisions §8: the
 * file is read again, for free). A read whose reservation was released charged nothing.
 */
export async function pagesToCharge(
  db: Db,
  accountId: number,
  sha256: string,
  pagesToScan: number,
): Promise<number> {
  return pagesToScan > 0 && (await fileChargedBefore(db, accountId, sha256)) ? 0 : pagesToScan;
}

/** Reserves `pages` for `jobId`; throws InsufficientBalance (the transaction rolls back) when short. */
export async function reservePages(
  db: Db,
  account: Account,
  jobId: number,
  pages: number,
  at: Date,
): Promise<Reservation> {
  if (pages <= 0) return { pages: 0, freePages: 0, minor: 0 };
  const fresh = (await accountById(db, account.id)) ?? account;
  const freePages = Math.min(fresh.freePages, pages);
  const minor = (pages - freePages) * pagePriceMinor(await pagesUsedSince(db, account.id, monthStart(at)));
  const ok = await appendLedger(
    db,
    account.id,
    'reserve',
    { freePages: -freePages, heldFreePages: freePages, balanceMinor: -minor, heldMinor: minor },
    at.toISOString(),
    { jobId, note: `${pages} page(s) held` },
  );
  if (!ok) throw new InsufficientBalance(`${pages} scanned page(s) are not covered`);
  return { pages, freePages, minor };
}

export interface Settlement {
  chargedPages: number;
  chargedMinor: number;
}

/**
 * Ends a job's reservation: on `done` the scanned pages (at most the reserved ones) are debited,
 * free pages first, and the rest goes back; on `failed` everything goes back.
 */
export async function settleJob(
  db: Db,
  job: Job,
  done: boolean,
  pagesScanned: number,
  at: Date,
): Promise<Settlement> {
  const reservedPaid = job.reservedPages - job.reservedFreePages;
  const charged = done ? Math.min(pagesScanned, job.reservedPages) : 0;
  const freeUsed = Math.min(charged, job.reservedFreePages);
  const paidPages = charged - freeUsed;
  const unit = reservedPaid > 0 ? job.reservedMinor / reservedPaid : 0;
  const paidMinor = Math.round(paidPages * unit);
  const when = at.toISOString();
  if (charged > 0) {
    await appendLedger(
      db,
      job.accountId,
      'debit',
      { heldFreePages: -freeUsed, heldMinor: -paidMinor },
      when,
      {
        jobId: job.id,
        note: `${charged} page(s) scanned`,
      },
    );
    await insertUsage(db, {
      accountId: job.accountId,
      apiKeyId: job.apiKeyId,
      jobId: job.id,
      allowance: 'api',
      sha256: job.sha256,
      pages: charged,
      freePages: freeUsed,
      amountMinor: paidMinor,
      createdAt: when,
    });
  }
  const backFree = job.reservedFreePages - freeUsed;
  const backMinor = job.reservedMinor - paidMinor;
  if (backFree > 0 || backMinor > 0) {
    await appendLedger(
      db,
      job.accountId,
      'release',
      { heldFreePages: -backFree, freePages: backFree, heldMinor: -backMinor, balanceMinor: backMinor },
      when,
      { jobId: job.id, note: done ? 'pages not scanned' : 'job failed' },
    );
  }
  return { chargedPages: charged, chargedMinor: paidMinor };
}

export async function topUp(
  db: Db,
  accountId: number,
  minor: number,
  at: Date,
  note = 'top-up',
): Promise<void> {
  if (!Number.isInteger(minor) || minor <= 0)
    throw new RangeError('a top-up is a positive whole number of cents');
  // Its own transaction (or the caller's, joined): the account's columns and the ledger row together.
  await inAccountTransaction(db, accountId, (tx) =>
    appendLedger(tx, accountId, 'topup', { balanceMinor: minor }, at.toISOString(), { note }),
  );
}

export interface UsageSummary {
  pagesUsed: number;
  pagesThisMonth: number;
  freePagesLeft: number;
  pagesReserved: number;
  balanceMinor: number;
  pricePerPageMinor: number;
  pagesLeft: number;
}

export async function usageSummary(db: Db, account: Account, at: Date): Promise<UsageSummary> {
  const pagesThisMonth = await pagesUsedSince(db, account.id, monthStart(at));
  const price = pagePriceMinor(pagesThisMonth);
  const reservedPaid = account.heldMinor > 0 ? Math.round(account.heldMinor / price) : 0;
  return {
    pagesUsed: await pagesUsedTotal(db, account.id),
    pagesThisMonth,
    freePagesLeft: account.freePages,
    pagesReserved: account.heldFreePages + reservedPaid,
    balanceMinor: account.balanceMinor,
    pricePerPageMinor: price,
    pagesLeft: account.freePages + Math.floor(account.balanceMinor / price),
  };
}
