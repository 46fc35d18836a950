// Plans and payments: the plan in force, the catalogue with each plan's price for the chosen
// period and, over a paid plan, the upgrade price; checkout through the provider (its payment
// page, the sandbox in development), the payment history and the automatic renewal switch.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../api';
import { formatDate, formatMoney } from '../format';
import type { Autorenew, Checkout, CurrentPlan, Payment, PaymentState, Plan, Upgrade } from '../types';
import { useLoad } from '../useLoad';

type Period = 'm' | 'y';
const rub = (amount: number, lang: string) => formatMoney(amount * 100, 'RUB', lang);

function UpgradePrice({ plan, period, lang }: { plan: Plan; period: Period; lang: string }) {
  const { t } = useTranslation();
  const { data } = useLoad<Upgrade>(`/api/v1/plans/upgrade-price?to=${plan.code}&period=${period}`);
  if (!data?.upgrade || data.amount_rub === data.full_price_rub) return null;
  return <p className="hint">{t('plans.upgradePrice', { amount: rub(data.amount_rub, lang) })}</p>;
}

export function Plans() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const plans = useLoad<Plan[]>('/api/v1/plans');
  const current = useLoad<CurrentPlan>('/api/v1/plans/current');
  const history = useLoad<Payment[]>('/api/v1/payments/history');
  const renew = useLoad<Autorenew>('/api/v1/billing/autorenew');
  const [period, setPeriod] = useState<Period>('m');
  const [failed, setFailed] = useState('');
  const [busy, setBusy] = useState(false);
  const { reload: reloadCurrent } = current;
  const { reload: reloadHistory } = history;
  const sub = current.data;
  const pending = sub?.subscription_id && sub.state === 'pending' ? sub.subscription_id : null;

  // Back from the provider's page: ask it once how the payment went.
  useEffect(() => {
    if (!pending) return;
    api<PaymentState>(`/api/v1/payments/${pending}/refresh`, { method: 'POST' })
      .then(() => Promise.all([reloadCurrent(), reloadHistory()]))
      .catch(() => undefined);
  }, [pending, reloadCurrent, reloadHistory]);

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    setFailed('');
    try {
      await action();
    } catch (err) {
      setFailed(
        err instanceof ApiError && err.detail === 'provider_unavailable'
          ? t('plans.providerDown')
          : t('common.failed'),
      );
    } finally {
      setBusy(false);
    }
  };

  const checkout = (plan: Plan) =>
    act(async () => {
      const out = await api<Checkout>('/api/v1/payments/checkout', {
        json: { plan_code: plan.code, period },
      });
      window.location.assign(out.pay_url);
    });
  const refresh = (id: number) =>
    act(async () => {
      await api<PaymentState>(`/api/v1/payments/${id}/refresh`, { method: 'POST' });
      await Promise.all([current.reload(), history.reload()]);
    });
  const newLink = (id: number) =>
    act(async () => {
      const out = await api<PaymentState>(`/api/v1/payments/${id}/new-link`, { method: 'POST' });
      if (out.pay_url) window.location.assign(out.pay_url);
    });
  const switchRenew = (enabled: boolean) =>
    act(async () => {
      await api<Autorenew>('/api/v1/billing/autorenew', { json: { enabled } });
      await renew.reload();
    });

  const planName = (code: string | null | undefined) =>
    plans.data?.find((p) => p.code === code)?.name ?? code ?? '—';

  return (
    <section>
      <h1>{t('plans.title')}</h1>
      {(failed || plans.error || current.error) && <p role="alert">{failed || t('common.failed')}</p>}

      <h2>{t('plans.current')}</h2>
      {sub && (
        <div data-testid="current-plan">
          <p>
            {t('plans.currentIs', { name: planName(sub.plan_code) })}{' '}
            {sub.plan_paid ? t('plans.paid') : t('plans.notPaid')}
            {sub.expires_at && ` · ${t('plans.until', { date: formatDate(sub.expires_at, lang) })}`}
          </p>
          {pending && (
            <p>
              {t('plans.pending')}{' '}
              <button type="button" className="secondary" disabled={busy} onClick={() => refresh(pending)}>
                {t('plans.check')}
              </button>{' '}
              <button type="button" className="secondary" disabled={busy} onClick={() => newLink(pending)}>
                {t('plans.newLink')}
              </button>
            </p>
          )}
        </div>
      )}

      {renew.data && (
        <p>
          <label className="switch">
            <input
              type="checkbox"
              checked={renew.data.enabled}
              disabled={busy || !renew.data.plan_code}
              onChange={(e) => switchRenew(e.target.checked)}
            />{' '}
            {t('plans.autorenew')}
          </label>
        </p>
      )}

      <h2>{t('plans.choose')}</h2>
      <fieldset className="period">
        <legend>{t('plans.period')}</legend>
        <label>
          <input type="radio" name="period" checked={period === 'm'} onChange={() => setPeriod('m')} />{' '}
          {t('plans.monthly')}
        </label>
        <label>
          <input type="radio" name="period" checked={period === 'y'} onChange={() => setPeriod('y')} />{' '}
          {t('plans.yearly')}
        </label>
      </fieldset>
      <ul className="plans">
        {plans.data
          ?.filter((p) => p.price_month_rub > 0)
          .map((p) => (
            <li key={p.code}>
              <h3>{p.name}</h3>
              <p className="price">
                {rub(period === 'm' ? p.price_month_rub : p.price_year_rub, lang)}{' '}
                <span>{period === 'm' ? t('plans.perMonth') : t('plans.perYear')}</span>
              </p>
              <ul>
                {p.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
              {sub?.plan_paid && <UpgradePrice plan={p} period={period} lang={lang} />}
              <button
                type="button"
                disabled={busy}
                aria-label={t('plans.payFor', { name: p.name })}
                onClick={() => checkout(p)}
              >
                {t('plans.pay')}
              </button>
            </li>
          ))}
      </ul>

      <h2>{t('plans.history')}</h2>
      {history.data?.length ? (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('plans.date')}</th>
              <th scope="col">{t('plans.plan')}</th>
              <th scope="col">{t('plans.period')}</th>
              <th scope="col">{t('plans.amount')}</th>
              <th scope="col">{t('plans.status')}</th>
            </tr>
          </thead>
          <tbody>
            {history.data.map((h, i) => (
              <tr key={`${h.provider_ref ?? i}-${h.paid_at ?? ''}`}>
                <td>{formatDate(h.paid_at, lang)}</td>
                <td>{planName(h.plan_code)}</td>
                <td>{h.period === 'y' ? t('plans.yearly') : t('plans.monthly')}</td>
                <td>{rub(h.amount_rub, lang)}</td>
                <td>{t(`plans.state.${h.status}`, { defaultValue: h.status })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t('plans.noPayments')}</p>
      )}
    </section>
  );
}
