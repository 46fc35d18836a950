// The payment repositories against a real SQLite file: the checkout a person comes back to, the
// earlier unpaid checkouts a new one replaces, and the replaced plans whose cancel is still owed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  closeDatabase,
  type Db,
  expireOtherPendingCheckouts,
  insertAccount,
  insertPayment,
  insertSubscription,
  latestSubscription,
  openDatabase,
  paymentById,
  pendingCheckout,
  replacedAwaitingCancel,
  updateSubscription,
} from './index.js';

const dir = mkdtempSync(path.join(tmpdir(), 'ir-db-payments-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const at = '2026-01-10T10:00:00.000Z';
let n = 0;
const account = (db: Db, email: string) => insertAccount(db, email, at).id;
const sub = (db: Db, accountId: number, state: 'pending_payment' | 'active') =>
  insertSubscription(db, {
    accountId,
    planCode: 'm',
    period: 'm',
    amountMinor: 149_000,
    state,
    createdAt: at,
  });
const payment = (db: Db, accountId: number, subscriptionId: number) =>
  insertPayment(db, {
    accountId,
    subscriptionId,
    kind: 'plan',
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
    updateSubscription(db, open.id, { state: 'active' });
    expect(pendingCheckout(db, a)).toBeUndefined();
    closeDatabase(db);
  });

  it('expires the open payments of the earlier unpaid checkouts only', () => {
    const db = openDatabase(path.join(dir, 'replace.sqlite'));
    const a = account(db, 'replace@example.com');
    const other = account(db, 'other@example.com');
    const first = sub(db, a, 'pending_payment');
    const p1 = payment(db, a, first.id);
    const foreign = payment(db, other, sub(db, other, 'pending_payment').id);
    const second = sub(db, a, 'pending_payment');
    const p2 = payment(db, a, second.id);
    expect(expireOtherPendingCheckouts(db, a, second.id)).toBe(1);
    expect([paymentById(db, p1.id)?.status, paymentById(db, p2.id)?.status]).toEqual(['expired', 'pending']);
    expect(paymentById(db, foreign.id)?.status).toBe('pending');
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
