// The sandbox payment provider: a real HTTP server speaking the subset of CloudPayments' API the
// service uses (orders/create, orders/cancel, payments/find, subscriptions/cancel,
// payments/refund, Basic auth),
// with a payment page whose "Pay" and "Decline" buttons settle the payment and send a signed
// notification (`Content-HMAC`) to the service's webhook, as the real provider does; the settled
// page links back to the order's SuccessRedirectUrl (or FailRedirectUrl). It is what `npm start`
// uses when no provider credentials are configured, and what the tests pay with. `/sandbox/*`
// lets a test drop, delay or hold back notifications (and deliver the held ones late), fail a
// cancel, a lookup (every one, or one invoice's) or a refund, or charge a subscription's renewal;
// it records the lookups asked (`finds`). A page stays payable after it was paid (a second
// charge, as a double click makes) until its order is cancelled.
// State lives in memory: a restarted sandbox has forgotten its orders.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '../../auth/texts.js';
import { signNotification } from '../provider.js';

interface SandboxOrder {
  id: string;
  amount: number;
  currency: string;
  description: string;
  invoiceId: string;
  accountId: string;
  recurrentMonths?: number;
  /** SuccessRedirectUrl / FailRedirectUrl: where the page sends the person back. */
  successUrl?: string;
  failUrl?: string;
  /** orders/cancel: the page takes no payment any more. */
  cancelled?: boolean;
}

interface Transaction {
  id: number;
  invoiceId: string;
  amount: number;
  status: 'Completed' | 'Declined' | 'Refunded';
  subscriptionId?: string;
}

interface SandboxSubscription {
  id: string;
  order: SandboxOrder;
  status: 'Active' | 'Cancelled';
}

export interface SandboxControls {
  /** Settled payments send no notification (the service must ask with refresh). */
  dropNotifications: boolean;
  /** Notifications wait this long before they are sent. */
  delayMs: number;
  /** Settled payments keep their notification until `POST /sandbox/release` sends it (a late one). */
  holdNotifications: boolean;
  /** subscriptions/cancel answers Success: false. */
  failCancel: boolean;
  /** orders/cancel answers Success: false (the order's page stays payable). */
  failOrderCancel: boolean;
  /** payments/find answers HTTP 503 (the provider cannot be asked). */
  failFind: boolean;
  /** payments/find answers HTTP 503 for these invoices only (one lookup fails, the others answer). */
  failFindFor: string[];
  /** payments/refund answers Success: false (the charge stays refundable, a later refund may pass). */
  failRefund: boolean;
  /** payments/refund refunds, then drops the connection unanswered (the service never hears it went through). */
  loseRefundAnswer: boolean;
}

export interface Sandbox {
  url: string;
  publicId: string;
  apiSecret: string;
  controls: SandboxControls;
  /** Notifications sent so far (for tests), newest last. */
  sent: Array<{ body: string; status: number }>;
  /** Refunds asked for so far (for tests), newest last: the transaction and whether it was refunded. */
  refunds: Array<{ transactionId: string; ok: boolean }>;
  /** The invoices payments/find was asked about so far (for tests: who was asked), newest last. */
  finds: string[];
  close(): Promise<void>;
}

