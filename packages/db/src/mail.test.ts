// The inbox's records: a message counts as read only once all of its attachments were recorded
// together with its read-marker; a write that fails part way keeps none of it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  closeDatabase,
  countWaitingInboxItems,
  inboxItemsOfMessage,
  insertAccount,
  openDatabase,
  recordInboxMessage,
  seenMessageIds,
  waitingInboxItems,
} from './index.js';

const dir = mkdtempSync(path.join(tmpdir(), 'ir-db-mail-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const at = '2026-01-10T10:00:00.000Z';
const item = (accountId: number, messageId: string, partId: string, error: string | null = null) => ({
  insert: {
    accountId,
    messageId,
    partId,
    sender: 's',
    subject: 'x',
    receivedAt: at,
    filename: `${partId}.xml`,
    status: error ? ('refused' as const) : ('read' as const),
    error,
    createdAt: at,
  },
});

describe('inbox messages', () => {
  it('a message is seen only when all its records were written, in one transaction', () => {
    const db = openDatabase(path.join(dir, 'a.sqlite'));
    try {
      const a = insertAccount(db, 'a@example.com', at).id;
      const b = insertAccount(db, 'b@example.com', at).id;
      // The second write collides with the first (the same part twice): nothing is kept.
      expect(() => recordInboxMessage(db, a, 'm1', [item(a, 'm1', '1'), item(a, 'm1', '1')], at)).toThrow();
      expect(inboxItemsOfMessage(db, a, 'm1')).toEqual([]);
      expect(seenMessageIds(db, a, ['m1'])).toEqual(new Set());

      const rows = recordInboxMessage(
        db,
        a,
        'm1',
        [item(a, 'm1', '1'), item(a, 'm1', '2', 'plan_required')],
        at,
      );
      expect(rows.map((r) => r.partId)).toEqual(['1', '2']);
      // Nothing to read is recorded as seen too; another account's message is not its.
      recordInboxMessage(db, a, 'm2', [], at);
      expect(seenMessageIds(db, a, ['m1', 'm2', 'm3'])).toEqual(new Set(['m1', 'm2']));
      expect(seenMessageIds(db, b, ['m1', 'm2'])).toEqual(new Set());
      // A waiting attachment does not make its message unseen: it is retried on its own.
      expect(waitingInboxItems(db, a, 10).map((r) => r.partId)).toEqual(['2']);
      expect(countWaitingInboxItems(db, a)).toBe(1);
      recordInboxMessage(
        db,
        a,
        'm1',
        [{ update: rows[1]!.id, set: { status: 'read', error: null, jobId: 7 } }],
        at,
      );
      expect(countWaitingInboxItems(db, a)).toBe(0);
      expect(seenMessageIds(db, a, ['m1'])).toEqual(new Set(['m1']));
    } finally {
      closeDatabase(db);
    }
  });
});
