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
// This is the one entry point the routers use; the work lives in parts named for what they hold:
// the plan in force and its quotes (`plan-state.ts`), checkout and payment links (`links.ts`),
// the provider's notifications with the refunds and cancels they owe (`notifications.ts`), and
// asking the provider when a notification never came (`provider-checks.ts`). Autorenew stays here.
// A refund the provider refused stays owed (`refund_due`) and is asked again: on each refresh of
// the account's payments, and on the service's own schedule (`start`), every account's at once.
// The same schedule asks the provider about every account's payments of the last week, so a
// payment or a second charge whose notification was lost is applied with no one pressing
// "Check payment" (`ProviderChecks.sweep`).
import { type Payment, type Subscription, updateSubscription } from '@invoice-reader/db';
import { HttpError } from '../http/errors.js';
import type { PaymentsDeps } from './deps.js';
import { PaymentLinks } from './links.js';
import { type Notification, Notifications } from './notifications.js';
import { PlanState } from './plan-state.js';
import type { Period, Plan } from './plans.js';
import { ProviderChecks } from './provider-checks.js';

/**
 * How often the service asks again for the refunds the provider has not confirmed, and asks the
 * provider about the last week's payments (`scheduledPass`).
 */
export const REFUND_RETRY_MS = 10 * 60_000;

export class Payments {
  private readonly state: PlanState;
  private readonly links: PaymentLinks;
  private readonly notifications: Notifications;
  private readonly checks: ProviderChecks;
  private timer: NodeJS.Timeout | undefined;
  /** The scheduled retry under way: one at a time, and `stop` waits for it. */
  private retrying: Promise<unknown> | undefined;
  /** The scheduled pass under way (refunds, then the sweep): one at a time, and `stop` waits for it. */
  private passing: Promise<unknown> | undefined;
  /** Set by `stop`: a sweep under way asks about no further payment. */
  private stopping = false;

  constructor(private readonly d: PaymentsDeps) {
    this.state = new PlanState(d);
    this.links = new PaymentLinks(d, this.state);
    this.notifications = new Notifications(d);
    this.checks = new ProviderChecks(d, this.state, this.links, this.notifications);
  }

  clockNow = () => this.d.clock.now();

  // The routers call these on `Payments` alone; each part answers its own (see the header).
  current = (accountId: number) => this.state.current(accountId);
  planOf = (accountId: number) => this.state.planOf(accountId);
  daysLeft = (sub: Subscription | undefined) => this.state.daysLeft(sub);
  pendingCheckout = (accountId: number) => this.state.pendingCheckout(accountId);
  upgradeQuote = (accountId: number, to: Plan, period: Period) =>
    this.state.upgradeQuote(accountId, to, period);

  payUrl = (p: Payment) => this.links.payUrl(p);
  checkout = (accountId: number, plan: Plan, period: Period) => this.links.checkout(accountId, plan, period);
  topUpLink = (accountId: number, amountMinor: number, currency: string, creditEurMinor: number) =>
    this.links.topUpLink(accountId, amountMinor, currency, creditEurMinor);
  renewLink = (accountId: number, subscriptionId: number) => this.links.renewLink(accountId, subscriptionId);
  ownSubscription = (accountId: number, id: number) => this.links.ownSubscription(accountId, id);

  apply = (n: Notification) => this.notifications.apply(n);
  retryReplacedCancels = (accountId: number) => this.notifications.retryReplacedCancels(accountId);
  retryRefundsDue = (accountId: number) => this.notifications.retryRefundsDue(accountId);

  /**
   * Runs the scheduled pass (`scheduledPass`) now (a restart cut a refund short, or the provider
   * refused it; a notification may have been lost while the service was down) and every
   * `everyMs`; `stop` ends it.
   */
  start(everyMs = REFUND_RETRY_MS): void {
    this.stopping = false;
    void this.scheduledPass();
    this.timer = setInterval(() => void this.scheduledPass(), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.stopping = true;
    await Promise.all([this.passing, this.retrying]);
  }

  /**
   * One scheduled pass: every account's refunds due (`retryAllRefunds`), then the sweep of the
   * last week's payments at the provider (`ProviderChecks.sweep`, bounded per pass). A pass under
   * way is joined, not doubled (a slow provider can make one outlast the interval); its errors
   * are logged, never thrown.
   */
  scheduledPass(): Promise<unknown> {
    this.passing ??= (async () => {
      await this.retryAllRefunds();
      await this.checks
        .sweep(() => this.stopping)
        .catch((err) => this.d.log.error('payment sweep crashed', { error: String(err) }));
    })().finally(() => {
      this.passing = undefined;
    });
    return this.passing;
  }

  /** One scheduled pass over every account's refunds due (a pass under way is joined, not doubled). */
  retryAllRefunds(): Promise<unknown> {
    this.retrying ??= this.notifications
      .retryRefundsDue()
      .catch((err) => this.d.log.error('refund retry crashed', { error: String(err) }))
      .finally(() => {
        this.retrying = undefined;
      });
    return this.retrying;
  }

  refresh = (accountId: number, subscriptionId: number) => this.checks.refresh(accountId, subscriptionId);
  refreshTopUps = (accountId: number) => this.checks.refreshTopUps(accountId);

  async setAutorenew(accountId: number, enabled: boolean) {
    const sub = await this.current(accountId);
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
    await updateSubscription(this.d.db, sub.id, {
      autorenew: false,
      state: sub.state === 'active' ? 'cancelled' : sub.state,
    });
    return { ok: true, sub: { ...sub, autorenew: false } };
  }
}
