// The provider's notifications, applied once each: a first payment (plan or top-up), a link paid
// after it stopped being awaited (applied while its price holds, else refunded), and the
// subscription's renewals (a replaced or cancelled plan's charge is refunded). With them the
// provider calls they owe: refunds (`refund_due` until the provider confirms, then `refunded`),
// and cancelling a replaced plan's renewal, each retried until the provider confirms. Apart from
// the service because this is where payments change state.
import { randomBytes } from 'node:crypto';
import {
  type Db,
  expireOpenPlanLinks,
  insertPayment,
  insertSubscription,
  inTransaction,
  latestSubscription,
  lockAccount,
  openPlanLinks,
  type Payment,
  paymentById,
  planPaidSince,
  recordProviderEvent,
  refundsDue,
  replacedAwaitingCancel,
  type Subscription,
  subscriptionById,
  subscriptionByProviderId,
  updatePayment,
  updateSubscription,
} from '@invoice-reader/db';
import { topUp } from '../billing/billing.js';
import { setPlanAllowance } from './allowance.js';
import type { PaymentsDeps } from './deps.js';
import { DAY, GRACE_DAYS } from './plan-state.js';
import { FREE_PLAN, type Period, periodEnd, planOf } from './plans.js';

/**
 * Payments no longer awaited that the provider's page, still open, may take all the same: a link a
 * newer one replaced (`expired`), or one declined and then paid with another card (`failed`).
 */
export const NO_LONGER_AWAITED: readonly string[] = ['expired', 'failed'];

/**
 * A charge that must not apply, recorded before its refund is asked for and kept so until the
 * provider confirms it (`refunded`): a refund the provider refused is asked again (`retryRefundsDue`)
 * and the history says the refund is pending rather than paid.
 */
export const REFUND_DUE = 'refund_due';

/** Payments already settled: another charge of one gives nothing more (`settleSecondCharge`). */
export const SETTLED: readonly string[] = ['paid', 'refunded', REFUND_DUE];

/** The kind of the record a second charge of a settled payment is kept as (in the history). */
export const SECOND_CHARGE = 'duplicate';

const isSecondCharge = (payment: Payment, n: Notification) =>
  SETTLED.includes(payment.status) && payment.providerTxId !== n.transactionId;

export interface Notification {
  kind: 'pay' | 'fail';
  transactionId: string;
  invoiceId: string;
  subscriptionId?: string;
}

export class Notifications {
  /** Payments whose refund is being asked for now: a retry at the same time does not ask again. */
  private readonly refunding = new Set<number>();

  constructor(private readonly d: PaymentsDeps) {}

  private now = () => this.d.clock.now();

