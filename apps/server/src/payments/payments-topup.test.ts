// The API balance's top-ups end to end over real HTTP: the service and its sandbox provider both
// run; the tests pay by posting the sandbox page's form as a person's browser would. A top-up has
// no subscription: it is settled by its notification or by the top-up check, credited once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsKit } from '../test-support/payments-kit.js';
import {
  call,
  junkPng,
  startTestServer,
  type TestServer,
  type TestSession,
  waitFor,
} from '../test-support/server.js';
import { sqlRow } from '../test-support/sql.js';
import { signNotification } from './provider.js';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ FREE_API_PAGES: '0' });
});
afterAll(() => s.stop());

const { sandbox, controls, withControl, release, openPage, press, pay, statuses } = paymentsKit(() => s);

describe('API balance top-up', () => {
  it('pays a top-up in the sandbox, after which a scanned /v1 parse that got 402 is accepted', async () => {
    const who = await s.session('topup@example.com');
    const key = (await call(s.url, '/api/v1/api/keys', { session: who, json: { label: 'k' } })).body.key;
    const before = await call(s.url, '/v1/parse', {
      key,
      body: (() => {
        const f = new FormData();
        f.set('file', new Blob([junkPng(1)]), 'scan.png');
        return f;
      })(),
    });
    expect([before.status, before.body]).toEqual([402, { detail: 'insufficient_balance' }]);
    expect(
      (await call(s.url, '/api/v1/api/topup', { session: who, json: { amount_minor: 700 } })).body,
    ).toEqual({
      detail: 'below_minimum_top_up',
    });
    const link = await call(s.url, '/api/v1/api/topup', {
      session: who,
      json: { amount_minor: 79_000, currency: 'RUB' },
    });
    expect(link.body).toMatchObject({ amount: '790.00', currency: 'RUB', credit_eur: '8.00' });
    await pay(link.body.pay_url, 'pay');
    await waitFor(
      async () => (await call(s.url, '/v1/usage', { key })).body.balance === '8.00',
      'the balance',
    );
    const f = new FormData();
    f.set('file', new Blob([junkPng(2)]), 'scan.png');
    expect((await call(s.url, '/v1/parse', { key, body: f })).status).toBe(200);
  });
});

describe('a top-up whose notification was lost', () => {
  const EUR = 1250;
  const topUpLink = async (who: TestSession) => {
    const out = await call(s.url, '/api/v1/api/topup', {
      session: who,
      json: { amount_minor: EUR, currency: 'EUR' },
    });
    expect(out.status).toBe(200);
    return out.body.pay_url as string;
  };
  const refreshTopUp = (who: TestSession) =>
    call(s.url, '/api/v1/api/topup/refresh', { session: who, method: 'POST' });
  const balance = async (who: TestSession) =>
    (await call(s.url, '/api/v1/api/balance', { session: who })).body.balance_minor as number;
  /** Top-up rows in the account's ledger: one per credited top-up. */
  const credits = async (who: TestSession) =>
    (
      await sqlRow(
        s.db,
        "select count(*) as n from ledger where account_id = ? and kind = 'topup'",
        who.accountId,
      )
    )?.n;

  it('is credited by refresh once, however often it is asked', async () => {
    const who = await s.session('topup-dropped@example.com');
    await withControl('dropNotifications', async () => {
      await pay(await topUpLink(who), 'pay');
      expect(await balance(who)).toBe(0);
      const history = (await call(s.url, '/api/v1/payments/history', { session: who })).body;
      expect(history[0]).toMatchObject({ plan_code: 'api', status: 'pending' });
      const refreshed = await refreshTopUp(who);
      expect([refreshed.status, refreshed.body]).toEqual([
        200,
        {
          ok: true,
          payment_status: 'paid',
          amount: '12.50',
          currency: 'EUR',
          credit_eur: '12.50',
          paid_at: expect.any(String),
          balance: '12.50',
        },
      ]);
      expect((await refreshTopUp(who)).body).toMatchObject({ payment_status: 'paid', balance: '12.50' });
      expect(await balance(who)).toBe(EUR);
      expect(await credits(who)).toBe(1);
      expect((await call(s.url, '/api/v1/payments/history', { session: who })).body[0]).toMatchObject({
        plan_code: 'api',
        status: 'paid',
        provider_ref: expect.stringMatching(/^\d+$/),
      });
    });
  });

  it('is credited once when the notification comes after a refresh credited it', async () => {
    const who = await s.session('topup-late@example.com');
    await withControl('holdNotifications', async () => {
      await pay(await topUpLink(who), 'pay');
      expect((await refreshTopUp(who)).body).toMatchObject({ payment_status: 'paid', balance: '12.50' });
      // The provider's notification, late: taken ({"code":0} with 200) and changes nothing.
      expect(await release()).toEqual([200]);
      expect(await balance(who)).toBe(EUR);
      expect(await credits(who)).toBe(1);
    });
  });

  it('is credited once when a refresh comes after the notification credited it', async () => {
    const who = await s.session('topup-webhook-first@example.com');
    await withControl('holdNotifications', async () => {
      await pay(await topUpLink(who), 'pay');
      expect(await release()).toEqual([200]);
      expect(await balance(who)).toBe(EUR);
      expect((await refreshTopUp(who)).body).toMatchObject({ payment_status: 'paid', balance: '12.50' });
      expect(await balance(who)).toBe(EUR);
      expect(await credits(who)).toBe(1);
    });
  });

  it('is credited once when the notification and a refresh arrive together', async () => {
    const who = await s.session('topup-together@example.com');
    await withControl('holdNotifications', async () => {
      await pay(await topUpLink(who), 'pay');
      const [refreshed, delivered] = await Promise.all([refreshTopUp(who), release()]);
      expect(refreshed.body).toMatchObject({ payment_status: 'paid' });
      expect(delivered).toEqual([200]);
      expect(await balance(who)).toBe(EUR);
      expect(await credits(who)).toBe(1);
    });
  });

  it('says a declined or unpaid top-up as it is, credits nothing, and 404 without a top-up', async () => {
    const who = await s.session('topup-declined@example.com');
    expect((await refreshTopUp(who)).body).toEqual({ detail: 'payment_not_found' });
    expect((await refreshTopUp(who)).status).toBe(404);
    await withControl('dropNotifications', async () => {
      const link = await topUpLink(who);
      // Not paid yet: the provider knows no payment; it stays pending.
      expect((await refreshTopUp(who)).body).toMatchObject({ payment_status: 'pending', balance: '0.00' });
      await pay(link, 'decline');
      expect((await refreshTopUp(who)).body).toMatchObject({ payment_status: 'failed', balance: '0.00' });
      expect(await credits(who)).toBe(0);
    });
  });

  it('checks an older top-up paid after a newer link was made', async () => {
    const who = await s.session('topup-older@example.com');
    await withControl('dropNotifications', async () => {
      const older = await topUpLink(who);
      await topUpLink(who);
      await pay(older, 'pay');
      // The newest top-up still waits; the older one is paid and credited.
      expect((await refreshTopUp(who)).body).toMatchObject({ payment_status: 'pending', balance: '12.50' });
      expect(await credits(who)).toBe(1);
    });
  });

  it('answers 502 provider_unavailable when the provider cannot be asked, and changes nothing', async () => {
    const who = await s.session('topup-unreachable@example.com');
    await controls({ dropNotifications: true, failFind: true });
    try {
      await pay(await topUpLink(who), 'pay');
      const refused = await refreshTopUp(who);
      expect([refused.status, refused.body]).toEqual([502, { detail: 'provider_unavailable' }]);
      expect(await balance(who)).toBe(0);
    } finally {
      await controls({ dropNotifications: false, failFind: false });
    }
    expect((await refreshTopUp(who)).body).toMatchObject({ payment_status: 'paid', balance: '12.50' });
  });
});

