// Requests and responses of plans and payments (service-spec "Plan", "Current plan", "Upgrade
// quote", "Plan selection result", "Checkout", "Payment record"; decisions §14-15).

import { intParam } from './params.js';
import { z } from './zod.js';

export const PERIODS = ['m', 'y'] as const;

/**
 * `GET /api/v1/plans`: the features' language, and (beyond the spec) the visitor's country or a
 * currency for the prices shown beside the roubles charged.
 */
export const PlansQuery = z.object({
  lang: z.string().max(5).default('en'),
  country: z.string().max(2).default(''),
  currency: z.enum(['EUR', 'USD', 'RUB']).optional(),
});

export const PlanOut = z
  .object({
    code: z.string(),
    name: z.string(),
    price_month_rub: z.number().int(),
    price_year_rub: z.number().int(),
    features: z.array(z.string()),
    currency: z.enum(['EUR', 'USD', 'RUB']).optional().openapi({
      description:
        'Beyond the spec: the currency of `price_month_minor` and `price_year_minor`: the one asked for, else the country’s (US: USD, RU: RUB), else by the language (ru: RUB), else EUR.',
    }),
    price_month_minor: z.number().int().optional().openapi({
      description:
        'Beyond the spec: the monthly price in `currency` minor units; in RUB the price charged, otherwise the same at the service’s rates (plans are charged in roubles).',
    }),
    price_year_minor: z.number().int().optional().openapi({
      description: 'Beyond the spec: the yearly price in `currency` minor units, as `price_month_minor`.',
    }),
  })
  .openapi('PlanOut');

export const CurrentPlanOut = z
  .object({
    plan_code: z.string().nullable().optional(),
    period: z.string().nullable().optional(),
    paid_at: z.string().nullable().optional(),
    expires_at: z.string().nullable().optional(),
    plan_paid: z.boolean().default(false),
    days_left: z.number().int().nullable().optional(),
    state: z.string().nullable().optional().openapi({
      description:
        'Beyond the spec: the subscription state (decisions §14); `pending_payment` while the newest checkout awaits its payment (then `subscription_id` is that checkout).',
    }),
    subscription_id: z.number().int().nullable().optional(),
  })
  .openapi('CurrentPlanOut');

export const UpgradeQuery = z.object({
  to: z.string().min(1).max(4),
  period: z.enum(PERIODS).nullable().optional(),
});

export const UpgradeOut = z
  .object({
    to_plan: z.string(),
    upgrade: z.boolean(),
    amount_rub: z.number().int(),
    full_price_rub: z.number().int(),
    reason: z.string(),
    from_plan: z.string().nullable().optional(),
  })
  .openapi('UpgradeOut');

export const SelectIn = z
  .object({ plan_code: z.string().min(1).max(4), period: z.enum(PERIODS).default('m') })
  .openapi('SelectIn');

export const SelectOut = z
  .object({
    plan_code: z.string(),
    period: z.string(),
    amount_rub: z.number().int(),
    ok: z.boolean().default(true),
    payment_required: z.boolean().default(true),
  })
  .openapi('SelectOut');

export const CheckoutIn = z
  .object({
    plan_code: z.string().min(1).max(4),
    period: z.enum(PERIODS).default('m'),
    payment_method: z.string().max(40).nullable().optional(),
  })
  .openapi('CheckoutIn');

export const CheckoutOut = z
  .object({ pay_url: z.string(), amount_rub: z.number(), subscription_id: z.number().int() })
  .openapi('CheckoutOut');

export const PaymentItem = z
  .object({
    plan_code: z.string(),
    period: z.string(),
    amount_rub: z.number(),
    status: z.string().openapi({
      description:
        '`pending`, `paid`, `failed`, `expired`, `refunded`, or `refund_due`: a charge that must not ' +
        'apply whose refund the provider has not confirmed yet (asked again until it does, then `refunded`).',
    }),
    paid_at: z.string().nullable().optional(),
    provider_ref: z.string().nullable().optional(),
  })
  .openapi('PaymentItem');

export const SubscriptionIdParams = z.object({
  subscription_id: intParam(z.number().int()).openapi({ type: 'integer', description: 'The subscription.' }),
});

export const PaymentStateOut = z
  .object({
    ok: z.boolean(),
    subscription_id: z.number().int(),
    state: z.string(),
    payment_status: z.string().nullable().openapi({
      description: "The subscription's newest payment, as `PaymentItem.status` (`refund_due` included).",
    }),
    pay_url: z.string().nullable(),
    expires_at: z.string().nullable(),
  })
  .openapi('PaymentStateOut');

export const AutorenewIn = z.object({ enabled: z.boolean() }).openapi('AutorenewIn');

export const AutorenewOut = z
  .object({
    ok: z.boolean(),
    enabled: z.boolean(),
    plan_code: z.string().nullable(),
    expires_at: z.string().nullable(),
    error: z.string().optional(),
    message: z.string().optional(),
  })
  .openapi('AutorenewOut');

export const LinkParams = z.object({ token: z.string().min(1).max(64) });

export const ResolveOut = z
  .object({ ok: z.literal(true), url: z.string(), status: z.string(), expired: z.boolean() })
  .openapi('ResolveOut');

export const TopUpIn = z
  .object({
    amount_minor: z.number().int().positive(),
    currency: z.enum(['EUR', 'USD', 'RUB']).default('EUR'),
  })
  .openapi('TopUpIn');

export const TopUpOut = z
  .object({
    ok: z.literal(true),
    pay_url: z.string(),
    amount: z.string(),
    currency: z.string(),
    credit_eur: z.string().openapi({ description: 'What reaches the API balance once paid.' }),
  })
  .openapi('TopUpOut');

/** The newest top-up once the provider was asked about the top-ups awaiting payment. */
export const TopUpStateOut = z
  .object({
    ok: z.literal(true),
    payment_status: z
      .string()
      .openapi({ description: 'The newest top-up: `pending`, `paid`, `failed`, `expired` or `refunded`.' }),
    amount: z.string(),
    currency: z.string(),
    credit_eur: z.string().openapi({ description: 'What reaches (or reached) the API balance once paid.' }),
    paid_at: z.string().nullable(),
    balance: z.string().openapi({ description: 'The API balance now, in EUR.' }),
  })
  .openapi('TopUpStateOut');
