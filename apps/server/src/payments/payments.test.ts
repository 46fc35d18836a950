// Plans and payments end to end over real HTTP: the service and its sandbox provider both run;
// the tests pay by posting the sandbox page's form as a person's browser would. The catalogue, a
// checkout paid, declined or settled by refresh, notifications, renewal and automatic renewal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsKit } from '../test-support/payments-kit.js';
import { call, startTestServer, type TestServer, waitFor } from '../test-support/server.js';
import { signNotification } from './provider.js';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ FREE_API_PAGES: '0' });
});
afterAll(() => s.stop());

const DAY = 86_400_000;
const { sandbox, withControl, pay, current, untilPaid } = paymentsKit(() => s);

describe('plans', () => {
  it('lists the catalogue and the free plan of a new person', async () => {
    const plans = await call(s.url, '/api/v1/plans');
    expect(plans.body.map((p: { code: string }) => p.code)).toEqual(['free', 's', 'm', 'l']);
    expect(plans.body[1]).toEqual(expect.objectContaining({ price_month_rub: 490, price_year_rub: 4900 }));
    const who = await s.session('plans@example.com');
    expect((await current(who)).body).toMatchObject({ plan_code: 'free', plan_paid: false, days_left: null });
    const sel = await call(s.url, '/api/v1/plans/select', {
      session: who,
      json: { plan_code: 'm', period: 'y' },
    });
    expect(sel.body).toEqual({
      ok: true,
      plan_code: 'm',
      period: 'y',
      amount_rub: 14900,
      payment_required: true,
    });
    expect(
      (await call(s.url, '/api/v1/plans/select', { session: who, json: { plan_code: 'free' } })).body,
    ).toMatchObject({
      payment_required: false,
      amount_rub: 0,
    });
    expect((await call(s.url, '/api/v1/plans/upgrade-price?to=toolong', { session: who })).status).toBe(422);
    expect((await call(s.url, '/api/v1/plans/upgrade-price?to=zz', { session: who })).body).toEqual({
      detail: 'plan_not_found',
    });
  });
});

