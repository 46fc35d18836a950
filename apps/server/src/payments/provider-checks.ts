// Asking the provider about payments whose notification may never have come (the plans screen's
// refresh, the top-up check) and applying what it says exactly as the notification would: once,
// by the provider's transaction, so a notification that comes before, after or at the same time
// changes nothing more. Apart from the service because which payments one check asks about, and
// how many, is its own question; what the answers do is `Notifications.apply`'s.
import {
  latestPaymentOf,
  latestTopUp,
  linksToSweep,
  type Payment,
  paymentById,
  pendingTopUps,
  recentPlanLinks,
  type Subscription,
  subscriptionById,
} from '@invoice-reader/db';
import { HttpError } from '../http/errors.js';
import type { PaymentsDeps } from './deps.js';
import type { PaymentLinks } from './links.js';
import { NO_LONGER_AWAITED, type Notifications, SECOND_CHARGE, SETTLED } from './notifications.js';
import { DAY, type PlanState } from './plan-state.js';

/**
 * A top-up check asks the provider about this many of the account's newest top-ups still awaiting
 * payment (abandoned links stay pending; the bound keeps one check to a few provider calls).
 */
export const TOP_UPS_CHECKED = 5;

/**
 * A checkout's refresh also asks about the account's other plan links made in these last days
 * that are not settled: a link still open, or one a newer checkout replaced or a decline left,
 * whose page may have been paid after all while its notification was lost. The short link lives
 * a day, the provider's page of a tab left open longer; a link older than this is asked about by
 * a refresh of its own checkout. A settled checkout (or top-up) is asked about again only while it
 * is this recent, for a second charge whose notification was lost: an old one costs no provider
 * call.
 */
export const CHECKOUT_DAYS = 7;
/** At most this many links are asked about in one refresh (a few provider calls, however many checkouts). */
export const CHECKOUTS_CHECKED = 10;

/**
 * The scheduled sweep (`sweep`) asks about at most this many payments in one pass: one provider
 * call each, so a busy service makes a few hundred calls an hour, not thousands every pass. The
 * pass goes on where the last one stopped, so every payment of the last `CHECKOUT_DAYS` is asked
 * in turn (with up to this many, at every pass).
 */
export const SWEEP_BATCH = 50;

/** Plan payments whose page may still have taken a payment the service has not heard of. */
const UNSETTLED: readonly string[] = ['pending', ...NO_LONGER_AWAITED];

/** Settled payments (`SETTLED`): another successful charge of one is a second charge. */
const isSettled = (payment: Payment) => SETTLED.includes(payment.status);

export class ProviderChecks {
  /** The last payment the sweep asked about: the next pass starts after it (a restart: from the first). */
  private sweptUpTo = 0;

  constructor(
    private readonly d: PaymentsDeps,
    private readonly state: PlanState,
    private readonly links: PaymentLinks,
    private readonly notifications: Notifications,
  ) {}

  /**
   * Asks the provider about a payment and applies what it says exactly as its notification would
   * (`apply`, once by the provider's transaction). `payments/find` answers the order's last
   * transaction: for a payment already settled only a successful one other than its own is news
   * (a second charge, `settleSecondCharge`); its own, a decline after it, or a second charge
   * already refunded (which the provider no longer answers as paid) change nothing.
   */
  private async ask(payment: Payment): Promise<void> {
    const found = await this.d.provider.findPayment(`p${payment.id}`).catch((err) => {
      this.d.log.warn('payment lookup failed', { payment: payment.id, error: String(err) });
      throw new HttpError(502, 'provider_unavailable');
    });
    if (found.state === 'pending' || !found.transactionId) return;
    if (isSettled(payment) && (found.state !== 'paid' || found.transactionId === payment.providerTxId))
      return;
    await this.notifications.apply({
      kind: found.state === 'paid' ? 'pay' : 'fail',
      transactionId: found.transactionId,
      invoiceId: `p${payment.id}`,
      ...(found.subscriptionId ? { subscriptionId: found.subscriptionId } : {}),
    });
  }

