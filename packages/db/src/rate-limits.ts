// Fixed-window request counters, kept in SQLite so every process of the service and a restart
// see the same counts.
import { lt, sql } from 'drizzle-orm';
import { type Db, prepared } from './database.js';
import { rateLimits } from './schema.js';

/** Counts one request of `bucket` in `window` and returns the window's count including it. */
export function hitRateLimit(db: Db, bucket: string, window: number): number {
  const row = prepared(db, 'hitRateLimit', () =>
    db
      .insert(rateLimits)
      .values({ bucket: sql.placeholder('bucket'), window: sql.placeholder('window'), count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.bucket, rateLimits.window],
        set: { count: sql`${rateLimits.count} + 1` },
      })
      .returning({ count: rateLimits.count })
      .prepare(),
  ).get({ bucket, window });
  return (row as { count: number }).count;
}

/** Drops the windows that ended before `window`. */
export function pruneRateLimits(db: Db, window: number): number {
  return db.delete(rateLimits).where(lt(rateLimits.window, window)).run().changes;
}
