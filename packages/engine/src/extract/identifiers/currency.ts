// Currency of an invoice from its text: ISO codes and symbols are counted and the most frequent
// explicit one wins. "kr" is shared by SEK, NOK, DKK and ISK and only resolves with a country;
// short words that are also ordinary words ("Fr." = Frau, "lei", "Ft") count only beside a number.
import { countryOf } from '../../project/countries.js';

/** ISO 4217 codes recognised as written: the supported countries' currencies and common others. */
const CODES = (
  'EUR USD CHF GBP RUB SEK NOK DKK PLN CZK HUF RON BGN ISK HRK ' +
  'JPY CNY CAD AUD NZD HKD SGD UAH TRY BYN KZT INR BRL'
).split(' ');

const ISO_4217 = new Set(Intl.supportedValuesOf('currency'));

/** Whether `code` is an ISO 4217 currency code: "LUR", OCR's reading of a smudged EUR, is not. */
export function isCurrencyCode(code: string): boolean {
  return ISO_4217.has(code);
}

/** Symbols and local abbreviations. `kr` maps per country (see KRONA). */
const SYMBOLS: Readonly<Record<string, string>> = {
  '€': 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  $: 'USD',
  us$: 'USD',
  c$: 'CAD',
  a$: 'AUD',
  nz$: 'NZD',
  hk$: 'HKD',
  s$: 'SGD',
  r$: 'BRL',
  '£': 'GBP',
  '₽': 'RUB',
  руб: 'RUB',
  рубль: 'RUB',
  рубля: 'RUB',
  рублей: 'RUB',
  'руб.': 'RUB',
  'р.': 'RUB',
  '₴': 'UAH',
  '₺': 'TRY',
  '₹': 'INR',
  'fr.': 'CHF',
  'sfr.': 'CHF',
  zł: 'PLN',
  złoty: 'PLN',
  złote: 'PLN',
  złotych: 'PLN',
  // (the złoty's sign written without its ł, beside a number only)
  zl: 'PLN',
  eur: 'EUR',
  kč: 'CZK',
  ft: 'HUF',
  lei: 'RON',
  // (the Croatian kuna, before the euro in 2023: "Iznos (kn): 84,96")
  kn: 'HRK',
  // (the Scandinavian kronor by their country's letter: "3 000 NKR", "SKR 250")
  nkr: 'NOK',
  skr: 'SEK',
  dkr: 'DKK',
  лв: 'BGN',
  'лв.': 'BGN',
};

/** Tokens that are also plain words or abbreviations: only a currency right beside a number. */
const NEEDS_NUMBER = new Set(['р.', 'fr.', 'ft', 'lei', 'kn', 'kr', 'kr.', 'zl', 'nkr', 'skr', 'dkr']);

/** Countries whose currency is called "kr" (Faroe Islands and Greenland use the Danish krone). */
const KRONA: Readonly<Record<string, string>> = {
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  IS: 'ISK',
  FO: 'DKK',
  GL: 'DKK',
};

/**
 * A currency token as a regex source (no groups): ISO codes, then symbols, longest alternatives
 * first so "руб." wins over "р.". Callers add their own boundaries.
 */
export const CURRENCY_TOKEN = `(?:${[...CODES, 'Euros?', 'EUROS?', 'euros?', 'Eur', 'US\\$', 'C\\$', 'A\\$', 'NZ\\$', 'HK\\$', 'S\\$', 'R\\$', '[€$£₽₴₺₹]', '[Рр]убл(?:ей|я|ь)', '[Рр]уб\\.?', 'р\\.', 'S?Fr\\.', 'zł(?:ot(?:y|e|ych))?', 'zl', 'Kč', 'Ft', 'lei', 'kn', 'лв\\.?', '[NnSsDd][Kk][Rr]', '[Kk]r\\.?'].join('|')})`;

/** ISO code for a token matched by CURRENCY_TOKEN; undefined for an unresolvable "kr". */
export function currencyOfToken(token: string, country?: string): string | undefined {
  const t = token.trim();
  if (CODES.includes(t)) return t;
  const key = t.toLowerCase();
  if (key === 'kr' || key === 'kr.') return country ? KRONA[country.trim().toUpperCase()] : undefined;
  return SYMBOLS[key];
}

// Not inside a word ("EUR" in "NEUREG", "kr" in "Kreis"); touching a number is fine ("100€").
const TOKEN_RE = new RegExp(`(?<![\\p{L}])${CURRENCY_TOKEN}(?![\\p{L}])`, 'gu');

/** The currency the text states most often (codes and symbols); undefined when none or a tie. */
export function detectCurrency(text: string, opts: { country?: string } = {}): string | undefined {
  const counts = new Map<string, number>();
  for (const m of text.matchAll(TOKEN_RE)) {
    const token = m[0];
    const key = token.toLowerCase();
    const end = m.index + token.length;
    if (NEEDS_NUMBER.has(key) && !besideNumber(text, m.index, end)) continue;
    // "Mo.-Fr. 08.30 - 12.30 Uhr": the last day of opening hours, not francs.
    if (key === 'fr.' && /[-\u2013]\s?$/.test(text.slice(Math.max(0, m.index - 2), m.index))) continue;
    // A sign right before a decimal separator is a digit OCR misread ("$,0400" for "5,0400"): no
    // amount is written so.
    if (/^[$£€]$/.test(token) && /^[.,]\d/.test(text.slice(end, end + 2))) continue;
    const code = currencyOfToken(token, opts.country);
    if (code) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  let best: string | undefined;
  let bestCount = 0;
  let tie = false;
  for (const [code, n] of counts) {
    if (n > bestCount) [best, bestCount, tie] = [code, n, false];
    else if (n === bestCount) tie = true;
  }
  // Two currencies stated equally often: the text does not say which one the invoice is in.
  return tie ? undefined : best;
}

/** A digit within one space before the token or after it, or the token in brackets in the label
 * right before its amount ("Iznos (kn): 84,96", "Summa (kr) 500,00"). */
function besideNumber(text: string, start: number, end: number): boolean {
  return (
    /\d[^\S\n]?$/.test(text.slice(Math.max(0, start - 2), start)) ||
    /^[^\S\n]?\d/.test(text.slice(end, end + 2)) ||
    (text[start - 1] === '(' && /^\)[^\S\n]?:?[^\S\n]?\d/.test(text.slice(end, end + 5)))
  );
}

/** The usual currency of a supported country (project/countries.ts), for invoices that state none. */
export function currencyOfCountry(country: string): string | undefined {
  return countryOf(country)?.currency;
}
