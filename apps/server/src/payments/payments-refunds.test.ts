// A refund the provider refuses, end to end over real HTTP with the sandbox provider: the charge
// is kept `refund_due` (the history says so, not `paid`), asked again on the next refresh of the
// account's payments and on the service's own schedule, and given back once; a refund whose answer
// was lost is settled by the provider's record of the transaction; a second charge whose
// notification was lost is found by a refresh and refunded once. Each test failed before its fix
// (a refused refund was only logged, and the charge stayed `paid`; a lost answer left it owed for
// ever, every retry refused as a second refund; a refresh never asked about a paid checkout or
// top-up again, so a second charge never notified was kept).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsKit } from '../test-support/payments-kit.js';
import {
  call,
  type Json,
  startTestServer,
  type TestServer,
  type TestSession,
} from '../test-support/server.js';
import { DAY } from './plan-state.js';
import { CHECKOUT_DAYS } from './provider-checks.js';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ FREE_API_PAGES: '0' });
});
afterAll(() => s.stop());

const {
  sandbox,
  withControl,
  release,
  openPage,
  press,
  checkout,
  statuses,
  renewAtProvider,
  payTwiceSecondLost,
} = paymentsKit(() => s);
const refundsOf = (tx: string) => sandbox().refunds.filter((r) => r.transactionId === tx);
/** Asks the sandbox's API directly, as the service does (Basic auth); answers its JSON. */
const askProvider = async (path: string, body: unknown): Promise<Json> => {
  const auth = Buffer.from(`${sandbox().publicId}:${sandbox().apiSecret}`).toString('base64');
  const res = await fetch(`${sandbox().url}/${path}`, {
    method: 'POST',
    headers: { authorization: `Basic ${auth}` },
    body: JSON.stringify(body),
  });
  return res.json();
};
const history = async (who: TestSession) =>
  (await call(s.url, '/api/v1/payments/history', { session: who })).body as Array<{
    plan_code: string;
    status: string;
    provider_ref: string;
  }>;
const lastTx = () => new URLSearchParams(sandbox().sent.at(-1)!.body).get('TransactionId')!;
const balance = async (who: TestSession) =>
  (await call(s.url, '/api/v1/api/balance', { session: who })).body.balance_minor as number;
const refreshTopUps = (who: TestSession) =>
  call(s.url, '/api/v1/api/topup/refresh', { session: who, method: 'POST' });
const refresh = (who: TestSession, subscriptionId: number) =>
  call(s.url, `/api/v1/payments/${subscriptionId}/refresh`, { session: who, method: 'POST' });
const autorenew = (who: TestSession) => call(s.url, '/api/v1/billing/autorenew', { session: who });

/**
 * A plan paid, then its page (still open) paid again while the sandbox refuses refunds: the second
 * charge is owed back. Answers the checkout and the second charge's transaction.
 */
async function planChargedTwiceRefundRefused(who: TestSession) {
  let out!: Awaited<ReturnType<typeof checkout>>;
  let tx = '';
  await withControl('holdNotifications', async () => {
    out = await checkout(who, 's');
    const page = await openPage(out.pay_url);
    expect(await press(page, 'pay')).toContain('Payment completed');
    expect(await release()).toEqual([200]);
    await withControl('failRefund', async () => {
      expect(await press(page, 'pay')).toContain('Payment completed');
      expect(await release()).toEqual([200]);
    });
    tx = lastTx();
  });
  expect(refundsOf(tx)).toEqual([{ transactionId: tx, ok: false }]);
  return { out, tx };
}

