// Price of a monthly volume of scanned sheets (decisions §10): each sheet at the scale's price for
// the sheets before it in the month, as billing charges them, in EUR, USD or RUB by the country.
import { countryOf } from '@invoice-reader/engine';
import { convertMinor, MIN_TOP_UP_MINOR, SCALE } from '../billing/prices.js';
import type { Config } from '../config.js';

export type PriceCurrency = 'EUR' | 'USD' | 'RUB';

/** DE gives EUR, US USD, RU RUB (service-spec); others their own currency where it is one of the three. */
export function currencyOfCountry(code: string): PriceCurrency {
  const c = code.toUpperCase();
  if (c === 'US') return 'USD';
  if (c === 'RU') return 'RUB';
  const own = c ? countryOf(c)?.currency : undefined;
  return own === 'USD' || own === 'RUB' ? own : 'EUR';
}

export function rateOf(currency: PriceCurrency, config: Readonly<Config>): number {
  return currency === 'USD' ? config.eurToUsd : currency === 'RUB' ? config.eurToRub : 1;
}

/** EUR minor units of `sheets` sheets in one month, tier by tier. */
export function volumeTotalEurMinor(sheets: number): number {
  let total = 0;
  for (let i = 0; i < SCALE.length; i++) {
    const from = SCALE[i]!.fromPages;
    const to = SCALE[i + 1]?.fromPages ?? Number.POSITIVE_INFINITY;
    const inTier = Math.max(0, Math.min(sheets, to) - from);
    total += inTier * SCALE[i]!.minor;
  }
  return total;
}

export function inCurrency(eurMinor: number, currency: PriceCurrency, config: Readonly<Config>): number {
  return currency === 'EUR' ? eurMinor : convertMinor(eurMinor, rateOf(currency, config));
}

/** The smallest top-up in a currency: 8 EUR, that at the rate in USD, and the spec's 790 RUB (not 8 × the rate rounded). */
export function minTopUpIn(currency: PriceCurrency, config: Readonly<Config>): number {
  return currency === 'RUB' ? 79_000 : inCurrency(MIN_TOP_UP_MINOR, currency, config);
}

export { MIN_TOP_UP_MINOR };
