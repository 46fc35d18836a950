// What the payments test files ask of a running test server and its sandbox provider, kept once:
// the plan in force, a checkout paid on the provider's page, the history, the notifications the
// sandbox sent and the renewals it is asked to charge.
import { expect } from 'vitest';
import { sandboxClient } from '../payments/sandbox/client.js';
import { call, type TestServer, type TestSession, waitFor } from './server.js';

/** `server`: the test server, asked when needed (a test file knows it once it started). */
export function paymentsKit(server: () => TestServer) {
  const sandbox = () => server().sandbox!;
  const client = sandboxClient(() => sandbox().url);
  const url = () => server().url;

  const current = (who: TestSession) => call(url(), '/api/v1/plans/current', { session: who });
  const untilPaid = (who: TestSession) =>
    waitFor(
      async () => ((await current(who)).body.plan_paid ? (await current(who)).body : undefined),
      'the plan to be paid',
    );
  const checkout = async (who: TestSession, plan_code: string, period: 'm' | 'y' = 'm') => {
    const out = await call(url(), '/api/v1/payments/checkout', { session: who, json: { plan_code, period } });
    expect(out.status).toBe(200);
    return out.body as { pay_url: string; amount_rub: number; subscription_id: number };
  };
  /** A checkout paid on the provider's page (its notification comes when the sandbox sends it). */
  const buy = async (who: TestSession, plan_code: string, period: 'm' | 'y' = 'm') => {
    const out = await checkout(who, plan_code, period);
    await client.pay(out.pay_url, 'pay');
    return out;
  };
  /** The account's payment history as [plan, status] pairs, newest first (`api`: a top-up). */
  const statuses = async (who: TestSession) =>
    (await call(url(), '/api/v1/payments/history', { session: who })).body.map(
      (h: { plan_code: string; status: string }) => [h.plan_code, h.status],
    );
  /** The provider's subscription id of the account's newest settled plan payment (from what it sent). */
  const providerSubOf = (who: TestSession, except: string[] = []) =>
    waitFor(() => {
      const sent = sandbox()
        .sent.filter((n) => n.body.includes(`AccountId=a${who.accountId}&`) && n.status === 200)
        .map((n) => /SubscriptionId=(sc_\w+)/.exec(n.body)?.[1])
        .filter((id): id is string => !!id && !except.includes(id));
      return sent.at(-1);
    }, 'the notification with the provider subscription');
  /** Has the sandbox charge (or fail to charge) the next period of a provider subscription. */
  const renewAtProvider = (id: string, outcome: 'pay' | 'fail' = 'pay') =>
    fetch(`${sandbox().url}/sandbox/renew`, { method: 'POST', body: JSON.stringify({ Id: id, outcome }) });

  /**
   * A link's page paid, its notification applied, then the same page, still open, paid again
   * while the sandbox drops notifications: the money is taken twice and the service never hears
   * of the second charge. `between` runs between the two payments (a clock moved on).
   */
  const payTwiceSecondLost = async (payUrl: string, between: () => void = () => {}) => {
    await client.withControl('holdNotifications', async () => {
      const page = await client.openPage(payUrl);
      expect(await client.press(page, 'pay')).toContain('Payment completed');
      expect(await client.release()).toEqual([200]);
      between();
      await client.withControl('dropNotifications', async () => {
        expect(await client.press(page, 'pay')).toContain('Payment completed');
      });
      expect(await client.release()).toEqual([]);
    });
  };

  return {
    sandbox,
    ...client,
    current,
    untilPaid,
    checkout,
    buy,
    statuses,
    providerSubOf,
    renewAtProvider,
    payTwiceSecondLost,
  };
}
