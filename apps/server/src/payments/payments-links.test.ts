// What becomes of a payment link once it is not the one awaited, end to end over real HTTP with
// the sandbox provider: a new link is priced anew, a renewal closes the links still open (here and
// at the provider), a link paid late whose notification was lost is found by the plans screen's
// refresh, and a payment already settled that is charged again is refunded. Each test failed
// before its fix, but the one that pins how far back a refresh looks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsKit } from '../test-support/payments-kit.js';
import { call, startTestServer, type TestServer, type TestSession } from '../test-support/server.js';
import { signNotification } from './provider.js';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ FREE_API_PAGES: '0' });
});
afterAll(() => s.stop());

const DAY = 86_400_000;
const {
  sandbox,
  controls,
  withControl,
  release,
  openPage,
  press,
  pay,
  current,
  untilPaid,
  checkout,
  buy,
  statuses,
  providerSubOf,
  renewAtProvider,
} = paymentsKit(() => s);
const refresh = (who: TestSession, subscriptionId: number) =>
  call(s.url, `/api/v1/payments/${subscriptionId}/refresh`, { session: who, method: 'POST' });
const allowance = async (who: TestSession) =>
  (await call(s.url, '/api/v1/me', { session: who })).body.free_parses_total as number;
/** The newest notification the sandbox sent: its body, transaction and provider subscription. */
const lastSent = () => {
  const body = sandbox().sent.at(-1)!.body;
  const fields = new URLSearchParams(body);
  return { body, tx: fields.get('TransactionId')!, sub: fields.get('SubscriptionId')! };
};
const refundsOf = (tx: string) => sandbox().refunds.filter((r) => r.transactionId === tx);
describe('a new payment link', () => {
  const newLink = (who: TestSession, subscriptionId: number) =>
    call(s.url, `/api/v1/payments/${subscriptionId}/new-link`, { session: who, method: 'POST' });
  const quote = async (who: TestSession, to: string) =>
    (await call(s.url, `/api/v1/plans/upgrade-price?to=${to}&period=m`, { session: who })).body as {
      upgrade: boolean;
      amount_rub: number;
    };
  const history = async (who: TestSession) =>
    (await call(s.url, '/api/v1/payments/history', { session: who })).body as Array<{
      plan_code: string;
      status: string;
      amount_rub: number;
    }>;
  /** The amount the provider's page asks, as a person sees it. */
  const pageAmount = async (payUrl: string) =>
    /<p id="amount">([\d.]+) RUB<\/p>/.exec(await (await fetch(await openPage(payUrl))).text())?.[1];

  it("prices a link made after the old one expired at today's upgrade price, not the price of the day it was made", async () => {
    const who = await s.session('new-link-later@example.com');
    await buy(who, 'm');
    await untilPaid(who);
    const out = await checkout(who, 'l');
    // Ten days on, the unused days of Pro are worth less: the upgrade costs more.
    s.clock.advance(10 * DAY);
    expect((await fetch(out.pay_url, { redirect: 'manual' })).status).toBe(410);
    const now = await quote(who, 'l');
    expect(now.amount_rub).toBeGreaterThan(out.amount_rub);
    const fresh = await newLink(who, out.subscription_id);
    expect(fresh.body).toMatchObject({ subscription_id: out.subscription_id, payment_status: 'pending' });
    expect((await history(who))[0]).toMatchObject({
      plan_code: 'l',
      status: 'pending',
      amount_rub: now.amount_rub,
    });
    expect(await pageAmount(fresh.body.pay_url)).toBe(now.amount_rub.toFixed(2));
  });

  it('prices a link for a checkout whose link a plan paid since closed over that plan', async () => {
    const who = await s.session('new-link-after-plan@example.com');
    await withControl('holdNotifications', async () => {
      const older = await checkout(who, 's');
      const olderPage = await openPage(older.pay_url);
      const newer = await checkout(who, 'm');
      expect(newer.amount_rub).toBe(1490);
      // The older link is paid after all: Start is in force, and the Pro link (full price) closed.
      await press(olderPage, 'pay');
      expect(await release()).toEqual([200]);
      expect((await current(who)).body).toMatchObject({ plan_code: 's', state: 'active' });
      expect((await fetch(newer.pay_url, { redirect: 'manual' })).status).toBe(410);
      // A new link for Pro now costs the upgrade over Start, not the full price it was made at.
      const now = await quote(who, 'm');
      expect(now.amount_rub).toBeLessThan(1490);
      const fresh = await newLink(who, newer.subscription_id);
      expect(fresh.status).toBe(200);
      expect((await history(who))[0]).toMatchObject({
        plan_code: 'm',
        status: 'pending',
        amount_rub: now.amount_rub,
      });
      expect(await pageAmount(fresh.body.pay_url)).toBe(now.amount_rub.toFixed(2));
      // It is the checkout awaited again: the plans screen offers it.
      expect((await current(who)).body).toMatchObject({
        plan_code: 's',
        state: 'pending_payment',
        subscription_id: newer.subscription_id,
      });
    });
  });

  it('refuses a link for a plan that a bigger one paid since makes no upgrade', async () => {
    const who = await s.session('new-link-not-upgrade@example.com');
    await withControl('holdNotifications', async () => {
      const older = await checkout(who, 'm');
      const olderPage = await openPage(older.pay_url);
      const newer = await checkout(who, 's');
      await press(olderPage, 'pay');
      expect(await release()).toEqual([200]);
      expect((await current(who)).body).toMatchObject({ plan_code: 'm', state: 'active' });
      const refused = await newLink(who, newer.subscription_id);
      expect([refused.status, refused.body]).toEqual([409, { detail: 'not_an_upgrade' }]);
      expect((await history(who)).map((h) => [h.plan_code, h.status])).toEqual([
        ['s', 'expired'],
        ['m', 'paid'],
      ]);
    });
  });

  it('refuses a link for a checkout a newer one replaced, and leaves the newer link open', async () => {
    const who = await s.session('new-link-replaced@example.com');
    const first = await checkout(who, 'm');
    const second = await checkout(who, 's');
    const refused = await newLink(who, first.subscription_id);
    expect([refused.status, refused.body]).toEqual([409, { detail: 'checkout_replaced' }]);
    expect((await fetch(second.pay_url, { redirect: 'manual' })).status).toBe(302);
    expect((await current(who)).body).toMatchObject({
      state: 'pending_payment',
      subscription_id: second.subscription_id,
    });
    expect((await history(who)).map((h) => [h.plan_code, h.status])).toEqual([
      ['s', 'pending'],
      ['m', 'expired'],
    ]);
    // A paid checkout is refused as before.
    await pay(second.pay_url, 'pay');
    await untilPaid(who);
    expect((await newLink(who, second.subscription_id)).body).toEqual({ detail: 'already_paid' });
  });
});

