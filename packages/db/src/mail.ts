// The connected mailbox, the consent states, the inbox's records of scanned attachments, letters.
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { type DbHandle, inTransaction } from './handle.js';
import type { inboxItems, letters, mailAccounts, mailConnectStates } from './schema.js';

export type MailAccount = typeof mailAccounts.$inferSelect;
export type InboxItem = typeof inboxItems.$inferSelect;
export type Letter = typeof letters.$inferSelect;

export async function mailAccountOf(db: DbHandle, accountId: number): Promise<MailAccount | undefined> {
  const { orm, t } = db;
  const [row] = await orm.select().from(t.mailAccounts).where(eq(t.mailAccounts.accountId, accountId));
  return row;
}

/** Connects (or reconnects) an account's mailbox: one row per account. */
export async function saveMailAccount(
  db: DbHandle,
  row: typeof mailAccounts.$inferInsert,
): Promise<MailAccount> {
  const { orm, t } = db;
  const [saved] = await orm
    .insert(t.mailAccounts)
    .values(row)
    .onConflictDoUpdate({
      target: t.mailAccounts.accountId,
      set: {
        provider: row.provider ?? 'gmail',
        address: row.address,
        tokenCipher: row.tokenCipher,
        scopes: row.scopes,
        connectedAt: row.connectedAt,
      },
    })
    .returning();
  return saved!;
}

/** Disconnects the account's mailbox, forgetting how far its scans got. */
export async function deleteMailAccount(db: DbHandle, accountId: number): Promise<boolean> {
  const { orm, t } = db;
  await forgetInboxScanPositions(db, accountId);
  const deleted = await orm
    .delete(t.mailAccounts)
    .where(eq(t.mailAccounts.accountId, accountId))
    .returning({ id: t.mailAccounts.accountId });
  return deleted.length > 0;
}

export async function insertConnectState(
  db: DbHandle,
  row: typeof mailConnectStates.$inferInsert,
): Promise<void> {
  const { orm, t } = db;
  await orm.insert(t.mailConnectStates).values(row);
}

export type ConnectStateUse = 'ok' | 'unknown' | 'used' | 'expired';

/** Deletes the consent states that expired before `beforeIso` (used or not); answers how many. */
export async function deleteExpiredConnectStates(db: DbHandle, beforeIso: string): Promise<number> {
  const { orm, t } = db;
  const deleted = await orm
    .delete(t.mailConnectStates)
    .where(lt(t.mailConnectStates.expiresAt, beforeIso))
    .returning({ id: t.mailConnectStates.id });
  return deleted.length;
}

/** Marks a consent state used, once: answers why it cannot be used when it cannot. */
export async function useConnectState(
  db: DbHandle,
  accountId: number,
  nonceHash: string,
  at: Date,
): Promise<ConnectStateUse> {
  const { orm, t } = db;
  const [row] = await orm
    .select()
    .from(t.mailConnectStates)
    .where(eq(t.mailConnectStates.nonceHash, nonceHash));
  if (!row || row.accountId !== accountId) return 'unknown';
  if (row.usedAt) return 'used';
  if (Date.parse(row.expiresAt) <= at.getTime()) return 'expired';
  // Marked only while still unused: of two uses at once, one is 'ok'.
  const marked = await orm
    .update(t.mailConnectStates)
    .set({ usedAt: at.toISOString() })
    .where(and(eq(t.mailConnectStates.id, row.id), isNull(t.mailConnectStates.usedAt)))
    .returning({ id: t.mailConnectStates.id });
  return marked.length === 1 ? 'ok' : 'used';
}

export async function insertInboxItem(db: DbHandle, row: typeof inboxItems.$inferInsert): Promise<InboxItem> {
  const { orm, t } = db;
  const [item] = await orm.insert(t.inboxItems).values(row).returning();
  return item!;
}

