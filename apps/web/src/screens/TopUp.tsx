// Topping up the API balance: an amount (at least the smallest top-up, said beside it) in a
// currency the service takes, paid on the provider's page (the sandbox in development). Its page
// leads back to /app/api. A top-up still awaiting its payment there is checked with the provider
// (its notification may never come: the service asks and credits it once), by itself on opening
// and on "check payment", and the outcome is said; the balance then shown is the new one. Its
// buttons keep the keyboard's place while they work (BusyButton): when a paid top-up takes
// "check payment" away, the focus goes to the section's heading, the status line saying what was
// found.

import { BusyButton, useBusy } from '@invoice-reader/ui';
import { NativeSelect, TextInput } from '@mantine/core';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
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
  // The top-up on its way to the provider's page, and apart from it (a check runs by itself on
  // opening, while a person may type an amount) a check: `asked` by a person (said on the status
  // line), or `quiet`, by itself.
  const { busy: paying, run: pay, leave } = useBusy<'pay'>();
  const { busy: checking, run: runCheck } = useBusy<'asked' | 'quiet'>();
  const [outcome, setOutcome] = useState<TopUpOutcome | null>(null);
  const asked = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const minimum = minimumTopUp(currency, price.data);
  const last = lastTopUp(history.data);
  const { reload: reloadHistory } = history;

  // Asks the service to ask the provider (a notification may never have come); a paid top-up is
  // credited once, and the balance is read afresh. `quiet`, a check made by itself: only a settled
  // outcome is said (a waiting top-up stays "waiting"), and a refusal is left to "check payment".
  // A check already under way: nothing more is asked.
  const check = useCallback(
    (quiet: boolean) =>
      runCheck(quiet ? 'quiet' : 'asked', async () => {
        setFailed(null);
        try {
          const out = await api<TopUpCheck>('/api/v1/api/topup/refresh', { method: 'POST' });
          const found = outcomeOf(out.payment_status);
          if (found !== 'waiting') sessionStorage.removeItem(AWAITED);
          if (!quiet || found !== 'waiting') setOutcome(found);
          await Promise.all([reloadHistory(), onSettled()]);
        } catch (err) {
          if (!quiet) setFailed(refusalOf(err));
        }
      }),
    [runCheck, reloadHistory, onSettled],
  );

  const showCheck = last?.status === 'pending';

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
    await pay('pay', async () => {
      try {
        const out = await api<TopUpLink>('/api/v1/api/topup', {
          json: { amount_minor: typed.minor, currency },
        });
        sessionStorage.setItem(AWAITED, '1');
        leave(out.pay_url);
      } catch (err) {
        setFailed(refusalOf(err));
      }
    });
  };

  const status = paying ? 'plans.opening' : topUpStatusKey(outcome, last?.status, checking === 'asked');

  return (
    <section className="ir-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('topUp.title')}
      </h2>
      <p role="status">{status ? t(status) : ''}</p>
      {showCheck && (
        <div>
          <BusyButton
            variant="default"
            busy={checking !== null}
            focusWhenGone={heading}
            onClick={() => void check(false)}
          >
            {t('plans.check')}
          </BusyButton>
        </div>
      )}
      {failed && (
        <p role="alert" className="ir-error">
          {t(failed.key)}
          {failed.message && ` ${t('plans.providerSaid', { message: failed.message })}`}
        </p>
      )}
      <form className="inline" onSubmit={submit} noValidate>
        <TextInput
          className="grow"
          id={`${id}-amount`}
          label={t('topUp.amount')}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          aria-describedby={`${id}-rule${problem ? ` ${id}-problem` : ''}`}
          aria-invalid={problem ? true : undefined}
          error={problem ? true : undefined}
          onChange={(e) => {
            setAmount(e.currentTarget.value);
            setProblem('');
          }}
        />
        <NativeSelect
          id={`${id}-currency`}
          label={t('topUp.currency')}
          value={currency}
          onChange={(e) => {
            setCurrency(e.currentTarget.value as TopUpCurrency);
            setProblem('');
          }}
          data={[...TOP_UP_CURRENCIES]}
        />
        <BusyButton type="submit" busy={paying !== null}>
          {t('topUp.pay')}
        </BusyButton>
      </form>
      <p id={`${id}-rule`} className="hint">
        {minimum !== undefined && t('topUp.minimum', { amount: formatMoney(minimum, currency, lang) })}{' '}
        {t('topUp.credit')}
      </p>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="ir-error">
          {problem}
        </p>
      )}
    </section>
  );
}
