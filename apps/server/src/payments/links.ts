// Checkout and payment links: a plan's checkout (priced by the upgrade quote), a top-up's link, a
// fresh link for a checkout whose link expired or failed, and the short `/inv/{token}` address of
// each. Apart from the service because making a link (the payment row and the provider's order)
// is the one thing these share, and nothing else in payments makes one.
import { randomBytes } from 'node:crypto';
import {
  type Account,
  accountById,
  expireOpenPlanLinks,
  hasNewerCheckoutLink,
  insertPayment,
  insertSubscription,
  latestPaymentOf,
  type Payment,
  type Subscription,
  subscriptionById,
  updatePayment,
} from '@invoice-reader/db';
import { HttpError } from '../http/errors.js';
import type { PaymentsDeps } from './deps.js';
import type { PlanState } from './plan-state.js';
import { FREE_PLAN, type Period, type Plan, planOf, priceMinor } from './plans.js';

/** A payment link is valid this long; `new-link` replaces an expired one. */
export const LINK_HOURS = 24;

/** What the provider's page says is being bought. */
const describe = (plan: Plan, period: Period) =>
  `Invoice Reader ${plan.name}, one ${period === 'y' ? 'year' : 'month'}`;

export class PaymentLinks {
  constructor(
    private readonly d: PaymentsDeps,
    private readonly state: PlanState,
  ) {}

  private now = () => this.d.clock.now();

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
    const payment = await insertPayment(this.d.db, {
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
      await updatePayment(this.d.db, payment.id, { providerOrderId: order.id, providerUrl: order.url });
      return { ...payment, providerOrderId: order.id, providerUrl: order.url };
    } catch (err) {
      await updatePayment(this.d.db, payment.id, { status: 'failed' });
      this.d.log.error('payment link failed', { payment: payment.id, error: String(err) });
      throw new HttpError(502, 'provider_unavailable');
    }
  }

  payUrl = (p: Payment) => `${this.d.publicUrl}/inv/${p.linkToken}`;

  async checkout(accountId: number, plan: Plan, period: Period) {
    const account = await accountById(this.d.db, accountId);
    if (!account) throw new HttpError(401, 'not_authenticated');
    if (plan.code === FREE_PLAN.code) throw new HttpError(400, 'free_plan_needs_no_payment');
    const amount = await this.priceNow(accountId, plan, period);
    const sub = await insertSubscription(this.d.db, {
      accountId,
      planCode: plan.code,
      period,
      amountMinor: priceMinor(plan, period),
      state: 'pending_payment',
      autorenew: true,
      createdAt: this.now().toISOString(),
    });
    // This checkout replaces any earlier unpaid one: its link stops opening.
    await expireOpenPlanLinks(this.d.db, accountId);
    const payment = await this.newLink(account, sub, 'plan', amount, 'RUB', describe(plan, period));
    return { sub, payment };
  }

  /**
   * What a plan costs now: the upgrade quote (one computation, so the price shown is the price
   * charged), refused as the upgrade rule refuses.
   */
  private async priceNow(accountId: number, plan: Plan, period: Period): Promise<number> {
    const quote = await this.state.upgradeQuote(accountId, plan, period);
    // A smaller or equal plan waits for the period's end.
    if (!quote.upgrade) throw new HttpError(409, 'not_an_upgrade');
    // The unused days are worth more than this period of the bigger plan: its year is an upgrade.
    if (quote.amount <= 0) throw new HttpError(409, 'credit_exceeds_price');
    return quote.amount;
  }

  async topUpLink(accountId: number, amountMinor: number, currency: string, creditEurMinor: number) {
    const account = await accountById(this.d.db, accountId);
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

  /**
   * A fresh link for the checkout awaiting payment when its link expired, failed, or was closed by
   * a plan paid or renewed since: the same plan and period at today's price (`priceNow`: the
   * credit for the plan in force shrinks as its days pass, and is reckoned against the plan in
   * force now, not the one the old link was priced against). A link still open is answered as it
   * is. A checkout a newer one replaced, or closed for good (a late charge of it was refunded),
   * can no longer be paid: 409 `checkout_replaced`, and the plan is chosen again.
   */
  async renewLink(accountId: number, subscriptionId: number): Promise<Payment> {
    const sub = await this.ownSubscription(accountId, subscriptionId);
    const last = await latestPaymentOf(this.d.db, sub.id);
    if (!last) throw new HttpError(404, 'payment_not_found');
    if (sub.paidAt || last.status === 'paid') throw new HttpError(409, 'already_paid');
    if (sub.state !== 'pending_payment' || (await this.replacedByNewer(accountId, sub)))
      throw new HttpError(409, 'checkout_replaced');
    const expired = Date.parse(last.linkExpiresAt) <= this.now().getTime();
    if (last.status === 'pending' && !expired) return last;
    const plan = planOf(sub.planCode)!;
    const period = sub.period as Period;
    const amount = await this.priceNow(accountId, plan, period);
    if (last.status === 'pending') await updatePayment(this.d.db, last.id, { status: 'expired' });
    const account = (await accountById(this.d.db, accountId))!;
    return this.newLink(account, sub, 'plan', amount, 'RUB', describe(plan, period));
  }

  /** Whether a newer checkout of the account (paid or not) replaced this one. */
  private replacedByNewer(accountId: number, sub: Subscription): Promise<boolean> {
    return hasNewerCheckoutLink(this.d.db, accountId, sub.id);
  }

  async ownSubscription(accountId: number, id: number): Promise<Subscription> {
    const sub = await subscriptionById(this.d.db, id);
    if (!sub || sub.accountId !== accountId) throw new HttpError(404, 'subscription_not_found');
    return sub;
  }
}
