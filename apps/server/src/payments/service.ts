// Plans and payments (decisions §14): a checkout makes a subscription `pending_payment` and a
// payment `pending` behind a short link; the provider's notification (or a refresh that asks it)
// makes the payment `paid` and the subscription `active` until the period's end. The provider's
// subscription renews it (a new paid period) or fails (`past_due`); after the grace period it is
// `expired`. A paid plan raises the web allowance. Every notification is applied once.
import { randomBytes } from 'node:crypto';
import {
  type Account,
  accountById,
  type Db,
  insertPayment,
  insertSubscription,
  inTransaction,
  latestPaymentOf,
  latestSubscription,
  type Payment,
  paymentById,
  recordProviderEvent,
  type Subscription,
  subscriptionById,
  subscriptionByProviderId,
  updatePayment,
  updateSubscription,
} from '@invoice-reader/db';
import { topUp } from '../billing/billing.js';
import type { Clock } from '../clock.js';
import { HttpError } from '../http/errors.js';
import type { Logger } from '../log.js';
import { setPlanAllowance } from './allowance.js';
import { FREE_PLAN, type Period, type Plan, periodEnd, planOf, priceMinor } from './plans.js';
import type { PaymentProvider } from './provider.js';

/** A payment link is valid this long; `new-link` replaces an expired one. */
export const LINK_HOURS = 24;
/** A renewal that failed leaves the plan in force (`past_due`) this long, then it expires. */
export const GRACE_DAYS = 3;
const DAY = 86_400_000;

export interface PaymentsDeps {
  db: Db;
  provider: PaymentProvider;
  clock: Clock;
  log: Logger;
  publicUrl: string;
}

export interface Notification {
  kind: 'pay' | 'fail';
  transactionId: string;
  invoiceId: string;
  subscriptionId?: string;
}

export class Payments {
  constructor(private readonly d: PaymentsDeps) {}

  private now = () => this.d.clock.now();
  clockNow = () => this.d.clock.now();

  /** The subscription in force, with time applied: an ended period turns `past_due` or `expired`. */
  current(accountId: number): Subscription | undefined {
    const sub = latestSubscription(this.d.db, accountId);
    if (!sub?.expiresAt) return sub;
    const now = this.now().getTime();
    const end = Date.parse(sub.expiresAt);
    let state = sub.state;
    if (state === 'active' && now >= end) state = sub.autorenew ? 'past_due' : 'expired';
    if (state === 'past_due' && now >= end + GRACE_DAYS * DAY) state = 'expired';
    if (state === 'cancelled' && now >= end) state = 'expired';
    if (state !== sub.state) {
      updateSubscription(this.d.db, sub.id, { state });
      if (state === 'expired') setPlanAllowance(this.d.db, accountId, FREE_PLAN);
    }
    return { ...sub, state };
  }

  /** Plan in force: a paid one while active, past due (within grace) or cancelled (until its end). */
  planOf(accountId: number): { plan: Plan; sub?: Subscription; paid: boolean } {
    const sub = this.current(accountId);
    const paid = !!sub && ['active', 'past_due', 'cancelled'].includes(sub.state);
    const plan = (paid && sub && planOf(sub.planCode)) || FREE_PLAN;
    return { plan, paid, ...(sub ? { sub } : {}) };
  }

  /** Days of the paid period left (whole days, rounded up), or null without a paid plan. */
  daysLeft(sub: Subscription | undefined): number | null {
    if (!sub?.expiresAt || !['active', 'past_due', 'cancelled'].includes(sub.state)) return null;
    return Math.max(0, Math.ceil((Date.parse(sub.expiresAt) - this.now().getTime()) / DAY));
  }

  /** The price of moving to `to`: the full price less what is left of the current paid period. */
  upgradeQuote(accountId: number, to: Plan, period: Period) {
    const full = priceMinor(to, period);
    const { plan: from, sub, paid } = this.planOf(accountId);
    if (!paid || !sub?.expiresAt || !sub.paidAt)
      return { from, full, amount: full, upgrade: full > 0, reason: 'no paid plan in force: the full price' };
    const length = Date.parse(sub.expiresAt) - Date.parse(sub.paidAt);
    const left = Math.max(0, Date.parse(sub.expiresAt) - this.now().getTime());
    const credit = Math.floor((sub.amountMinor * left) / Math.max(length, 1));
    const upgrade = priceMinor(to, period) > sub.amountMinor || to.parses > from.parses;
    if (!upgrade)
      return {
        from,
        full,
        amount: 0,
        upgrade: false,
        reason: `${to.code} is not above ${from.code}: it can be chosen when the period ends`,
      };
    const amount = Math.max(0, full - credit);
    return {
      from,
      full,
      amount,
      upgrade: true,
      reason: `the full price less ${credit / 100} RUB for the ${Math.ceil(left / DAY)} days left of ${from.code}`,
    };
  }

