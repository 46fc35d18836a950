// Accounts and their money: every change of a balance column goes through `appendLedger`, which
// writes the ledger row and moves the account's columns by the same amounts, in one statement
// pair inside the caller's transaction.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './database.js';
import { accounts, type LedgerKind, ledger } from './schema.js';

export type Account = typeof accounts.$inferSelect;
export type LedgerEntry = typeof ledger.$inferSelect;

export interface LedgerDelta {
  balanceMinor?: number;
  heldMinor?: number;
  freePages?: number;
  heldFreePages?: number;
}

export function insertAccount(db: Db, email: string, at: string): Account {
  return db.insert(accounts).values({ email, createdAt: at }).returning().get();
}

export function accountByEmail(db: Db, email: string): Account | undefined {
  return db.select().from(accounts).where(eq(accounts.email, email)).get();
}

export function accountById(db: Db, id: number): Account | undefined {
  return db.select().from(accounts).where(eq(accounts.id, id)).get();
}

/** Call inside a transaction. Refuses (returns false) a change that would make a column negative. */
export function appendLedger(
  db: Db,
  accountId: number,
  kind: LedgerKind,
  delta: LedgerDelta,
  at: string,
  ref: { jobId?: number; note?: string } = {},
): boolean {
  const d = {
    balanceMinor: delta.balanceMinor ?? 0,
    heldMinor: delta.heldMinor ?? 0,
    freePages: delta.freePages ?? 0,
    heldFreePages: delta.heldFreePages ?? 0,
  };
  const moved = db
    .update(accounts)
    .set({
      balanceMinor: sql`${accounts.balanceMinor} + ${d.balanceMinor}`,
      heldMinor: sql`${accounts.heldMinor} + ${d.heldMinor}`,
      freePages: sql`${accounts.freePages} + ${d.freePages}`,
      heldFreePages: sql`${accounts.heldFreePages} + ${d.heldFreePages}`,
    })
    .where(
      and(
        eq(accounts.id, accountId),
        sql`${accounts.balanceMinor} + ${d.balanceMinor} >= 0`,
        sql`${accounts.heldMinor} + ${d.heldMinor} >= 0`,
        sql`${accounts.freePages} + ${d.freePages} >= 0`,
        sql`${accounts.heldFreePages} + ${d.heldFreePages} >= 0`,
      ),
    )
    .run();
  if (moved.changes !== 1) return false;
  db.insert(ledger)
    .values({ accountId, kind, ...d, jobId: ref.jobId ?? null, note: ref.note ?? '', createdAt: at })
    .run();
  return true;
}

export function ledgerOf(db: Db, accountId: number): LedgerEntry[] {
  return db.select().from(ledger).where(eq(ledger.accountId, accountId)).orderBy(ledger.id).all();
}

/** The ledger's sums per column: equal to the account's columns when the books balance. */
export function ledgerTotals(db: Db, accountId: number): Required<LedgerDelta> {
  const row = db
    .select({
      balanceMinor: sql<number>`coalesce(sum(${ledger.balanceMinor}), 0)`,
      heldMinor: sql<number>`coalesce(sum(${ledger.heldMinor}), 0)`,
      freePages: sql<number>`coalesce(sum(${ledger.freePages}), 0)`,
      heldFreePages: sql<number>`coalesce(sum(${ledger.heldFreePages}), 0)`,
    })
    .from(ledger)
    .where(eq(ledger.accountId, accountId))
    .get();
  return row ?? { balanceMinor: 0, heldMinor: 0, freePages: 0, heldFreePages: 0 };
}

/** The person's own settings shown in MeOut. */
export function updateProfile(db: Db, id: number, patch: { name?: string; lang?: string }): void {
  if (patch.name === undefined && patch.lang === undefined) return;
  db.update(accounts).set(patch).where(eq(accounts.id, id)).run();
}

/** Takes one of the web application's parses, atomically; false when none is left. */
export function holdWebParse(db: Db, id: number): boolean {
  return (
    db
      .update(accounts)
      .set({ webFreeParsesUsed: sql`${accounts.webFreeParsesUsed} + 1` })
      .where(and(eq(accounts.id, id), sql`${accounts.webFreeParsesUsed} < ${accounts.webFreeParsesTotal}`))
      .run().changes === 1
  );
}

/** Gives a held web parse back (its read failed, or scanned nothing). */
export function releaseWebParse(db: Db, id: number): void {
  db.update(accounts)
    .set({ webFreeParsesUsed: sql`max(${accounts.webFreeParsesUsed} - 1, 0)` })
    .where(eq(accounts.id, id))
    .run();
}

/** A new period of the web allowance: `total` parses, none used yet. */
export function setWebAllowance(db: Db, id: number, total: number): void {
  db.update(accounts)
    .set({ webFreeParsesTotal: total, webFreeParsesUsed: 0 })
    .where(eq(accounts.id, id))
    .run();
}
