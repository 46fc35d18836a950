// Fixed-window request counters, kept in the database so every process of the service and a
// restart see the same counts.
import { lt, sql } from 'drizzle-orm';
import type { DbHandle } from './handle.js';

/** Counts one request of `bucket` in `window` and returns the window's count including it. */
export async function hitRateLimit(db: DbHandle, bucket: string, window: number): Promise<number> {
  const { orm, t } = db;
  const [row] = await orm
    .insert(t.rateLimits)
    .values({ bucket, window, count: 1 })
    .onConflictDoUpdate({
      target: [t.rateLimits.bucket, t.rateLimits.window],
      set: { count: sql`${t.rateLimits.count} + 1` },
    })
    .returning({ count: t.rateLimits.count });
  return row!.count;
}

/** Drops the windows that ended before `window`; answers how many. */
export async function pruneRateLimits(db: DbHandle, window: number): Promise<number> {
  const { orm, t } = db;
  const gone = await orm
    .delete(t.rateLimits)
    .where(lt(t.rateLimits.window, window))
    .returning({ bucket: t.rateLimits.bucket });
  return gone.length;
}
