// Plans and payments (decisions §14): a checkout makes a subscription `pending_payment` and a
// payment `pending` behind a short link; the provider's notification (or a refresh that asks it)
// makes the payment `paid` and the subscription `active` until the period's end. The provider's
// subscription renews it (a new paid period) or fails (`past_due`); after the grace period it is
// `expired`. A paid plan raises the web allowance. Every notification is applied once.
// A plan bought over another replaces it at once and cancels the other's renewal at the provider;
// a charge the provider still makes for a replaced (or cancelled) plan is refunded, never applied.
// A link no longer awaited (replaced by a newer one, or declined) can still be paid on the
// provider's page: applied while its price holds, else refunded and its renewal cancelled.
// A top-up of the API balance is settled the same way: by its notification, or by asking.
import { randomBytes } from 'node:crypto';
import {
  type Account,
  accountById,
  type Db,
  expireOpenPlanLinks,
  insertPayment,
  insertSubscription,
  inTransaction,
  latestPaymentOf,
  latestSubscription,
  latestTopUp,
  type Payment,
  paymentById,
  pendingCheckout,
  pendingTopUps,
  planPaidSince,
  recordProviderEvent,
  replacedAwaitingCancel,
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
/**
 * A top-up check asks the provider about this many of the account's newest top-ups still awaiting
 * payment (abandoned links stay pending; the bound keeps one check to a few provider calls).
 */
export const TOP_UPS_CHECKED = 5;
const DAY = 86_400_000;
/**
 * Payments no longer awaited that the provider's page, still open, may take all the same: a link a
 * newer one replaced (`expired`), or one declined and then paid with another card (`failed`).
 */
const NO_LONGER_AWAITED: readonly string[] = ['expired', 'failed'];

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

  /** The newest checkout when it still awaits its payment (see `pendingCheckout`). */
  pendingCheckout = (accountId: number): Subscription | undefined => pendingCheckout(this.d.db, accountId);

  /**
   * The price of moving to `to`: the full price less what is left of the current paid period,
   * in whole roubles (the credit rounded up, in the customer's favour). The quote and checkout
   * both use this one computation. Only a bigger plan, or the same plan for a longer period, is
   * an upgrade; a smaller or equal one can be chosen when the period ends. A renewal that failed
   * (`past_due`) has no unused days left: any plan is bought at its full price.
   */
  upgradeQuote(accountId: number, to: Plan, period: Period) {
    const full = priceMinor(to, period);
    const { plan: from, sub, paid } = this.planOf(accountId);
    const left = sub?.expiresAt ? Math.max(0, Date.parse(sub.expiresAt) - this.now().getTime()) : 0;
    if (!paid || !sub?.expiresAt || !sub.paidAt || left === 0)
      return {
        from,
        full,
        amount: full,
        upgrade: full > 0,
        reason: paid ? 'the paid period has ended: the full price' : 'no paid plan in force: the full price',
      };
    const length = Date.parse(sub.expiresAt) - Date.parse(sub.paidAt);
    const credit = Math.ceil((sub.amountMinor * left) / Math.max(length, 1) / 100) * 100;
    const upgrade = to.parses > from.parses || (to.code === from.code && full > sub.amountMinor);
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
    returnPath = '/app/plans',
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
        // Back to the screen that checks the payment, as a provider's page sends a buyer back.
        returnUrl: `${this.d.publicUrl}${returnPath}`,
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
    // The upgrade rule, as the quote states it: a smaller or equal plan waits for the period's end.
    const quote = this.upgradeQuote(accountId, plan, period);
    if (!quote.upgrade) throw new HttpError(409, 'not_an_upgrade');
    // The unused days are worth more than this period of the bigger plan: its year is an upgrade.
    if (quote.amount <= 0) throw new HttpError(409, 'credit_exceeds_price');
    const amount = quote.amount;
    const sub = insertSubscription(this.d.db, {
      accountId,
      planCode: plan.code,
      period,
      amountMinor: priceMinor(plan, period),
      state: 'pending_payment',
      autorenew: true,
      createdAt: this.now().toISOString(),
    });
    // This checkout replaces any earlier unpaid one: its link stops opening.
    expireOpenPlanLinks(this.d.db, accountId);
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
      '/app/api',
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

  /**
   * Asks the provider about a payment still awaited and applies what it says exactly as its
   * notification would (`apply`, once by the provider's transaction: a notification that comes
   * before or after changes nothing more).
   */
  private async askProvider(payment: Payment): Promise<void> {
    const found = await this.d.provider.findPayment(`p${payment.id}`).catch((err) => {
      this.d.log.warn('payment lookup failed', { payment: payment.id, error: String(err) });
      throw new HttpError(502, 'provider_unavailable');
    });
    if (found.state !== 'pending' && found.transactionId)
      await this.apply({
        kind: found.state === 'paid' ? 'pay' : 'fail',
        transactionId: found.transactionId,
        invoiceId: `p${payment.id}`,
        ...(found.subscriptionId ? { subscriptionId: found.subscriptionId } : {}),
      });
  }

  /**
   * Asks the provider about the checkout's last payment (a notification may never have come): one
   * awaited, or one no longer awaited that its page may still have taken (see `settleLate`).
   */
  async refresh(accountId: number, subscriptionId: number) {
    const sub = this.ownSubscription(accountId, subscriptionId);
    const last = latestPaymentOf(this.d.db, sub.id);
    if (last && (last.status === 'pending' || NO_LONGER_AWAITED.includes(last.status)))
      await this.askProvider(last);
    return {
      sub: this.current(accountId) ?? subscriptionById(this.d.db, sub.id)!,
      payment: last && paymentById(this.d.db, last.id),
    };
  }

  /**
   * Asks the provider about the account's top-ups still awaiting payment (their notification may
   * never have come) and credits each paid one once; answers the newest top-up as it now is.
   */
  async refreshTopUps(accountId: number): Promise<Payment> {
    if (!latestTopUp(this.d.db, accountId)) throw new HttpError(404, 'payment_not_found');
    for (const payment of pendingTopUps(this.d.db, accountId, TOP_UPS_CHECKED))
      await this.askProvider(payment);
    return latestTopUp(this.d.db, accountId)!;
  }

  /**
   * Applies a verified notification once; answers false for a replay. What it owes the provider
   * (cancelling a replaced plan's renewal, refunding a charge that must not apply) is done after
   * the change is stored, before this resolves.
   */
  async apply(n: Notification): Promise<boolean> {
    const at = this.now();
    const owed: Array<() => Promise<unknown>> = [];
    const applied = inTransaction(this.d.db, () => {
      if (!recordProviderEvent(this.d.db, `${n.kind}:${n.transactionId}`, at.toISOString())) return false;
      const payment = /^p\d+$/.test(n.invoiceId)
        ? paymentById(this.d.db, Number(n.invoiceId.slice(1)))
        : undefined;
      if (payment?.status === 'pending') this.settleFirst(payment, n, at, owed);
      else if (payment && n.kind === 'pay' && NO_LONGER_AWAITED.includes(payment.status))
        this.settleLate(payment, n, at, owed);
      else if (n.subscriptionId) this.settleRenewal(n, at, owed);
      else this.d.log.warn('notification for no pending payment', { invoice: n.invoiceId });
      return true;
    });
    for (const task of owed) await task();
    return applied;
  }

  /**
   * Cancels at the provider the renewal of a plan that a newer one replaced. Until the provider
   * confirms, the subscription keeps `autorenew` (a cancel still owed, retried by
   * `retryReplacedCancels` and by any charge the provider makes for it).
   */
  private async cancelReplaced(sub: Subscription): Promise<{ ok: boolean; message?: string }> {
    if (!sub.providerSubscriptionId) return { ok: true };
    const r = await this.d.provider.cancelSubscription(sub.providerSubscriptionId);
    if (r.ok) updateSubscription(this.d.db, sub.id, { autorenew: false });
    else
      this.d.log.error('the replaced plan was not cancelled at the provider', {
        subscription: sub.id,
        provider_subscription: sub.providerSubscriptionId,
        message: r.message ?? '',
      });
    return r;
  }

  /**
   * Asks the provider again to cancel the renewals of replaced plans it has not confirmed yet;
   * answers the provider's message when one is still not cancelled.
   */
  async retryReplacedCancels(accountId: number): Promise<{ ok: true } | { ok: false; message: string }> {
    let failed: string | undefined;
    for (const sub of replacedAwaitingCancel(this.d.db, accountId)) {
      const r = await this.cancelReplaced(sub);
      if (!r.ok) failed ??= r.message ?? 'the provider refused';
    }
    return failed === undefined ? { ok: true } : { ok: false, message: failed };
  }

  /**
   * Gives back a charge the provider made that must not apply: for a plan that is no longer ours to
   * renew, or for a link paid after its price stopped holding (`settleLate`).
   */
  private async refundCharge(paymentId: number, transactionId: string, amountMinor: number): Promise<void> {
    const r = await this.d.provider.refund(transactionId, amountMinor);
    if (r.ok) updatePayment(this.d.db, paymentId, { status: 'refunded' });
    else
      this.d.log.error('a charge that must not apply was not refunded: refund it at the provider', {
        payment: paymentId,
        transaction: transactionId,
        message: r.message ?? '',
      });
  }

  private settleFirst(
    payment: Payment,
    n: Notification,
    at: Date,
    owed: Array<() => Promise<unknown>>,
  ): void {
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
    // A plan bought over another ends the other one: one plan is in force at a time, and the
    // provider stops renewing the other (else the customer pays both).
    const before = latestSubscription(this.d.db, sub.accountId);
    if (before && before.id !== sub.id && ['active', 'past_due', 'cancelled'].includes(before.state)) {
      updateSubscription(this.d.db, before.id, { state: 'cancelled', expiresAt: at.toISOString() });
      if (before.autorenew && before.providerSubscriptionId) owed.push(() => this.cancelReplaced(before));
    }
    updateSubscription(this.d.db, sub.id, {
      state: 'active',
      paidAt: at.toISOString(),
      expiresAt: periodEnd(at, sub.period as Period).toISOString(),
      providerSubscriptionId: n.subscriptionId ?? null,
    });
    setPlanAllowance(this.d.db, sub.accountId, planOf(sub.planCode) ?? FREE_PLAN);
    // Links still open were priced against the plan in force before this one: they close (paid
    // anyway on the provider's page, they are refunded: `settleLate`).
    expireOpenPlanLinks(this.d.db, sub.accountId);
  }

  /**
   * A charge for a link no longer awaited (`NO_LONGER_AWAITED`): the provider's page stays open
   * after a newer checkout replaced its link or after a decline. A top-up is credited. A plan is
   * applied while its price holds - its checkout still awaits payment and no plan was paid or
   * renewed since its link was made (`planPaidSince`): the person gets what they paid for, and the
   * links still open close. Else the charge is recorded, refunded, and the provider's subscription
   * it started is cancelled, as a replaced plan's (`refundCharge`, `cancelReplaced`, retried alike).
   */
  private settleLate(payment: Payment, n: Notification, at: Date, owed: Array<() => Promise<unknown>>): void {
    const sub = payment.subscriptionId ? subscriptionById(this.d.db, payment.subscriptionId) : undefined;
    const holds =
      sub?.state === 'pending_payment' &&
      !planPaidSince(this.d.db, payment.accountId, sub.id, payment.createdAt);
    if (payment.kind === 'topup' || holds) {
      this.settleFirst(payment, n, at, owed);
      return;
    }
    this.d.log.warn('a link no longer awaited was paid after its price stopped holding: refunded', {
      payment: payment.id,
      transaction: n.transactionId,
    });
    updatePayment(this.d.db, payment.id, {
      status: 'paid',
      providerTxId: n.transactionId,
      paidAt: at.toISOString(),
    });
    owed.push(() => this.refundCharge(payment.id, n.transactionId, payment.amountMinor));
    const replaced = sub && this.keepStarted(sub, n.subscriptionId ?? null, at);
    if (replaced) owed.push(() => this.cancelReplaced(replaced));
  }

  /**
   * Where the provider's subscription a refunded late charge started is kept, so that its cancel is
   * owed (retried as a replaced plan's) and any charge it still makes is refunded (`settleRenewal`):
   * the checkout itself when it never came into force (`cancelled`, never paid); a checkout that
   * did, through another of its links, gets a record of its own.
   */
  private keepStarted(sub: Subscription, started: string | null, at: Date): Subscription | undefined {
    if (sub.state === 'pending_payment') {
      updateSubscription(this.d.db, sub.id, { state: 'cancelled', providerSubscriptionId: started });
      return { ...sub, state: 'cancelled', providerSubscriptionId: started };
    }
    if (!started) return undefined;
    return insertSubscription(this.d.db, {
      accountId: sub.accountId,
      planCode: sub.planCode,
      period: sub.period,
      amountMinor: sub.amountMinor,
      state: 'cancelled',
      autorenew: true,
      providerSubscriptionId: started,
      createdAt: at.toISOString(),
    });
  }

  /**
   * The provider's subscription charged (or failed to charge) the next period. A charge for a
   * plan that is no longer the one in force (a newer plan replaced it) or whose renewal was
   * cancelled is recorded, refunded at the provider and never brings the plan back; its cancel
   * is asked for again.
   */
  private settleRenewal(n: Notification, at: Date, owed: Array<() => Promise<unknown>>): void {
    const sub = subscriptionByProviderId(this.d.db, n.subscriptionId!);
    if (!sub) return;
    const plan = planOf(sub.planCode) ?? FREE_PLAN;
    const stale = sub.state === 'cancelled' || latestSubscription(this.d.db, sub.accountId)?.id !== sub.id;
    const payment = insertPayment(this.d.db, {
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
    if (stale) {
      this.d.log.warn('the provider charged a replaced or cancelled plan', {
        subscription: sub.id,
        outcome: n.kind,
      });
      if (n.kind === 'pay') owed.push(() => this.refundCharge(payment.id, n.transactionId, sub.amountMinor));
      if (sub.autorenew && sub.providerSubscriptionId) owed.push(() => this.cancelReplaced(sub));
      return;
    }
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