  private async newLink(
    account: Account,
    sub: Subscription | undefined,
    kind: 'plan' | 'topup',
    amountMinor: number,
    currency: string,
    description: string,
    creditEurMinor = 0,
  ): Promise<Payment> {
    const now = this.now();
    const payment = insertPayment(this.d.db, {
      accountId: account.id,
      subscriptionId: sub?.id ?? null,
      kind,
      amountMinor,
      currency,
      creditEurMinor,
      status: 'pending',
      linkToken: randomBytes(12).toString('base64url'),
      linkExpiresAt: new Date(now.getTime() + LINK_HOURS * 3_600_000).toISOString(),
      createdAt: now.toISOString(),
    });
    try {
      const order = await this.d.provider.createOrder({
        amountMinor,
        currency,
        description,
        invoiceId: `p${payment.id}`,
        accountId: `a${account.id}`,
        email: account.email,
        ...(sub?.autorenew ? { recurrentMonths: sub.period === 'y' ? 12 : 1 } : {}),
      });
      updatePayment(this.d.db, payment.id, { providerOrderId: order.id, providerUrl: order.url });
      return { ...payment, providerOrderId: order.id, providerUrl: order.url };
    } catch (err) {
      updatePayment(this.d.db, payment.id, { status: 'failed' });
      this.d.log.error('payment link failed', { payment: payment.id, error: String(err) });
      throw new HttpError(502, 'provider_unavailable');
    }
  }

  payUrl = (p: Payment) => `${this.d.publicUrl}/inv/${p.linkToken}`;

  async checkout(accountId: number, plan: Plan, period: Period) {
    const account = accountById(this.d.db, accountId);
    if (!account) throw new HttpError(401, 'not_authenticated');
    if (plan.code === FREE_PLAN.code) throw new HttpError(400, 'free_plan_needs_no_payment');
    const amount = this.upgradeQuote(accountId, plan, period).amount || priceMinor(plan, period);
    const sub = insertSubscription(this.d.db, {
      accountId,
      planCode: plan.code,
      period,
      amountMinor: priceMinor(plan, period),
      state: 'pending_payment',
      autorenew: true,
      createdAt: this.now().toISOString(),
    });
    const name = period === 'y' ? 'year' : 'month';
    const payment = await this.newLink(
      account,
      sub,
      'plan',
      amount,
      'RUB',
      `Invoice Reader ${plan.name}, one ${name}`,
    );
    return { sub, payment };
  }

  async topUpLink(accountId: number, amountMinor: number, currency: string, creditEurMinor: number) {
    const account = accountById(this.d.db, accountId);
    if (!account) throw new HttpError(401, 'not_authenticated');
    return this.newLink(
      account,
      undefined,
      'topup',
      amountMinor,
      currency,
      'Invoice Reader API balance',
      creditEurMinor,
    );
  }

  /** A fresh link for the same plan and amount when the last one expired or failed. */
  async renewLink(accountId: number, subscriptionId: number): Promise<Payment> {
    const sub = this.ownSubscription(accountId, subscriptionId);
    const last = latestPaymentOf(this.d.db, sub.id);
    if (!last) throw new HttpError(404, 'payment_not_found');
    if (last.status === 'paid') throw new HttpError(409, 'already_paid');
    const expired = Date.parse(last.linkExpiresAt) <= this.now().getTime();
    if (last.status === 'pending' && !expired) return last;
    if (last.status === 'pending') updatePayment(this.d.db, last.id, { status: 'expired' });
    const account = accountById(this.d.db, accountId)!;
    const plan = planOf(sub.planCode)!;
    return this.newLink(account, sub, 'plan', last.amountMinor, last.currency, `Invoice Reader ${plan.name}`);
  }

  ownSubscription(accountId: number, id: number): Subscription {
    const sub = subscriptionById(this.d.db, id);
    if (!sub || sub.accountId !== accountId) throw new HttpError(404, 'subscription_not_found');
    return sub;
  }

  /** Asks the provider about the last payment (a notification may never have come). */
  async refresh(accountId: number, subscriptionId: number) {
    const sub = this.ownSubscription(accountId, subscriptionId);
    const last = latestPaymentOf(this.d.db, sub.id);
    if (last?.status === 'pending') {
      const found = await this.d.provider.findPayment(`p${last.id}`).catch((err) => {
        this.d.log.warn('payment lookup failed', { payment: last.id, error: String(err) });
        throw new HttpError(502, 'provider_unavailable');
      });
      if (found.state !== 'pending' && found.transactionId)
        this.apply({
          kind: found.state === 'paid' ? 'pay' : 'fail',
          transactionId: found.transactionId,
          invoiceId: `p${last.id}`,
          ...(found.subscriptionId ? { subscriptionId: found.subscriptionId } : {}),
        });
    }
    return {
      sub: this.current(accountId) ?? subscriptionById(this.d.db, sub.id)!,
      payment: last && paymentById(this.d.db, last.id),
    };
  }

