// What the API dashboard's top-up decides, kept apart from React so it is tested on its own: the
// smallest top-up of each currency (the service's rule, docs/payments.md), the amount a person
// typed in their language's form in minor units, and what the screen says of the last top-up
// after coming back from the provider's page or checking it there.
import { parseAmountInput } from '@invoice-reader/ui';

export const TOP_UP_CURRENCIES = ['EUR', 'USD', 'RUB'] as const;
export type TopUpCurrency = (typeof TOP_UP_CURRENCIES)[number];

/** The smallest top-up in euros (8 EUR); the rouble one is fixed (790 RUB). */
const MIN_EUR_MINOR = 800;
const MIN_RUB_MINOR = 79_000;

interface PriceLike {
  currencies: { currency: string; min_top_up: string }[];
}

const toMinor = (decimal: string) => Math.round(Number(decimal) * 100);

/**
 * The smallest top-up of a currency in minor units; the dollar one is 8 EUR at the service's
 * rate, read from its price list (`/v1/price`), so undefined until that has come.
 */
export function minimumTopUp(currency: TopUpCurrency, price: PriceLike | undefined): number | undefined {
  if (currency === 'EUR') return MIN_EUR_MINOR;
  if (currency === 'RUB') return MIN_RUB_MINOR;
  const usd = price?.currencies.find((c) => c.currency === 'USD')?.min_top_up;
  return usd ? toMinor(usd) : undefined;
}

export type TopUpAmount =
  | { ok: true; minor: number }
  /** `amount`: not an amount in the language's form; `below`: under the smallest top-up. */
  | { ok: false; problem: 'empty' | 'amount' | 'below' };

/** What a person typed (`10`, `10,50` in German, `1,000.00` in English) in minor units, or why not. */
export function topUpAmount(raw: string, lang: string, minimum: number | undefined): TopUpAmount {
  if (!raw.trim()) return { ok: false, problem: 'empty' };
  const parsed = parseAmountInput(raw, lang);
  if (!parsed.ok || parsed.value.startsWith('-')) return { ok: false, problem: 'amount' };
  const minor = toMinor(parsed.value);
  if (minimum !== undefined && minor < minimum) return { ok: false, problem: 'below' };
  return { ok: true, minor };
}

/** What became of the last top-up, once seen settled or checked with the provider. */
export type TopUpOutcome = 'paid' | 'failed' | 'waiting';

/** A top-up's payment status as an outcome: `pending` still waits; anything but paid failed. */
export function outcomeOf(status: string): TopUpOutcome {
  return status === 'paid' ? 'paid' : status === 'pending' ? 'waiting' : 'failed';
}

/** Every sentence the top-up's status line may say (each in every language of the app). */
export const TOP_UP_STATUS_KEYS = [
  'topUp.checking',
  'topUp.paid',
  'topUp.failed',
  'topUp.notYet',
  'topUp.pending',
] as const;
export type TopUpStatusKey = (typeof TOP_UP_STATUS_KEYS)[number];

/**
 * The top-up's status line (a translation key, or empty): while a person's "check payment" is
 * asked, that it is (so the answer that follows is said again even when it is the same); then the
 * outcome of coming back or of a check; before any, that the last top-up waits, when it does.
 */
export function topUpStatusKey(
  outcome: TopUpOutcome | null,
  lastStatus: string | undefined,
  asking = false,
): TopUpStatusKey | '' {
  if (asking) return 'topUp.checking';
  if (outcome === 'paid') return 'topUp.paid';
  if (outcome === 'failed') return 'topUp.failed';
  if (outcome === 'waiting') return 'topUp.notYet';
  return lastStatus === 'pending' ? 'topUp.pending' : '';
}