describe('a refund the provider refused', () => {
  it('keeps a top-up charged twice refund_due, refunds it at the next top-up refresh, and never again', async () => {
    const who = await s.session('refund-refused-topup@example.com');
    await withControl('holdNotifications', async () => {
      const out = await call(s.url, '/api/v1/api/topup', {
        session: who,
        json: { amount_minor: 1000, currency: 'EUR' },
      });
      const page = await openPage(out.body.pay_url);
      await press(page, 'pay');
      expect(await release()).toEqual([200]);
      await withControl('failRefund', async () => {
        expect(await press(page, 'pay')).toContain('Payment completed');
        expect(await release()).toEqual([200]);
      });
    });
    const tx = lastTx();
    expect(refundsOf(tx)).toEqual([{ transactionId: tx, ok: false }]);
    // The history says the refund is pending, not that the second charge was paid.
    expect(await statuses(who)).toEqual([
      ['api', 'refund_due'],
      ['api', 'paid'],
    ]);
    // The next refresh asks again; the provider refunds it once.
    expect((await refreshTopUps(who)).body).toMatchObject({ payment_status: 'paid', balance: '10.00' });
    expect(refundsOf(tx)).toEqual([
      { transactionId: tx, ok: false },
      { transactionId: tx, ok: true },
    ]);
    expect(await statuses(who)).toEqual([
      ['api', 'refunded'],
      ['api', 'paid'],
    ]);
    // Refreshed again, by every path that retries, and by the schedule: nothing more is asked.
    await refreshTopUps(who);
    await autorenew(who);
    await s.payments.retryAllRefunds();
    expect(refundsOf(tx)).toHaveLength(2);
    expect(refundsOf(tx).filter((r) => r.ok)).toHaveLength(1);
    expect(await balance(who)).toBe(1000);
  });

  it('keeps a plan charged twice refund_due while the provider still refuses, and refunds it at the refresh after', async () => {
    const who = await s.session('refund-refused-plan@example.com');
    const { out, tx } = await planChargedTwiceRefundRefused(who);
    const history = (await call(s.url, '/api/v1/payments/history', { session: who })).body;
    expect(history[0]).toMatchObject({ plan_code: 's', status: 'refund_due', provider_ref: tx });
    // Still refused at the next refresh: still owed, still shown so.
    await withControl('failRefund', async () => {
      // The checkout was paid: its refresh says so, whatever became of the second charge.
      expect((await refresh(who, out.subscription_id)).body).toMatchObject({ payment_status: 'paid' });
    });
    expect(refundsOf(tx).map((r) => r.ok)).toEqual([false, false]);
    expect(await statuses(who)).toEqual([
      ['s', 'refund_due'],
      ['s', 'paid'],
    ]);
    // The provider takes it now.
    expect((await refresh(who, out.subscription_id)).body).toMatchObject({
      state: 'active',
      payment_status: 'paid',
    });
    expect(refundsOf(tx).map((r) => r.ok)).toEqual([false, false, true]);
    expect(await statuses(who)).toEqual([
      ['s', 'refunded'],
      ['s', 'paid'],
    ]);
    await refresh(who, out.subscription_id);
    expect(refundsOf(tx)).toHaveLength(3);
    expect((await s.payments.current(who.accountId))?.state).toBe('active');
  });

  it("refunds once on the service's own schedule, however many retries run at the same time", async () => {
    const who = await s.session('refund-refused-scheduled@example.com');
    const { out, tx } = await planChargedTwiceRefundRefused(who);
    // The scheduled pass (every account's) while the account refreshes twice and reads autorenew.
    await Promise.all([
      s.payments.retryAllRefunds(),
      s.payments.retryAllRefunds(),
      refresh(who, out.subscription_id),
      refresh(who, out.subscription_id),
      autorenew(who),
    ]);
    expect(refundsOf(tx)).toEqual([
      { transactionId: tx, ok: false },
      { transactionId: tx, ok: true },
    ]);
    expect(await statuses(who)).toEqual([
      ['s', 'refunded'],
      ['s', 'paid'],
    ]);
    await s.payments.retryAllRefunds();
    expect(refundsOf(tx)).toHaveLength(2);
  });

  it('is refused by the sandbox as a second refund of the same transaction', async () => {
    const who = await s.session('refund-twice-sandbox@example.com');
    const { tx } = await planChargedTwiceRefundRefused(who);
    await s.payments.retryAllRefunds();
    expect(refundsOf(tx).map((r) => r.ok)).toEqual([false, true]);
    // Asked directly a second time (as a lost answer would make the service do), the sandbox refuses.
    const again = await askProvider('payments/refund', { TransactionId: Number(tx), Amount: 1 });
    expect(again).toMatchObject({ Success: false });
    expect(refundsOf(tx).map((r) => r.ok)).toEqual([false, true, false]);
  });

  it("takes a refund whose answer was lost as done by the provider's record, and never asks it again", async () => {
    const who = await s.session('refund-answer-lost@example.com');
    const { out, tx } = await planChargedTwiceRefundRefused(who);
    // The provider refunds, but the connection drops before it answers.
    await withControl('loseRefundAnswer', async () => {
      expect((await refresh(who, out.subscription_id)).body).toMatchObject({ payment_status: 'paid' });
    });
    expect(refundsOf(tx).map((r) => r.ok)).toEqual([false, true]);
    expect(await statuses(who)).toEqual([
      ['s', 'refunded'],
      ['s', 'paid'],
    ]);
    // Nothing is owed any more: no retry asks the provider for a second refund of it.
    await refresh(who, out.subscription_id);
    await s.payments.retryAllRefunds();
    expect(refundsOf(tx)).toHaveLength(2);
  });
});

/**
 * A plan paid (its notification applied), then its page, still open, paid again while the sandbox
 * drops notifications: the money is taken twice and the service never heard of the second charge.
 * Answers the checkout. `daysBetween`: how long after the first payment the page is paid again.
 */
async function planChargedTwiceNotificationLost(who: TestSession, daysBetween = 0) {
  const out = await checkout(who, 's');
  await payTwiceSecondLost(out.pay_url, () => s.clock.advance(daysBetween * DAY));
  expect(await statuses(who)).toEqual([['s', 'paid']]);
  return out;
}

/** The second charge's record in the history (newest), and its transaction at the provider. */
async function secondChargeOf(who: TestSession) {
  const [charge, paid] = await history(who);
  expect(charge!.provider_ref).not.toBe(paid!.provider_ref);
  const found = await askProvider('payments/get', { TransactionId: Number(charge!.provider_ref) });
  return { tx: charge!.provider_ref, startedSubscription: found.Model.SubscriptionId as string };
}

