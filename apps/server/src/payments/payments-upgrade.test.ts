// A plan bought over another, end to end over real HTTP with the sandbox provider: the old plan
// is cancelled at the provider (and a charge it still makes is refunded, never applied), a checkout
// whose notification was lost is shown beside the plan in force until refresh settles it, and only
// a bigger plan may be bought, at exactly the upgrade price quoted. Each test failed before its fix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsKit } from '../test-support/payments-kit.js';
import { call, startTestServer, type TestServer, waitFor } from '../test-support/server.js';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ FREE_API_PAGES: '0' });
});
afterAll(() => s.stop());

const DAY = 86_400_000;
const { sandbox, withControl, current, untilPaid, buy, providerSubOf, renewAtProvider } = paymentsKit(
  () => s,
);

describe('upgrading ends the old plan at the provider', () => {
  it('cancels the old subscription at the provider, so its scheduled charge never comes', async () => {
    const who = await s.session('upgrade-cancel@example.com');
    await buy(who, 'm');
    await untilPaid(who);
    const pro = await providerSubOf(who);
    await buy(who, 'l');
    // The Business notification is answered once the old one is cancelled at the provider.
    const business = await providerSubOf(who, [pro]);
    expect(business).not.toBe(pro);
    const charge = await renewAtProvider(pro);
    expect(charge.status).toBe(404);
    expect((await current(who)).body).toMatchObject({ plan_code: 'l', state: 'active' });
    const history = (await call(s.url, '/api/v1/payments/history', { session: who })).body;
    expect(history.map((h: { plan_code: string; status: string }) => [h.plan_code, h.status])).toEqual([
      ['l', 'paid'],
      ['m', 'paid'],
    ]);
  });

  it('when the provider refuses the cancel: says so, refunds a charge of the old plan without reviving it, and cancels it later', async () => {
    const who = await s.session('upgrade-refused@example.com');
    await buy(who, 'm');
    await untilPaid(who);
    const pro = await providerSubOf(who);
    await withControl('failCancel', async () => {
      await buy(who, 'l');
      await providerSubOf(who, [pro]);
      const renew = await call(s.url, '/api/v1/billing/autorenew', { session: who });
      expect(renew.body).toMatchObject({
        ok: true,
        enabled: true,
        plan_code: 'l',
        error: 'previous_plan_cancel_failed',
        message: 'Sandbox: cancel refused',
      });
      // The provider charges the old plan anyway: refunded, and the old plan is not in force again.
      // The service answers that notification once the refund is done, so the test waits for the
      // answer (a history read while the refund is under way still shows the charge paid).
      const answered = () => sandbox().sent.filter((n) => n.body.includes(`SubscriptionId=${pro}`)).length;
      const before = answered();
      expect((await renewAtProvider(pro)).status).toBe(200);
      await waitFor(() => answered() > before, 'the renewal of the replaced plan');
      const history = (await call(s.url, '/api/v1/payments/history', { session: who })).body;
      expect(history).toHaveLength(3);
      expect(history[0]).toMatchObject({ plan_code: 'm', status: 'refunded', amount_rub: 1490 });
      expect((await current(who)).body).toMatchObject({ plan_code: 'l', state: 'active' });
      expect((await call(s.url, '/api/v1/me', { session: who })).body.free_parses_total).toBe(1500);
    });
    // Asked again (the plans screen reads the renewal state), the provider cancels it.
    const renew = await call(s.url, '/api/v1/billing/autorenew', { session: who });
    expect(renew.body).toEqual({ ok: true, enabled: true, plan_code: 'l', expires_at: expect.any(String) });
    expect((await renewAtProvider(pro)).status).toBe(404);
  });
});