export interface SandboxOptions {
  /** Where notifications go: the service's POST /api/v1/payments/webhook. */
  notifyUrl: string;
  apiSecret: string;
  publicId?: string;
  port?: number;
  host?: string;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

export async function startSandbox(opts: SandboxOptions): Promise<Sandbox> {
  const publicId = opts.publicId ?? 'pk_sandbox';
  const orders = new Map<string, SandboxOrder>();
  const transactions: Transaction[] = [];
  const subs = new Map<string, SandboxSubscription>();
  const controls: SandboxControls = {
    dropNotifications: false,
    delayMs: 0,
    holdNotifications: false,
    failCancel: false,
    failOrderCancel: false,
    failFind: false,
    failFindFor: [],
    failRefund: false,
    loseRefundAnswer: false,
  };
  const sent: Sandbox['sent'] = [];
  const refunds: Sandbox['refunds'] = [];
  const finds: Sandbox['finds'] = [];
  /** Notifications held back (`holdNotifications`), oldest first. */
  const held: string[] = [];
  let nextTx = 1000;
  let url = '';

  const authorised = (req: IncomingMessage) => {
    const expected = Buffer.from(`Basic ${Buffer.from(`${publicId}:${opts.apiSecret}`).toString('base64')}`);
    const given = Buffer.from(req.headers.authorization ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  /** Sends one notification; resolves with the service's answer (0: not reached). */
  const deliver = (body: string): Promise<number> =>
    fetch(opts.notifyUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-hmac': signNotification(body, opts.apiSecret),
      },
      body,
    }).then(
      (r) => {
        sent.push({ body, status: r.status });
        return r.status;
      },
      () => {
        sent.push({ body, status: 0 });
        return 0;
      },
    );

  const notify = (fields: Record<string, string>) => {
    if (controls.dropNotifications) return;
    const body = new URLSearchParams(fields).toString();
    if (controls.holdNotifications) {
      held.push(body);
      return;
    }
    setTimeout(() => void deliver(body), controls.delayMs);
  };

  const settle = (order: SandboxOrder, pay: boolean, subscription?: SandboxSubscription) => {
    const tx: Transaction = {
      id: nextTx++,
      invoiceId: order.invoiceId,
      amount: order.amount,
      status: pay ? 'Completed' : 'Declined',
    };
    if (pay && order.recurrentMonths && !subscription) {
      subscription = { id: `sc_${randomBytes(6).toString('hex')}`, order, status: 'Active' };
      subs.set(subscription.id, subscription);
    }
    if (subscription) tx.subscriptionId = subscription.id;
    transactions.push(tx);
    notify({
      TransactionId: String(tx.id),
      Amount: order.amount.toFixed(2),
      Currency: order.currency,
      DateTime: new Date().toISOString().replace('T', ' ').slice(0, 19),
      Status: tx.status,
      OperationType: 'Payment',
      InvoiceId: order.invoiceId,
      AccountId: order.accountId,
      ...(tx.subscriptionId ? { SubscriptionId: tx.subscriptionId } : {}),
      ...(pay ? {} : { Reason: 'InsufficientFunds', ReasonCode: '5051' }),
      TestMode: '1',
    });
    return tx;
  };

  /** Only an http(s) address is offered as the way back. */
  const backTo = (target: string | undefined) =>
    target && /^https?:\/\//i.test(target)
      ? `<p><a href="${escapeHtml(target)}">Back to the shop</a></p>`
      : '';

  const page = (order: SandboxOrder, message?: string, back?: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sandbox payment</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem}button{font-size:1rem;padding:.5rem 1.2rem;margin-right:.5rem}</style></head>
<body><main><h1>Sandbox payment</h1><p>No real money moves here.</p>
<p><strong>${escapeHtml(order.description)}</strong></p>
<p id="amount">${order.amount.toFixed(2)} ${escapeHtml(order.currency)}</p>
${message ? `<p role="status">${escapeHtml(message)}</p>${backTo(back)}` : `<form method="post"><button name="action" value="pay">Pay</button><button name="action" value="decline">Decline</button></form>`}
</main></body></html>`;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
    const payPage = /^\/pay\/([\w-]+)$/.exec(path);
    if (payPage) {
      const order = orders.get(payPage[1]!);
      if (!order) return json(res, 404, { Success: false, Message: 'no such order' });
      if (order.cancelled)
        return res
          .writeHead(req.method === 'GET' ? 200 : 410, { 'content-type': 'text/html; charset=utf-8' })
          .end(page(order, 'This payment was cancelled by the shop.'));
      if (req.method === 'GET')
        return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(order));
      const action = new URLSearchParams(await bodyOf(req)).get('action');
      if (action !== 'pay' && action !== 'decline')
        return json(res, 400, { Success: false, Message: 'action: pay or decline' });
      const tx = settle(order, action === 'pay');
      const paid = tx.status === 'Completed';
      const done = paid ? 'Payment completed.' : 'Payment declined.';
      return res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(page(order, done, paid ? order.successUrl : order.failUrl));
    }
    if (req.method !== 'POST') return json(res, 404, { Success: false, Message: 'not found' });
    if (path.startsWith('/sandbox/')) return control(path, req, res);
    if (!authorised(req)) return json(res, 401, { Success: false, Message: 'Authentication failed' });
    const body = JSON.parse((await bodyOf(req)) || '{}') as Record<string, unknown>;
    /** A transaction as payments/find and payments/get answer it. */
    const transactionModel = (tx: Transaction | undefined) =>
      tx
        ? json(res, 200, {
            Success: true,
            Message: null,
            Model: {
              TransactionId: tx.id,
              Status: tx.status,
              InvoiceId: tx.invoiceId,
              SubscriptionId: tx.subscriptionId ?? null,
              Refunded: tx.status === 'Refunded',
            },
          })
        : json(res, 200, { Success: false, Message: 'Not found', Model: null });
    if (path === '/orders/create') {
      const recurrent = (body.JsonData as { CloudPayments?: { recurrent?: { period?: number } } } | undefined)
        ?.CloudPayments?.recurrent;
      const order: SandboxOrder = {
        id: randomBytes(8).toString('hex'),
        amount: Number(body.Amount),
        currency: String(body.Currency ?? 'RUB'),
        description: String(body.Description ?? ''),
        invoiceId: String(body.InvoiceId ?? ''),
        accountId: String(body.AccountId ?? ''),
        ...(recurrent?.period ? { recurrentMonths: recurrent.period } : {}),
        ...(typeof body.SuccessRedirectUrl === 'string' ? { successUrl: body.SuccessRedirectUrl } : {}),
        ...(typeof body.FailRedirectUrl === 'string' ? { failUrl: body.FailRedirectUrl } : {}),
      };
      if (!(order.amount > 0))
        return json(res, 200, { Success: false, Message: 'Amount must be positive', Model: null });
      orders.set(order.id, order);
      return json(res, 200, {
        Success: true,
        Message: null,
        Model: {
          Id: order.id,
          Number: orders.size,
          Amount: order.amount,
          Currency: order.currency,
          Url: `${url}/pay/${order.id}`,
        },
      });
    }
    if (path === '/orders/cancel') {
      const order = orders.get(String(body.Id));
      if (controls.failOrderCancel)
        return json(res, 200, { Success: false, Message: 'Sandbox: order cancel refused' });
      if (!order) return json(res, 200, { Success: false, Message: 'Order not found' });
      order.cancelled = true;
      return json(res, 200, { Success: true, Message: null });
    }
    if (path === '/payments/find') {
      finds.push(String(body.InvoiceId));
      if (controls.failFind || controls.failFindFor.includes(String(body.InvoiceId)))
        return json(res, 503, { Success: false, Message: 'Sandbox: unavailable' });
      return transactionModel(transactions.filter((t) => t.invoiceId === String(body.InvoiceId)).at(-1));
    }
    if (path === '/subscriptions/cancel') {
      const sub = subs.get(String(body.Id));
      if (controls.failCancel) return json(res, 200, { Success: false, Message: 'Sandbox: cancel refused' });
      if (!sub) return json(res, 200, { Success: false, Message: 'Subscription not found' });
      sub.status = 'Cancelled';
      return json(res, 200, { Success: true, Message: null });
    }
    if (path === '/payments/refund') {
      const tx = transactions.find((t) => String(t.id) === String(body.TransactionId));
      const refused = (message: string) => {
        refunds.push({ transactionId: String(body.TransactionId), ok: false });
        return json(res, 200, { Success: false, Message: message });
      };
      if (controls.failRefund) return refused('Sandbox: refund refused');
      // A refunded transaction is not refundable again: a second refund of it is refused.
      if (tx?.status !== 'Completed' || !tx) return refused('Transaction not found or not refundable');
      if (Number(body.Amount) > tx.amount) return refused('Amount exceeds the payment');
      tx.status = 'Refunded';
      refunds.push({ transactionId: String(tx.id), ok: true });
      if (controls.loseRefundAnswer) return void res.socket?.destroy();
      return json(res, 200, { Success: true, Message: null, Model: { TransactionId: nextTx++ } });
    }
    if (path === '/payments/get') {
      return transactionModel(transactions.find((t) => String(t.id) === String(body.TransactionId)));
    }
    return json(res, 404, { Success: false, Message: 'not found' });
  };

  /** Test and development controls. */
  const control = async (path: string, req: IncomingMessage, res: ServerResponse) => {
    const body = JSON.parse((await bodyOf(req)) || '{}') as Record<string, unknown>;
    if (path === '/sandbox/controls') {
      if (typeof body.dropNotifications === 'boolean') controls.dropNotifications = body.dropNotifications;
      if (typeof body.delayMs === 'number') controls.delayMs = body.delayMs;
      if (typeof body.failCancel === 'boolean') controls.failCancel = body.failCancel;
      if (typeof body.failOrderCancel === 'boolean') controls.failOrderCancel = body.failOrderCancel;
      if (typeof body.holdNotifications === 'boolean') controls.holdNotifications = body.holdNotifications;
      if (typeof body.failFind === 'boolean') controls.failFind = body.failFind;
      if (Array.isArray(body.failFindFor)) controls.failFindFor = body.failFindFor.map(String);
      if (typeof body.failRefund === 'boolean') controls.failRefund = body.failRefund;
      if (typeof body.loseRefundAnswer === 'boolean') controls.loseRefundAnswer = body.loseRefundAnswer;
      return json(res, 200, { Success: true, Model: controls });
    }
    if (path === '/sandbox/release') {
      // The held notifications, sent now, one after another; answered once the service answered
      // each (its HTTP statuses), so a test knows the late notification has been applied.
      const statuses: number[] = [];
      for (const next of held.splice(0)) statuses.push(await deliver(next));
      return json(res, 200, { Success: true, Model: { delivered: statuses } });
    }
    if (path === '/sandbox/renew') {
      // The provider's scheduled charge of a subscription: paid, or failed (the card was declined).
      const sub = subs.get(String(body.Id));
      if (sub?.status !== 'Active')
        return json(res, 404, { Success: false, Message: 'no active subscription' });
      const tx = settle(sub.order, body.outcome !== 'fail', sub);
      return json(res, 200, { Success: true, Model: { TransactionId: tx.id, Status: tx.status } });
    }
    return json(res, 404, { Success: false, Message: 'not found' });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) =>
      json(res, 400, { Success: false, Message: String((err as Error).message) }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  url = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  return {
    url,
    publicId,
    apiSecret: opts.apiSecret,
    controls,
    sent,
    refunds,
    finds,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
