// The payment repositories against a real SQLite file: the checkout a person comes back to, the
// open links a new checkout or a paid plan closes, whether a checkout's price still holds, and the
// replaced plans whose cancel is still owed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  closeDatabase,
  type Db,
  expireOpenPlanLinks,
  insertAccount,
  insertPayment,
  insertSubscription,
  latestSubscription,
  openDatabase,
  paymentById,
  pendingCheckout,
  planPaidSince,
  replacedAwaitingCancel,
  updatePayment,
  updateSubscription,
} from './index.js';

const dir = mkdtempSync(path.join(tmpdir(), 'ir-db-payments-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const at = '2026-01-10T10:00:00.000Z';
let n = 0;
const account = (db: Db, email: string) => insertAccount(db, email, at).id;
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

describe('payments repository', () => {
  it('answers the newest checkout while it awaits payment, beside the plan in force', () => {
    const db = openDatabase(path.join(dir, 'pending.sqlite'));
    const a = account(db, 'pending@example.com');
    expect(pendingCheckout(db, a)).toBeUndefined();
    const active = sub(db, a, 'active');
    const open = sub(db, a, 'pending_payment');
    expect(pendingCheckout(db, a)?.id).toBe(open.id);
    expect(latestSubscription(db, a)?.id).toBe(active.id);
    updateSubscription(db, open.id, { state: 'active', paidAt: at });
    expect(pendingCheckout(db, a)).toBeUndefined();
    closeDatabase(db);
  });

  it('does not answer a checkout whose link a paid plan closed, nor count a refunded checkout as in force', () => {
    const db = openDatabase(path.join(dir, 'closed.sqlite'));
    const a = account(db, 'closed@example.com');
    const older = sub(db, a, 'pending_payment');
    const newer = sub(db, a, 'pending_payment');
    const link = payment(db, a, newer.id);
    expect(pendingCheckout(db, a)?.id).toBe(newer.id);
    // The older checkout is paid late: the newer one's link closes.
    updateSubscription(db, older.id, { state: 'active', paidAt: at });
    updatePayment(db, link.id, { status: 'expired' });
    expect(pendingCheckout(db, a)).toBeUndefined();
    expect(latestSubscription(db, a)?.id).toBe(older.id);
    // The newer one paid late after all is refunded: never in force, never awaited again.
    updatePayment(db, link.id, { status: 'refunded' });
    updateSubscription(db, newer.id, { state: 'cancelled', providerSubscriptionId: 'sc_late' });
    expect(latestSubscription(db, a)?.id).toBe(older.id);
    expect(pendingCheckout(db, a)).toBeUndefined();
    // A checkout after it is awaited as usual.
    const next = sub(db, a, 'pending_payment');
    expect(pendingCheckout(db, a)?.id).toBe(next.id);
    closeDatabase(db);
  });

  it("closes the account's open plan links only", () => {
    const db = openDatabase(path.join(dir, 'replace.sqlite'));
    const a = account(db, 'replace@example.com');
    const other = account(db, 'other@example.com');
    const first = sub(db, a, 'pending_payment');
    const p1 = payment(db, a, first.id);
    const topUp = payment(db, a, null, 'topup');
    const foreign = payment(db, other, sub(db, other, 'pending_payment').id);
    expect(expireOpenPlanLinks(db, a)).toBe(1);
    const second = sub(db, a, 'pending_payment');
    const p2 = payment(db, a, second.id);
    expect([paymentById(db, p1.id)?.status, paymentById(db, p2.id)?.status]).toEqual(['expired', 'pending']);
    expect(paymentById(db, topUp.id)?.status).toBe('pending');
    expect(paymentById(db, foreign.id)?.status).toBe('pending');
    closeDatabase(db);
  });

  it("tells whether a checkout's price still holds", () => {
    const db = openDatabase(path.join(dir, 'since.sqlite'));
    const a = account(db, 'since@example.com');
    const other = account(db, 'since-other@example.com');
    const inForce = sub(db, a, 'active');
    const later = '2026-01-10T11:00:00.000Z';
    const checkout = sub(db, a, 'pending_payment');
    // The plan in force was paid before the checkout's link: its price holds.
    expect(planPaidSince(db, a, checkout.id, later)).toBe(false);
    // Renewed after the link was made: it no longer does.
    updateSubscription(db, inForce.id, { paidAt: '2026-01-10T12:00:00.000Z' });
    expect(planPaidSince(db, a, checkout.id, later)).toBe(true);
    updateSubscription(db, inForce.id, { paidAt: at });
    // A newer checkout unpaid changes nothing, nor another account's plan; a newer one paid does.
    const newer = sub(db, a, 'pending_payment');
    sub(db, other, 'active');
    expect(planPaidSince(db, a, checkout.id, later)).toBe(false);
    updateSubscription(db, newer.id, { state: 'active', paidAt: at });
    expect(planPaidSince(db, a, checkout.id, later)).toBe(true);
    closeDatabase(db);
  });

  it('lists replaced plans whose renewal the provider has not cancelled yet', () => {
    const db = openDatabase(path.join(dir, 'owed.sqlite'));
    const a = account(db, 'owed@example.com');
    const replaced = sub(db, a, 'active');
    updateSubscription(db, replaced.id, { state: 'cancelled', providerSubscriptionId: 'sc_1' });
    const turnedOff = sub(db, a, 'active');
    updateSubscription(db, turnedOff.id, {
      state: 'cancelled',
      autorenew: false,
      providerSubscriptionId: 'sc_2',
    });
    sub(db, a, 'active');
    expect(replacedAwaitingCancel(db, a).map((s) => s.id)).toEqual([replaced.id]);
    updateSubscription(db, replaced.id, { autorenew: false });
    expect(replacedAwaitingCancel(db, a)).toEqual([]);
    closeDatabase(db);
  });
});