describe('a renewal closes the links still open', () => {
  const checkoutPage = async (who: TestSession, plan_code: string) => {
    const out = await call(s.url, '/api/v1/payments/checkout', { session: who, json: { plan_code } });
    expect(out.status).toBe(200);
    return { payUrl: out.body.pay_url as string, page: await openPage(out.body.pay_url) };
  };

  it('closes an unpaid checkout link here and at the provider when the plan renews', async () => {
    const who = await s.session('renewal-closes-links@example.com');
    await buy(who, 'm');
    await untilPaid(who);
    const pro = await providerSubOf(who);
    // An upgrade priced against the period now ending, left unpaid with its page open.
    const { payUrl, page } = await checkoutPage(who, 'l');
    await withControl('holdNotifications', async () => {
      expect((await renewAtProvider(pro)).status).toBe(200);
      expect(await release()).toEqual([200]);
    });
    expect((await fetch(payUrl, { redirect: 'manual' })).status).toBe(410);
    expect(await statuses(who)).toEqual([
      ['m', 'paid'],
      ['l', 'expired'],
      ['m', 'paid'],
    ]);
    // The provider's page no longer takes the payment.
    expect(await (await fetch(page)).text()).not.toContain('value="pay"');
    const tried = await fetch(page, { method: 'POST', body: new URLSearchParams({ action: 'pay' }) });
    expect(tried.status).toBe(410);
    expect((await current(who)).body).toMatchObject({ plan_code: 'm', state: 'active' });
  });

  it('refunds a link paid after the renewal when the provider did not close it, and keeps the renewed plan', async () => {
    const who = await s.session('renewal-late-link@example.com');
    await controls({ holdNotifications: true, failOrderCancel: true });
    try {
      await buy(who, 'm');
      expect(await release()).toEqual([200]);
      const pro = await providerSubOf(who);
      const { payUrl, page } = await checkoutPage(who, 'l');
      expect((await renewAtProvider(pro)).status).toBe(200);
      expect(await release()).toEqual([200]);
      expect((await fetch(payUrl, { redirect: 'manual' })).status).toBe(410);
      // The provider kept the page open and takes the money: given back, the renewed plan stays.
      expect(await press(page, 'pay')).toContain('Payment completed');
      expect(await release()).toEqual([200]);
      const late = new URLSearchParams(sandbox().sent.at(-1)!.body);
      const tx = late.get('TransactionId')!;
      expect(sandbox().refunds.filter((r) => r.transactionId === tx)).toEqual([
        { transactionId: tx, ok: true },
      ]);
      expect((await renewAtProvider(late.get('SubscriptionId')!)).status).toBe(404);
      expect(await statuses(who)).toEqual([
        ['m', 'paid'],
        ['l', 'refunded'],
        ['m', 'paid'],
      ]);
      expect((await current(who)).body).toMatchObject({ plan_code: 'm', state: 'active' });
      expect((await call(s.url, '/api/v1/me', { session: who })).body.free_parses_total).toBe(300);
    } finally {
      await controls({ holdNotifications: false, failOrderCancel: false });
    }
  });
});