/**
 * Of these message ids, the ones read before: every attachment handled and recorded together
 * (`recordInboxMessage`). A message a failure interrupted is not among them, nor one of another
 * account. Attachments waiting for a scanned parse are retried apart (`waitingInboxItems`).
 */
export async function seenMessageIds(
  db: DbHandle,
  accountId: number,
  messageIds: string[],
): Promise<Set<string>> {
  if (!messageIds.length) return new Set();
  const { orm, t } = db;
  const rows = await orm
    .select({ id: t.inboxMessages.messageId })
    .from(t.inboxMessages)
    .where(and(eq(t.inboxMessages.accountId, accountId), inArray(t.inboxMessages.messageId, messageIds)));
  return new Set(rows.map((r) => r.id));
}

export type InboxItemWrite =
  | { insert: typeof inboxItems.$inferInsert }
  | { update: number; set: Partial<InboxItem> };

/**
 * Records what became of a message's attachments and marks the message read, in one transaction:
 * either all of it is kept or none (the next scan reads the message again). Answers the rows.
 */
export function recordInboxMessage(
  db: DbHandle,
  accountId: number,
  messageId: string,
  writes: InboxItemWrite[],
  at: string,
): Promise<InboxItem[]> {
  return inTransaction(db, async (tx) => {
    const rows: InboxItem[] = [];
    for (const w of writes)
      rows.push(
        'insert' in w ? await insertInboxItem(tx, w.insert) : await updateInboxItem(tx, w.update, w.set),
      );
    const { orm, t } = tx;
    await orm.insert(t.inboxMessages).values({ accountId, messageId, scannedAt: at }).onConflictDoNothing();
    return rows;
  });
}

/** A stretch of receive times (epoch ms) whose messages a scan listed and read or saw read. */
export interface InboxScanSpan {
  top: number;
  /** null: down to the end of the mailbox. */
  bottom: number | null;
}

/** Positions kept per account: the searches used last; an older one is walked again from the top. */
export const INBOX_SCAN_POSITIONS_KEPT = 20;

const isSpan = (s: unknown): s is InboxScanSpan =>
  typeof s === 'object' &&
  s !== null &&
  Number.isFinite((s as InboxScanSpan).top) &&
  ((s as InboxScanSpan).bottom === null || Number.isFinite((s as InboxScanSpan).bottom));

/** Names a search of a mailbox: its address (as connected) and Gmail's `q`. */
export interface InboxScanKey {
  accountId: number;
  address: string;
  query: string;
}

const keyOf = ({ t }: DbHandle, { accountId, address, query }: InboxScanKey) =>
  and(
    eq(t.inboxScanPositions.accountId, accountId),
    eq(t.inboxScanPositions.address, address.toLowerCase()),
    eq(t.inboxScanPositions.query, query),
  );

/** How far scans of this search got (newest first); none: never, or forgotten. */
export async function inboxScanPosition(db: DbHandle, key: InboxScanKey): Promise<InboxScanSpan[]> {
  const { orm, t } = db;
  const [row] = await orm
    .select({ spans: t.inboxScanPositions.spans })
    .from(t.inboxScanPositions)
    .where(keyOf(db, key));
  if (!row) return [];
  try {
    const spans: unknown = JSON.parse(row.spans);
    // Unreadable: forgotten, which only costs walking the search again.
    return Array.isArray(spans) && spans.every(isSpan) ? spans : [];
  } catch {
    return [];
  }
}

/**
 * Keeps how far scans of this search got. Of the account's positions, the least recently saved
 * beyond INBOX_SCAN_POSITIONS_KEPT go (never the one just saved).
 */
