// The usage journal: one row per read that was charged, with the pages and money it cost and the
// file it read. Rows are never removed (a deleted job's rows stay): they are what says a file
// was charged once already. `api` rows are the API's journal and its monthly pages; `web` rows are
// the parses counted against the web application's allowance, billed apart (service-spec item 7).
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { DbHandle } from './handle.js';
import type { usage } from './schema.js';

export type UsageEntry = typeof usage.$inferSelect;

export async function insertUsage(db: DbHandle, row: typeof usage.$inferInsert): Promise<void> {
  const { orm, t } = db;
  await orm.insert(t.usage).values(row);
}

/** The API's usage journal, newest first. */
export async function usageOf(db: DbHandle, accountId: number, limit: number): Promise<UsageEntry[]> {
  const { orm, t } = db;
  return orm
    .select()
    .from(t.usage)
    .where(and(eq(t.usage.accountId, accountId), eq(t.usage.allowance, 'api')))
    .orderBy(desc(t.usage.id))
    .limit(limit);
}

/** Pages charged to the account's API pages since `fromIso` (free and paid). */
export async function pagesUsedSince(db: DbHandle, accountId: number, fromIso: string): Promise<number> {
  const { orm, t } = db;
  const [row] = await orm
    .select({ pages: sql<number>`coalesce(sum(${t.usage.pages}), 0)`.mapWith(Number) })
    .from(t.usage)
    .where(
      and(eq(t.usage.accountId, accountId), eq(t.usage.allowance, 'api'), gte(t.usage.createdAt, fromIso)),
    );
  return row?.pages ?? 0;
}

export function pagesUsedTotal(db: DbHandle, accountId: number): Promise<number> {
  return pagesUsedSince(db, accountId, '');
}

/**
 * Whether the account was charged for these bytes before, to either allowance, whether or not the
 * job that read them still exists (decisions §8: nothing is debited twice). A reservation given
 * back (a failed read) wrote no row, so such a file is charged when it is read again.
 */
export async function fileChargedBefore(db: DbHandle, accountId: number, sha256: string): Promise<boolean> {
  const { orm, t } = db;
  const rows = await orm
    .select({ id: t.usage.id })
    .from(t.usage)
    .where(and(eq(t.usage.accountId, accountId), eq(t.usage.sha256, sha256)))
    .limit(1);
  return rows.length > 0;
}