  /**
   * Every account's payment links of the last `CHECKOUT_DAYS`, asked about with no person asking:
   * an unsettled one (a plan's or a top-up's) may have been paid while its notification was lost,
   * a settled one charged a second time so. What the provider says is applied as `ask` applies it
   * for a refresh (once by the provider's transaction: a second charge recorded and refunded, a
   * top-up credited once). At most `SWEEP_BATCH` in one pass, taken in turn (`linksToSweep`: on
   * from the last pass's last one, so each is asked before any is asked again, and none waits
   * behind newer ones for ever). A lookup that fails (the provider down or slow) is logged and
   * the pass goes on with the next payment; `stopping` ends it early (the service stops).
   */
  async sweep(stopping: () => boolean = () => false): Promise<{ asked: number; failed: number }> {
    const batch = await linksToSweep(
      this.d.db,
      [...UNSETTLED, ...SETTLED],
      this.recentSince(),
      this.sweptUpTo,
      SWEEP_BATCH,
    );
    let failed = 0;
    let asked = 0;
    for (const payment of batch) {
      if (stopping()) break;
      this.sweptUpTo = payment.id;
      asked++;
      try {
        await this.ask(payment);
      } catch (err) {
        failed++;
        // A lookup that failed was logged by `ask` (with its cause); anything else is logged here.
        if (!(err instanceof HttpError))
          this.d.log.error('payment sweep: a payment was not checked', {
            payment: payment.id,
            error: String(err),
          });
      }
    }
    if (failed) this.d.log.warn('payment sweep: some payments could not be checked', { asked, failed });
    return { asked, failed };
  }

  /** The start of the last `CHECKOUT_DAYS`, as payments store their times (ISO strings). */
  private recentSince(): string {
    return new Date(this.d.clock.now().getTime() - CHECKOUT_DAYS * DAY).toISOString();
  }

  /** Whether `payment` was made in the last `CHECKOUT_DAYS`. */
  private isRecent(payment: Payment): boolean {
    return payment.createdAt >= this.recentSince();
  }

  /**
   * Asks the provider about the checkout's last payment when it is not settled, or, settled, when
   * it was made in the last `CHECKOUT_DAYS` (its page may have been paid twice), and about the
   * account's other unsettled plan links of the last `CHECKOUT_DAYS` (at most `CHECKOUTS_CHECKED`,
   * newest first): the plans screen refreshes the checkout it shows, but an older link's page may
   * be the one that was paid. Each is applied as its notification would be: a link paid late is
   * applied while its price holds, else refunded (`Notifications.settleLate`); a second charge is
   * recorded and refunded (`SECOND_CHARGE`). The account's refunds the provider refused before are
   * asked again (`retryRefundsDue`).
   */
  async refresh(accountId: number, subscriptionId: number) {
    const sub = await this.links.ownSubscription(accountId, subscriptionId);
    // The checkout's own payment (or its renewal's): a second charge of it, refunded, says nothing
    // of whether the plan was paid, which is what the plans screen asks.
    const last = await latestPaymentOf(this.d.db, sub.id, SECOND_CHARGE);
    for (const payment of await this.linksToAsk(accountId, last)) await this.ask(payment);
    await this.notifications.retryRefundsDue(accountId);
    return {
      sub:
        (await this.state.current(accountId)) ??
        ((await subscriptionById(this.d.db, sub.id)) as Subscription),
      payment: last && (await paymentById(this.d.db, last.id)),
    };
  }

  /**
   * The links one refresh asks about: the checkout's own last one first (unsettled, or settled and
   * recent: `ownLinkToAsk`), then the account's unsettled ones. Only links: a renewal's or a second
   * charge's record is no invoice of the provider's.
   */
  private async linksToAsk(accountId: number, own: Payment | undefined): Promise<Payment[]> {
    const asked = own && this.ownLinkToAsk(own) ? [own] : [];
    const limit = Math.max(0, CHECKOUTS_CHECKED - asked.length);
    return [
      ...asked,
      ...(await recentPlanLinks(this.d.db, accountId, UNSETTLED, this.recentSince(), limit, own?.id)),
    ];
  }

  /**
   * Whether a refresh asks about the checkout's own last payment: always while it is unsettled (a
   * link older than `CHECKOUT_DAYS` is asked about this way only); settled, while it is recent,
   * because its page stays payable and a second charge whose notification was lost would
   * otherwise be kept, never refunded.
   */
  private ownLinkToAsk(own: Payment): boolean {
    if (own.kind !== 'plan') return false;
    return UNSETTLED.includes(own.status) || (isSettled(own) && this.isRecent(own));
  }

  /**
   * Asks the provider about the account's top-ups still awaiting payment (their notification may
   * never have come) and credits each paid one once, and about the newest top-up when it is
   * settled and recent (a second charge of it whose notification was lost is refunded, as its
   * notification would have it); asks again for the account's refunds the provider refused
   * before; answers the newest top-up as it now is.
   */
  async refreshTopUps(accountId: number): Promise<Payment> {
    const newest = await latestTopUp(this.d.db, accountId);
    if (!newest) throw new HttpError(404, 'payment_not_found');
    if (isSettled(newest) && this.isRecent(newest)) await this.ask(newest);
    for (const payment of await pendingTopUps(this.d.db, accountId, TOP_UPS_CHECKED)) await this.ask(payment);
    await this.notifications.retryRefundsDue(accountId);
    return (await latestTopUp(this.d.db, accountId))!;
  }
}
