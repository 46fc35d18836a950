// The payment repositories on both engines: the checkout a person comes back to, the
// open links a new checkout or a paid plan closes, whether a checkout's price still holds, the
// replaced plans whose cancel is still owed, whether a newer checkout replaced one, the plan
// links a refresh asks the provider about, and the links the scheduled sweep asks about in turn
// (through an index: the scheduled pass reads every account's payments; SQLite's plan checked).
import { describe, expect, it } from 'vitest';
import {
  closeDatabase,
  type Db,
  expireOpenPlanLinks,
  hasNewerCheckoutLink,
  insertAccount,
  insertPayment,
  insertSubscription,
  latestSubscription,
  linksToSweep,
  openDatabase,
  openPlanLinks,
  paymentById,
  pendingCheckout,
  planPaidSince,
  recentPlanLinks,
  refundsDue,
  replacedAwaitingCancel,
  updatePayment,
  updateSubscription,
} from './index.js';
import { databases, ENGINES } from './test-support/engines.js';

const at = '2026-01-10T10:00:00.000Z';
let n = 0;
const account = async (db: Db, email: string) => (await insertAccount(db, email, at)).id;
/** A checkout awaiting payment, or a plan in force (paid at `at`). */
const sub = (db: Db, accountId: number, state: 'pending_payment' | 'active') =>
  insertSubscription(db, {
    accountId,
    planCode: 'm',
    period: 'm',
    amountMinor: 149_000,
    state,
    ...(state === 'active' ? { paidAt: at } : {}),
    createdAt: at,
  });
const payment = (db: Db, accountId: number, subscriptionId: number | null, kind = 'plan') =>
  insertPayment(db, {
    accountId,
    subscriptionId,
    kind,
    amountMinor: 149_000,
    currency: 'RUB',
    status: 'pending',
    linkToken: `t${n++}`,
    linkExpiresAt: at,
    createdAt: at,
  });

