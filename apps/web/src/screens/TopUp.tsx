// Topping up the API balance: an amount (at least the smallest top-up, said beside it) in a
// currency the service takes, paid on the provider's page (the sandbox in development). Its page
// leads back to /app/api. A top-up still awaiting its payment there is checked with the provider
// (its notification may never come: the service asks and credits it once), by itself on opening
// and on "check payment", and the outcome is said; the balance then shown is the new one. The
// check keeps the keyboard's place: its button stays focusable while the provider is asked (a
// disabled button would drop the focus to the page), and when a paid top-up takes the button
// away, the focus goes to the section's heading, the status line saying what was found.
import { type FormEvent, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api';
import { formatMoney } from '../format';
import type { Payment, TopUpLink } from '../types';
import { useLoad } from '../useLoad';
import { lastTopUp, type Refusal, refusalOf } from './plans-logic';
import {
  minimumTopUp,
  outcomeOf,
  TOP_UP_CURRENCIES,
  type TopUpCurrency,
  type TopUpOutcome,
  topUpAmount,
  topUpStatusKey,
} from './topup-logic';

/** Set while a person is on the provider's page, so coming back says how the top-up went. */
const AWAITED = 'topup-awaited';

interface PriceList {
  currencies: { currency: string; min_top_up: string }[];
}

/** What `POST /api/v1/api/topup/refresh` answers (`TopUpStateOut`), as far as this screen reads it. */
interface TopUpCheck {
  payment_status: string;
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
  /** A check under way: `asked` by a person (said on the status line), or `quiet`, by itself. */
  const [checking, setChecking] = useState<'asked' | 'quiet' | null>(null);
  const [outcome, setOutcome] = useState<TopUpOutcome | null>(null);
  const asked = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const checkButton = useRef<HTMLButtonElement>(null);
  /** The check button had the focus when its check began: where the focus goes if it is gone. */
  const checkHadFocus = useRef(false);
  const minimum = minimumTopUp(currency, price.data);
  const last = lastTopUp(history.data);
  const { reload: reloadHistory } = history;

  // Asks the service to ask the provider (a notification may never have come); a paid top-up is
  // credited once, and the balance is read afresh. `quiet`, a check made by itself: only a settled
  // outcome is said (a waiting top-up stays "waiting"), and a refusal is left to "check payment".
  const check = useCallback(
    async (quiet: boolean) => {
      setChecking(quiet ? 'quiet' : 'asked');
      setFailed(null);
      try {
        const out = await api<TopUpCheck>('/api/v1/api/topup/refresh', { method: 'POST' });
        const found = outcomeOf(out.payment_status);
        if (found !== 'waiting') sessionStorage.removeItem(AWAITED);
        if (!quiet || found !== 'waiting') setOutcome(found);
        await Promise.all([reloadHistory(), onSettled()]);
      } catch (err) {
        if (!quiet) setFailed(refusalOf(err));
      } finally {
        setChecking(null);
      }
    },
    [reloadHistory, onSettled],
  );

  const showCheck = last?.status === 'pending';
  // The button the focus was on went away (the top-up is settled): the focus goes to the heading
  // rather than to the page's start, and the status line below it says what became of it.
  useLayoutEffect(() => {
    if (showCheck || !checkHadFocus.current) return;
    checkHadFocus.current = false;
    if (document.activeElement === document.body || document.activeElement === null) heading.current?.focus();
  }, [showCheck]);

  const askNow = () => {
    // Already asking (the button only looks unavailable, so the focus stays on it): nothing more.
    if (checking) return;
    checkHadFocus.current = document.activeElement === checkButton.current;
    void check(false);
  };

  // On opening (back from the provider's page, or later): a top-up still waiting is checked once
  // by itself, as the plans screen checks a pending checkout; one its notification already
  // settled is said on coming back.
  useEffect(() => {
    if (!last || asked.current) return;
    asked.current = true;
    if (last.status === 'pending') {
      void check(true);
      return;
    }
    if (!sessionStorage.getItem(AWAITED)) return;
    sessionStorage.removeItem(AWAITED);
    setOutcome(outcomeOf(last.status));
    void onSettled();
  }, [last, check, onSettled]);

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

  const status = topUpStatusKey(outcome, last?.status, checking === 'asked');

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('topUp.title')}
      </h2>
      <p role="status">{status ? t(status) : ''}</p>
      {showCheck && (
        <p>
          <button
            ref={checkButton}
            type="button"
            className="secondary"
            aria-disabled={checking ? true : undefined}
            onClick={askNow}
          >
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