describe('checkout through the sandbox', () => {
  it('pays a plan: the notification makes it paid for a month, and the web allowance grows', async () => {
    const who = await s.session('pay@example.com');
    const out = await call(s.url, '/api/v1/payments/checkout', {
      session: who,
      json: { plan_code: 's', period: 'm' },
    });
    expect(out.status).toBe(200);
    expect(out.body.amount_rub).toBe(490);
    expect(out.body.pay_url).toMatch(new RegExp(`^${s.publicUrl}/inv/[\\w-]+$`));
    const token = out.body.pay_url.split('/inv/')[1];
    const resolved = await call(s.url, `/api/v1/resolve/${token}`);
    expect(resolved.body).toMatchObject({ status: 'pending', expired: false });
    expect(resolved.body.url.startsWith(sandbox().url)).toBe(true);
    const before = Date.now();
    expect(await pay(out.body.pay_url, 'pay')).toContain('Payment completed');
    const plan = await untilPaid(who);
    expect(plan).toMatchObject({ plan_code: 's', period: 'm', plan_paid: true, state: 'active' });
    const expires = new Date(plan.expires_at);
    const expected = new Date(plan.paid_at);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(expires.toISOString()).toBe(expected.toISOString());
    expect(Date.parse(plan.paid_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(plan.days_left).toBeGreaterThanOrEqual(28);
    expect((await call(s.url, '/api/v1/me', { session: who })).body).toMatchObject({
      free_parses_total: 50,
      free_parses_left: 50,
    });
    const history = await call(s.url, '/api/v1/payments/history', { session: who });
    expect(history.body[0]).toMatchObject({ plan_code: 's', period: 'm', amount_rub: 490, status: 'paid' });
    // The paid link is closed.
    expect((await fetch(out.body.pay_url, { redirect: 'manual' })).status).toBe(410);
  });

  it('completes a payment whose notification never came by refresh', async () => {
    const who = await s.session('dropped@example.com');
    await withControl('dropNotifications', async () => {
      const out = await call(s.url, '/api/v1/payments/checkout', { session: who, json: { plan_code: 'm' } });
      await pay(out.body.pay_url, 'pay');
      expect((await current(who)).body.plan_paid).toBe(false);
      const refreshed = await call(s.url, `/api/v1/payments/${out.body.subscription_id}/refresh`, {
        session: who,
        method: 'POST',
      });
      expect(refreshed.body).toMatchObject({ state: 'active', payment_status: 'paid' });
      expect((await current(who)).body).toMatchObject({ plan_code: 'm', plan_paid: true });
    });
  });

  it('leaves a declined payment unpaid, and gives a new link for the same plan and amount after expiry', async () => {
    const who = await s.session('decline@example.com');
    const out = await call(s.url, '/api/v1/payments/checkout', {
      session: who,
      json: { plan_code: 'l', period: 'y' },
    });
    expect(await pay(out.body.pay_url, 'decline')).toContain('Payment declined');
    await waitFor(
      async () =>
        (await call(s.url, '/api/v1/payments/history', { session: who })).body[0]?.status === 'failed',
      'the decline notification',
    );
    expect((await current(who)).body.plan_paid).toBe(false);
    const other = await call(s.url, '/api/v1/payments/checkout', { session: who, json: { plan_code: 's' } });
    // An unpaid link expires after a day: a new one for the same plan and amount.
    s.clock.advance(2 * DAY);
    expect((await fetch(other.body.pay_url, { redirect: 'manual' })).status).toBe(410);
    const fresh = await call(s.url, `/api/v1/payments/${other.body.subscription_id}/new-link`, {
      session: who,
      method: 'POST',
    });
    expect(fresh.body.pay_url).not.toBe(other.body.pay_url);
    await pay(fresh.body.pay_url, 'pay');
    const plan = await untilPaid(who);
    expect(plan.plan_code).toBe('s');
    const history = (await call(s.url, '/api/v1/payments/history', { session: who })).body;
    expect(history.map((h: { status: string; amount_rub: number }) => [h.status, h.amount_rub])).toEqual([
      ['paid', 490],
      ['expired', 490],
      ['failed', 39900],
    ]);
    // Another account cannot touch the subscription.
    const stranger = await s.session('stranger@example.com');
    expect(
      (
        await call(s.url, `/api/v1/payments/${other.body.subscription_id}/refresh`, {
          session: stranger,
          method: 'POST',
        })
      ).status,
    ).toBe(404);
  });

  it('refuses unsigned and wrongly signed notifications, and applies a replay once', async () => {
    const who = await s.session('replay@example.com');
    const out = await call(s.url, '/api/v1/payments/checkout', { session: who, json: { plan_code: 's' } });
    await pay(out.body.pay_url, 'pay');
    await untilPaid(who);
    const sent = sandbox().sent.find((n) => n.body.includes('Status=Completed'))!;
    const hook = `${s.url}/api/v1/payments/webhook`;
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await fetch(hook, { method: 'POST', headers, body: sent.body })).status).toBe(401);
    const forged = await fetch(hook, {
      method: 'POST',
      headers: { ...headers, 'content-hmac': signNotification(sent.body, 'not the secret') },
      body: sent.body,
    });
    expect(forged.status).toBe(401);
    const before = (await call(s.url, '/api/v1/payments/history', { session: who })).body;
    const replay = await fetch(hook, {
      method: 'POST',
      headers: { ...headers, 'content-hmac': signNotification(sent.body, sandbox().apiSecret) },
      body: sent.body,
    });
    expect(await replay.json()).toEqual({ code: 0 });
    expect((await call(s.url, '/api/v1/payments/history', { session: who })).body).toEqual(before);
  });
});

