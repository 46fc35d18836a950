// The inbox's records: a message counts as read only once all of its attachments were recorded
// together with its read-marker; a write that fails part way keeps none of it. How far scans got
// is kept per mailbox and search, the most recent ones only, and forgotten on disconnecting. On
// both engines.
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  countWaitingInboxItems,
  deleteMailAccount,
  INBOX_SCAN_POSITIONS_KEPT,
  inboxItemsOfMessage,
  inboxScanPosition,
  insertAccount,
  recordInboxMessage,
  saveInboxScanPosition,
  saveMailAccount,
  seenMessageIds,
  waitingInboxItems,
} from './index.js';
import { databases, ENGINES } from './test-support/engines.js';

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

describe.each(ENGINES)('inbox messages on %s', (engine) => {
  const dbs = databases(engine);
  it('a message is seen only when all its records were written, in one transaction', async () => {
    const db = await dbs.open();
    const a = (await insertAccount(db, 'a@example.com', at)).id;
    const b = (await insertAccount(db, 'b@example.com', at)).id;
    // The second write collides with the first (the same part twice): nothing is kept.
    await expect(
      recordInboxMessage(db, a, 'm1', [item(a, 'm1', '1'), item(a, 'm1', '1')], at),
    ).rejects.toThrow();
    expect(await inboxItemsOfMessage(db, a, 'm1')).toEqual([]);
    expect(await seenMessageIds(db, a, ['m1'])).toEqual(new Set());

    const rows = await recordInboxMessage(
      db,
      a,
      'm1',
      [item(a, 'm1', '1'), item(a, 'm1', '2', 'plan_required')],
      at,
    );
    expect(rows.map((r) => r.partId)).toEqual(['1', '2']);
    // Nothing to read is recorded as seen too; another account's message is not its.
    await recordInboxMessage(db, a, 'm2', [], at);
    expect(await seenMessageIds(db, a, ['m1', 'm2', 'm3'])).toEqual(new Set(['m1', 'm2']));
    expect(await seenMessageIds(db, b, ['m1', 'm2'])).toEqual(new Set());
    // A waiting attachment does not make its message unseen: it is retried on its own.
    expect((await waitingInboxItems(db, a, 10)).map((r) => r.partId)).toEqual(['2']);
    expect(await countWaitingInboxItems(db, a)).toBe(1);
    await recordInboxMessage(
      db,
      a,
      'm1',
      [{ update: rows[1]!.id, set: { status: 'read', error: null, jobId: 7 } }],
      at,
    );
    expect(await countWaitingInboxItems(db, a)).toBe(0);
    expect(await seenMessageIds(db, a, ['m1'])).toEqual(new Set(['m1']));
  });
});

describe.each(ENGINES)('inbox scan positions on %s', (engine) => {
  const dbs = databases(engine);
  it('are kept per mailbox and search, the most recent ones, and forgotten on disconnecting', async () => {
    const db = await dbs.open();
    const a = (await insertAccount(db, 'a@example.com', at)).id;
    const b = (await insertAccount(db, 'b@example.com', at)).id;
    const key = { accountId: a, address: 'You@Gmail.example', query: 'has:attachment' };
    expect(await inboxScanPosition(db, key)).toEqual([]);
    const spans = [
      { top: 3000, bottom: 2000 },
      { top: 1000, bottom: null },
    ];
    await saveInboxScanPosition(db, key, spans, at);
    expect(await inboxScanPosition(db, { ...key, address: 'you@gmail.example' })).toEqual(spans);
    // Another mailbox, search or account has none.
    expect(await inboxScanPosition(db, { ...key, address: 'other@gmail.example' })).toEqual([]);
    expect(await inboxScanPosition(db, { ...key, query: 'has:attachment newer_than:14d' })).toEqual([]);
    expect(await inboxScanPosition(db, { ...key, accountId: b })).toEqual([]);
    await saveInboxScanPosition(db, key, [{ top: 4000, bottom: null }], at);
    expect(await inboxScanPosition(db, key)).toEqual([{ top: 4000, bottom: null }]);

    // Unreadable: as if never saved.
    await db.orm.update(db.t.inboxScanPositions).set({ spans: '[{"top":"x"}]' });
    expect(await inboxScanPosition(db, key)).toEqual([]);

    // Beyond the kept ones, the least recently saved go (another account's stay).
    await saveInboxScanPosition(db, { ...key, accountId: b }, spans, at);
    for (let i = 0; i < INBOX_SCAN_POSITIONS_KEPT + 2; i++)
      await saveInboxScanPosition(
        db,
        { ...key, query: `q${i}` },
        spans,
        `2026-01-10T10:00:${String(10 + i).padStart(2, '0')}.000Z`,
      );
    const positions = async (id: number) =>
      (
        await db.orm
          .select({ n: count() })
          .from(db.t.inboxScanPositions)
          .where(eq(db.t.inboxScanPositions.accountId, id))
      )[0]?.n;
    expect(await positions(a)).toBe(INBOX_SCAN_POSITIONS_KEPT);
    expect(await inboxScanPosition(db, key)).toEqual([]);
    expect(await inboxScanPosition(db, { ...key, query: 'q1' })).toEqual([]);
    expect(await inboxScanPosition(db, { ...key, query: 'q2' })).toEqual(spans);
    expect(await positions(b)).toBe(1);

    await saveMailAccount(db, {
      accountId: a,
      address: 'you@gmail.example',
      tokenCipher: 'v1.x',
      scopes: 's',
      connectedAt: at,
    });
    expect(await deleteMailAccount(db, a)).toBe(true);
    expect(await positions(a)).toBe(0);
    expect(await positions(b)).toBe(1);
  });
});
