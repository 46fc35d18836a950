// The service's scheduled sweep of the last week's payments, end to end over real HTTP with the
// sandbox provider: a payment or a second charge whose notification was lost is found and applied
// with no one pressing "Check payment" - an older checkout's second charge too, which no refresh
// asks about - exactly as the notification would have been, once; a payment older than a week
// costs no provider call; a lookup that fails stops nothing else. The pass is called directly
// (`scheduledPass`, what the timer runs). Each test fails without the sweep: nothing else asks
// about these payments (an older paid checkout, a top-up no one checks).
import { type Payment, paymentsOf } from '@invoice-reader/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsKit } from '../test-support/payments-kit.js';
import { call, startTestServer, type TestServer, type TestSession } from '../test-support/server.js';
import { sqlRows } from '../test-support/sql.js';
import { DAY } from './plan-state.js';
import { CHECKOUT_DAYS } from './provider-checks.js';

let s: TestServer;
/** What the service logged (warn and above). */
const logs: string[] = [];

beforeAll(async () => {
  s = await startTestServer({ FREE_API_PAGES: '0', LOG_LEVEL: 'warn' }, (line) => logs.push(line));
});
afterAll(() => s.stop());

const { sandbox, withControl, controls, pay, checkout, statuses, renewAtProvider, payTwiceSecondLost } =
  paymentsKit(() => s);
const pass = () => s.payments.scheduledPass();
const refundsOf = (tx: string) => sandbox().refunds.filter((r) => r.transactionId === tx);
/** How often the provider was asked about a payment (`payments/find`) since `from` calls. */
const findsOf = (payment: Payment, from = 0) =>
  sandbox()
    .finds.slice(from)
    .filter((invoice) => invoice === `p${payment.id}`).length;
const balance = async (who: TestSession) =>
  (await call(s.url, '/api/v1/api/balance', { session: who })).body.balance_minor as number;
const refresh = (who: TestSession, subscriptionId: number) =>
  call(s.url, `/api/v1/payments/${subscriptionId}/refresh`, { session: who, method: 'POST' });
const refreshTopUps = (who: TestSession) =>
  call(s.url, '/api/v1/api/topup/refresh', { session: who, method: 'POST' });
/** The account's payments as stored, newest first. */
const stored = (who: TestSession) => paymentsOf(s.db, who.accountId);

/**
 * A plan checkout paid (its notification applied), then its page, still open, paid again while
 * the sandbox drops notifications: the service never heard of the second charge. Answers the
 * checkout and the second charge's transaction.
 */
async function planChargedTwiceNotificationLost(who: TestSession) {
  const out = await checkout(who, 's');
  await payTwiceSecondLost(out.pay_url);
  expect(await statuses(who)).toEqual([['s', 'paid']]);
  return out;
}

/** A top-up of 10 EUR paid on the provider's page while its notification was lost: still `pending`. */
async function topUpNotificationLost(who: TestSession): Promise<Payment> {
  const out = await call(s.url, '/api/v1/api/topup', {
    session: who,
    json: { amount_minor: 1000, currency: 'EUR' },
  });
  expect(out.status).toBe(200);
  await withControl('dropNotifications', async () => {
    expect(await pay(out.body.pay_url, 'pay')).toContain('Payment completed');
  });
  const [topUp] = await stored(who);
  expect(topUp).toMatchObject({ kind: 'topup', status: 'pending' });
  return topUp!;
}

/** The transaction of the account's newest second charge (its `duplicate` record). */
const secondChargeTx = async (who: TestSession) =>
  (await stored(who)).find((p) => p.kind === 'duplicate')!.providerTxId!;

