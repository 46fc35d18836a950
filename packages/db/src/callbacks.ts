// Outbound callbacks to API clients (decisions §11): one row per job that asked for one, tried
// until delivered or out of attempts. Kept in the database so a restart goes on delivering.
import { and, eq, lte } from 'drizzle-orm';
import type { DbHandle } from './handle.js';
import type { callbacks } from './schema.js';

export type Callback = typeof callbacks.$inferSelect;

export async function insertCallback(
  db: DbHandle,
  jobId: number,
  url: string,
  at: string,
  nextAttemptAt: number,
): Promise<void> {
  const { orm, t } = db;
  await orm
    .insert(t.callbacks)
    .values({ jobId, url, status: 'pending', createdAt: at, nextAttemptAt })
    .onConflictDoNothing();
}

export async function dueCallbacks(db: DbHandle, nowMs: number, limit: number): Promise<Callback[]> {
  const { orm, t } = db;
  return orm
    .select()
    .from(t.callbacks)
    .where(and(eq(t.callbacks.status, 'pending'), lte(t.callbacks.nextAttemptAt, nowMs)))
    .orderBy(t.callbacks.nextAttemptAt)
    .limit(limit);
}

export async function callbackOfJob(db: DbHandle, jobId: number): Promise<Callback | undefined> {
  const { orm, t } = db;
  const [row] = await orm.select().from(t.callbacks).where(eq(t.callbacks.jobId, jobId));
  return row;
}

export async function updateCallback(db: DbHandle, id: number, set: Partial<Callback>): Promise<void> {
  const { orm, t } = db;
  await orm.update(t.callbacks).set(set).where(eq(t.callbacks.id, id));
}