describe('a payment whose notification was lost', () => {
  it('shows the pending checkout in /plans/current beside the plan in force, until refresh settles it', async () => {
    const who = await s.session('pending-shown@example.com');
    await buy(who, 'm');
    await untilPaid(who);
    await withControl('dropNotifications', async () => {
      const out = await buy(who, 'l');
      expect((await current(who)).body).toMatchObject({
        plan_code: 'm',
        plan_paid: true,
        state: 'pending_payment',
        subscription_id: out.subscription_id,
      });
      const refreshed = await call(s.url, `/api/v1/payments/${out.subscription_id}/refresh`, {
        session: who,
        method: 'POST',
      });
      expect(refreshed.body).toMatchObject({ state: 'active', payment_status: 'paid' });
      expect((await current(who)).body).toMatchObject({
        plan_code: 'l',
        state: 'active',
        subscription_id: out.subscription_id,
      });
    });
  });

  it('replaces an abandoned checkout by a new one: the old link no longer opens', async () => {
    const who = await s.session('pending-replaced@example.com');
    const first = await call(s.url, '/api/v1/payments/checkout', { session: who, json: { plan_code: 'm' } });
    expect((await current(who)).body).toMatchObject({
      state: 'pending_payment',
      subscription_id: first.body.subscription_id,
    });
    const second = await call(s.url, '/api/v1/payments/checkout', { session: who, json: { plan_code: 's' } });
    expect((await current(who)).body.subscription_id).toBe(second.body.subscription_id);
    expect((await fetch(first.body.pay_url, { redirect: 'manual' })).status).toBe(410);
    const history = (await call(s.url, '/api/v1/payments/history', { session: who })).body;
    expect(history.map((h: { plan_code: string; status: string }) => [h.plan_code, h.status])).toEqual([
      ['s', 'pending'],
      ['m', 'expired'],
    ]);
  });
});

describe('the upgrade rule at checkout', () => {
  it('refuses a smaller or equal plan while a bigger one is in force, and charges nothing', async () => {
    const who = await s.session('downgrade@example.com');
    await buy(who, 'm');
    await untilPaid(who);
    for (const [plan_code, period] of [
      ['s', 'm'],
      ['s', 'y'],
      ['m', 'm'],
    ]) {
      const out = await call(s.url, '/api/v1/payments/checkout', {
        session: who,
        json: { plan_code, period },
      });
      expect([out.status, out.body]).toEqual([409, { detail: 'not_an_upgrade' }]);
    }
    expect(
      (await call(s.url, '/api/v1/plans/upgrade-price?to=s&period=y', { session: who })).body,
    ).toMatchObject({ upgrade: false, amount_rub: 0 });
    expect((await call(s.url, '/api/v1/payments/history', { session: who })).body).toHaveLength(1);
    expect((await call(s.url, '/api/v1/me', { session: who })).body.free_parses_total).toBe(300);
    // The same plan for a longer period is an upgrade.
    const yearly = await call(s.url, '/api/v1/payments/checkout', {
      session: who,
      json: { plan_code: 'm', period: 'y' },
    });
    expect(yearly.status).toBe(200);
  });

  it('charges exactly the upgrade price it quoted, in whole roubles', async () => {
    const who = await s.session('quote@example.com');
    await buy(who, 'm');
    await untilPaid(who);
    // Some days and an odd number of milliseconds into the period: the credit is not whole roubles.
    s.clock.advance(3 * DAY + 7_777);
    const quote = (await call(s.url, '/api/v1/plans/upgrade-price?to=l&period=m', { session: who })).body;
    expect(quote.upgrade).toBe(true);
    expect(quote.amount_rub).toBeLessThan(3990);
    const out = await call(s.url, '/api/v1/payments/checkout', { session: who, json: { plan_code: 'l' } });
    expect(out.body.amount_rub).toBe(quote.amount_rub);
    const history = (await call(s.url, '/api/v1/payments/history', { session: who })).body;
    expect(history[0]).toMatchObject({ plan_code: 'l', status: 'pending', amount_rub: quote.amount_rub });
  });
});
