// Sign-in links and PINs (decisions §13). Links are found by the hash of their token; a link is
// consumed by one atomic update, so two POSTs racing with the same link sign in once.
import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbHandle } from './handle.js';
import type { signInLinks } from './schema.js';

export type SignInLink = typeof signInLinks.$inferSelect;

export async function insertSignInLink(
  db: DbHandle,
  row: { hash: string; email: string; lang: string; createdAt: string; expiresAt: string },
): Promise<SignInLink> {
  const { orm, t } = db;
  const [made] = await orm.insert(t.signInLinks).values(row).returning();
  return made!;
}

export async function signInLinkByHash(db: DbHandle, hash: string): Promise<SignInLink | undefined> {
  const { orm, t } = db;
  const [row] = await orm.select().from(t.signInLinks).where(eq(t.signInLinks.hash, hash));
  return row;
}

/** Consumes a live link; false when it was used, expired or unknown. */
export async function consumeSignInLink(
  db: DbHandle,
  id: number,
  at: string,
  pinUntil: string | null,
): Promise<boolean> {
  const { orm, t } = db;
  const consumed = await orm
    .update(t.signInLinks)
    .set({ consumedAt: at, pinUntil })
    .where(and(eq(t.signInLinks.id, id), isNull(t.signInLinks.consumedAt), gt(t.signInLinks.expiresAt, at)))
    .returning({ id: t.signInLinks.id });
  return consumed.length === 1;
}

/**
 * Takes one of the link's PIN tries before the PIN is checked, atomically, so parallel guesses
 * cannot exceed `max`. Answers the tries used, or undefined when the step is over or used up.
 */
export async function claimPinTry(
  db: DbHandle,
  id: number,
  max: number,
  at: string,
): Promise<number | undefined> {
  const { orm, t } = db;
  const [row] = await orm
    .update(t.signInLinks)
    .set({ pinFailures: sql`${t.signInLinks.pinFailures} + 1` })
    .where(and(eq(t.signInLinks.id, id), lt(t.signInLinks.pinFailures, max), gt(t.signInLinks.pinUntil, at)))
    .returning({ tries: t.signInLinks.pinFailures });
  return row?.tries;
}

/** Ends a link's PIN step (signed in, or voided). */
export async function endPinStep(db: DbHandle, id: number): Promise<void> {
  const { orm, t } = db;
  await orm.update(t.signInLinks).set({ pinUntil: null }).where(eq(t.signInLinks.id, id));
}

/** Links asked for an address since `sinceIso` (the per-address limit). */
export async function countSignInLinks(db: DbHandle, email: string, sinceIso: string): Promise<number> {
  const { orm, t } = db;
  const [row] = await orm
    .select({ n: count() })
    .from(t.signInLinks)
    .where(and(eq(t.signInLinks.email, email), gt(t.signInLinks.createdAt, sinceIso)));
  return row?.n ?? 0;
}

export async function pinHashOf(db: DbHandle, accountId: number): Promise<string | undefined> {
  const { orm, t } = db;
  const [row] = await orm.select().from(t.accountPins).where(eq(t.accountPins.accountId, accountId));
  return row?.hash;
}

export async function setPinHash(
  db: DbHandle,
  accountId: number,
  hash: string | null,
  at: string,
): Promise<void> {
  const { orm, t } = db;
  if (hash === null) {
    await orm.delete(t.accountPins).where(eq(t.accountPins.accountId, accountId));
    return;
  }
  await orm
    .insert(t.accountPins)
    .values({ accountId, hash, setAt: at })
    .onConflictDoUpdate({ target: t.accountPins.accountId, set: { hash, setAt: at } });
}

/** Deletes the links that expired before `beforeIso` (used or not); answers how many. */
export async function deleteExpiredSignInLinks(db: DbHandle, beforeIso: string): Promise<number> {
  const { orm, t } = db;
  const gone = await orm
    .delete(t.signInLinks)
    .where(lt(t.signInLinks.expiresAt, beforeIso))
    .returning({ id: t.signInLinks.id });
  return gone.length;
}