export function saveInboxScanPosition(
  db: DbHandle,
  key: InboxScanKey,
  spans: InboxScanSpan[],
  at: string,
): Promise<void> {
  const { accountId, query } = key;
  const address = key.address.toLowerCase();
  return inTransaction(db, async (tx) => {
    const { orm, t } = tx;
    const value = JSON.stringify(spans.map(({ top, bottom }) => ({ top, bottom })));
    await orm
      .insert(t.inboxScanPositions)
      .values({ accountId, address, query, spans: value, updatedAt: at })
      .onConflictDoUpdate({
        target: [t.inboxScanPositions.accountId, t.inboxScanPositions.address, t.inboxScanPositions.query],
        set: { spans: value, updatedAt: at },
      });
    const kept = await orm
      .select({ address: t.inboxScanPositions.address, query: t.inboxScanPositions.query })
      .from(t.inboxScanPositions)
      .where(eq(t.inboxScanPositions.accountId, accountId))
      .orderBy(
        desc(t.inboxScanPositions.updatedAt),
        asc(t.inboxScanPositions.address),
        asc(t.inboxScanPositions.query),
      );
    const saved = (p: { address: string; query: string }) => p.address === address && p.query === query;
    const old = kept
      .filter((p) => !saved(p))
      .slice(INBOX_SCAN_POSITIONS_KEPT - 1)
      .map((p) => keyOf(tx, { accountId, ...p }));
    if (old.length) await orm.delete(t.inboxScanPositions).where(or(...old));
  });
}

export async function forgetInboxScanPositions(db: DbHandle, accountId: number): Promise<void> {
  const { orm, t } = db;
  await orm.delete(t.inboxScanPositions).where(eq(t.inboxScanPositions.accountId, accountId));
}

/** Attachments waiting for a scanned parse (`plan_required`), oldest mail first. */
export async function waitingInboxItems(
  db: DbHandle,
  accountId: number,
  limit: number,
): Promise<InboxItem[]> {
  const { orm, t } = db;
  return orm
    .select()
    .from(t.inboxItems)
    .where(and(eq(t.inboxItems.accountId, accountId), eq(t.inboxItems.error, 'plan_required')))
    .orderBy(asc(t.inboxItems.receivedAt), asc(t.inboxItems.id))
    .limit(limit);
}

export async function countWaitingInboxItems(db: DbHandle, accountId: number): Promise<number> {
  const { orm, t } = db;
  const [row] = await orm
    .select({ n: count() })
    .from(t.inboxItems)
    .where(and(eq(t.inboxItems.accountId, accountId), eq(t.inboxItems.error, 'plan_required')));
  return row?.n ?? 0;
}

/** In the order they were recorded (PostgreSQL promises no order without one). */
export async function inboxItemsOfMessage(
  db: DbHandle,
  accountId: number,
  messageId: string,
): Promise<InboxItem[]> {
  const { orm, t } = db;
  return orm
    .select()
    .from(t.inboxItems)
    .where(and(eq(t.inboxItems.accountId, accountId), eq(t.inboxItems.messageId, messageId)))
    .orderBy(asc(t.inboxItems.id));
}

export async function updateInboxItem(db: DbHandle, id: number, set: Partial<InboxItem>): Promise<InboxItem> {
  const { orm, t } = db;
  const [item] = await orm.update(t.inboxItems).set(set).where(eq(t.inboxItems.id, id)).returning();
  return item!;
}

export async function inboxItemsOf(
  db: DbHandle,
  accountId: number,
  limit: number,
  offset: number,
): Promise<InboxItem[]> {
  const { orm, t } = db;
  return orm
    .select()
    .from(t.inboxItems)
    .where(eq(t.inboxItems.accountId, accountId))
    .orderBy(desc(t.inboxItems.receivedAt), desc(t.inboxItems.id))
    .limit(limit)
    .offset(offset);
}

export async function countInboxItems(db: DbHandle, accountId: number): Promise<number> {
  const { orm, t } = db;
  const [row] = await orm
    .select({ n: count() })
    .from(t.inboxItems)
    .where(eq(t.inboxItems.accountId, accountId));
  return row?.n ?? 0;
}

