// How a generated invoice prints its numbers, amounts, rates and dates: the grouping and decimal
// marks of each style, the currency sign or code before or after, whole numbers, and numeric or
// long dates with the month names of the invoice's language (scripts/generate/lexicon.json).

/** Number styles: thousands mark and decimal mark. `space` styles pick their space per invoice. */
export const NUMBER_STYLES = {
  'dot-comma': { group: '.', decimal: ',' },
  'space-comma': { group: ' ', decimal: ',' },
  'comma-dot': { group: ',', decimal: '.' },
  'apos-dot': { group: "'", decimal: '.' },
  'plain-comma': { group: '', decimal: ',' },
  'plain-dot': { group: '', decimal: '.' },
};

/** What each currency prints as a sign, where the code is not used. */
export const CURRENCY_SIGNS = {
  EUR: '€',
  GBP: '£',
  CHF: 'CHF',
  PLN: 'zł',
  CZK: 'Kč',
  SEK: 'kr',
  DKK: 'kr.',
  HUF: 'Ft',
  RON: 'lei',
  BGN: 'лв.',
};

/**
 * A number format for one invoice: `style` (a NUMBER_STYLES key), `space` (the grouping space
 * character for space styles), `currency` placement ('none' | 'sign-before' | 'sign-after' |
 * 'code-before' | 'code-after'), `whole` (print amounts without decimals), `dash` (whole amounts
 * as "1.234,-").
 */
export function formatNumber(cents, fmt, decimals = 2) {
  const { group, decimal } = NUMBER_STYLES[fmt.style];
  const g = group === ' ' ? fmt.space : group;
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const units = Math.floor(abs / 100);
  const rest = abs % 100;
  const intText = String(units).replace(/\B(?=(\d{3})+(?!\d))/g, g);
  let text = intText;
  if (decimals > 0) {
    if (fmt.whole && rest === 0) text = fmt.dash ? `${intText}${decimal}-` : intText;
    else text = `${intText}${decimal}${String(rest).padStart(2, '0')}`;
  }
  return negative ? `-${text}` : text;
}

/** An amount with its currency as the invoice prints amounts; `withCurrency` false for table cells. */
export function formatAmount(cents, fmt, currency, withCurrency = true) {
  const n = formatNumber(cents, fmt);
  if (!withCurrency || fmt.currency === 'none') return n;
  const sign = CURRENCY_SIGNS[currency] ?? currency;
  switch (fmt.currency) {
    case 'sign-before':
      return sign.length === 1 ? `${sign}${fmt.tight ? '' : ' '}${n}` : `${sign} ${n}`;
    case 'sign-after':
      return `${n} ${sign}`;
    case 'code-before':
      return `${currency} ${n}`;
    case 'code-after':
      return `${n} ${currency}`;
    default:
      throw new Error(`unknown currency placement ${fmt.currency}`);
  }
}

/** A VAT rate as printed: "19 %", "19%", "8,1 %", "5.5%". */
export function formatRate(rate, fmt) {
  const { decimal } = NUMBER_STYLES[fmt.style];
  const text = Number.isInteger(rate) ? String(rate) : String(rate).replace('.', decimal);
  return `${text}${fmt.percentSpace ? ' ' : ''}%`;
}

/** A quantity: whole or with up to two decimals in the invoice's decimal mark. */
export function formatQty(qty, fmt) {
  const { decimal } = NUMBER_STYLES[fmt.style];
  return Number.isInteger(qty) ? String(qty) : qty.toFixed(2).replace('.', decimal);
}

const pad2 = (n) => String(n).padStart(2, '0');

/**
 * A date (ISO yyyy-mm-dd) in a pattern: numeric ("dd.mm.yyyy", "d. m. yyyy", "yyyy.mm.dd.",
 * "d/m yyyy", "dd.mm.yyyy г.") or one of the language's long forms ("{d}. {MMMM} {yyyy}").
 */
export function formatDate(iso, pattern, lex) {
  const [y, m, d] = iso.split('-').map(Number);
  if (pattern.includes('{')) {
    return pattern
      .replace('{dd}', pad2(d))
      .replace('{d}', String(d))
      .replace('{MMMM}', lex.months[m - 1])
      .replace('{MMM}', (lex.months_short ?? lex.months)[m - 1])
      .replace('{yyyy}', String(y));
  }
  return pattern.replace(/yyyy|dd|mm|d|m/g, (t) =>
    t === 'yyyy'
      ? String(y)
      : t === 'dd'
        ? pad2(d)
        : t === 'mm'
          ? pad2(m)
          : t === 'd'
            ? String(d)
            : String(m),
  );
}

/** Adds days to an ISO date. */
export function addDays(iso, days) {
  const t = new Date(`${iso}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}
