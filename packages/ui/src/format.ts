// Amounts and dates in the person's locale (Intl). Values arrive as the engine writes them:
// amounts "1234.50" with an ISO currency, dates "YYYY-MM-DD"; anything else is shown as it is.

export function formatAmount(value: string, currency: string, locale: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return value;
  const n = Number(value);
  try {
    return currency
      ? new Intl.NumberFormat(locale, { style: 'currency', currency }).format(n)
      : new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(n);
  } catch {
    // An unknown currency code: the number alone, with the code after it.
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(n)} ${currency}`;
  }
}

export function formatDate(value: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  // Noon UTC shown in UTC: the calendar day never shifts with the viewer's time zone.
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
}

/** Amounts and dates in a field's value, formatted; other fields as they are. */
export function formatFieldValue(key: string, value: string, currency: string, locale: string): string {
  if (!value) return value;
  if (key.endsWith('_date')) return formatDate(value, locale);
  if (key.endsWith('_amount')) return formatAmount(value, currency, locale);
  return value;
}
