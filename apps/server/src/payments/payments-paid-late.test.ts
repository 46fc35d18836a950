// A link paid after it was no longer awaited, end to end over real HTTP with the sandbox provider:
// an older link paid after the newer checkout was paid is refunded and its renewal cancelled; one
// paid while the newer is unpaid is applied and closes the newer; a late charge is refunded once
// however often the provider repeats it. Each test failed before its fix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsKit } from '../test-support/payments-kit.js';
import { call, startTestServer, type TestServer, type TestSession } from '../test-support/server.js';
import { sqlRow } from '../test-support/sql.js';
import { signNotification } from './provider.js';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ FREE_API_PAGES: '0' });
});
afterAll(() => s.stop());

const { sandbox, controls, withControl, release, openPage, press, pay, current, renewAtProvider } =
  paymentsKit(() => s);

describe('a link paid after it was no longer awaited', () => {
  const checkout = async (who: TestSession, plan_code: string) => {
    const out = await call(s.url, '/api/v1/payments/checkout', { session: who, json: { plan_code } });
    expect(out.status).toBe(200);
    return out.body as { pay_url: string; amount_rub: number; subscription_id: number };
  };
  const statuses = async (who: TestSession) =>
    (await call(s.url, '/api/v1/payments/history', { session: who })).body.map(
      (h: { plan_code: string; status: string }) => [h.plan_code, h.status],
    );
  const refresh = (who: TestSession, subscriptionId: number) =>
    call(s.url, `/api/v1/payments/${subscriptionId}/refresh`, { session: who, method: 'POST' });
  /** The newest notification the sandbox sent: its body, transaction and provider subscription. */
  const lastSent = () => {
    const body = sandbox().sent.at(-1)!.body;
    const fields = new URLSearchParams(body);
    return { body, tx: fields.get('TransactionId')!, sub: fields.get('SubscriptionId')! };
  };
  const refundsOf = (tx: string) => sandbox().refunds.filter((r) => r.transactionId === tx);
  const allowance = async (who: TestSession) =>
    (await call(s.url, '/api/v1/me', { session: who })).body.free_parses_total as number;

  it('refunds an older link paid after the newer checkout was paid, and cancels its renewal', async () => {
    const who = await s.session('late-after-newer-paid@example.com');
    await withControl('holdNotifications', async () => {
      const older = await checkout(who, 'm');
      // The person keeps the older link's page open, then buys the bigger plan instead.
      const olderPage = await openPage(older.pay_url);
      const newer = await checkout(who, 'l');
      await pay(newer.pay_url, 'pay');
      expect(await release()).toEqual([200]);
      expect((await current(who)).body).toMatchObject({ plan_code: 'l', state: 'active' });
      // Later the older page is paid too: the provider takes the money and notifies.
      expect(await press(olderPage, 'pay')).toContain('Payment completed');
      expect(await release()).toEqual([200]);
      const late = lastSent();
      expect(late.body).toContain(`InvoiceId=p`);
      expect(refundsOf(late.tx)).toEqual([{ transactionId: late.tx, ok: true }]);
      // The provider's subscription that payment started is cancelled: it never charges again.
      expect((await renewAtProvider(late.sub)).status).toBe(404);
      expect(await statuses(who)).toEqual([
        ['l', 'paid'],
        ['m', 'refunded'],
      ]);
      expect((await current(who)).body).toMatchObject({
        plan_code: 'l',
        state: 'active',
        subscription_id: newer.subscription_id,
      });
      expect(await allowance(who)).toBe(1500);
    });
  });

  it('applies an older link paid while the newer checkout is unpaid, closes the newer link, and refunds it if paid anyway', async () => {
    const who = await s.session('late-newer-pending@example.com');
    await withControl('holdNotifications', async () => {
      const older = await checkout(who, 'm');
      const olderPage = await openPage(older.pay_url);
      const newer = await checkout(who, 'l');
      const newerPage = await openPage(newer.pay_url);
      // The person pays the older page after all: what they paid for is what they get.
      expect(await press(olderPage, 'pay')).toContain('Payment completed');
      expect(await release()).toEqual([200]);
      expect((await current(who)).body).toMatchObject({
        plan_code: 'm',
        plan_paid: true,
        state: 'active',
        subscription_id: older.subscription_id,
      });
      expect(await allowance(who)).toBe(300);
      // The newer link was priced before this plan was paid: it no longer opens.
      expect((await fetch(newer.pay_url, { redirect: 'manual' })).status).toBe(410);
      expect(await statuses(who)).toEqual([
        ['l', 'expired'],
        ['m', 'paid'],
      ]);
      // Its page, still open, is paid as well: refunded and its renewal cancelled; the plan stays.
      expect(await press(newerPage, 'pay')).toContain('Payment completed');
      expect(await release()).toEqual([200]);
      const late = lastSent();
      expect(refundsOf(late.tx)).toEqual([{ transactionId: late.tx, ok: true }]);
      expect((await renewAtProvider(late.sub)).status).toBe(404);
      expect(await statuses(who)).toEqual([
        ['l', 'refunded'],
        ['m', 'paid'],
      ]);
      expect((await current(who)).body).toMatchObject({ plan_code: 'm', state: 'active' });
      expect(await allowance(who)).toBe(300);
    });
  });

  it('refunds a late charge once, however often and however close together the provider repeats it', async () => {
    const who = await s.session('late-repeated@example.com');
    await withControl('holdNotifications', async () => {
      const older = await checkout(who, 'm');
      const olderPage = await openPage(older.pay_url);
      const newer = await checkout(who, 'l');
      await pay(newer.pay_url, 'pay');
      await press(olderPage, 'pay');
      expect(await release()).toEqual([200, 200]);
      const late = lastSent();
      const repeat = async () =>
        (
          await fetch(`${s.url}/api/v1/payments/webhook`, {
            method: 'POST',
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'content-hmac': signNotification(late.body, sandbox().apiSecret),
            },
            body: late.body,
          })
        ).json();
      expect(await repeat()).toEqual({ code: 0 });
      expect(await Promise.all([repeat(), repeat(), repeat()])).toEqual([
        { code: 0 },
        { code: 0 },
        { code: 0 },
      ]);
      expect(refundsOf(late.tx)).toEqual([{ transactionId: late.tx, ok: true }]);
      expect(await statuses(who)).toEqual([
        ['l', 'paid'],
        ['m', 'refunded'],
      ]);
    });
  });

  it('is settled by "Check payment" on the older checkout when its notification never came', async () => {
    const who = await s.session('late-refresh@example.com');
    await withControl('dropNotifications', async () => {
      const older = await checkout(who, 'm');
      const olderPage = await openPage(older.pay_url);
      const newer = await checkout(who, 'l');
      await pay(newer.pay_url, 'pay');
      expect((await refresh(who, newer.subscription_id)).body).toMatchObject({
        state: 'active',
        payment_status: 'paid',
      });
      await press(olderPage, 'pay');
      const checked = await refresh(who, older.subscription_id);
      expect([checked.status, checked.body]).toEqual([
        200,
        {
          ok: true,
          subscription_id: older.subscription_id,
          state: 'cancelled',
          payment_status: 'refunded',
          pay_url: null,
          expires_at: null,
        },
      ]);
      expect((await refresh(who, older.subscription_id)).body).toMatchObject({ payment_status: 'refunded' });
      const refunds = sandbox().refunds.filter((r) => r.ok);
      const tx = refunds.at(-1)!.transactionId;
      expect(refundsOf(tx)).toHaveLength(1);
      const providerSub = (
        (await sqlRow(
          s.db,
          'select provider_subscription_id as id from subscriptions where id = ?',
          older.subscription_id,
        )) as { id: string }
      ).id;
      expect((await renewAtProvider(providerSub)).status).toBe(404);
      expect(await statuses(who)).toEqual([
        ['l', 'paid'],
        ['m', 'refunded'],
      ]);
      expect((await current(who)).body).toMatchObject({ plan_code: 'l', state: 'active' });
    });
  });

  it('when the provider refuses to cancel the late renewal: says so, refunds what it charges, and cancels it later', async () => {
    const who = await s.session('late-cancel-refused@example.com');
    await controls({ holdNotifications: true });
    try {
      const older = await checkout(who, 'm');
      const olderPage = await openPage(older.pay_url);
      const newer = await checkout(who, 'l');
      await pay(newer.pay_url, 'pay');
      expect(await release()).toEqual([200]);
      await controls({ failCancel: true });
      await press(olderPage, 'pay');
      expect(await release()).toEqual([200]);
      const late = lastSent();
      expect((await call(s.url, '/api/v1/billing/autorenew', { session: who })).body).toMatchObject({
        plan_code: 'l',
        error: 'previous_plan_cancel_failed',
      });
      // The provider charges it anyway: refunded, and nothing changes here.
      expect((await renewAtProvider(late.sub)).status).toBe(200);
      expect(await release()).toEqual([200]);
      expect(sandbox().refunds.at(-1)).toMatchObject({ ok: true });
      expect(await statuses(who)).toEqual([
        ['m', 'refunded'],
        ['l', 'paid'],
        ['m', 'refunded'],
      ]);
      expect((await current(who)).body).toMatchObject({ plan_code: 'l', state: 'active' });
      await controls({ failCancel: false });
      expect((await call(s.url, '/api/v1/billing/autorenew', { session: who })).body).toEqual({
        ok: true,
        enabled: true,
        plan_code: 'l',
        expires_at: expect.any(String),
      });
      expect((await renewAtProvider(late.sub)).status).toBe(404);
    } finally {
      await controls({ holdNotifications: false, failCancel: false });
    }
  });

  it('refunds a second charge of a checkout already paid through its newer link, and cancels its renewal', async () => {
    const who = await s.session('late-same-checkout@example.com');
    await controls({ holdNotifications: true });
    try {
      const out = await checkout(who, 's');
      const firstPage = await openPage(out.pay_url);
      await press(firstPage, 'decline');
      expect(await release()).toEqual([200]);
      const fresh = await call(s.url, `/api/v1/payments/${out.subscription_id}/new-link`, {
        session: who,
        method: 'POST',
      });
      await pay(fresh.body.pay_url, 'pay');
      expect(await release()).toEqual([200]);
      const paid = lastSent();
      // The declined page, still open, takes another card: the plan would be paid twice.
      expect(await press(firstPage, 'pay')).toContain('Payment completed');
      expect(await release()).toEqual([200]);
      const late = lastSent();
      expect(late.sub).not.toBe(paid.sub);
      expect(refundsOf(late.tx)).toEqual([{ transactionId: late.tx, ok: true }]);
      expect((await renewAtProvider(late.sub)).status).toBe(404);
      expect(await statuses(who)).toEqual([
        ['s', 'paid'],
        ['s', 'refunded'],
      ]);
      expect((await current(who)).body).toMatchObject({
        plan_code: 's',
        state: 'active',
        subscription_id: out.subscription_id,
      });
      expect((await call(s.url, '/api/v1/billing/autorenew', { session: who })).body).toEqual({
        ok: true,
        enabled: true,
        plan_code: 's',
        expires_at: expect.any(String),
      });
    } finally {
      await controls({ holdNotifications: false });
    }
  });

  it('applies a plan declined first and then paid on the same page', async () => {
    const who = await s.session('declined-then-paid@example.com');
    await withControl('holdNotifications', async () => {
      const out = await checkout(who, 's');
      const page = await openPage(out.pay_url);
      expect(await press(page, 'decline')).toContain('Payment declined');
      expect(await release()).toEqual([200]);
      expect(await statuses(who)).toEqual([['s', 'failed']]);
      // The provider's page takes another card.
      expect(await press(page, 'pay')).toContain('Payment completed');
      expect(await release()).toEqual([200]);
      expect((await current(who)).body).toMatchObject({ plan_code: 's', state: 'active', plan_paid: true });
      expect(await statuses(who)).toEqual([['s', 'paid']]);
    });
  });
});
