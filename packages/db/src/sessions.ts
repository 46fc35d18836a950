// Session rows (decisions §12). A session is found by the SHA-256 of its token; the token itself
// never reaches the database. Ending a session marks it revoked, so a stolen cookie stops at once.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from './database.js';
import { sessions } from './schema.js';

export type SessionRow = typeof sessions.$inferSelect;

export function insertSession(
  db: Db,
  row: { accountId: number; hash: string; createdAt: string; expiresAt: string; userAgent?: string },
): SessionRow {
  return db
    .insert(sessions)
    .values({ ...row, lastSeenAt: row.createdAt, userAgent: (row.userAgent ?? '').slice(0, 200) })
    .returning()
    .get();
}

export function sessionByHash(db: Db, hash: string): SessionRow | undefined {
  return db.select().from(sessions).where(eq(sessions.hash, hash)).get();
}

/** Slides the session's end (a use keeps it alive). */
export function touchSession(db: Db, id: number, at: string, expiresAt: string): void {
  db.update(sessions).set({ lastSeenAt: at, expiresAt }).where(eq(sessions.id, id)).run();
}

export function revokeSession(db: Db, id: number, at: string): boolean {
  const r = db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
    .run();
  return r.changes === 1;
}

/** Ends every active session of the account; answers how many were ended. */
export function revokeAllSessions(db: Db, accountId: number, at: string): number {
  return db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)))
    .run().changes;
}

/** Deletes the sessions that expired or were ended before `beforeIso`; answers how many. */
export function deleteEndedSessions(db: Db, beforeIso: string): number {
  return db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, beforeIso), lt(sessions.revokedAt, beforeIso)))
    .run().changes;
}