describe('renewal and automatic renewal', () => {
  it('renews through the provider, goes past due on a failed charge and expires after the grace period', async () => {
    const who = await s.session('renew@example.com');
    const out = await call(s.url, '/api/v1/payments/checkout', { session: who, json: { plan_code: 's' } });
    await pay(out.body.pay_url, 'pay');
    const first = await untilPaid(who);
    const subId = /SubscriptionId=(sc_\w+)/.exec(sandbox().sent.at(-1)!.body)?.[1];
    expect(subId).toBeDefined();
    // The provider charges the next month: the period follows the first one.
    await fetch(`${sandbox().url}/sandbox/renew`, { method: 'POST', body: JSON.stringify({ Id: subId }) });
    const second = await waitFor(async () => {
      const c = (await current(who)).body;
      return c.expires_at !== first.expires_at ? c : undefined;
    }, 'the renewal');
    const next = new Date(first.expires_at);
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(second.expires_at).toBe(next.toISOString());
    // The next charge fails: past due, still in force during the grace period, then expired.
    await fetch(`${sandbox().url}/sandbox/renew`, {
      method: 'POST',
      body: JSON.stringify({ Id: subId, outcome: 'fail' }),
    });
    await waitFor(async () => (await current(who)).body.state === 'past_due', 'past due');
    expect((await current(who)).body.plan_paid).toBe(true);
    s.clock.advance(Date.parse(second.expires_at) - Date.now() + 4 * DAY);
    expect((await current(who)).body).toMatchObject({
      plan_code: 'free',
      plan_paid: false,
      state: 'expired',
    });
    expect((await call(s.url, '/api/v1/me', { session: who })).body.free_parses_total).toBe(1);
  });

  it('reports honestly when the provider refuses to cancel, and turns renewal off when it does', async () => {
    const who = await s.session('autorenew@example.com');
    const out = await call(s.url, '/api/v1/payments/checkout', { session: who, json: { plan_code: 'm' } });
    await pay(out.body.pay_url, 'pay');
    await untilPaid(who);
    expect((await call(s.url, '/api/v1/billing/autorenew', { session: who })).body).toMatchObject({
      enabled: true,
      plan_code: 'm',
    });
    await withControl('failCancel', async () => {
      const refused = await call(s.url, '/api/v1/billing/autorenew', {
        session: who,
        json: { enabled: false },
      });
      expect(refused.status).toBe(502);
      expect(refused.body).toMatchObject({ ok: false, enabled: true, error: 'provider_cancel_failed' });
    });
    const off = await call(s.url, '/api/v1/billing/autorenew', { session: who, json: { enabled: false } });
    expect(off.body).toMatchObject({ ok: true, enabled: false, plan_code: 'm' });
    expect(
      (await call(s.url, '/api/v1/billing/autorenew', { session: who, json: { enabled: true } })).body,
    ).toEqual({
      detail: 'checkout_required',
    });
    expect((await call(s.url, '/api/v1/billing/autorenew', { session: who, json: {} })).status).toBe(422);
  });
});

describe('back from the provider', () => {
  it("passes a return address to the provider, and the provider's page links back to the plans screen", async () => {
    const who = await s.session('return@example.com');
    const out = await call(s.url, '/api/v1/payments/checkout', { session: who, json: { plan_code: 's' } });
    const done = await pay(out.body.pay_url, 'pay');
    expect(done).toContain('Payment completed.');
    expect(done).toContain(`href="${s.publicUrl}/app/plans"`);
  });
});

describe('plan features in the language asked for', () => {
  it('serves the features in de, ru and it, and in English by default', async () => {
    const features = async (q: string) =>
      (await call(s.url, `/api/v1/plans${q}`)).body.find((p: { code: string }) => p.code === 'l').features;
    const en = await features('');
    expect(en).toContain('1,500 scanned invoices a period');
    expect(await features('?lang=en')).toEqual(en);
    expect(await features('?lang=de')).toContain('1.500 gescannte Rechnungen pro Zeitraum');
    expect(await features('?lang=ru')).toContain('1\u00a0500 сканированных счетов за период');
    expect(await features('?lang=it')).toContain('1500 fatture scansionate per periodo');
    // An unknown language is English.
    expect(await features('?lang=xx')).toEqual(en);
  });
});
