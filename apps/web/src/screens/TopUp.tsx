// Topping up the API balance: an amount (at least the smallest top-up, said beside it) in a
// currency the service takes, paid on the provider's page (the sandbox in development). Its page
// leads back to /app/api, where the last top-up's payment is looked at again until it is settled,
// and the balance then shown is the new one.
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api';
import { formatMoney } from '../format';
import type { Payment, TopUpLink } from '../types';
import { useLoad } from '../useLoad';
import { lastTopUp, type Refusal, refusalOf } from './plans-logic';
import { minimumTopUp, TOP_UP_CURRENCIES, type TopUpCurrency, topUpAmount } from './topup-logic';

/** Set while a person is on the provider's page, so coming back looks for the payment. */
const AWAITED = 'topup-awaited';
const RECHECK_MS = 2000;
const RECHECKS = 30;

interface PriceList {
  currencies: { currency: string; min_top_up: string }[];
}

export function TopUp({ onSettled }: { onSettled: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const id = useId();
  const price = useLoad<PriceList>('/v1/price');
  const history = useLoad<Payment[]>('/api/v1/payments/history');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState<TopUpCurrency>('EUR');
  const [problem, setProblem] = useState('');
  const [failed, setFailed] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const [settled, setSettled] = useState<'paid' | 'failed' | null>(null);
  const [checks, setChecks] = useState(0);
  const minimum = minimumTopUp(currency, price.data);
  const last = lastTopUp(history.data);
  const { reload: reloadHistory } = history;

  // Back from the provider's page: its notification may come a moment later, so the top-up is
  // looked at again while it waits; once settled, the balance is read afresh.
  useEffect(() => {
    if (!last || !sessionStorage.getItem(AWAITED)) return;
    if (last.status !== 'pending') {
      sessionStorage.removeItem(AWAITED);
      setSettled(last.status === 'paid' ? 'paid' : 'failed');
      void onSettled();
      return;
    }
    if (checks >= RECHECKS) return;
    const timer = setTimeout(() => {
      setChecks((n) => n + 1);
      void reloadHistory();
    }, RECHECK_MS);
    return () => clearTimeout(timer);
  }, [last, checks, reloadHistory, onSettled]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailed(null);
    const typed = topUpAmount(amount, lang, minimum);
    if (!typed.ok) {
      setProblem(
        typed.problem === 'below' && minimum !== undefined
          ? t('topUp.below', { amount: formatMoney(minimum, currency, lang) })
          : typed.problem === 'amount'
            ? t('review.invalid.amount', { ns: 'ui' })
            : t('topUp.empty'),
      );
      return;
    }
    setProblem('');
    setBusy(true);
    try {
      const out = await api<TopUpLink>('/api/v1/api/topup', {
        json: { amount_minor: typed.minor, currency },
      });
      sessionStorage.setItem(AWAITED, '1');
      window.location.assign(out.pay_url);
    } catch (err) {
      setFailed(refusalOf(err));
      setBusy(false);
    }
  };

  const check = async () => {
    setChecks(0);
    await Promise.all([reloadHistory(), onSettled()]);
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('topUp.title')}</h2>
      <p role="status">
        {settled === 'paid'
          ? t('topUp.paid')
          : settled === 'failed'
            ? t('topUp.failed')
            : last?.status === 'pending'
              ? t('topUp.pending')
              : ''}
      </p>
      {!settled && last?.status === 'pending' && (
        <p>
          <button type="button" className="secondary" onClick={() => void check()}>
            {t('plans.check')}
          </button>
        </p>
      )}
      {failed && (
        <p role="alert">
          {t(failed.key)}
          {failed.message && ` ${t('plans.providerSaid', { message: failed.message })}`}
        </p>
      )}
      <form className="inline" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-amount`}>{t('topUp.amount')}</label>
        <input
          id={`${id}-amount`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          aria-describedby={`${id}-rule${problem ? ` ${id}-problem` : ''}`}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => {
            setAmount(e.target.value);
            setProblem('');
          }}
        />
        <label htmlFor={`${id}-currency`}>{t('topUp.currency')}</label>
        <select
          id={`${id}-currency`}
          value={currency}
          onChange={(e) => {
            setCurrency(e.target.value as TopUpCurrency);
            setProblem('');
          }}
        >
          {TOP_UP_CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <button type="submit" disabled={busy}>
          {t('topUp.pay')}
        </button>
      </form>
      <p id={`${id}-rule`} className="hint">
        {minimum !== undefined && t('topUp.minimum', { amount: formatMoney(minimum, currency, lang) })}{' '}
        {t('topUp.credit')}
      </p>
      {problem && (
        <p id={`${id}-problem`} role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
