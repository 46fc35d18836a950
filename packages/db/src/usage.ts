// The usage journal: one row per job that was charged, with the pages and money it cost.
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from './database.js';
import { usage } from './schema.js';

export type UsageEntry = typeof usage.$inferSelect;

export function insertUsage(db: Db, row: typeof usage.$inferInsert): void {
  db.insert(usage).values(row).run();
}

export function usageOf(db: Db, accountId: number, limit: number): UsageEntry[] {
  return db
    .select()
    .from(usage)
    .where(eq(usage.accountId, accountId))
    .orderBy(desc(usage.id))
    .limit(limit)
    .all();
}

/** Pages charged to the account since `fromIso` (free and paid). */
export function pagesUsedSince(db: Db, accountId: number, fromIso: string): number {
  const row = db
    .select({ pages: sql<number>`coalesce(sum(${usage.pages}), 0)` })
    .from(usage)
    .where(sql`${usage.accountId} = ${accountId} and ${usage.createdAt} >= ${fromIso}`)
    .get();
  return row?.pages ?? 0;
}

export function pagesUsedTotal(db: Db, accountId: number): number {
  return pagesUsedSince(db, accountId, '');
}
