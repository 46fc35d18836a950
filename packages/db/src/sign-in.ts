// Sign-in links and PINs (decisions §13). Links are found by the hash of their token; a link is
// consumed by one atomic update, so two POSTs racing with the same link sign in once.
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from './database.js';
import { accountPins, signInLinks } from './schema.js';

export type SignInLink = typeof signInLinks.$inferSelect;

export function insertSignInLink(
  db: Db,
  row: { hash: string; email: string; lang: string; createdAt: string; expiresAt: string },
): SignInLink {
  return db.insert(signInLinks).values(row).returning().get();
}

export function signInLinkByHash(db: Db, hash: string): SignInLink | undefined {
  return db.select().from(signInLinks).where(eq(signInLinks.hash, hash)).get();
}

/** Consumes a live link; false when it was used, expired or unknown. */
export function consumeSignInLink(db: Db, id: number, at: string, pinUntil: string | null): boolean {
  return (
    db
      .update(signInLinks)
      .set({ consumedAt: at, pinUntil })
      .where(and(eq(signInLinks.id, id), isNull(signInLinks.consumedAt), gt(signInLinks.expiresAt, at)))
      .run().changes === 1
  );
}

/**
 * Takes one of the link's PIN tries before the PIN is checked, atomically, so parallel guesses
 * cannot exceed `max`. Answers the tries used, or undefined when the step is over or used up.
 */
export function claimPinTry(db: Db, id: number, max: number, at: string): number | undefined {
  const row = db
    .update(signInLinks)
    .set({ pinFailures: sql`${signInLinks.pinFailures} + 1` })
    .where(and(eq(signInLinks.id, id), lt(signInLinks.pinFailures, max), gt(signInLinks.pinUntil, at)))
    .returning({ tries: signInLinks.pinFailures })
    .get();
  return row?.tries;
}

/** Ends a link's PIN step (signed in, or voided). */
export function endPinStep(db: Db, id: number): void {
  db.update(signInLinks).set({ pinUntil: null }).where(eq(signInLinks.id, id)).run();
}

/** Links asked for an address since `sinceIso` (the per-address limit). */
export function countSignInLinks(db: Db, email: string, sinceIso: string): number {
  const row = db
    .select({ n: sql<number>`count(*)` })
    .from(signInLinks)
    .where(and(eq(signInLinks.email, email), gt(signInLinks.createdAt, sinceIso)))
    .get();
  return row?.n ?? 0;
}

export function pinHashOf(db: Db, accountId: number): string | undefined {
  return db.select().from(accountPins).where(eq(accountPins.accountId, accountId)).get()?.hash;
}

export function setPinHash(db: Db, accountId: number, hash: string | null, at: string): void {
  if (hash === null) {
    db.delete(accountPins).where(eq(accountPins.accountId, accountId)).run();
    return;
  }
  db.insert(accountPins)
    .values({ accountId, hash, setAt: at })
    .onConflictDoUpdate({ target: accountPins.accountId, set: { hash, setAt: at } })
    .run();
}

/** Deletes the links that expired before `beforeIso` (used or not); answers how many. */
export function deleteExpiredSignInLinks(db: Db, beforeIso: string): number {
  return db.delete(signInLinks).where(lt(signInLinks.expiresAt, beforeIso)).run().changes;
}
