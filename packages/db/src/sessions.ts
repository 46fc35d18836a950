// Session rows (decisions §12). A session is found by the SHA-256 of its token; the token itself
// never reaches the database. Ending a session marks it revoked, so a stolen cookie stops at once.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbHandle } from './handle.js';
import type { sessions } from './schema.js';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(
  db: DbHandle,
  row: { accountId: number; hash: string; createdAt: string; expiresAt: string; userAgent?: string },
): Promise<SessionRow> {
  const { orm, t } = db;
  const [made] = await orm
    .insert(t.sessions)
    .values({ ...row, lastSeenAt: row.createdAt, userAgent: (row.userAgent ?? '').slice(0, 200) })
    .returning();
  return made!;
}

export async function sessionByHash(db: DbHandle, hash: string): Promise<SessionRow | undefined> {
  const { orm, t } = db;
  const [row] = await orm.select().from(t.sessions).where(eq(t.sessions.hash, hash));
  return row;
}

/** Slides the session's end (a use keeps it alive). */
export async function touchSession(db: DbHandle, id: number, at: string, expiresAt: string): Promise<void> {
  const { orm, t } = db;
  await orm.update(t.sessions).set({ lastSeenAt: at, expiresAt }).where(eq(t.sessions.id, id));
}

export async function revokeSession(db: DbHandle, id: number, at: string): Promise<boolean> {
  const { orm, t } = db;
  const ended = await orm
    .update(t.sessions)
    .set({ revokedAt: at })
    .where(and(eq(t.sessions.id, id), isNull(t.sessions.revokedAt)))
    .returning({ id: t.sessions.id });
  return ended.length === 1;
}

/** Ends every active session of the account; answers how many were ended. */
export async function revokeAllSessions(db: DbHandle, accountId: number, at: string): Promise<number> {
  const { orm, t } = db;
  const ended = await orm
    .update(t.sessions)
    .set({ revokedAt: at })
    .where(and(eq(t.sessions.accountId, accountId), isNull(t.sessions.revokedAt)))
    .returning({ id: t.sessions.id });
  return ended.length;
}

/** Deletes the sessions that expired or were ended before `beforeIso`; answers how many. */
export async function deleteEndedSessions(db: DbHandle, beforeIso: string): Promise<number> {
  const { orm, t } = db;
  const gone = await orm
    .delete(t.sessions)
    .where(or(lt(t.sessions.expiresAt, beforeIso), lt(t.sessions.revokedAt, beforeIso)))
    .returning({ id: t.sessions.id });
  return gone.length;
}
