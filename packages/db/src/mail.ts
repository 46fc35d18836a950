// The connected mailbox, the consent states, the inbox's records of scanned attachments, letters.
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from './database.js';
import { inTransaction } from './handle.js';
import {
  inboxItems,
  inboxMessages,
  inboxScanPositions,
  letters,
  mailAccounts,
  mailConnectStates,
} from './schema.js';

export type MailAccount = typeof mailAccounts.$inferSelect;
export type InboxItem = typeof inboxItems.$inferSelect;
export type Letter = typeof letters.$inferSelect;

export function mailAccountOf(db: Db, accountId: number): MailAccount | undefined {
  return db.select().from(mailAccounts).where(eq(mailAccounts.accountId, accountId)).get();
}

/** Connects (or reconnects) an account's mailbox: one row per account. */
export function saveMailAccount(db: Db, row: typeof mailAccounts.$inferInsert): MailAccount {
  return db
    .insert(mailAccounts)
    .values(row)
    .onConflictDoUpdate({
      target: mailAccounts.accountId,
      set: {
        provider: row.provider ?? 'gmail',
        address: row.address,
        tokenCipher: row.tokenCipher,
        scopes: row.scopes,
        connectedAt: row.connectedAt,
      },
    })
    .returning()
    .get();
}

/** Disconnects the account's mailbox, forgetting how far its scans got. */
export function deleteMailAccount(db: Db, accountId: number): boolean {
  forgetInboxScanPositions(db, accountId);
  return db.delete(mailAccounts).where(eq(mailAccounts.accountId, accountId)).run().changes > 0;
}

export function insertConnectState(db: Db, row: typeof mailConnectStates.$inferInsert): void {
  db.insert(mailConnectStates).values(row).run();
}

export type ConnectStateUse = 'ok' | 'unknown' | 'used' | 'expired';

/** Deletes the consent states that expired before `beforeIso` (used or not); answers how many. */
export function deleteExpiredConnectStates(db: Db, beforeIso: string): number {
  return db.delete(mailConnectStates).where(lt(mailConnectStates.expiresAt, beforeIso)).run().changes;
}

/** Marks a consent state used, once: answers why it cannot be used when it cannot. */
export function useConnectState(db: Db, accountId: number, nonceHash: string, at: Date): ConnectStateUse {
  const row = db.select().from(mailConnectStates).where(eq(mailConnectStates.nonceHash, nonceHash)).get();
  if (!row || row.accountId !== accountId) return 'unknown';
  if (row.usedAt) return 'used';
  if (Date.parse(row.expiresAt) <= at.getTime()) return 'expired';
  const changed = db
    .update(mailConnectStates)
    .set({ usedAt: at.toISOString() })
    .where(and(eq(mailConnectStates.id, row.id), isNull(mailConnectStates.usedAt)))
    .run().changes;
  return changed === 1 ? 'ok' : 'used';
}

export function insertInboxItem(db: Db, row: typeof inboxItems.$inferInsert): InboxItem {
  return db.insert(inboxItems).values(row).returning().get();
}

/**
 * Of these message ids, the ones read before: every attachment handled and recorded together
 * (`recordInboxMessage`). A message a failure interrupted is not among them, nor one of another
 * account. Attachments waiting for a scanned parse are retried apart (`waitingInboxItems`).
 */
