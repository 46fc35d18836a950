// What the Plans screen (and the API dashboard's top-up) decides from the service's answers, kept
// apart from React so it is tested on its own: the checkout or top-up a person came back to, what
// a plan card offers over the plan in force, and the sentence (a translation key) for each refusal
// the service gives.
import { ApiError } from '../api';

interface CurrentLike {
  state?: string | null;
  subscription_id?: number | null;
}

/** The checkout awaiting its payment (the service's `pending_payment`), or null. */
export function pendingCheckout(current: CurrentLike | undefined): number | null {
  return current?.subscription_id && current.state === 'pending_payment' ? current.subscription_id : null;
}

interface PaymentLike {
  plan_code: string;
  status: string;
}

/** The newest top-up of the API balance in the payment history (newest first), or undefined. */
export function lastTopUp<P extends PaymentLike>(history: readonly P[] | undefined): P | undefined {
  return history?.find((p) => p.plan_code === 'api');
}

interface QuoteLike {
  upgrade: boolean;
  amount_rub: number;
  full_price_rub: number;
}

export type Offer =
  /** Pay the full price (no paid plan in force, or its period has ended). */
  | { kind: 'full' }
  /** Pay the upgrade price: the unused days of the plan in force are credited. */
  | { kind: 'upgrade'; amountRub: number }
  /** Not above the plan in force: it can be chosen when the period ends. */
  | { kind: 'later' }
  /** An upgrade, but the unused days are worth more than this period: no payment is taken. */
  | { kind: 'longerPeriod' };

/** What a plan's card offers, from its upgrade quote (none while a paid plan's quote loads). */
export function offerOf(planPaid: boolean, quote: QuoteLike | undefined): Offer | undefined {
  if (!planPaid) return { kind: 'full' };
  if (!quote) return undefined;
  if (!quote.upgrade) return { kind: 'later' };
  if (quote.amount_rub <= 0) return { kind: 'longerPeriod' };
  if (quote.amount_rub === quote.full_price_rub) return { kind: 'full' };
  return { kind: 'upgrade', amountRub: quote.amount_rub };
}

/** Refusals the Plans screen explains in words (`plans.errors.<code>`); anything else is generic. */
export const KNOWN_ERRORS = [
  'provider_unavailable',
  'provider_cancel_failed',
  'previous_plan_cancel_failed',
  'checkout_required',
  'not_an_upgrade',
  'credit_exceeds_price',
  'already_paid',
  'checkout_replaced',
  'payment_not_found',
  'subscription_not_found',
  'below_minimum_top_up',
] as const;
export type KnownError = (typeof KNOWN_ERRORS)[number];

export interface Refusal {
  /** The translation key of the sentence to show. */
  key: string;
  /** The provider's own words, when it gave any. */
  message: string;
}

/**
 * The sentence for a failed call: the service's code (`detail`, or `error` in the renewal
 * switch's 502 answer) with the provider's message; `common.failed` for anything unknown.
 */
export function refusalOf(err: unknown): Refusal {
  if (!(err instanceof ApiError)) return { key: 'common.failed', message: '' };
  const body = (err.body && typeof err.body === 'object' ? err.body : {}) as Record<string, unknown>;
  const code = typeof body.error === 'string' ? body.error : err.detail;
  const message = typeof body.message === 'string' ? body.message : '';
  return (KNOWN_ERRORS as readonly string[]).includes(code)
    ? { key: `plans.errors.${code}`, message }
    : { key: 'common.failed', message: '' };
}

/** What the plans screen may be doing for a person, one at a time. */
export type PlansWork = 'checkout' | 'check' | 'newLink' | 'renew';

/** The status line's sentence while each is under way (a checkout and a new link go to the provider). */
export const WORKING_KEYS: Record<PlansWork, string> = {
  checkout: 'plans.opening',
  newLink: 'plans.opening',
  check: 'plans.checking',
  renew: 'plans.switching',
};

/** Every sentence a finished action may leave on the plans screen's status line. */
export const DONE_KEYS = [
  'plans.checked.paid',
  'plans.checked.waiting',
  'plans.checked.failed',
  'plans.renewOn',
  'plans.renewOff',
] as const;

/**
 * What "check payment" found, from the payment's status after the provider was asked: paid, still
 * awaited (or none known yet), or not gone through (declined, its link expired, or refunded).
 */
export function checkedKey(paymentStatus: string | null): (typeof DONE_KEYS)[number] {
  if (paymentStatus === 'paid') return 'plans.checked.paid';
  if (paymentStatus === 'pending' || paymentStatus === null) return 'plans.checked.waiting';
  return 'plans.checked.failed';
}
