// Plans and payments (/api/v1/plans*, /api/v1/payments/*, /api/v1/billing/autorenew, the short
// payment links /inv/{token} and /api/v1/resolve/{token}, and the API balance top-up and its
// check). The webhook takes the provider's notifications: unsigned or wrongly signed ones answer
// 401 and change nothing; each is applied once, and a refresh that asked the provider first counts.
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
} from '@invoice-reader/contract';
import {
  accountById,
  type Db,
  type Payment,
  paymentByLink,
  paymentsOf,
  subscriptionById,
} from '@invoice-reader/db';
import express, { Router } from 'express';
import { requireSession, sessionOf } from '../auth/sessions.js';
import { escapeHtml } from '../auth/texts.js';
import { priceList, visitorCurrency } from '../billing/price-list.js';
import { formatMinor, MIN_TOP_UP_MINOR } from '../billing/prices.js';
import type { Config } from '../config.js';
import { HttpError } from '../http/errors.js';
import { jsonBody } from '../http/json-body.js';
import { rateLimit } from '../http/rate-limit.js';
import { validate } from '../http/validation.js';
import { type Notification, SECOND_CHARGE } from './notifications.js';
import { type Period, planOf } from './plans.js';
import { verifyNotification } from './provider.js';
import type { Payments } from './service.js';

export interface PaymentsRouterDeps {
  db: Db;
  config: Readonly<Config>;
  publicUrl: string;
  payments: Payments;
  /** The secret notifications are signed with (the provider's API secret). */
  notificationSecret: string;
}

/** A top-up of the API balance, or a second charge of one (which has no plan): `api` in the history. */
const isTopUp = (p: Payment) => p.kind === 'topup' || (p.kind === SECOND_CHARGE && !p.subscriptionId);

/** The minimum top-up (decisions §10): 8 EUR, 790 RUB, and 8 EUR in dollars at the configured rate. */
function minimumTopUp(currency: 'EUR' | 'USD' | 'RUB', config: Readonly<Config>): number {
  if (currency === 'RUB') return 79_000;
  return currency === 'USD' ? Math.round(MIN_TOP_UP_MINOR * config.eurToUsd) : MIN_TOP_UP_MINOR;
}