describe.each(ENGINES)('payments repository on %s', (engine) => {
  const dbs = databases(engine);

  it('answers the newest checkout while it awaits payment, beside the plan in force', async () => {
    const db = await dbs.open();
    const a = await account(db, 'pending@example.com');
    expect(await pendingCheckout(db, a)).toBeUndefined();
    const active = await sub(db, a, 'active');
    const open = await sub(db, a, 'pending_payment');
    expect((await pendingCheckout(db, a))?.id).toBe(open.id);
    expect((await latestSubscription(db, a))?.id).toBe(active.id);
    await updateSubscription(db, open.id, { state: 'active', paidAt: at });
    expect(await pendingCheckout(db, a)).toBeUndefined();
  });

  it('does not answer a checkout whose link a paid plan closed, nor count a refunded checkout as in force', async () => {
    const db = await dbs.open();
    const a = await account(db, 'closed@example.com');
    const older = await sub(db, a, 'pending_payment');
    const newer = await sub(db, a, 'pending_payment');
    const link = await payment(db, a, newer.id);
    expect((await pendingCheckout(db, a))?.id).toBe(newer.id);
    // The older checkout is paid late: the newer one's link closes.
    await updateSubscription(db, older.id, { state: 'active', paidAt: at });
    await updatePayment(db, link.id, { status: 'expired' });
    expect(await pendingCheckout(db, a)).toBeUndefined();
    expect((await latestSubscription(db, a))?.id).toBe(older.id);
    // The newer one paid late after all is refunded: never in force, never awaited again.
    await updatePayment(db, link.id, { status: 'refunded' });
    await updateSubscription(db, newer.id, { state: 'cancelled', providerSubscriptionId: 'sc_late' });
    expect((await latestSubscription(db, a))?.id).toBe(older.id);
    expect(await pendingCheckout(db, a)).toBeUndefined();
    // A checkout after it is awaited as usual.
    const next = await sub(db, a, 'pending_payment');
    expect((await pendingCheckout(db, a))?.id).toBe(next.id);
  });

  it("closes the account's open plan links only", async () => {
    const db = await dbs.open();
    const a = await account(db, 'replace@example.com');
    const other = await account(db, 'other@example.com');
    const first = await sub(db, a, 'pending_payment');
    const p1 = await payment(db, a, first.id);
    const topUp = await payment(db, a, null, 'topup');
    const foreign = await payment(db, other, (await sub(db, other, 'pending_payment')).id);
    expect(await expireOpenPlanLinks(db, a)).toBe(1);
    const second = await sub(db, a, 'pending_payment');
    const p2 = await payment(db, a, second.id);
    expect([(await paymentById(db, p1.id))?.status, (await paymentById(db, p2.id))?.status]).toEqual([
      'expired',
      'pending',
    ]);
    expect((await paymentById(db, topUp.id))?.status).toBe('pending');
    expect((await paymentById(db, foreign.id))?.status).toBe('pending');
  });

  it("tells whether a checkout's price still holds", async () => {
    const db = await dbs.open();
    const a = await account(db, 'since@example.com');
    const other = await account(db, 'since-other@example.com');
    const inForce = await sub(db, a, 'active');
    const later = '2026-01-10T11:00:00.000Z';
    const checkout = await sub(db, a, 'pending_payment');
    // The plan in force was paid before the checkout's link: its price holds.
    expect(await planPaidSince(db, a, checkout.id, later)).toBe(false);
    // Renewed after the link was made: it no longer does.
    await updateSubscription(db, inForce.id, { paidAt: '2026-01-10T12:00:00.000Z' });
    expect(await planPaidSince(db, a, checkout.id, later)).toBe(true);
    await updateSubscription(db, inForce.id, { paidAt: at });
    // A newer checkout unpaid changes nothing, nor another account's plan; a newer one paid does.
    const newer = await sub(db, a, 'pending_payment');
    await sub(db, other, 'active');
    expect(await planPaidSince(db, a, checkout.id, later)).toBe(false);
    await updateSubscription(db, newer.id, { state: 'active', paidAt: at });
    expect(await planPaidSince(db, a, checkout.id, later)).toBe(true);
  });

  it('lists replaced plans whose renewal the provider has not cancelled yet', async () => {
    const db = await dbs.open();
    const a = await account(db, 'owed@example.com');
    const replaced = await sub(db, a, 'active');
    await updateSubscription(db, replaced.id, { state: 'cancelled', providerSubscriptionId: 'sc_1' });
    const turnedOff = await sub(db, a, 'active');
    await updateSubscription(db, turnedOff.id, {
      state: 'cancelled',
      autorenew: false,
      providerSubscriptionId: 'sc_2',
    });
    await sub(db, a, 'active');
    expect((await replacedAwaitingCancel(db, a)).map((s) => s.id)).toEqual([replaced.id]);
    await updateSubscription(db, replaced.id, { autorenew: false });
    expect(await replacedAwaitingCancel(db, a)).toEqual([]);
  });

  it('tells whether a plan link of a newer checkout of the account exists, paid or not', async () => {
    const db = await dbs.open();
    const a = await account(db, 'newer@example.com');
    const other = await account(db, 'newer-other@example.com');
    const older = await sub(db, a, 'pending_payment');
    const checkout = await sub(db, a, 'pending_payment');
    expect(await hasNewerCheckoutLink(db, a, checkout.id)).toBe(false);
    // Its own link, an older checkout's, a top-up (no checkout) and another account's newer
    // checkout's link are none.
    await payment(db, a, checkout.id);
    await payment(db, a, older.id);
    await payment(db, a, null, 'topup');
    await payment(db, other, (await sub(db, other, 'pending_payment')).id);
    expect(await hasNewerCheckoutLink(db, a, checkout.id)).toBe(false);
    // A newer checkout's record that is no link (a second charge) is none either.
    const newer = await sub(db, a, 'pending_payment');
    await payment(db, a, newer.id, 'duplicate');
    expect(await hasNewerCheckoutLink(db, a, checkout.id)).toBe(false);
    // A newer checkout's link is one, whatever became of it; the newer checkout has none after it.
    const link = await payment(db, a, newer.id);
    await updatePayment(db, link.id, { status: 'expired' });
    expect(await hasNewerCheckoutLink(db, a, checkout.id)).toBe(true);
    expect(await hasNewerCheckoutLink(db, a, older.id)).toBe(true);
    expect(await hasNewerCheckoutLink(db, a, newer.id)).toBe(false);
  });

  it("lists the account's open plan links only, newest first", async () => {
    const db = await dbs.open();
    const a = await account(db, 'open@example.com');
    const other = await account(db, 'open-other@example.com');
    expect(await openPlanLinks(db, a)).toEqual([]);
    const first = await payment(db, a, (await sub(db, a, 'pending_payment')).id);
    const closed = await payment(db, a, (await sub(db, a, 'pending_payment')).id);
    await updatePayment(db, closed.id, { status: 'expired' });
    await payment(db, a, null, 'topup');
    await payment(db, other, (await sub(db, other, 'pending_payment')).id);
    const second = await payment(db, a, (await sub(db, a, 'pending_payment')).id);
    expect((await openPlanLinks(db, a)).map((p) => p.id)).toEqual([second.id, first.id]);
  });

  it('lists the plan links in the statuses asked made since a time, but one, newest first and at most the limit', async () => {
    const db = await dbs.open();
    const a = await account(db, 'recent@example.com');
    const other = await account(db, 'recent-other@example.com');
    const since = '2026-01-03T10:00:00.000Z';
    const unsettled = ['pending', 'expired', 'failed'];
    const checkout = (await sub(db, a, 'pending_payment')).id;
    /** A plan link of the account made at `createdAt`, in `status`. */
    const link = async (
      createdAt: string,
      status: 'pending' | 'paid' | 'expired' | 'failed' | 'refund_due',
    ) => {
      const p = await payment(db, a, checkout);
      await updatePayment(db, p.id, { status, createdAt });
      return p.id;
    };
    const atSince = await link(since, 'pending');
    await link('2026-01-03T09:59:59.999Z', 'pending'); // a moment too old
    const expired = await link('2026-01-09T00:00:00.000Z', 'expired');
    await link('2026-01-09T00:00:00.000Z', 'paid');
    await link('2026-01-09T00:00:00.000Z', 'refund_due');
    const own = await link('2026-01-10T09:00:00.000Z', 'pending');
    const topUp = await payment(db, a, null, 'topup');
    await updatePayment(db, topUp.id, { createdAt: '2026-01-10T09:00:00.000Z' });
    const foreign = await payment(db, other, (await sub(db, other, 'pending_payment')).id);
    await updatePayment(db, foreign.id, { createdAt: '2026-01-10T09:00:00.000Z' });
    // Newest by id first, though made before the link inserted ahead of it.
    const failed = await link('2026-01-05T00:00:00.000Z', 'failed');
    expect((await recentPlanLinks(db, a, unsettled, since, 10, own)).map((p) => p.id)).toEqual([
      failed,
      expired,
      atSince,
    ]);
    expect((await recentPlanLinks(db, a, unsettled, since, 10)).map((p) => p.id)).toEqual([
      failed,
      own,
      expired,
      atSince,
    ]);
    expect((await recentPlanLinks(db, a, unsettled, since, 2, own)).map((p) => p.id)).toEqual([
      failed,
      expired,
    ]);
    expect(await recentPlanLinks(db, a, unsettled, since, 0, own)).toEqual([]);
    expect((await recentPlanLinks(db, a, ['pending'], since, 10, own)).map((p) => p.id)).toEqual([atSince]);
  });

  it("takes every account's recent links with an order in turn: after the last one asked, then from the first again", async () => {
    const db = await dbs.open();
    const a = await account(db, 'sweep@example.com');
    const other = await account(db, 'sweep-other@example.com');
    const since = '2026-01-03T10:00:00.000Z';
    const statuses = ['pending', 'paid', 'expired'];
    /** A link of `kind` made at `createdAt`, in `status`, with an order at the provider. */
    const link = async (
      accountId: number,
      kind: string,
      status: 'pending' | 'paid' | 'expired' | 'failed',
    ) => {
      const p = await payment(
        db,
        accountId,
        kind === 'topup' ? null : (await sub(db, accountId, 'pending_payment')).id,
        kind,
      );
      await updatePayment(db, p.id, { status, providerOrderId: `o${p.id}`, createdAt: since });
      return p.id;
    };
    const p1 = await link(a, 'plan', 'paid');
    const p2 = await link(other, 'topup', 'pending');
    await link(a, 'plan', 'failed'); // a status not asked
    const old = await link(a, 'plan', 'pending');
    await updatePayment(db, old, { createdAt: '2026-01-03T09:59:59.999Z' }); // a moment too old
    await link(a, 'duplicate', 'paid'); // a second charge's record: no link
    await payment(db, a, null, 'topup'); // no order at the provider (its link failed to be made)
    const p3 = await link(other, 'plan', 'expired');
    const p4 = await link(a, 'topup', 'paid');
    expect((await linksToSweep(db, statuses, since, 0, 10)).map((p) => p.id)).toEqual([p1, p2, p3, p4]);
    expect((await linksToSweep(db, statuses, since, 0, 2)).map((p) => p.id)).toEqual([p1, p2]);
    // On from the last one asked, round to the first again.
    expect((await linksToSweep(db, statuses, since, p2, 3)).map((p) => p.id)).toEqual([p3, p4, p1]);
    expect((await linksToSweep(db, statuses, since, p4, 10)).map((p) => p.id)).toEqual([p1, p2, p3, p4]);
    expect((await linksToSweep(db, statuses, since, p3, 10)).map((p) => p.id)).toEqual([p4, p1, p2, p3]);
    expect(await linksToSweep(db, statuses, '2026-02-01T00:00:00.000Z', 0, 10)).toEqual([]);
  });
});

describe('payments reads on SQLite', () => {
  it("reads the scheduled pass's links and owed refunds through an index, not the whole table", async () => {
    const db = openDatabase(':memory:');
    // The statements the two reads prepare, then what SQLite plans for each (any values bound).
    const client = db.$client;
    const prepare = client.prepare.bind(client);
    const statements: string[] = [];
    client.prepare = ((sql: string) => {
      statements.push(sql);
      return prepare(sql);
    }) as typeof client.prepare;
    try {
      await linksToSweep(db, ['pending', 'paid', 'expired'], at, 0, 50);
      await refundsDue(db);
    } finally {
      client.prepare = prepare;
    }
    const [sweep, refunds] = statements.map((sql) =>
      (
        prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...Array(sql.split('?').length - 1).fill(1)) as {
          detail: string;
        }[]
      )
        .map((row) => row.detail)
        .join('; '),
    );
    expect(statements).toHaveLength(2);
    expect(sweep).toContain(
      'SEARCH payments USING INDEX payments_status_created (status=? AND created_at>?)',
    );
    expect(refunds).toContain('SEARCH payments USING INDEX payments_status_created (status=?)');
    closeDatabase(db);
  });
});
