// Plans and payments: the plan in force, the catalogue with each plan's price for the chosen
// period and, over a paid plan, the upgrade price; checkout through the provider (its payment
// page, the sandbox in development), the payment history and the automatic renewal switch.
// Coming back from the provider's page checks a payment still awaited and says when it was
// received; a plan that is not above the one in force says when it can be chosen instead of
// offering a payment; every refusal of the service is said in words (plans-logic.ts). Its buttons and the renewal switch keep the
// keyboard's place while they work (BusyButton), one request at a time; the status line under
// "Your plan" says what is under way and then what came of it.

import { BusyButton, type DataColumn, DataTable, useBusy, useSortLabel } from '@invoice-reader/ui';
import { Badge, Checkbox, Radio } from '@mantine/core';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api';
import { browserCountry, formatDate, formatMoney, formatNumber } from '../format';
import { useSession } from '../session';
import type { Autorenew, Checkout, CurrentPlan, Payment, PaymentState, Plan, Upgrade } from '../types';
import { useLoad } from '../useLoad';
import {
  checkedKey,
  type Offer,
  offerOf,
  type PlansWork,
  pendingCheckout,
  type Refusal,
  refusalOf,
  WORKING_KEYS,
} from './plans-logic';
import { useTitle } from './title';

type Period = 'm' | 'y';
/** Set while a person is on the provider's page, so coming back says how the payment went. */
const AWAITED = 'plan-checkout-awaited';
/** Whole roubles, as plans are priced (no kopecks to show). */
const rub = (amount: number, lang: string) =>
  new Intl.NumberFormat(lang, { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 }).format(
    amount,
  );