describe('the scheduled sweep of the last week payments', () => {
  it("finds and refunds a lost second charge of a paid checkout that is not the account's latest", async () => {
    const who = await s.session('sweep-older-checkout@example.com');
    const paid = await planChargedTwiceNotificationLost(who);
    // A newer checkout (an upgrade, not paid yet): the plans screen refreshes that one, and its
    // refresh does not ask about the older checkout, paid: the second charge stays unknown.
    const newer = await checkout(who, 'm');
    expect((await refresh(who, newer.subscription_id)).body).toMatchObject({ state: 'pending_payment' });
    expect(await statuses(who)).toEqual([
      ['m', 'pending'],
      ['s', 'paid'],
    ]);
    await pass();
    expect(await statuses(who)).toEqual([
      ['s', 'refunded'],
      ['m', 'pending'],
      ['s', 'paid'],
    ]);
    const tx = await secondChargeTx(who);
    expect(refundsOf(tx)).toEqual([{ transactionId: tx, ok: true }]);
    // The provider's subscription the second charge started is cancelled: it charges nothing more.
    const started = (await sqlRows(
      s.db,
      'select provider_subscription_id as id from subscriptions where account_id = ? and id > ?',
      who.accountId,
      paid.subscription_id,
    )) as Array<{ id: string | null }>;
    const startedId = started.map((r) => r.id).find((id) => id?.startsWith('sc_'));
    expect(startedId).toBeDefined();
    expect((await renewAtProvider(startedId!)).status).toBe(404);
    // The plan paid stays in force; the next pass changes nothing.
    expect((await s.payments.current(who.accountId))?.planCode).toBe('s');
    await pass();
    expect(refundsOf(tx)).toHaveLength(1);
    expect((await stored(who)).filter((p) => p.kind === 'duplicate')).toHaveLength(1);
  });

  it('credits a pending top-up whose payment notification was lost, once', async () => {
    const who = await s.session('sweep-lost-topup@example.com');
    await topUpNotificationLost(who);
    expect(await balance(who)).toBe(0);
    await pass();
    expect(await statuses(who)).toEqual([['api', 'paid']]);
    expect(await balance(who)).toBe(1000);
    await pass();
    expect(await balance(who)).toBe(1000);
  });

  it('goes on with the other payments when the provider fails on one, logs it, and asks it again at the next pass', async () => {
    const first = await s.session('sweep-failing-lookup@example.com');
    const second = await s.session('sweep-after-failing-lookup@example.com');
    const failing = await topUpNotificationLost(first);
    const next = await topUpNotificationLost(second);
    // The failing payment is asked first (the lower id), before the one that answers.
    expect(failing.id).toBeLessThan(next.id);
    const logged = logs.length;
    await controls({ failFindFor: [`p${failing.id}`] });
    try {
      await pass();
    } finally {
      await controls({ failFindFor: [] });
    }
    expect(await balance(first)).toBe(0);
    expect(await balance(second)).toBe(1000);
    const lines = logs.slice(logged).filter((l) => l.includes('payment lookup failed'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ payment: failing.id });
    expect(lines[0]).not.toContain(sandbox().apiSecret);
    // The provider answers again: the next pass credits it.
    await pass();
    expect(await balance(first)).toBe(1000);
    expect(await balance(second)).toBe(1000);
  });

  it('does not double anything when two passes and the refreshes run at the same time', async () => {
    const who = await s.session('sweep-at-once@example.com');
    const paid = await planChargedTwiceNotificationLost(who);
    const topUp = await topUpNotificationLost(who);
    const plan = (await stored(who)).find((p) => p.kind === 'plan')!;
    const from = sandbox().finds.length;
    await Promise.all([pass(), pass(), refresh(who, paid.subscription_id), refreshTopUps(who)]);
    // One pass ran (the second joined it): each payment asked once by it, once by its refresh.
    expect(findsOf(plan, from)).toBe(2);
    expect(findsOf(topUp, from)).toBe(2);
    const tx = await secondChargeTx(who);
    expect(refundsOf(tx)).toEqual([{ transactionId: tx, ok: true }]);
    expect(await balance(who)).toBe(1000);
    // The second charge's record is the newest: made when the sweep (or the refresh) found it.
    expect(await statuses(who)).toEqual([
      ['s', 'refunded'],
      ['api', 'paid'],
      ['s', 'paid'],
    ]);
  });

  // Last in the file: it moves the service's clock on.
  it('asks nothing about payments made more than a week ago, and still about the recent ones', async () => {
    const who = await s.session('sweep-old@example.com');
    await planChargedTwiceNotificationLost(who);
    const oldTopUp = await topUpNotificationLost(who);
    const oldPlan = (await stored(who)).find((p) => p.kind === 'plan')!;
    s.clock.advance((CHECKOUT_DAYS + 1) * DAY);
    const recent = await topUpNotificationLost(who);
    const from = sandbox().finds.length;
    await pass();
    expect(findsOf(recent, from)).toBe(1);
    expect(findsOf(oldTopUp, from)).toBe(0);
    expect(findsOf(oldPlan, from)).toBe(0);
    expect(await statuses(who)).toEqual([
      ['api', 'paid'],
      ['api', 'pending'],
      ['s', 'paid'],
    ]);
    expect(await balance(who)).toBe(1000);
  });
});
