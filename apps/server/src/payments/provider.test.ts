// The CloudPayments adapter against answers recorded from CloudPayments' public API
// documentation (orders/create, orders/cancel, payments/find, payments/get, subscriptions/cancel), served by a small HTTP
// server that also records what the adapter sent. No credentials: the test makes its own.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloudPaymentsAdapter, signNotification, verifyNotification } from './provider.js';

const RECORDED: Record<string, unknown> = {
  '/orders/create': {
    Model: {
      Id: 'f2K8LV6reGE9WBFn',
      Number: 61,
      Amount: 490.0,
      Currency: 'RUB',
      CurrencyCode: 0,
      Email: 'client@test.local',
      Description: 'Invoice Reader Start, one month',
      RequireConfirmation: false,
      Url: 'https://orders.cloudpayments.ru/d/f2K8LV6reGE9WBFn',
    },
    Success: true,
    Message: null,
  },
  '/payments/find': {
    Model: {
      TransactionId: 504,
      Amount: 490.0,
      Currency: 'RUB',
      CurrencyCode: 0,
      InvoiceId: 'p12',
      AccountId: 'a3',
      CreatedDateIso: '2014-06-02T14:21:20',
      TestMode: true,
      Status: 'Completed',
      StatusCode: 3,
      Reason: 'Approved',
      ReasonCode: 0,
      SubscriptionId: 'sc_8cf8a9338fb8ebf7202b08d09c938',
    },
    Success: true,
    Message: null,
  },
  // payments/get answers the same transaction model, here for a transaction since refunded.
  '/payments/get': {
    Model: {
      TransactionId: 504,
      Amount: 490.0,
      Currency: 'RUB',
      InvoiceId: 'p12',
      Status: 'Completed',
      StatusCode: 3,
      Refunded: true,
    },
    Success: true,
    Message: null,
  },
  '/orders/cancel': { Success: true, Message: null },
  '/subscriptions/cancel': { Success: true, Message: null },
};

const received: Array<{ path: string; auth: string | undefined; body: Record<string, unknown> }> = [];
const server = createServer(async (req: IncomingMessage, res) => {
  let raw = '';
  for await (const c of req) raw += c;
  received.push({ path: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(raw || '{}') });
  const answer = RECORDED[req.url ?? ''] ?? { Success: false, Message: 'Not found' };
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
});
let adapter: CloudPaymentsAdapter;

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  adapter = new CloudPaymentsAdapter({ baseUrl: base, publicId: 'pk_test', apiSecret: 'secret_test' });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('CloudPayments adapter', () => {
  it('creates a payment link with the documented request and reads the answer', async () => {
    const order = await adapter.createOrder({
      amountMinor: 49_000,
      currency: 'RUB',
      description: 'Invoice Reader Start, one month',
      invoiceId: 'p12',
      accountId: 'a3',
      email: 'client@test.local',
      recurrentMonths: 1,
    });
    expect(order).toEqual({
      id: 'f2K8LV6reGE9WBFn',
      url: 'https://orders.cloudpayments.ru/d/f2K8LV6reGE9WBFn',
    });
    const sent = received.at(-1)!;
    expect(sent.path).toBe('/orders/create');
    expect(sent.auth).toBe(`Basic ${Buffer.from('pk_test:secret_test').toString('base64')}`);
    expect(sent.body).toMatchObject({
      Amount: 490,
      Currency: 'RUB',
      InvoiceId: 'p12',
      AccountId: 'a3',
      RequireConfirmation: false,
      JsonData: { CloudPayments: { recurrent: { interval: 'Month', period: 1 } } },
    });
  });

  it('finds a completed payment and its subscription', async () => {
    expect(await adapter.findPayment('p12')).toEqual({
      state: 'paid',
      transactionId: '504',
      subscriptionId: 'sc_8cf8a9338fb8ebf7202b08d09c938',
    });
    expect(received.at(-1)!.body).toEqual({ InvoiceId: 'p12' });
  });

  it('tells a refunded transaction, and answers nothing when the provider cannot say', async () => {
    expect(await adapter.isRefunded('504')).toBe(true);
    expect(received.at(-1)).toMatchObject({ path: '/payments/get', body: { TransactionId: 504 } });
    const broken = new CloudPaymentsAdapter({
      baseUrl: 'http://127.0.0.1:9/',
      publicId: 'x',
      apiSecret: 'y',
      timeoutMs: 2000,
    });
    expect(await broken.isRefunded('504')).toBeUndefined();
  });

  it('cancels a subscription, and reports the provider refusing', async () => {
    expect(await adapter.cancelSubscription('sc_1')).toEqual({ ok: true });
    expect(received.at(-1)).toMatchObject({ path: '/subscriptions/cancel', body: { Id: 'sc_1' } });
    const broken = new CloudPaymentsAdapter({
      baseUrl: 'http://127.0.0.1:9/',
      publicId: 'x',
      apiSecret: 'y',
      timeoutMs: 2000,
    });
    expect((await broken.cancelSubscription('sc_1')).ok).toBe(false);
  });

  it('cancels an order (a payment link), and reports the provider refusing', async () => {
    expect(await adapter.cancelOrder('f2K8LV6reGE9WBFn')).toEqual({ ok: true });
    expect(received.at(-1)).toMatchObject({ path: '/orders/cancel', body: { Id: 'f2K8LV6reGE9WBFn' } });
    const broken = new CloudPaymentsAdapter({
      baseUrl: 'http://127.0.0.1:9/',
      publicId: 'x',
      apiSecret: 'y',
      timeoutMs: 2000,
    });
    expect((await broken.cancelOrder('f2K8LV6reGE9WBFn')).ok).toBe(false);
  });

  it('verifies Content-HMAC over the raw body', () => {
    const body = Buffer.from('TransactionId=504&Amount=490.00&Status=Completed&InvoiceId=p12');
    const good = signNotification(body, 'secret_test');
    expect(verifyNotification(body, good, 'secret_test')).toBe(true);
    expect(verifyNotification(body, good, 'other')).toBe(false);
    expect(verifyNotification(Buffer.from(`${body}&Amount=1`), good, 'secret_test')).toBe(false);
    expect(verifyNotification(body, undefined, 'secret_test')).toBe(false);
  });
});
