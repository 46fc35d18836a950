// Outbound callbacks to API clients (decisions §11): one row per job that asked for one, tried
// until delivered or out of attempts. Kept in the database so a restart goes on delivering.
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from './database.js';
import { callbacks } from './schema.js';

export type Callback = typeof callbacks.$inferSelect;

export function insertCallback(db: Db, jobId: number, url: string, at: string, nextAttemptAt: number): void {
  db.insert(callbacks)
    .values({ jobId, url, status: 'pending', createdAt: at, nextAttemptAt })
    .onConflictDoNothing()
    .run();
}

export function dueCallbacks(db: Db, nowMs: number, limit: number): Callback[] {
  return db
    .select()
    .from(callbacks)
    .where(and(eq(callbacks.status, 'pending'), lte(callbacks.nextAttemptAt, nowMs)))
    .orderBy(callbacks.nextAttemptAt)
    .limit(limit)
    .all();
}

export function callbackOfJob(db: Db, jobId: number): Callback | undefined {
  return db.select().from(callbacks).where(eq(callbacks.jobId, jobId)).get();
}

export function updateCallback(db: Db, id: number, set: Partial<Callback>): void {
  db.update(callbacks).set(set).where(eq(callbacks.id, id)).run();
}
