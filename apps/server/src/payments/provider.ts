// The payment provider as the service uses it (decisions §15): payment links, their state,
// cancelling a link that must no longer be paid, cancelling the subscription that renews a plan,
// and refunding a payment. One adapter speaks CloudPayments' public HTTP
// API (Basic auth with the public id and API secret); the local sandbox speaks the same API, so
// the same adapter drives both. Notifications are checked by `verifyNotification`.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface OrderRequest {
  /** Minor units (kopecks, cents). */
  amountMinor: number;
  currency: string;
  description: string;
  /** Our payment: `p<id>`; notifications carry it back. */
  invoiceId: string;
  accountId: string;
  email?: string;
  /** Renew automatically every `months` months. */
  recurrentMonths?: number;
  /** Where the provider's page sends the person back after paying (or declining). */
  returnUrl?: string;
}

export interface Order {
  id: string;
  url: string;
}

export type FoundState = 'paid' | 'declined' | 'pending';

export interface PaymentProvider {
  readonly name: string;
  createOrder(req: OrderRequest): Promise<Order>;
  findPayment(
    invoiceId: string,
  ): Promise<{ state: FoundState; transactionId?: string; subscriptionId?: string }>;
  /**
   * Cancels an order (a payment link) so that its page takes no payment any more; resolves false
   * (with the provider's message) when the provider refused or could not be reached.
   */
  cancelOrder(id: string): Promise<{ ok: boolean; message?: string }>;
  /** Resolves false (with the provider's message) when the provider refused or could not be reached. */
  cancelSubscription(id: string): Promise<{ ok: boolean; message?: string }>;
  /** Gives a settled payment back; resolves false (with the provider's message) when it could not. */
  refund(transactionId: string, amountMinor: number): Promise<{ ok: boolean; message?: string }>;
  /**
   * Whether the provider holds the transaction as refunded (`payments/get`); undefined when it
   * could not be asked or does not know it. Tells a refund that went through, its answer lost,
   * from one still owed.
   */
  isRefunded(transactionId: string): Promise<boolean | undefined>;
}

export interface CloudPaymentsOptions {
  baseUrl: string;
  publicId: string;
  apiSecret: string;
  timeoutMs?: number;
}

/** CloudPayments' answers share this envelope. */
interface Envelope<T> {
  Success: boolean;
  Message: string | null;
  Model?: T;
}

export class CloudPaymentsAdapter implements PaymentProvider {
  readonly name = 'cloudpayments';
  constructor(private readonly opts: CloudPaymentsOptions) {}

  private async post<T>(path: string, body: unknown): Promise<Envelope<T>> {
    const auth = Buffer.from(`${this.opts.publicId}:${this.opts.apiSecret}`).toString('base64');
    const res = await fetch(`${this.opts.baseUrl.replace(/\/+$/, '')}/${path}`, {
      method: 'POST',
      headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
    });
    if (!res.ok) throw new Error(`${path} answered HTTP ${res.status}`);
    return (await res.json()) as Envelope<T>;
  }

  async createOrder(req: OrderRequest): Promise<Order> {
    const r = await this.post<{ Id: string; Url: string }>('orders/create', {
      Amount: req.amountMinor / 100,
      Currency: req.currency,
      Description: req.description,
      Email: req.email,
      RequireConfirmation: false,
      SendEmail: false,
      InvoiceId: req.invoiceId,
      AccountId: req.accountId,
      ...(req.returnUrl ? { SuccessRedirectUrl: req.returnUrl, FailRedirectUrl: req.returnUrl } : {}),
      ...(req.recurrentMonths
        ? { JsonData: { CloudPayments: { recurrent: { interval: 'Month', period: req.recurrentMonths } } } }
        : {}),
    });
    if (!r.Success || !r.Model) throw new Error(`orders/create failed: ${r.Message ?? 'no reason given'}`);
    return { id: r.Model.Id, url: r.Model.Url };
  }

  async findPayment(invoiceId: string) {
    const r = await this.post<{ TransactionId: number; Status: string; SubscriptionId?: string | null }>(
      'payments/find',
      {
        InvoiceId: invoiceId,
      },
    );
    if (!r.Success || !r.Model) return { state: 'pending' as const };
    const state: FoundState =
      r.Model.Status === 'Completed' || r.Model.Status === 'Authorized'
        ? 'paid'
        : r.Model.Status === 'Declined' || r.Model.Status === 'Cancelled'
          ? 'declined'
          : 'pending';
    return {
      state,
      transactionId: String(r.Model.TransactionId),
      ...(r.Model.SubscriptionId ? { subscriptionId: r.Model.SubscriptionId } : {}),
    };
  }

  cancelOrder(id: string) {
    return this.ask('orders/cancel', { Id: id });
  }

  cancelSubscription(id: string) {
    return this.ask('subscriptions/cancel', { Id: id });
  }

  refund(transactionId: string, amountMinor: number) {
    return this.ask('payments/refund', { TransactionId: Number(transactionId), Amount: amountMinor / 100 });
  }

  async isRefunded(transactionId: string) {
    try {
      const r = await this.post<{ Status?: string; Refunded?: boolean }>('payments/get', {
        TransactionId: Number(transactionId),
      });
      if (!r.Success || !r.Model) return undefined;
      return r.Model.Refunded === true || r.Model.Status === 'Refunded';
    } catch {
      return undefined;
    }
  }

  /** A call whose answer is only whether it went through (and the provider's word when not). */
  private async ask(path: string, body: unknown): Promise<{ ok: boolean; message?: string }> {
    try {
      const r = await this.post<unknown>(path, body);
      return r.Success ? { ok: true } : { ok: false, message: r.Message ?? 'the provider refused' };
    } catch (err) {
      return { ok: false, message: (err as Error).message };
    }
  }
}

/** `Content-HMAC`: base64 HMAC-SHA256 of the raw body with the API secret, compared in constant time. */
export function signNotification(body: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

export function verifyNotification(body: Buffer, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(signNotification(body, secret));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
