// OpenAPI paths of plans and payments (tags plans, payments).
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import {
  AutorenewIn,
  AutorenewOut,
  CheckoutIn,
  CheckoutOut,
  CurrentPlanOut,
  LinkParams,
  PaymentItem,
  PaymentStateOut,
  PlanOut,
  PlansQuery,
  ResolveOut,
  SelectIn,
  SelectOut,
  SubscriptionIdParams,
  TopUpIn,
  TopUpOut,
  TopUpStateOut,
  UpgradeOut,
  UpgradeQuery,
} from '../payments.js';
import { z } from '../zod.js';
import {
  json,
  jsonBody,
  rateRefusal,
  refusal,
  type Security,
  sessionRefusals,
  validationRefusal,
} from './common.js';

export function registerPaymentsPaths(registry: OpenAPIRegistry, security: Security): void {
  const plans = ['plans'];
  const tags = ['payments'];
  const provider = { 502: refusal('`provider_unavailable`: the payment provider did not answer.') };
  const noSub = { 404: refusal('`subscription_not_found`.') };
  registry.registerPath({
    method: 'get',
    path: '/api/v1/plans',
    operationId: 'listPlans',
    tags: plans,
    summary: 'The plans',
    security: security.public,
    request: { query: PlansQuery },
    responses: { 200: json(z.array(PlanOut), 'The catalogue.'), ...rateRefusal },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/plans/current',
    operationId: 'currentPlan',
    tags: plans,
    summary: 'The plan in force',
    security: security.session,
    responses: { 200: json(CurrentPlanOut, 'The plan.'), ...sessionRefusals(false) },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/plans/upgrade-price',
    operationId: 'upgradePrice',
    tags: plans,
    summary: 'The price of moving to a plan, less the days left of the current one',
    security: security.session,
    request: { query: UpgradeQuery },
    responses: {
      200: json(UpgradeOut, 'The quote.'),
      404: refusal('`plan_not_found`.'),
      ...sessionRefusals(false),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/plans/select',
    operationId: 'selectPlan',
    tags: plans,
    summary: 'Choose a plan: what it costs and whether a payment is needed',
    security: security.session,
    request: jsonBody(SelectIn),
    responses: {
      200: json(SelectOut, 'The choice.'),
      404: refusal('`plan_not_found`.'),
      ...sessionRefusals(true),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/payments/checkout',
    operationId: 'checkout',
    tags,
    summary: 'A payment link for a plan',
    description:
      "`pay_url` is a short link `/inv/{token}` that redirects to the provider's page; valid a day.",
    security: security.session,
    request: jsonBody(CheckoutIn),
    responses: {
      200: json(CheckoutOut, 'The link.'),
      400: refusal('`free_plan_needs_no_payment`.'),
      404: refusal('`plan_not_found`.'),
      409: refusal(
        '`not_an_upgrade`: a smaller or equal plan while a bigger one is in force (it can be chosen when the period ends); `credit_exceeds_price`: the unused days are worth more than this period of the plan.',
      ),
      ...provider,
      ...sessionRefusals(true),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/payments/webhook',
    operationId: 'paymentWebhook',
    tags,
    summary: "The payment provider's notifications",
    description:
      'Signed with `Content-HMAC` (base64 HMAC-SHA256 of the raw body); applied once per transaction.',
    security: security.public,
    request: {
      body: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
      },
    },
    responses: {
      200: json(z.object({ code: z.number().int() }), 'Taken (`{"code":0}`).'),
      400: refusal('`no_transaction`.'),
      401: refusal('`invalid_signature`: unsigned or wrongly signed; nothing changes.'),
    },
  });
  const subRoute = (path: string, operationId: string, summary: string, refusals?: string) =>
    registry.registerPath({
      method: 'post',
      path,
      operationId,
      tags,
      summary,
      security: security.session,
      request: { params: SubscriptionIdParams },
      responses: {
        200: json(PaymentStateOut, 'The subscription and its payment.'),
        ...(refusals ? { 409: refusal(refusals) } : {}),
        ...noSub,
        ...provider,
        ...sessionRefusals(true),
      },
    });
  subRoute(
    '/api/v1/payments/{subscription_id}/refresh',
    'refreshPayment',
    'Ask the provider about the payment',
  );
  subRoute(
    '/api/v1/payments/{subscription_id}/new-link',
    'newPaymentLink',
    "A fresh link for the checkout awaiting payment: the same plan and period at today's price",
    '`already_paid`; `checkout_replaced`: a newer checkout replaced this one, or a late charge of it ' +
      'was refunded (choose the plan again); `not_an_upgrade` or `credit_exceeds_price`: a plan paid ' +
      'since makes this one no upgrade.',
  );
  registry.registerPath({
    method: 'get',
    path: '/api/v1/payments/history',
    operationId: 'paymentHistory',
    tags,
    summary: 'Payments, newest first',
    security: security.session,
    responses: { 200: json(z.array(PaymentItem), 'The payments.'), ...sessionRefusals(false) },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/billing/autorenew',
    operationId: 'getAutorenew',
    tags,
    summary: 'Whether the plan renews automatically',
    security: security.session,
    responses: { 200: json(AutorenewOut, 'The state.'), ...sessionRefusals(false) },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/billing/autorenew',
    operationId: 'setAutorenew',
    tags,
    summary: 'Switch automatic renewal on or off',
    description:
      'Off cancels the subscription at the provider; when the provider refuses, the answer is 502 with `ok: false`.',
    security: security.session,
    request: jsonBody(AutorenewIn),
    responses: {
      200: json(AutorenewOut, 'Switched.'),
      409: refusal('`checkout_required`: a cancelled renewal needs a new checkout.'),
      502: json(AutorenewOut, '`provider_cancel_failed`: nothing changed.'),
      ...noSub,
      ...sessionRefusals(true),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/inv/{token}',
    operationId: 'paymentLink',
    tags,
    summary: "A short payment link: redirects to the provider's page",
    security: security.public,
    request: { params: LinkParams },
    responses: {
      302: { description: 'To the payment page.' },
      404: refusal('`link_not_found`.'),
      410: {
        description: 'The link was paid or has expired (an HTML page).',
        content: { 'text/html': { schema: { type: 'string' } } },
      },
      ...validationRefusal,
      ...rateRefusal,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/resolve/{token}',
    operationId: 'resolvePaymentLink',
    tags,
    summary: 'Where a short payment link leads',
    security: security.public,
    request: { params: LinkParams },
    responses: {
      200: json(ResolveOut, 'The target.'),
      404: refusal('`link_not_found`.'),
      ...validationRefusal,
      ...rateRefusal,
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/api/topup',
    operationId: 'topUp',
    tags: ['api-subscription'],
    summary: 'Top up the API balance (8 EUR, 790 RUB at least)',
    security: security.session,
    request: jsonBody(TopUpIn),
    responses: {
      200: json(TopUpOut, 'The payment link.'),
      400: refusal('`below_minimum_top_up`.'),
      ...provider,
      ...sessionRefusals(true),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/api/topup/refresh',
    operationId: 'refreshTopUp',
    tags: ['api-subscription'],
    summary: 'Ask the provider about the top-ups awaiting payment',
    description:
      "For a top-up whose notification never came: the provider is asked about the account's newest top-ups still `pending`, and each paid one is credited once (a notification before or after changes nothing more). Answers the newest top-up.",
    security: security.session,
    responses: {
      200: json(TopUpStateOut, 'The newest top-up and the balance.'),
      404: refusal('`payment_not_found`: the account has no top-up.'),
      ...provider,
      ...sessionRefusals(true),
    },
  });
}