export function paymentsRouter({
  db,
  config,
  publicUrl,
  payments,
  notificationSecret,
}: PaymentsRouterDeps): Router {
  const router = Router();
  const session = requireSession(db, publicUrl);
  const limited = rateLimit(db, config.rateLimitPerMinute);

  // `?lang=` (de, en, ru, it; else English): the features in that language, as the web
  // application shows them; `?country=` or `?currency=`: the prices also in the visitor's
  // currency, from the same price list as the public page.
  router.get('/api/v1/plans', limited, (req, res) => {
    const q = validate(PlansQuery, 'query', req.query as Record<string, unknown>);
    const list = priceList(q.currency ?? visitorCurrency(q.lang, q.country), q.lang, config);
    res.json(
      list.plans.map((p) =>
        PlanOut.parse({
          code: p.code,
          name: p.name,
          price_month_rub: p.monthRub,
          price_year_rub: p.yearRub,
          features: p.features,
          currency: list.currency,
          price_month_minor: p.monthMinor,
          price_year_minor: p.yearMinor,
        }),
      ),
    );
  });

  // The plan in force; `state` and `subscription_id` name the newest checkout instead while it
  // awaits its payment (`pending_payment`), so a person coming back can check it or get a new link.
  router.get('/api/v1/plans/current', session, async (_req, res) => {
    const { accountId } = sessionOf(res);
    const { plan, sub, paid } = await payments.planOf(accountId);
    const pending = await payments.pendingCheckout(accountId);
    res.json(
      CurrentPlanOut.parse({
        plan_code: plan.code,
        period: paid ? sub?.period : null,
        paid_at: paid ? sub?.paidAt : null,
        expires_at: paid ? sub?.expiresAt : null,
        plan_paid: paid,
        days_left: payments.daysLeft(sub),
        state: pending ? pending.state : (sub?.state ?? null),
        subscription_id: pending ? pending.id : (sub?.id ?? null),
      }),
    );
  });

  router.get('/api/v1/plans/upgrade-price', session, async (req, res) => {
    const q = validate(UpgradeQuery, 'query', req.query as Record<string, unknown>);
    const to = planOf(q.to);
    if (!to) throw new HttpError(404, 'plan_not_found');
    const quote = await payments.upgradeQuote(sessionOf(res).accountId, to, q.period ?? 'm');
    res.json(
      UpgradeOut.parse({
        to_plan: to.code,
        from_plan: quote.from.code,
        upgrade: quote.upgrade,
        // Whole roubles already: the amount checkout charges (one computation, `upgradeQuote`).
        amount_rub: quote.amount / 100,
        full_price_rub: quote.full / 100,
        reason: quote.reason,
      }),
    );
  });

  router.post('/api/v1/plans/select', session, jsonBody, async (req, res) => {
    const input = validate(SelectIn, 'body', req.body);
    const plan = planOf(input.plan_code);
    if (!plan) throw new HttpError(404, 'plan_not_found');
    const quote = await payments.upgradeQuote(sessionOf(res).accountId, plan, input.period);
    res.json(
      SelectOut.parse({
        ok: true,
        plan_code: plan.code,
        period: input.period,
        amount_rub: Math.round((quote.amount || quote.full) / 100),
        payment_required: quote.full > 0,
      }),
    );
  });

  router.post('/api/v1/payments/checkout', session, jsonBody, async (req, res) => {
    const input = validate(CheckoutIn, 'body', req.body);
    const plan = planOf(input.plan_code);
    if (!plan) throw new HttpError(404, 'plan_not_found');
    const { sub, payment } = await payments.checkout(sessionOf(res).accountId, plan, input.period as Period);
    res.json(
      CheckoutOut.parse({
        pay_url: payments.payUrl(payment),
        amount_rub: payment.amountMinor / 100,
        subscription_id: sub.id,
      }),
    );
  });

  // The raw body: its signature is over the exact bytes the provider sent.
  router.post(
    '/api/v1/payments/webhook',
    express.raw({ type: () => true, limit: '64kb' }),
    async (req, res) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (!verifyNotification(raw, req.get('content-hmac') ?? req.get('x-content-hmac'), notificationSecret))
        throw new HttpError(401, 'invalid_signature');
      const fields = /^\s*\{/.test(raw.toString('utf8'))
        ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>)
        : Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
      const status = String(fields.Status ?? '');
      const n: Notification = {
        kind: status === 'Completed' || status === 'Authorized' ? 'pay' : 'fail',
        transactionId: String(fields.TransactionId ?? ''),
        invoiceId: String(fields.InvoiceId ?? ''),
        ...(fields.SubscriptionId ? { subscriptionId: String(fields.SubscriptionId) } : {}),
      };
      if (!n.transactionId) throw new HttpError(400, 'no_transaction');
      await payments.apply(n);
      // CloudPayments reads {"code":0} as "taken"; a replay is taken too (and changes nothing).
      res.json({ code: 0 });
    },
  );

  const stateOut = async (
    accountId: number,
    subscriptionId: number,
    payUrl: string | null,
    paymentStatus: string | null,
  ) => {
    const sub = (await subscriptionById(db, subscriptionId))!;
    const current = await payments.current(accountId);
    const state = current?.id === sub.id ? current.state : sub.state;
    return PaymentStateOut.parse({
      ok: true,
      subscription_id: sub.id,
      state,
      payment_status: paymentStatus,
      pay_url: payUrl,
      expires_at: sub.expiresAt,
    });
  };

  router.post('/api/v1/payments/:subscription_id/refresh', session, async (req, res) => {
    const { subscription_id } = validate(SubscriptionIdParams, 'path', req.params);
    const { accountId } = sessionOf(res);
    const { payment } = await payments.refresh(accountId, subscription_id);
    res.json(await stateOut(accountId, subscription_id, null, payment?.status ?? null));
  });

  router.post('/api/v1/payments/:subscription_id/new-link', session, async (req, res) => {
    const { subscription_id } = validate(SubscriptionIdParams, 'path', req.params);
    const { accountId } = sessionOf(res);
    const payment = await payments.renewLink(accountId, subscription_id);
    res.json(await stateOut(accountId, subscription_id, payments.payUrl(payment), payment.status));
  });

  router.get('/api/v1/payments/history', session, async (_req, res) => {
    const items = [];
    for (const p of await paymentsOf(db, sessionOf(res).accountId)) {
      const sub = p.subscriptionId ? await subscriptionById(db, p.subscriptionId) : undefined;
      items.push(
        PaymentItem.parse({
          plan_code: isTopUp(p) ? 'api' : (sub?.planCode ?? ''),
          period: sub?.period ?? '',
          amount_rub: p.currency === 'RUB' ? p.amountMinor / 100 : 0,
          status: p.status,
          paid_at: p.paidAt,
          provider_ref: p.providerTxId ?? p.providerOrderId,
        }),
      );
    }
    res.json(items);
  });

  const autorenewOut = async (
    accountId: number,
    extra: { ok?: boolean; error?: string; message?: string } = {},
  ) => {
    const { plan, sub, paid } = await payments.planOf(accountId);
    return AutorenewOut.parse({
      ok: extra.ok ?? true,
      enabled: !!(paid && sub?.autorenew),
      plan_code: paid ? plan.code : null,
      expires_at: paid ? (sub?.expiresAt ?? null) : null,
      ...(extra.error ? { error: extra.error, message: extra.message ?? '' } : {}),
    });
  };

  // A replaced plan whose renewal the provider has not cancelled yet is asked again here (the
  // plans screen reads this on every visit); while the provider still refuses, the answer says so.
  // A refund it refused is asked again too (the history shows it `refund_due` until it is done).
  router.get('/api/v1/billing/autorenew', session, async (_req, res) => {
    const { accountId } = sessionOf(res);
    await payments.retryRefundsDue(accountId);
    const owed = await payments.retryReplacedCancels(accountId);
    res.json(
      await autorenewOut(
        accountId,
        owed.ok ? {} : { ok: true, error: 'previous_plan_cancel_failed', message: owed.message },
      ),
    );
  });

  router.post('/api/v1/billing/autorenew', session, jsonBody, async (req, res) => {
    const { enabled } = validate(AutorenewIn, 'body', req.body);
    const { accountId } = sessionOf(res);
    const r = await payments.setAutorenew(accountId, enabled);
    // Turning renewal off reports honestly when the provider did not cancel (service-spec "Errors").
    if (!r.ok) res.status(502);
    res.json(await autorenewOut(accountId, r.ok ? {} : { ok: false, error: r.error, message: r.message }));
  });

  router.get('/inv/:token', limited, async (req, res) => {
    const { token } = validate(LinkParams, 'path', req.params);
    const payment = await paymentByLink(db, token);
    if (!payment?.providerUrl) throw new HttpError(404, 'link_not_found');
    const live =
      payment.status === 'pending' && Date.parse(payment.linkExpiresAt) > payments.clockNow().getTime();
    if (live) {
      res.redirect(302, payment.providerUrl);
      return;
    }
    res
      .status(410)
      .type('html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payment link</title></head><body><main><h1>This payment link is no longer open</h1><p>${escapeHtml(
          payment.status === 'paid' ? 'It was paid.' : 'Ask for a new link in your account.',
        )}</p></main></body></html>`,
      );
  });

  router.get('/api/v1/resolve/:token', limited, async (req, res) => {
    const { token } = validate(LinkParams, 'path', req.params);
    const payment = await paymentByLink(db, token);
    if (!payment?.providerUrl) throw new HttpError(404, 'link_not_found');
    const expired = Date.parse(payment.linkExpiresAt) <= payments.clockNow().getTime();
    res.json(ResolveOut.parse({ ok: true, url: payment.providerUrl, status: payment.status, expired }));
  });

  router.post('/api/v1/api/topup', session, jsonBody, async (req, res) => {
    const input = validate(TopUpIn, 'body', req.body);
    const min = minimumTopUp(input.currency, config);
    if (input.amount_minor < min) throw new HttpError(400, 'below_minimum_top_up');
    const rate = input.currency === 'USD' ? config.eurToUsd : input.currency === 'RUB' ? config.eurToRub : 1;
    const credit = Math.floor(input.amount_minor / rate);
    const payment = await payments.topUpLink(
      sessionOf(res).accountId,
      input.amount_minor,
      input.currency,
      credit,
    );
    res.json(
      TopUpOut.parse({
        ok: true,
        pay_url: payments.payUrl(payment),
        amount: formatMinor(input.amount_minor),
        currency: input.currency,
        credit_eur: formatMinor(credit),
      }),
    );
  });

  // A top-up whose notification never came: the top-up screen asks this on coming back from the
  // provider's page and on "check payment", as the plans screen refreshes a pending checkout.
  router.post('/api/v1/api/topup/refresh', session, async (_req, res) => {
    const { accountId } = sessionOf(res);
    const payment = await payments.refreshTopUps(accountId);
    const account = await accountById(db, accountId);
    if (!account) throw new HttpError(401, 'not_authenticated');
    res.json(
      TopUpStateOut.parse({
        ok: true,
        payment_status: payment.status,
        amount: formatMinor(payment.amountMinor),
        currency: payment.currency,
        credit_eur: formatMinor(payment.creditEurMinor),
        paid_at: payment.paidAt,
        balance: formatMinor(account.balanceMinor),
      }),
    );
  });

  return router;
}
