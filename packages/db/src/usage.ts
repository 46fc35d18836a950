// The usage journal: one row per read that was charged, with the pages and money it cost and the
// file it read. Rows are never removed (a deleted job's rows stay): they are what says a file
// was charged once already. `api` rows are the API's journal and its monthly pages; `web` rows are
// the parses counted against the web application's allowance, billed apart (service-spec item 7).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from './database.js';
import { usage } from './schema.js';

export type UsageEntry = typeof usage.$inferSelect;

export function insertUsage(db: Db, row: typeof usage.$inferInsert): void {
  db.insert(usage).values(row).run();
}

/** The API's usage journal, newest first. */
export function usageOf(db: Db, accountId: number, limit: number): UsageEntry[] {
  return db
    .select()
    .from(usage)
    .where(and(eq(usage.accountId, accountId), eq(usage.allowance, 'api')))
    .orderBy(desc(usage.id))
    .limit(limit)
    .all();
}

/** Pages charged to the account's API pages since `fromIso` (free and paid). */
export function pagesUsedSince(db: Db, accountId: number, fromIso: string): number {
  const row = db
    .select({ pages: sql<number>`coalesce(sum(${usage.pages}), 0)` })
    .from(usage)
    .where(
      sql`${usage.accountId} = ${accountId} and ${usage.allowance} = 'api' and ${usage.createdAt} >= ${fromIso}`,
    )
    .get();
  return row?.pages ?? 0;
}

export function pagesUsedTotal(db: Db, accountId: number): number {
  return pagesUsedSince(db, accountId, '');
}

/**
 * Whether the account was charged for these bytes before, to either allowance, whether or not the
 * job that read them still exists (decisions §8: nothing is debited twice). A reservation given
 * back (a failed read) wrote no row, so such a file is charged when it is read again.
 */
export function fileChargedBefore(db: Db, accountId: number, sha256: string): boolean {
  return !!db
    .select({ id: usage.id })
    .from(usage)
    .where(and(eq(usage.accountId, accountId), eq(usage.sha256, sha256)))
    .limit(1)
    .get();
}
