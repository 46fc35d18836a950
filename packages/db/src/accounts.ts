// Accounts and their money: every change of a balance column goes through `appendLedger`, which
// writes the ledger row and moves the account's columns by the same amounts, in one statement
// pair inside the caller's transaction.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbHandle } from './handle.js';
import type { accounts, LedgerKind, ledger } from './schema.js';

export type Account = typeof accounts.$inferSelect;
export type LedgerEntry = typeof ledger.$inferSelect;

export interface LedgerDelta {
  balanceMinor?: number;
  heldMinor?: number;
  freePages?: number;
  heldFreePages?: number;
}

export async function insertAccount(db: DbHandle, email: string, at: string): Promise<Account> {
  const { orm, t } = db;
  const [account] = await orm.insert(t.accounts).values({ email, createdAt: at }).returning();
  return account!;
}

export async function accountByEmail(db: DbHandle, email: string): Promise<Account | undefined> {
  const { orm, t } = db;
  const [account] = await orm.select().from(t.accounts).where(eq(t.accounts.email, email));
  return account;
}

export async function accountById(db: DbHandle, id: number): Promise<Account | undefined> {
  const { orm, t } = db;
  const [account] = await orm.select().from(t.accounts).where(eq(t.accounts.id, id));
  return account;
}

/** Call inside a transaction. Refuses (returns false) a change that would make a column negative. */
export async function appendLedger(
  db: DbHandle,
  accountId: number,
  kind: LedgerKind,
  delta: LedgerDelta,
  at: string,
  ref: { jobId?: number; note?: string } = {},
): Promise<boolean> {
  const { orm, t } = db;
  const a = t.accounts;
  const d = {
    balanceMinor: delta.balanceMinor ?? 0,
    heldMinor: delta.heldMinor ?? 0,
    freePages: delta.freePages ?? 0,
    heldFreePages: delta.heldFreePages ?? 0,
  };
  const moved = await orm
    .update(a)
    .set({
      balanceMinor: sql`${a.balanceMinor} + ${d.balanceMinor}`,
      heldMinor: sql`${a.heldMinor} + ${d.heldMinor}`,
      freePages: sql`${a.freePages} + ${d.freePages}`,
      heldFreePages: sql`${a.heldFreePages} + ${d.heldFreePages}`,
    })
    .where(
      and(
        eq(a.id, accountId),
        sql`${a.balanceMinor} + ${d.balanceMinor} >= 0`,
        sql`${a.heldMinor} + ${d.heldMinor} >= 0`,
        sql`${a.freePages} + ${d.freePages} >= 0`,
        sql`${a.heldFreePages} + ${d.heldFreePages} >= 0`,
      ),
    )
    .returning({ id: a.id });
  if (moved.length !== 1) return false;
  await orm
    .insert(t.ledger)
    .values({ accountId, kind, ...d, jobId: ref.jobId ?? null, note: ref.note ?? '', createdAt: at });
  return true;
}

export async function ledgerOf(db: DbHandle, accountId: number): Promise<LedgerEntry[]> {
  const { orm, t } = db;
  return orm.select().from(t.ledger).where(eq(t.ledger.accountId, accountId)).orderBy(asc(t.ledger.id));
}

/** The ledger's sums per column: equal to the account's columns when the books balance. */
export async function ledgerTotals(db: DbHandle, accountId: number): Promise<Required<LedgerDelta>> {
  const { orm, t } = db;
  const l = t.ledger;
  const [row] = await orm
    .select({
      balanceMinor: sql<number>`coalesce(sum(${l.balanceMinor}), 0)`.mapWith(Number),
      heldMinor: sql<number>`coalesce(sum(${l.heldMinor}), 0)`.mapWith(Number),
      freePages: sql<number>`coalesce(sum(${l.freePages}), 0)`.mapWith(Number),
      heldFreePages: sql<number>`coalesce(sum(${l.heldFreePages}), 0)`.mapWith(Number),
    })
    .from(l)
    .where(eq(l.accountId, accountId));
  return row ?? { balanceMinor: 0, heldMinor: 0, freePages: 0, heldFreePages: 0 };
}

/** The person's own settings shown in MeOut. */
export async function updateProfile(
  db: DbHandle,
  id: number,
  patch: { name?: string; lang?: string },
): Promise<void> {
  if (patch.name === undefined && patch.lang === undefined) return;
  const { orm, t } = db;
  await orm.update(t.accounts).set(patch).where(eq(t.accounts.id, id));
}

/** Takes one of the web application's parses, atomically; false when none is left. */
export async function holdWebParse(db: DbHandle, id: number): Promise<boolean> {
  const { orm, t } = db;
  const a = t.accounts;
  const held = await orm
    .update(a)
    .set({ webFreeParsesUsed: sql`${a.webFreeParsesUsed} + 1` })
    .where(and(eq(a.id, id), sql`${a.webFreeParsesUsed} < ${a.webFreeParsesTotal}`))
    .returning({ id: a.id });
  return held.length === 1;
}

/** Gives a held web parse back (its read failed, or scanned nothing); none held, nothing changes. */
export async function releaseWebParse(db: DbHandle, id: number): Promise<void> {
  const { orm, t } = db;
  const a = t.accounts;
  await orm
    .update(a)
    .set({ webFreeParsesUsed: sql`${a.webFreeParsesUsed} - 1` })
    .where(and(eq(a.id, id), gt(a.webFreeParsesUsed, 0)));
}

/** A new period of the web allowance: `total` parses, none used yet. */
export async function setWebAllowance(db: DbHandle, id: number, total: number): Promise<void> {
  const { orm, t } = db;
  await orm
    .update(t.accounts)
    .set({ webFreeParsesTotal: total, webFreeParsesUsed: 0 })
    .where(eq(t.accounts.id, id));
}