  /** Applies a verified notification once; answers false for a replay. */
  apply(n: Notification): boolean {
    const at = this.now();
    return inTransaction(this.d.db, () => {
      if (!recordProviderEvent(this.d.db, `${n.kind}:${n.transactionId}`, at.toISOString())) return false;
      const payment = /^p\d+$/.test(n.invoiceId)
        ? paymentById(this.d.db, Number(n.invoiceId.slice(1)))
        : undefined;
      if (payment?.status === 'pending') this.settleFirst(payment, n, at);
      else if (n.subscriptionId) this.settleRenewal(n, at);
      else this.d.log.warn('notification for no pending payment', { invoice: n.invoiceId });
      return true;
    });
  }

  private settleFirst(payment: Payment, n: Notification, at: Date): void {
    if (n.kind === 'fail') {
      updatePayment(this.d.db, payment.id, { status: 'failed', providerTxId: n.transactionId });
      return;
    }
    updatePayment(this.d.db, payment.id, {
      status: 'paid',
      providerTxId: n.transactionId,
      paidAt: at.toISOString(),
    });
    if (payment.kind === 'topup') {
      topUp(this.d.db, payment.accountId, payment.creditEurMinor, at, `top-up (payment ${payment.id})`);
      return;
    }
    const sub = payment.subscriptionId ? subscriptionById(this.d.db, payment.subscriptionId) : undefined;
    if (!sub) return;
    // A plan bought over another ends the other one: one plan is in force at a time.
    const before = latestSubscription(this.d.db, sub.accountId);
    if (before && before.id !== sub.id && ['active', 'past_due'].includes(before.state))
      updateSubscription(this.d.db, before.id, { state: 'cancelled', expiresAt: at.toISOString() });
    updateSubscription(this.d.db, sub.id, {
      state: 'active',
      paidAt: at.toISOString(),
      expiresAt: periodEnd(at, sub.period as Period).toISOString(),
      providerSubscriptionId: n.subscriptionId ?? null,
    });
    setPlanAllowance(this.d.db, sub.accountId, planOf(sub.planCode) ?? FREE_PLAN);
  }

  /** The provider's subscription charged (or failed to charge) the next period. */
  private settleRenewal(n: Notification, at: Date): void {
    const sub = subscriptionByProviderId(this.d.db, n.subscriptionId!);
    if (!sub) return;
    const plan = planOf(sub.planCode) ?? FREE_PLAN;
    insertPayment(this.d.db, {
      accountId: sub.accountId,
      subscriptionId: sub.id,
      kind: 'renewal',
      amountMinor: sub.amountMinor,
      currency: 'RUB',
      status: n.kind === 'pay' ? 'paid' : 'failed',
      providerTxId: n.transactionId,
      linkToken: randomBytes(12).toString('base64url'),
      linkExpiresAt: at.toISOString(),
      paidAt: n.kind === 'pay' ? at.toISOString() : null,
      createdAt: at.toISOString(),
    });
    if (n.kind === 'fail') {
      updateSubscription(this.d.db, sub.id, { state: 'past_due' });
      return;
    }
    // The new period follows the old one (a renewal charged a little late does not lose days).
    const from =
      sub.expiresAt && Date.parse(sub.expiresAt) > at.getTime() - GRACE_DAYS * DAY
        ? new Date(sub.expiresAt)
        : at;
    updateSubscription(this.d.db, sub.id, {
      state: 'active',
      paidAt: at.toISOString(),
      expiresAt: periodEnd(from, sub.period as Period).toISOString(),
    });
    setPlanAllowance(this.d.db, sub.accountId, plan);
  }

  async setAutorenew(accountId: number, enabled: boolean) {
    const sub = this.current(accountId);
    if (!sub || !['active', 'past_due', 'cancelled'].includes(sub.state))
      throw new HttpError(404, 'subscription_not_found');
    if (enabled) {
      if (sub.autorenew) return { ok: true, sub };
      // A subscription cancelled at the provider cannot be resumed: a new checkout renews.
      throw new HttpError(409, 'checkout_required');
    }
    if (!sub.autorenew) return { ok: true, sub };
    if (sub.providerSubscriptionId) {
      const r = await this.d.provider.cancelSubscription(sub.providerSubscriptionId);
      if (!r.ok) return { ok: false, sub, error: 'provider_cancel_failed', message: r.message ?? '' };
    }
    updateSubscription(this.d.db, sub.id, {
      autorenew: false,
      state: sub.state === 'active' ? 'cancelled' : sub.state,
    });
    return { ok: true, sub: { ...sub, autorenew: false } };
  }
}