  /**
   * Applies a verified notification once; answers false for a replay. What it owes the provider
   * (cancelling a replaced plan's renewal, refunding a charge that must not apply) is done after
   * the change is stored, before this resolves.
   */
  async apply(n: Notification): Promise<boolean> {
    const at = this.now();
    const owed: Array<() => Promise<unknown>> = [];
    const applied = await inTransaction(this.d.db, async (tx) => {
      if (!(await recordProviderEvent(tx, `${n.kind}:${n.transactionId}`, at.toISOString()))) return false;
      const read = async () => ({
        payment: /^p\d+$/.test(n.invoiceId) ? await paymentById(tx, Number(n.invoiceId.slice(1))) : undefined,
        renewing: n.subscriptionId ? await subscriptionByProviderId(tx, n.subscriptionId) : undefined,
      });
      let { payment, renewing } = await read();
      // The account is known only now: its row is locked, and what the notification names is read
      // again under the lock (another notification of the account may have just changed it).
      const accountId = payment?.accountId ?? renewing?.accountId;
      if (accountId !== undefined) {
        await lockAccount(tx, accountId);
        ({ payment, renewing } = await read());
      }
      if (payment?.status === 'pending') await this.settleFirst(tx, payment, n, at, owed);
      else if (payment && n.kind === 'pay' && NO_LONGER_AWAITED.includes(payment.status))
        await this.settleLate(tx, payment, n, at, owed);
      // A renewal names a provider subscription the service knows (its notification may carry the
      // first payment's invoice, as the sandbox's does); any other charge of a settled payment is
      // a second one.
      else if (renewing) await this.settleRenewal(tx, renewing, n, at, owed);
      else if (payment && n.kind === 'pay' && isSecondCharge(payment, n))
        await this.settleSecondCharge(tx, payment, n, at, owed);
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
    if (r.ok) await updateSubscription(this.d.db, sub.id, { autorenew: false });
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
    return askEach(await replacedAwaitingCancel(this.d.db, accountId), (sub) => this.cancelReplaced(sub));
  }

  /**
   * Gives back a charge the provider made that must not apply: for a plan that is no longer ours to
   * renew, for a link paid after its price stopped holding (`settleLate`), or a second charge. The
   * payment is `refund_due` before this runs (stored with the change that owes it), so a refund
   * the provider refuses - or one cut short by a restart - is asked again (`retryRefundsDue`) until
   * it is confirmed (`refunded`). Asked at most once at a time per payment, and never again once
   * confirmed; a refund confirmed at the provider whose answer was lost is refused there as a
   * second one (the transaction is no longer refundable), so the money goes back once.
   */
  private async refund(paymentId: number): Promise<{ ok: boolean; message?: string }> {
    if (this.refunding.has(paymentId)) return { ok: true };
    this.refunding.add(paymentId);
    try {
      const payment = await paymentById(this.d.db, paymentId);
      if (payment?.status !== REFUND_DUE || !payment.providerTxId) return { ok: true };
      let r = await this.d.provider.refund(payment.providerTxId, payment.amountMinor);
      // A refund that went through while its answer was lost is refused when asked again (a
      // transaction is refunded once): the provider's own record of it settles the question.
      if (!r.ok && (await this.d.provider.isRefunded(payment.providerTxId))) r = { ok: true };
      if (r.ok) await updatePayment(this.d.db, paymentId, { status: 'refunded' });
      else
        this.d.log.error('a charge that must not apply was not refunded: asked again later', {
          payment: paymentId,
          transaction: payment.providerTxId,
          message: r.message ?? '',
        });
      return r;
    } finally {
      this.refunding.delete(paymentId);
    }
  }

  /**
   * Asks the provider again for the refunds it has not confirmed (`refund_due`): the account's on
   * a refresh of its payments, every account's on the service's schedule. Answers the provider's
   * message when one is still not refunded.
   */
  async retryRefundsDue(accountId?: number): Promise<{ ok: true } | { ok: false; message: string }> {
    return askEach(await refundsDue(this.d.db, accountId), (payment) => this.refund(payment.id));
  }

  private async settleFirst(
    tx: Db,
    payment: Payment,
    n: Notification,
    at: Date,
    owed: Array<() => Promise<unknown>>,
  ): Promise<void> {
    if (n.kind === 'fail') {
      await updatePayment(tx, payment.id, { status: 'failed', providerTxId: n.transactionId });
      return;
    }
    await updatePayment(tx, payment.id, {
      status: 'paid',
      providerTxId: n.transactionId,
      paidAt: at.toISOString(),
    });
    if (payment.kind === 'topup') {
      await topUp(tx, payment.accountId, payment.creditEurMinor, at, `top-up (payment ${payment.id})`);
      return;
    }
    const sub = payment.subscriptionId ? await subscriptionById(tx, payment.subscriptionId) : undefined;
    if (!sub) return;
    // A plan bought over another ends the other one: one plan is in force at a time, and the
    // provider stops renewing the other (else the customer pays both).
    const before = await latestSubscription(tx, sub.accountId);
    if (before && before.id !== sub.id && ['active', 'past_due', 'cancelled'].includes(before.state)) {
      await updateSubscription(tx, before.id, { state: 'cancelled', expiresAt: at.toISOString() });
      if (before.autorenew && before.providerSubscriptionId) owed.push(() => this.cancelReplaced(before));
    }
    await updateSubscription(tx, sub.id, {
      state: 'active',
      paidAt: at.toISOString(),
      expiresAt: periodEnd(at, sub.period as Period).toISOString(),
      providerSubscriptionId: n.subscriptionId ?? null,
    });
    await setPlanAllowance(tx, sub.accountId, planOf(sub.planCode) ?? FREE_PLAN);
    // Links still open were priced against the plan in force before this one: they close (paid
    // anyway on the provider's page, they are refunded: `settleLate`).
    await expireOpenPlanLinks(tx, sub.accountId);
  }

  /**
   * A charge for a link no longer awaited (`NO_LONGER_AWAITED`): the provider's page stays open
   * after a newer checkout replaced its link or after a decline. A top-up is credited. A plan is
   * applied while its price holds - its checkout still awaits payment and no plan was paid or
   * renewed since its link was made (`planPaidSince`): the person gets what they paid for, and the
   * links still open close. Else the charge is recorded, refunded, and the provider's subscription
   * it started is cancelled, as a replaced plan's (`refund`, `cancelReplaced`, retried alike).
   */
  private async settleLate(
    tx: Db,
    payment: Payment,
    n: Notification,
    at: Date,
    owed: Array<() => Promise<unknown>>,
  ): Promise<void> {
    const sub = payment.subscriptionId ? await subscriptionById(tx, payment.subscriptionId) : undefined;
    const holds =
      sub?.state === 'pending_payment' &&
      !(await planPaidSince(tx, payment.accountId, sub.id, payment.createdAt));
    if (payment.kind === 'topup' || holds) {
      await this.settleFirst(tx, payment, n, at, owed);
      return;
    }
    this.d.log.warn('a link no longer awaited was paid after its price stopped holding: refunded', {
      payment: payment.id,
      transaction: n.transactionId,
    });
    await updatePayment(tx, payment.id, {
      status: REFUND_DUE,
      providerTxId: n.transactionId,
      paidAt: at.toISOString(),
    });
    owed.push(() => this.refund(payment.id));
    const replaced = sub && (await this.keepStarted(tx, sub, n.subscriptionId ?? null, at));
    if (replaced) owed.push(() => this.cancelReplaced(replaced));
  }

  /**
   * Where the provider's subscription a refunded late charge started is kept, so that its cancel is
   * owed (retried as a replaced plan's) and any charge it still makes is refunded (`settleRenewal`):
   * the checkout itself when it never came into force (`cancelled`, never paid); a checkout that
   * did, through another of its links, gets a record of its own.
   */
  private async keepStarted(
    tx: Db,
    sub: Subscription,
    started: string | null,
    at: Date,
  ): Promise<Subscription | undefined> {
    if (sub.state === 'pending_payment') {
      await updateSubscription(tx, sub.id, { state: 'cancelled', providerSubscriptionId: started });
      return { ...sub, state: 'cancelled', providerSubscriptionId: started };
    }
    return started ? this.recordStarted(tx, sub, started, at) : undefined;
  }

  /**
   * A record of the provider's subscription that a refunded charge started beside `sub` (same plan):
   * `cancelled` here, `autorenew` until the provider confirms its cancel (`cancelReplaced`).
   */
  private recordStarted(tx: Db, sub: Subscription, started: string, at: Date): Promise<Subscription> {
    return insertSubscription(tx, {
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
   * A charge the provider made without a link of its own (a renewal, a second charge), recorded
   * as a payment so that the history shows it; a `pay` one is `paid`, or `refund_due` when it
   * must not apply (`refund`).
   */
  private recordCharge(
    tx: Db,
    of: Pick<Payment, 'accountId' | 'subscriptionId' | 'kind' | 'amountMinor'>,
    currency: string,
    n: Notification,
    at: Date,
    mustRefund = false,
  ): Promise<Payment> {
    return insertPayment(tx, {
      ...of,
      currency,
      status: n.kind === 'pay' ? (mustRefund ? REFUND_DUE : 'paid') : 'failed',
      providerTxId: n.transactionId,
      linkToken: randomBytes(12).toString('base64url'),
      linkExpiresAt: at.toISOString(),
      paidAt: n.kind === 'pay' ? at.toISOString() : null,
      createdAt: at.toISOString(),
    });
  }

  /**
   * A second charge of a payment already settled: its provider's page was paid again (a double
   * click, a second tab) and the money taken twice. The plan or top-up was given once, so this
   * charge is recorded (`SECOND_CHARGE`, in the history), refunded, and the provider's
   * subscription it started is cancelled as a replaced plan's (retried alike until confirmed).
   * Applied once by the provider's transaction, as every notification is.
   */
  private async settleSecondCharge(
    tx: Db,
    payment: Payment,
    n: Notification,
    at: Date,
    owed: Array<() => Promise<unknown>>,
  ): Promise<void> {
    this.d.log.warn('a payment already settled was charged again: refunded', {
      payment: payment.id,
      transaction: n.transactionId,
    });
    const charge = await this.recordCharge(
      tx,
      {
        accountId: payment.accountId,
        subscriptionId: payment.subscriptionId,
        kind: SECOND_CHARGE,
        amountMinor: payment.amountMinor,
      },
      payment.currency,
      n,
      at,
      true,
    );
    owed.push(() => this.refund(charge.id));
    const sub = payment.subscriptionId ? await subscriptionById(tx, payment.subscriptionId) : undefined;
    // A top-up's order renews nothing, so only a plan's second charge starts a subscription.
    if (sub && n.subscriptionId) {
      const started = await this.recordStarted(tx, sub, n.subscriptionId, at);
      owed.push(() => this.cancelReplaced(started));
    }
  }

  /**
   * The provider's subscription charged (or failed to charge) the next period. A charge for a
   * plan that is no longer the one in force (a newer plan replaced it) or whose renewal was
   * cancelled is recorded, refunded at the provider and never brings the plan back; its cancel
   * is asked for again.
   */
  private async settleRenewal(
    tx: Db,
    sub: Subscription,
    n: Notification,
    at: Date,
    owed: Array<() => Promise<unknown>>,
  ): Promise<void> {
    const plan = planOf(sub.planCode) ?? FREE_PLAN;
    const stale = sub.state === 'cancelled' || (await latestSubscription(tx, sub.accountId))?.id !== sub.id;
    const payment = await this.recordCharge(
      tx,
      { accountId: sub.accountId, subscriptionId: sub.id, kind: 'renewal', amountMinor: sub.amountMinor },
      'RUB',
      n,
      at,
      stale,
    );
    if (stale) {
      this.d.log.warn('the provider charged a replaced or cancelled plan', {
        subscription: sub.id,
        outcome: n.kind,
      });
      if (n.kind === 'pay') owed.push(() => this.refund(payment.id));
      if (sub.autorenew && sub.providerSubscriptionId) owed.push(() => this.cancelReplaced(sub));
      return;
    }
    if (n.kind === 'fail') {
      await updateSubscription(tx, sub.id, { state: 'past_due' });
      return;
    }
    // The new period follows the old one (a renewal charged a little late does not lose days).
    const from =
      sub.expiresAt && Date.parse(sub.expiresAt) > at.getTime() - GRACE_DAYS * DAY
        ? new Date(sub.expiresAt)
        : at;
    await updateSubscription(tx, sub.id, {
      state: 'active',
      paidAt: at.toISOString(),
      expiresAt: periodEnd(from, sub.period as Period).toISOString(),
    });
    await setPlanAllowance(tx, sub.accountId, plan);
    // Links still open were priced against the period that just ended (or, after a failed
    // renewal, against no plan at all): paid now, they would buy over a plan paid for again.
    await this.closeOpenLinks(tx, sub.accountId, owed);
  }

  /**
   * Closes the account's open plan links here (`expired`: the short link stops opening) and cancels
   * their orders at the provider, so that their pages take no payment any more. An order the
   * provider does not cancel can still be paid there: that is a late charge, refunded
   * (`settleLate`: a plan was paid since the link was made).
   */
  private async closeOpenLinks(
    tx: Db,
    accountId: number,
    owed: Array<() => Promise<unknown>>,
  ): Promise<void> {
    const open = await openPlanLinks(tx, accountId);
    await expireOpenPlanLinks(tx, accountId);
    for (const p of open) if (p.providerOrderId) owed.push(() => this.cancelOrder(p.id, p.providerOrderId!));
  }

  private async cancelOrder(paymentId: number, orderId: string): Promise<void> {
    const r = await this.d.provider.cancelOrder(orderId);
    if (!r.ok)
      this.d.log.warn('a closed payment link was not cancelled at the provider (paid, it is refunded)', {
        payment: paymentId,
        order: orderId,
        message: r.message ?? '',
      });
  }
}

/** Asks the provider for each of `items` in turn; answers its first refusal, if any. */
async function askEach<T>(
  items: T[],
  ask: (item: T) => Promise<{ ok: boolean; message?: string }>,
): Promise<{ ok: true } | { ok: false; message: string }> {
  let failed: string | undefined;
  for (const item of items) {
    const r = await ask(item);
    if (!r.ok) failed ??= r.message ?? 'the provider refused';
  }
  return failed === undefined ? { ok: true } : { ok: false, message: failed };
}