/** A plan's offer over the plan in force: its upgrade price and Pay, or when it can be chosen. */
function PlanOffer({
  plan,
  period,
  lang,
  current,
  busy,
  onPay,
  focusWhenGone,
}: {
  plan: Plan;
  period: Period;
  lang: string;
  current: CurrentPlan;
  busy: boolean;
  onPay: () => void;
  focusWhenGone: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const paid = !!current.plan_paid;
  const quote = useLoad<Upgrade>(
    paid ? `/api/v1/plans/upgrade-price?to=${plan.code}&period=${period}` : null,
  );
  const offer: Offer | undefined = offerOf(paid, quote.data);
  if (!offer) return null;
  if (offer.kind === 'later')
    return (
      <p className="hint">
        {t('plans.later', { date: current.expires_at ? formatDate(current.expires_at, lang) : '—' })}
      </p>
    );
  if (offer.kind === 'longerPeriod') return <p className="hint">{t('plans.longerPeriod')}</p>;
  return (
    <>
      {offer.kind === 'upgrade' && (
        <p className="hint">{t('plans.upgradePrice', { amount: rub(offer.amountRub, lang) })}</p>
      )}
      <BusyButton
        fullWidth
        busy={busy}
        focusWhenGone={focusWhenGone}
        aria-label={t('plans.payFor', { name: plan.name })}
        onClick={onPay}
      >
        {t('plans.pay')}
      </BusyButton>
    </>
  );
}

/**
 * A plan's price for the period: in roubles, as charged; for a visitor of another currency, the
 * same at the service's rate, with the roubles charged said under it.
 */
function PlanPrice({ plan, period, lang }: { plan: Plan; period: Period; lang: string }) {
  const { t } = useTranslation();
  const roubles = rub(period === 'm' ? plan.price_month_rub : plan.price_year_rub, lang);
  const minor = period === 'm' ? plan.price_month_minor : plan.price_year_minor;
  const other = plan.currency && plan.currency !== 'RUB' && minor !== undefined;
  return (
    <>
      <p className="price">
        {other ? `≈ ${formatMoney(minor, plan.currency ?? 'EUR', lang)}` : roubles}{' '}
        <span>{period === 'm' ? t('plans.perMonth') : t('plans.perYear')}</span>
      </p>
      {other && <p className="price-note">{t('plans.chargedIn', { price: roubles })}</p>}
    </>
  );
}

export function Plans() {
  const { t, i18n } = useTranslation();
  useTitle(t('plans.title'));
  const lang = i18n.language;
  // The features in the app's language; the prices also in the visitor's currency (the public
  // page's price list: by the browser's country, else the language).
  const plans = useLoad<Plan[]>(
    `/api/v1/plans?lang=${encodeURIComponent(lang)}&country=${encodeURIComponent(browserCountry())}`,
  );
  const current = useLoad<CurrentPlan>('/api/v1/plans/current');
  const history = useLoad<Payment[]>('/api/v1/payments/history');
  const renew = useLoad<Autorenew>('/api/v1/billing/autorenew');
  const [period, setPeriod] = useState<Period>('m');
  const [failed, setFailed] = useState<Refusal | null>(null);
  const { busy, run, leave } = useBusy<PlansWork>();
  /** What the last action came to (a translation key), said on the status line. */
  const [said, setSaid] = useState('');
  const currentHeading = useRef<HTMLHeadingElement>(null);
  const chooseHeading = useRef<HTMLHeadingElement>(null);
  const sortLabel = useSortLabel();
  const { reload: reloadCurrent } = current;
  const { reload: reloadHistory } = history;
  const { reload: reloadRenew } = renew;
  const sub = current.data;
  const pending = pendingCheckout(sub);
  // The scanned invoices left (the account's, in /api/v1/me): read again with the plan in force,
  // which a payment received changes.
  const { me, refresh: refreshMe } = useSession();
  useEffect(() => {
    if (sub) refreshMe().catch(() => undefined);
  }, [sub, refreshMe]);
  // The newest plan payment: the pending checkout's (waiting, or declined).
  const lastPlanPayment = history.data?.find((h) => h.plan_code !== 'api');
  // A link a newer checkout replaced, or one declined, may have been paid on the provider's page
  // after all, its notification lost. A checkout's refresh asks about those too (the recent ones),
  // so while the history shows one, the plan in force is refreshed even with no checkout waiting.
  const unsettled = history.data?.some(
    (h) => h.plan_code !== 'api' && (h.status === 'expired' || h.status === 'failed'),
  );
  const toRefresh = pending ?? (unsettled ? (sub?.subscription_id ?? null) : null);

  // Back from the provider's page: ask it once how the payment went.
  useEffect(() => {
    if (!toRefresh) return;
    api<PaymentState>(`/api/v1/payments/${toRefresh}/refresh`, { method: 'POST' })
      .then(() => Promise.all([reloadCurrent(), reloadHistory(), reloadRenew()]))
      .catch(() => undefined);
  }, [toRefresh, reloadCurrent, reloadHistory, reloadRenew]);

  // Back from the provider's page: once the payment is settled (at once, or after the check above)
  // the status line says it was received, or that it did not go through. One still waiting is
  // said by the sentence under the plan, with its check.
  useEffect(() => {
    if (!history.data || !sub || pending || !sessionStorage.getItem(AWAITED)) return;
    sessionStorage.removeItem(AWAITED);
    const status = lastPlanPayment?.status;
    if (status === 'paid') setSaid('plans.checked.paid');
    else if (status === 'failed' || status === 'expired') setSaid('plans.checked.failed');
  }, [history.data, sub, pending, lastPlanPayment]);

  // One request at a time: a press while one runs does nothing.
  const act = (what: PlansWork, action: () => Promise<void>) =>
    run(what, async () => {
      setFailed(null);
      setSaid('');
      try {
        await action();
      } catch (err) {
        setFailed(refusalOf(err));
      }
    });

  const checkout = (plan: Plan) =>
    act('checkout', async () => {
      const out = await api<Checkout>('/api/v1/payments/checkout', {
        json: { plan_code: plan.code, period },
      });
      sessionStorage.setItem(AWAITED, '1');
      leave(out.pay_url);
    });
  const refresh = (id: number) =>
    act('check', async () => {
      const out = await api<PaymentState>(`/api/v1/payments/${id}/refresh`, { method: 'POST' });
      // A plan found paid can now be renewed: the switch is read again with the plan.
      await Promise.all([current.reload(), history.reload(), renew.reload()]);
      setSaid(checkedKey(out.payment_status));
    });
  const newLink = (id: number) =>
    act('newLink', async () => {
      const out = await api<PaymentState>(`/api/v1/payments/${id}/new-link`, { method: 'POST' });
      if (out.pay_url) {
        sessionStorage.setItem(AWAITED, '1');
        leave(out.pay_url);
      }
    });
  const switchRenew = (enabled: boolean) =>
    act('renew', async () => {
      try {
        const out = await api<Autorenew>('/api/v1/billing/autorenew', { json: { enabled } });
        setSaid(out.enabled ? 'plans.renewOn' : 'plans.renewOff');
      } finally {
        // The box shows what the service says, whether or not the switch went through.
        await renew.reload();
      }
    });

  const planName = (code: string | null | undefined) =>
    plans.data?.find((p) => p.code === code)?.name ?? code ?? '—';
  const sentence = (r: Refusal) =>
    [t(r.key), r.message ? t('plans.providerSaid', { message: r.message }) : ''].filter(Boolean).join(' ');
  // The renewal of a replaced plan the provider has not cancelled yet (asked again on each visit).
  const owed = renew.data?.error
    ? sentence({ key: `plans.errors.${renew.data.error}`, message: renew.data.message ?? '' })
    : '';

  const historyColumns: DataColumn<Payment>[] = [
    {
      id: 'date',
      header: t('plans.date'),
      primary: true,
      nowrap: true,
      sortValue: (h) => h.paid_at ?? '',
      cell: (h) => formatDate(h.paid_at, lang),
    },
    {
      id: 'plan',
      header: t('plans.plan'),
      truncate: true,
      text: (h) => planName(h.plan_code),
      cell: (h) => planName(h.plan_code),
    },
    {
      id: 'period',
      header: t('plans.period'),
      width: '8rem',
      cell: (h) => (h.period === 'y' ? t('plans.yearly') : t('plans.monthly')),
    },
    {
      id: 'amount',
      header: t('plans.amount'),
      numeric: true,
      width: '9rem',
      sortValue: (h) => h.amount_rub,
      text: (h) => rub(h.amount_rub, lang),
      cell: (h) => rub(h.amount_rub, lang),
    },
    {
      id: 'status',
      header: t('plans.status'),
      width: '9rem',
      cell: (h) => t(`plans.state.${h.status}`, { defaultValue: h.status }),
    },
  ];

  return (
    <section className="ir-screen">
      <h1 tabIndex={-1}>{t('plans.title')}</h1>
      {(failed || plans.error || current.error) && (
        <p role="alert" className="ir-error">
          {failed ? sentence(failed) : t('common.failed')}
        </p>
      )}

      <section className="ir-card" aria-labelledby="current-title">
        <h2 id="current-title" ref={currentHeading} tabIndex={-1}>
          {t('plans.current')}
        </h2>
        <p role="status" data-testid="plans-status" className="ir-ok">
          {busy ? t(WORKING_KEYS[busy]) : said ? t(said) : ''}
        </p>
        {sub && (
          <div data-testid="current-plan" className="ir-screen">
            <p className="current-plan">
              <strong>{planName(sub.plan_code ?? 'free')}</strong>{' '}
              {sub.plan_code && sub.plan_code !== 'free' && !sub.plan_paid && (
                <Badge color="gray">{t('plans.notPaid')}</Badge>
              )}
            </p>
            {sub.expires_at && (
              <p className="hint">
                {t(sub.plan_paid ? 'plans.paidUntil' : 'plans.until', {
                  date: formatDate(sub.expires_at, lang),
                })}
              </p>
            )}
            {me && (
              <p data-testid="scans-left">
                {t('plans.scansLeft', {
                  left: formatNumber(me.free_parses_left, lang),
                  total: formatNumber(me.free_parses_total, lang),
                })}{' '}
                <span className="hint">{t('plans.alwaysFree')}</span>
              </p>
            )}
            {pending && (
              <>
                <p>
                  {lastPlanPayment?.status === 'failed'
                    ? t('plans.pendingFailed', { name: planName(lastPlanPayment.plan_code) })
                    : lastPlanPayment
                      ? t('plans.pendingFor', { name: planName(lastPlanPayment.plan_code) })
                      : t('plans.pending')}
                </p>
                <div className="ir-toolbar">
                  <BusyButton
                    variant="default"
                    busy={busy !== null}
                    focusWhenGone={currentHeading}
                    onClick={() => refresh(pending)}
                  >
                    {t('plans.check')}
                  </BusyButton>
                  <BusyButton
                    variant="default"
                    busy={busy !== null}
                    focusWhenGone={currentHeading}
                    onClick={() => newLink(pending)}
                  >
                    {t('plans.newLink')}
                  </BusyButton>
                </div>
              </>
            )}
          </div>
        )}

        {renew.data && (
          // While a request runs the box keeps the focus (aria-disabled, and `run` ignores a press:
          // the box keeps showing the service's answer). Without a paid plan there is nothing to
          // renew, and that does not change under the focus: then it is `disabled`, out of the way
          // of Tab.
          <Checkbox
            checked={renew.data.enabled}
            aria-disabled={busy ? true : undefined}
            disabled={!renew.data.plan_code}
            onChange={(e) => switchRenew(e.currentTarget.checked)}
            label={t('plans.autorenew')}
          />
        )}
        {owed && <p role="status">{owed}</p>}
      </section>

      <div className="ir-head">
        <h2 ref={chooseHeading} tabIndex={-1}>
          {t('plans.choose')}
        </h2>
        <Radio.Group
          value={period}
          onChange={(v) => setPeriod(v as Period)}
          label={t('plans.period')}
          className="period"
        >
          <span className="ir-toolbar">
            <Radio value="m" label={t('plans.monthly')} />
            <Radio value="y" label={t('plans.yearly')} />
          </span>
        </Radio.Group>
      </div>
      <ul className="plans">
        {plans.data
          ?.filter((p) => p.price_month_rub > 0)
          .map((p) => (
            <li
              key={p.code}
              className={`ir-card${sub?.plan_paid && sub.plan_code === p.code ? ' current' : ''}`}
            >
              <h3>{p.name}</h3>
              <PlanPrice plan={p} period={period} lang={lang} />
              <ul>
                {p.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
              {sub && (
                <PlanOffer
                  // A new plan in force (a payment checked here) asks for fresh quotes.
                  key={`${sub.plan_code}:${sub.expires_at ?? ''}`}
                  plan={p}
                  period={period}
                  lang={lang}
                  current={sub}
                  busy={busy !== null}
                  onPay={() => checkout(p)}
                  focusWhenGone={chooseHeading}
                />
              )}
            </li>
          ))}
      </ul>

      <h2 id="history-title">{t('plans.history')}</h2>
      {history.data?.length ? (
        <DataTable
          columns={historyColumns}
          rows={history.data}
          rowKey={(h, i) => `${h.provider_ref ?? i}-${h.paid_at ?? ''}`}
          labelledBy="history-title"
          sortLabel={sortLabel}
        />
      ) : (
        <p>{t('plans.noPayments')}</p>
      )}
    </section>
  );
}
