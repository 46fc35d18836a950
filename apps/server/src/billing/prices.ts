// Prices of scanned pages (decisions §10): 0.07 EUR up to 1,000 pages a month, lower by volume;
// USD and RUB from configured rates. All money is integer minor units (cents, kopecks).

export interface Tier {
  fromPages: number;
  minor: number;
}

export const SCALE: readonly Tier[] = Object.freeze([
  { fromPages: 0, minor: 7 },
  { fromPages: 1_000, minor: 6 },
  { fromPages: 10_000, minor: 5 },
  { fromPages: 100_000, minor: 4 },
  { fromPages: 1_000_000, minor: 3 },
]);

export const MIN_TOP_UP_MINOR = 800;

/** Price of one page for an account that has already had `pagesThisMonth` pages this month. */
export function pagePriceMinor(pagesThisMonth: number): number {
  let price = SCALE[0]?.minor ?? 7;
  for (const t of SCALE) if (pagesThisMonth >= t.fromPages) price = t.minor;
  return price;
}

/** "1234.50" from 123450: two decimals, a dot, no grouping (decisions §2). */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** EUR minor units in another currency's minor units, rounded half up. */
export function convertMinor(eurMinor: number, rate: number): number {
  return Math.round(eurMinor * rate);
}

/** First day of the month of `at`, as an ISO string (the scale counts pages per calendar month, UTC). */
export function monthStart(at: Date): string {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)).toISOString();
}
