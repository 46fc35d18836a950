// The plan in force and what moving to another costs: the subscription with time applied (an
// ended period turns `past_due`, then `expired`), the paid plan it gives, the days left, and the
// upgrade quote that checkout charges. Apart from the service because it only reads the plan state
// (and ages it as time passes); the routers and checkout ask it, nothing here asks the provider.
import {
  inAccountTransaction,
  latestSubscription,
  pendingCheckout,
  type Subscription,
  updateSubscription,
} from '@invoice-reader/db';
import { setPlanAllowance } from './allowance.js';
import type { PaymentsDeps } from './deps.js';
import { FREE_PLAN, type Period, type Plan, planOf, priceMinor } from './plans.js';

/** A renewal that failed leaves the plan in force (`past_due`) this long, then it expires. */
export const GRACE_DAYS = 3;
export const DAY = 86_400_000;

export class PlanState {
  constructor(private readonly d: PaymentsDeps) {}

  private now = () => this.d.clock.now();

  /** The subscription in force, with time applied: an ended period turns `past_due` or `expired`. */
  async current(accountId: number): Promise<Subscription | undefined> {
    const sub = await latestSubscription(this.d.db, accountId);
    if (!sub || this.aged(sub) === sub.state) return sub;
    // Aged in a transaction that reads the plan again: a plan paid or renewed since the read above
    // is not turned back, nor its web allowance reset.
    return inAccountTransaction(this.d.db, accountId, async (tx) => {
      const fresh = await latestSubscription(tx, accountId);
      if (!fresh) return undefined;
      const state = this.aged(fresh);
      if (state === fresh.state) return fresh;
      await updateSubscription(tx, fresh.id, { state });
      if (state === 'expired') await setPlanAllowance(tx, accountId, FREE_PLAN);
      return { ...fresh, state };
    });
  }

  /** The state `sub` is in now that time has passed. */
  private aged(sub: Subscription): Subscription['state'] {
    if (!sub.expiresAt) return sub.state;
    const now = this.now().getTime();
    const end = Date.parse(sub.expiresAt);
    let state = sub.state;
    if (state === 'active' && now >= end) state = sub.autorenew ? 'past_due' : 'expired';
    if (state === 'past_due' && now >= end + GRACE_DAYS * DAY) state = 'expired';
    if (state === 'cancelled' && now >= end) state = 'expired';
    return state;
  }

  /** Plan in force: a paid one while active, past due (within grace) or cancelled (until its end). */
  async planOf(accountId: number): Promise<{ plan: Plan; sub?: Subscription; paid: boolean }> {
    const sub = await this.current(accountId);
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
  pendingCheckout = (accountId: number): Promise<Subscription | undefined> =>
    pendingCheckout(this.d.db, accountId);

  /**
   * The price of moving to `to`: the full price less what is left of the current paid period,
   * in whole roubles (the credit rounded up, in the customer's favour). The quote and checkout
   * both use this one computation. Only a bigger plan, or the same plan for a longer period, is
   * an upgrade; a smaller or equal one can be chosen when the period ends. A renewal that failed
   * (`past_due`) has no unused days left: any plan is bought at its full price.
   */
  async upgradeQuote(accountId: number, to: Plan, period: Period) {
    const full = priceMinor(to, period);
    const { plan: from, sub, paid } = await this.planOf(accountId);
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
}
