// Dates and amounts in the person's locale (Intl), from the API's ISO strings and integer minor
// units: one place, so every screen writes them the same way.
export function formatDate(iso: string | null | undefined, lang: string): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  // A bare date (YYYY-MM-DD) is a calendar day: shown in UTC so it does not move a day.
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  return new Intl.DateTimeFormat(lang, {
    dateStyle: 'medium',
    ...(dateOnly ? { timeZone: 'UTC' } : {}),
  }).format(d);
}

export function formatDateTime(iso: string | null | undefined, lang: string): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** Integer minor units (cents, kopecks) in a currency. */
export function formatMoney(minor: number, currency: string, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(minor / 100);
}

export function formatNumber(n: number, lang: string): string {
  return new Intl.NumberFormat(lang).format(n);
}

/** The country of the browser's language (`en-US` → `US`), or empty: it picks the prices' currency. */
export function browserCountry(): string {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const region = /^[a-z]{2,3}-([a-z]{2})$/i.exec(tag)?.[1];
    if (region) return region.toUpperCase();
  }
  return '';
}