export function seenMessageIds(db: Db, accountId: number, messageIds: string[]): Set<string> {
  if (!messageIds.length) return new Set();
  const rows = db
    .select({ id: inboxMessages.messageId })
    .from(inboxMessages)
    .where(and(eq(inboxMessages.accountId, accountId), inArray(inboxMessages.messageId, messageIds)))
    .all();
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
  db: Db,
  accountId: number,
  messageId: string,
  writes: InboxItemWrite[],
  at: string,
): Promise<InboxItem[]> {
  return inTransaction(db, async (tx) => {
    const rows = writes.map((w) =>
      'insert' in w ? insertInboxItem(tx, w.insert) : updateInboxItem(tx, w.update, w.set),
    );
    tx.insert(inboxMessages).values({ accountId, messageId, scannedAt: at }).onConflictDoNothing().run();
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

const keyOf = ({ accountId, address, query }: InboxScanKey) =>
  and(
    eq(inboxScanPositions.accountId, accountId),
    eq(inboxScanPositions.address, address.toLowerCase()),
    eq(inboxScanPositions.query, query),
  );

/** How far scans of this search got (newest first); none: never, or forgotten. */
export function inboxScanPosition(db: Db, key: InboxScanKey): InboxScanSpan[] {
  const row = db.select({ spans: inboxScanPositions.spans }).from(inboxScanPositions).where(keyOf(key)).get();
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
 * beyond INBOX_SCAN_POSITIONS_KEPT go.
 */
export function saveInboxScanPosition(
  db: Db,
  key: InboxScanKey,
  spans: InboxScanSpan[],
  at: string,
): Promise<void> {
  const { accountId, query } = key;
  const address = key.address.toLowerCase();
  return inTransaction(db, async (tx) => {
    const value = JSON.stringify(spans.map(({ top, bottom }) => ({ top, bottom })));
    tx.insert(inboxScanPositions)
      .values({ accountId, address, query, spans: value, updatedAt: at })
      .onConflictDoUpdate({
        target: [inboxScanPositions.accountId, inboxScanPositions.address, inboxScanPositions.query],
        set: { spans: value, updatedAt: at },
      })
      .run();
    const old = tx
      .select({ rowid: sql<number>`rowid` })
      .from(inboxScanPositions)
      .where(eq(inboxScanPositions.accountId, accountId))
      .orderBy(desc(inboxScanPositions.updatedAt), desc(sql`rowid`))
      .all()
      .slice(INBOX_SCAN_POSITIONS_KEPT)
      .map((r) => r.rowid);
    if (old.length) tx.delete(inboxScanPositions).where(inArray(sql`rowid`, old)).run();
  });
}

export function forgetInboxScanPositions(db: Db, accountId: number): void {
  db.delete(inboxScanPositions).where(eq(inboxScanPositions.accountId, accountId)).run();
}

/** Attachments waiting for a scanned parse (`plan_required`), oldest mail first. */
export function waitingInboxItems(db: Db, accountId: number, limit: number): InboxItem[] {
  return db
    .select()
    .from(inboxItems)
    .where(and(eq(inboxItems.accountId, accountId), eq(inboxItems.error, 'plan_required')))
    .orderBy(asc(inboxItems.receivedAt), asc(inboxItems.id))
    .limit(limit)
    .all();
}

export function countWaitingInboxItems(db: Db, accountId: number): number {
  return (
    db
      .select({ n: count() })
      .from(inboxItems)
      .where(and(eq(inboxItems.accountId, accountId), eq(inboxItems.error, 'plan_required')))
      .get()?.n ?? 0
  );
}

export function inboxItemsOfMessage(db: Db, accountId: number, messageId: string): InboxItem[] {
  return db
    .select()
    .from(inboxItems)
    .where(and(eq(inboxItems.accountId, accountId), eq(inboxItems.messageId, messageId)))
    .all();
}

export function updateInboxItem(db: Db, id: number, set: Partial<InboxItem>): InboxItem {
  return db.update(inboxItems).set(set).where(eq(inboxItems.id, id)).returning().get()!;
}

export function inboxItemsOf(db: Db, accountId: number, limit: number, offset: number): InboxItem[] {
  return db
    .select()
    .from(inboxItems)
    .where(eq(inboxItems.accountId, accountId))
    .orderBy(desc(inboxItems.receivedAt), desc(inboxItems.id))
    .limit(limit)
    .offset(offset)
    .all();
}

export function countInboxItems(db: Db, accountId: number): number {
  return db.select({ n: count() }).from(inboxItems).where(eq(inboxItems.accountId, accountId)).get()?.n ?? 0;
}

/** The inbox record of the mail a job came in (its sender is who a letter answers). */
export function inboxItemOfJob(db: Db, accountId: number, jobId: number): InboxItem | undefined {
  return db
    .select()
    .from(inboxItems)
    .where(and(eq(inboxItems.accountId, accountId), eq(inboxItems.jobId, jobId)))
    .orderBy(asc(inboxItems.id))
    .limit(1)
    .get();
}

export function insertLetter(db: Db, row: typeof letters.$inferInsert): Letter {
  return db.insert(letters).values(row).returning().get();
}

export function letterById(db: Db, id: number): Letter | undefined {
  return db.select().from(letters).where(eq(letters.id, id)).get();
}

export function updateLetter(db: Db, id: number, set: Partial<Letter>): void {
  db.update(letters).set(set).where(eq(letters.id, id)).run();
}

export function lettersOf(db: Db, accountId: number, limit: number): Letter[] {
  return db
    .select()
    .from(letters)
    .where(eq(letters.accountId, accountId))
    .orderBy(desc(letters.id))
    .limit(limit)
    .all();
}

/** Queued letters whose time has come, oldest first. */
export function dueLetters(db: Db, now: string, limit: number): Letter[] {
  return db
    .select()
    .from(letters)
    .where(and(eq(letters.status, 'queued'), lte(letters.sendAt, now), lte(letters.nextAttemptAt, now)))
    .orderBy(asc(letters.id))
    .limit(limit)
    .all();
}

/** Every queued letter of an account fails with `reason` (the mailbox was disconnected). */
export function stopQueuedLetters(db: Db, accountId: number, reason: string): number {
  return db
    .update(letters)
    .set({ status: 'failed', error: reason })
    .where(and(eq(letters.accountId, accountId), eq(letters.status, 'queued')))
    .run().changes;
}

/** The first open of a sent letter: true when this call marked it. */
export function markLetterOpened(db: Db, trackingHash: string, at: string): boolean {
  return (
    db
      .update(letters)
      .set({ status: 'opened', openedAt: at })
      .where(
        and(eq(letters.trackingHash, trackingHash), eq(letters.status, 'sent'), isNull(letters.openedAt)),
      )
      .run().changes === 1
  );
}

/** Accounts with letters sent since `since` still `sent` (bounces are looked for there). */
export function accountsWithSentLetters(db: Db, since: string): number[] {
  return db
    .selectDistinct({ id: letters.accountId })
    .from(letters)
    .where(and(eq(letters.status, 'sent'), gte(letters.sentAt, since)))
    .all()
    .map((r) => r.id);
}

/** Sent letters of these provider threads became `bounced`; answers how many. */
export function markLettersBounced(db: Db, accountId: number, threadIds: string[], reason: string): number {
  if (!threadIds.length) return 0;
  return db
    .update(letters)
    .set({ status: 'bounced', error: reason })
    .where(
      and(
        eq(letters.accountId, accountId),
        eq(letters.status, 'sent'),
        inArray(letters.providerThreadId, threadIds),
      ),
    )
    .run().changes;
}