describe('a link paid late whose notification was lost', () => {
  it('applies an older link paid late whose notification was lost when the plans screen refreshes the newest checkout', async () => {
    const who = await s.session('late-found-by-newest@example.com');
    await withControl('dropNotifications', async () => {
      const older = await checkout(who, 'm');
      const olderPage = await openPage(older.pay_url);
      const newer = await checkout(who, 'l');
      await press(olderPage, 'pay');
      // The plans screen shows the newest checkout awaiting payment and refreshes that one.
      expect((await current(who)).body).toMatchObject({
        state: 'pending_payment',
        subscription_id: newer.subscription_id,
      });
      const checked = await refresh(who, newer.subscription_id);
      expect(checked.body).toMatchObject({
        subscription_id: newer.subscription_id,
        payment_status: 'expired',
      });
      // The older link, paid while its price held, is applied; the newer one closed.
      expect((await current(who)).body).toMatchObject({
        plan_code: 'm',
        state: 'active',
        subscription_id: older.subscription_id,
      });
      expect(await statuses(who)).toEqual([
        ['l', 'expired'],
        ['m', 'paid'],
      ]);
      expect(await allowance(who)).toBe(300);
      // Asked again, nothing more happens.
      await refresh(who, newer.subscription_id);
      expect(await statuses(who)).toEqual([
        ['l', 'expired'],
        ['m', 'paid'],
      ]);
    });
  });

  it('refunds once an older link paid late after the newest checkout was paid, found by refreshing the plan in force', async () => {
    const who = await s.session('late-found-by-current@example.com');
    await withControl('dropNotifications', async () => {
      const older = await checkout(who, 'm');
      const olderPage = await openPage(older.pay_url);
      const newer = await checkout(who, 'l');
      await pay(newer.pay_url, 'pay');
      expect((await refresh(who, newer.subscription_id)).body).toMatchObject({ state: 'active' });
      await press(olderPage, 'pay');
      const before = sandbox().refunds.length;
      // Two refreshes at once (two tabs): the late charge is refunded once.
      const answers = await Promise.all([
        refresh(who, newer.subscription_id),
        refresh(who, newer.subscription_id),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      await refresh(who, newer.subscription_id);
      const refunds = sandbox().refunds.slice(before);
      expect(refunds).toEqual([{ transactionId: expect.any(String), ok: true }]);
      expect(await statuses(who)).toEqual([
        ['l', 'paid'],
        ['m', 'refunded'],
      ]);
      expect((await current(who)).body).toMatchObject({ plan_code: 'l', state: 'active' });
      expect(await allowance(who)).toBe(1500);
    });
  });

  it('leaves a link replaced more than a week ago to a refresh of its own checkout', async () => {
    const who = await s.session('late-beyond-bound@example.com');
    await withControl('dropNotifications', async () => {
      const old = await checkout(who, 's');
      const oldPage = await openPage(old.pay_url);
      s.clock.advance(8 * DAY);
      const newer = await checkout(who, 'm');
      await press(oldPage, 'pay');
      await refresh(who, newer.subscription_id);
      expect(await statuses(who)).toEqual([
        ['m', 'pending'],
        ['s', 'expired'],
      ]);
      // Its own checkout's refresh still asks about it: applied, as its price held.
      expect((await refresh(who, old.subscription_id)).body).toMatchObject({ payment_status: 'paid' });
      expect((await current(who)).body).toMatchObject({ plan_code: 's', state: 'active' });
    });
  });
});

describe('a payment already settled, charged again', () => {
  it('refunds a second charge of a plan already paid, once however often it is repeated, and cancels the renewal it started', async () => {
    const who = await s.session('paid-twice@example.com');
    await withControl('holdNotifications', async () => {
      const out = await checkout(who, 's');
      const page = await openPage(out.pay_url);
      expect(await press(page, 'pay')).toContain('Payment completed');
      expect(await release()).toEqual([200]);
      const first = lastSent();
      // The page, still open, is paid again (a double click, a second tab): the money is taken twice.
      expect(await press(page, 'pay')).toContain('Payment completed');
      expect(await release()).toEqual([200]);
      const second = lastSent();
      expect(second.tx).not.toBe(first.tx);
      expect(refundsOf(second.tx)).toEqual([{ transactionId: second.tx, ok: true }]);
      const repeat = async () =>
        (
          await fetch(`${s.url}/api/v1/payments/webhook`, {
            method: 'POST',
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'content-hmac': signNotification(second.body, sandbox().apiSecret),
            },
            body: second.body,
          })
        ).json();
      expect(await Promise.all([repeat(), repeat(), repeat()])).toEqual([
        { code: 0 },
        { code: 0 },
        { code: 0 },
      ]);
      expect(refundsOf(second.tx)).toHaveLength(1);
      expect(refundsOf(first.tx)).toHaveLength(0);
      // The provider's subscription the second charge started is cancelled; the plan's own renews.
      expect((await renewAtProvider(second.sub)).status).toBe(404);
      // The second charge is in the history, refunded; the plan is paid once.
      expect(await statuses(who)).toEqual([
        ['s', 'refunded'],
        ['s', 'paid'],
      ]);
      expect((await current(who)).body).toMatchObject({
        plan_code: 's',
        state: 'active',
        subscription_id: out.subscription_id,
      });
      expect(await allowance(who)).toBe(50);
      expect((await call(s.url, '/api/v1/billing/autorenew', { session: who })).body).toEqual({
        ok: true,
        enabled: true,
        plan_code: 's',
        expires_at: expect.any(String),
      });
    });
  });
});