describe('a link paid after it was no longer awaited', () => {
  it('credits a top-up declined first and then paid on the same page', async () => {
    const who = await s.session('topup-declined-then-paid@example.com');
    await withControl('holdNotifications', async () => {
      const out = await call(s.url, '/api/v1/api/topup', {
        session: who,
        json: { amount_minor: 1000, currency: 'EUR' },
      });
      const page = await openPage(out.body.pay_url);
      await press(page, 'decline');
      await press(page, 'pay');
      expect(await release()).toEqual([200, 200]);
      expect((await call(s.url, '/api/v1/api/balance', { session: who })).body.balance_minor).toBe(1000);
      expect(await statuses(who)).toEqual([['api', 'paid']]);
    });
  });
});

describe('a top-up paid twice', () => {
  it('refunds a second charge of a top-up already credited, once, and credits nothing more', async () => {
    const who = await s.session('topup-paid-twice@example.com');
    const refundsOf = (tx: string) => sandbox().refunds.filter((r) => r.transactionId === tx);
    const balance = async () =>
      (await call(s.url, '/api/v1/api/balance', { session: who })).body.balance_minor as number;
    await withControl('holdNotifications', async () => {
      const out = await call(s.url, '/api/v1/api/topup', {
        session: who,
        json: { amount_minor: 1000, currency: 'EUR' },
      });
      const page = await openPage(out.body.pay_url);
      await press(page, 'pay');
      expect(await release()).toEqual([200]);
      expect(await balance()).toBe(1000);
      // The page, still open, takes the money a second time.
      expect(await press(page, 'pay')).toContain('Payment completed');
      expect(await release()).toEqual([200]);
      const tx = new URLSearchParams(sandbox().sent.at(-1)!.body).get('TransactionId')!;
      expect(refundsOf(tx)).toEqual([{ transactionId: tx, ok: true }]);
      // Repeated, it refunds nothing more.
      const body = sandbox().sent.at(-1)!.body;
      const repeat = await fetch(`${s.url}/api/v1/payments/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-hmac': signNotification(body, sandbox().apiSecret),
        },
        body,
      });
      expect(await repeat.json()).toEqual({ code: 0 });
      expect(refundsOf(tx)).toHaveLength(1);
      expect(await balance()).toBe(1000);
      expect(await statuses(who)).toEqual([
        ['api', 'refunded'],
        ['api', 'paid'],
      ]);
      // The top-up check still answers the top-up itself, credited once.
      const check = await call(s.url, '/api/v1/api/topup/refresh', { session: who, method: 'POST' });
      expect(check.body).toMatchObject({ payment_status: 'paid', balance: '10.00' });
    });
  });
});