/** The inbox record of the mail a job came in (its sender is who a letter answers). */
export async function inboxItemOfJob(
  db: DbHandle,
  accountId: number,
  jobId: number,
): Promise<InboxItem | undefined> {
  const { orm, t } = db;
  const [item] = await orm
    .select()
    .from(t.inboxItems)
    .where(and(eq(t.inboxItems.accountId, accountId), eq(t.inboxItems.jobId, jobId)))
    .orderBy(asc(t.inboxItems.id))
    .limit(1);
  return item;
}

export async function insertLetter(db: DbHandle, row: typeof letters.$inferInsert): Promise<Letter> {
  const { orm, t } = db;
  const [letter] = await orm.insert(t.letters).values(row).returning();
  return letter!;
}

export async function letterById(db: DbHandle, id: number): Promise<Letter | undefined> {
  const { orm, t } = db;
  const [letter] = await orm.select().from(t.letters).where(eq(t.letters.id, id));
  return letter;
}

export async function updateLetter(db: DbHandle, id: number, set: Partial<Letter>): Promise<void> {
  const { orm, t } = db;
  await orm.update(t.letters).set(set).where(eq(t.letters.id, id));
}

export async function lettersOf(db: DbHandle, accountId: number, limit: number): Promise<Letter[]> {
  const { orm, t } = db;
  return orm
    .select()
    .from(t.letters)
    .where(eq(t.letters.accountId, accountId))
    .orderBy(desc(t.letters.id))
    .limit(limit);
}

/** Queued letters whose time has come, oldest first. */
export async function dueLetters(db: DbHandle, now: string, limit: number): Promise<Letter[]> {
  const { orm, t } = db;
  return orm
    .select()
    .from(t.letters)
    .where(and(eq(t.letters.status, 'queued'), lte(t.letters.sendAt, now), lte(t.letters.nextAttemptAt, now)))
    .orderBy(asc(t.letters.id))
    .limit(limit);
}

/** Every queued letter of an account fails with `reason` (the mailbox was disconnected). */
export async function stopQueuedLetters(db: DbHandle, accountId: number, reason: string): Promise<number> {
  const { orm, t } = db;
  const stopped = await orm
    .update(t.letters)
    .set({ status: 'failed', error: reason })
    .where(and(eq(t.letters.accountId, accountId), eq(t.letters.status, 'queued')))
    .returning({ id: t.letters.id });
  return stopped.length;
}

/** The first open of a sent letter: true when this call marked it. */
export async function markLetterOpened(db: DbHandle, trackingHash: string, at: string): Promise<boolean> {
  const { orm, t } = db;
  const marked = await orm
    .update(t.letters)
    .set({ status: 'opened', openedAt: at })
    .where(
      and(eq(t.letters.trackingHash, trackingHash), eq(t.letters.status, 'sent'), isNull(t.letters.openedAt)),
    )
    .returning({ id: t.letters.id });
  return marked.length === 1;
}

/** Accounts with letters sent since `since` still `sent` (bounces are looked for there). */
export async function accountsWithSentLetters(db: DbHandle, since: string): Promise<number[]> {
  const { orm, t } = db;
  const rows = await orm
    .selectDistinct({ id: t.letters.accountId })
    .from(t.letters)
    .where(and(eq(t.letters.status, 'sent'), gte(t.letters.sentAt, since)));
  return rows.map((r) => r.id);
}

/** Sent letters of these provider threads became `bounced`; answers how many. */
export async function markLettersBounced(
  db: DbHandle,
  accountId: number,
  threadIds: string[],
  reason: string,
): Promise<number> {
  if (!threadIds.length) return 0;
  const { orm, t } = db;
  const bounced = await orm
    .update(t.letters)
    .set({ status: 'bounced', error: reason })
    .where(
      and(
        eq(t.letters.accountId, accountId),
        eq(t.letters.status, 'sent'),
        inArray(t.letters.providerThreadId, threadIds),
      ),
    )
    .returning({ id: t.letters.id });
  return bounced.length;
}
