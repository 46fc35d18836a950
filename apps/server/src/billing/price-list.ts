// One price list for the public page and the web application: the web plans (charged in roubles,
// shown in the visitor's currency at the service's rates) and the API's per-page scale, in EUR,
// USD or RUB. The visitor's currency comes from their country (the browser's language region)
// and language: US gives USD, RU or Russian RUB, anything else EUR, the spec's three.
import {
  currencyOfCountry,
  inCurrency,
  minTopUpIn,
  type PriceCurrency,
  rateOf,
  volumeTotalEurMinor,
} from '../api-subscription/pricing.js';
import type { Config } from '../config.js';
import { featuresIn, PLANS, planLanguage } from '../payments/plans.js';
import { SCALE } from './prices.js';

export const PRICE_CURRENCIES: readonly PriceCurrency[] = ['EUR', 'USD', 'RUB'];

/** A currency asked for by name (`?currency=usd`), else none. */
export function currencyNamed(value: unknown): PriceCurrency | undefined {
  const c = typeof value === 'string' ? value.toUpperCase() : '';
  return (PRICE_CURRENCIES as readonly string[]).includes(c) ? (c as PriceCurrency) : undefined;
}

/** The region of the first language tag with one (`en-US,en;q=0.9` → `US`), else empty. */
export function regionOf(acceptLanguage: string | undefined): string {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const region = /^\s*[a-z]{2,3}[-_]([a-z]{2})\b/i.exec(part)?.[1];
    if (region) return region.toUpperCase();
  }
  return '';
}

/** The visitor's currency: by their country when known, else by the page's language. */
export function visitorCurrency(lang: string, country: string): PriceCurrency {
  if (country) return currencyOfCountry(country);
  return lang.slice(0, 2).toLowerCase() === 'ru' ? 'RUB' : 'EUR';
}

/** Whole roubles in another currency's minor units, through the euro at the service's rates. */
export function fromRoubles(rub: number, currency: PriceCurrency, config: Readonly<Config>): number {
  if (currency === 'RUB') return rub * 100;
  return inCurrency(Math.round((rub * 100) / rateOf('RUB', config)), currency, config);
}

export interface PlanPrice {
  code: string;
  name: string;
  features: string[];
  /** What is charged, in whole roubles. */
  monthRub: number;
  yearRub: number;
  /** The same in the list's currency (minor units): exact in roubles, else at the service's rate. */
  monthMinor: number;
  yearMinor: number;
}

export interface PriceList {
  currency: PriceCurrency;
  plans: PlanPrice[];
  /** The API's scale: from the page of the month (1-based) and its price in major units. */
  tiers: Array<{ fromPage: number; price: number }>;
  /** Monthly totals of a few volumes (minor units), billed as the scale says. */
  examples: Array<{ pages: number; minor: number }>;
  freePages: number;
  minTopUpMinor: number;
}

/** Monthly volumes the public page prices as examples. */
const EXAMPLE_PAGES = [100, 1_000, 10_000, 100_000];

export function priceList(currency: PriceCurrency, lang: string, config: Readonly<Config>): PriceList {
  const language = planLanguage(lang);
  return {
    currency,
    plans: PLANS.map((p) => ({
      code: p.code,
      name: p.name,
      features: featuresIn(p, language),
      monthRub: p.price_month_rub,
      yearRub: p.price_year_rub,
      monthMinor: fromRoubles(p.price_month_rub, currency, config),
      yearMinor: fromRoubles(p.price_year_rub, currency, config),
    })),
    tiers: SCALE.map((t) => ({
      fromPage: t.fromPages + 1,
      price: (t.minor * rateOf(currency, config)) / 100,
    })),
    examples: EXAMPLE_PAGES.map((pages) => ({
      pages,
      minor: inCurrency(volumeTotalEurMinor(pages), currency, config),
    })),
    freePages: config.freeApiPages,
    minTopUpMinor: minTopUpIn(currency, config),
  };
}