describe('a second charge whose notification was lost', () => {
  it('is found by the refresh of the paid checkout, refunded once, its renewal cancelled, and the checkout still answered paid', async () => {
    const who = await s.session('lost-second-charge@example.com');
    const out = await planChargedTwiceNotificationLost(who);
    expect((await refresh(who, out.subscription_id)).body).toMatchObject({
      state: 'active',
      payment_status: 'paid',
    });
    expect(await statuses(who)).toEqual([
      ['s', 'refunded'],
      ['s', 'paid'],
    ]);
    const { tx, startedSubscription } = await secondChargeOf(who);
    expect(refundsOf(tx)).toEqual([{ transactionId: tx, ok: true }]);
    // The provider's subscription the second charge started is cancelled: it charges nothing more.
    expect(startedSubscription).toMatch(/^sc_/);
    expect((await renewAtProvider(startedSubscription)).status).toBe(404);
    // Refreshed again: the provider answers the second charge refunded, and nothing changes.
    expect((await refresh(who, out.subscription_id)).body).toMatchObject({ payment_status: 'paid' });
    expect(refundsOf(tx)).toHaveLength(1);
    expect(await statuses(who)).toEqual([
      ['s', 'refunded'],
      ['s', 'paid'],
    ]);
    expect((await s.payments.current(who.accountId))?.state).toBe('active');
  });

  it('is refunded once when two refreshes ask at the same time, and never again', async () => {
    const who = await s.session('lost-second-charge-race@example.com');
    const out = await planChargedTwiceNotificationLost(who);
    const answers = await Promise.all([refresh(who, out.subscription_id), refresh(who, out.subscription_id)]);
    for (const answer of answers) expect(answer.body).toMatchObject({ payment_status: 'paid' });
    expect(await statuses(who)).toEqual([
      ['s', 'refunded'],
      ['s', 'paid'],
    ]);
    const { tx } = await secondChargeOf(who);
    expect(refundsOf(tx)).toEqual([{ transactionId: tx, ok: true }]);
    await refresh(who, out.subscription_id);
    await s.payments.retryAllRefunds();
    expect(refundsOf(tx)).toHaveLength(1);
  });

  it('stays refund_due while the provider refuses the refund, and is refunded at the refresh after', async () => {
    const who = await s.session('lost-second-charge-refused@example.com');
    const out = await planChargedTwiceNotificationLost(who);
    await withControl('failRefund', async () => {
      expect((await refresh(who, out.subscription_id)).body).toMatchObject({ payment_status: 'paid' });
    });
    expect(await statuses(who)).toEqual([
      ['s', 'refund_due'],
      ['s', 'paid'],
    ]);
    const { tx } = await secondChargeOf(who);
    // Asked and refused (the refresh's own retry of refunds due asks once more): none went through.
    const refused = refundsOf(tx).length;
    expect(refused).toBeGreaterThan(0);
    expect(refundsOf(tx).filter((r) => r.ok)).toEqual([]);
    expect((await refresh(who, out.subscription_id)).body).toMatchObject({ payment_status: 'paid' });
    expect(refundsOf(tx).slice(refused)).toEqual([{ transactionId: tx, ok: true }]);
    await refresh(who, out.subscription_id);
    expect(refundsOf(tx)).toHaveLength(refused + 1);
    expect(await statuses(who)).toEqual([
      ['s', 'refunded'],
      ['s', 'paid'],
    ]);
  });

  it('of a top-up is found by the top-up check, refunded once, and credits nothing more', async () => {
    const who = await s.session('lost-second-charge-topup@example.com');
    const out = await call(s.url, '/api/v1/api/topup', {
      session: who,
      json: { amount_minor: 1000, currency: 'EUR' },
    });
    await payTwiceSecondLost(out.body.pay_url);
    expect(await statuses(who)).toEqual([['api', 'paid']]);
    expect((await refreshTopUps(who)).body).toMatchObject({ payment_status: 'paid', balance: '10.00' });
    expect(await statuses(who)).toEqual([
      ['api', 'refunded'],
      ['api', 'paid'],
    ]);
    const { tx } = await secondChargeOf(who);
    expect(refundsOf(tx)).toEqual([{ transactionId: tx, ok: true }]);
    expect((await refreshTopUps(who)).body).toMatchObject({ payment_status: 'paid', balance: '10.00' });
    expect(refundsOf(tx)).toHaveLength(1);
    expect(await balance(who)).toBe(1000);
  });

  // Last in the file: it moves the service's clock on.
  it('is not asked about for a checkout paid more than a week ago: no provider call', async () => {
    const who = await s.session('lost-second-charge-old@example.com');
    const out = await planChargedTwiceNotificationLost(who, CHECKOUT_DAYS + 1);
    // The provider cannot be asked: a refresh that asked would answer 502.
    await withControl('failFind', async () => {
      const answer = await refresh(who, out.subscription_id);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ state: 'active', payment_status: 'paid' });
    });
    expect(await statuses(who)).toEqual([['s', 'paid']]);
  });
});
