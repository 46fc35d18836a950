// Exact decimal arithmetic for amounts read from invoices. Amounts travel as decimal strings
// (dot, no grouping); sums are done on bigint units of 10^-6 so no float rounding creeps in.

const SCALE = 6;
const ONE = 10n ** BigInt(SCALE);

/** Canonical decimal string (`-12.5`, `0.07`) or undefined when `s` is not a plain decimal. */
export function parseDecimal(s: string | undefined | null): string | undefined {
  if (s == null) return undefined;
  const m = /^\s*([+-]?)(\d*)(?:\.(\d*))?\s*$/.exec(s);
  if (!m || (!m[2] && !m[3])) return undefined;
  const intPart = (m[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  const frac = m[3] ?? '';
  const zero = /^0*$/.test(intPart + frac);
  const sign = m[1] === '-' && !zero ? '-' : '';
  return frac ? `${sign}${intPart}.${frac}` : `${sign}${intPart}`;
}

/** Units of 10^-6. Extra digits beyond six are rounded half away from zero. */
export function toUnits(s: string): bigint {
  const neg = s.startsWith('-');
  const body = neg || s.startsWith('+') ? s.slice(1) : s;
  const [i = '0', f = ''] = body.split('.');
  let units = BigInt(i || '0') * ONE + BigInt((f + '000000').slice(0, SCALE) || '0');
  if (f.length > SCALE && Number(f[SCALE]) >= 5) units += 1n;
  return neg ? -units : units;
}

export function fromUnits(u: bigint): string {
  const neg = u < 0n;
  const abs = neg ? -u : u;
  const i = abs / ONE;
  const f = (abs % ONE).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return `${neg && abs !== 0n ? '-' : ''}${i}${f ? `.${f}` : ''}`;
}

/** Units of one cent (10^-2), rounded half away from zero. */
export function centsOf(s: string): bigint {
  const u = toUnits(s);
  const step = ONE / 100n;
  const neg = u < 0n;
  const abs = neg ? -u : u;
  const c = (abs + step / 2n) / step;
  return neg ? -c : c;
}

/** Two decimals, dot, no grouping: the form `fields` carries (decisions.md §2). */
export function formatAmount(s: string): string {
  const c = centsOf(s);
  const neg = c < 0n;
  const abs = neg ? -c : c;
  return `${neg ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** The size of an amount in units, its sign dropped. */
export function absUnits(u: bigint): bigint {
  return u < 0n ? -u : u;
}

export function addDecimals(values: string[]): string {
  return fromUnits(values.reduce((a, v) => a + toUnits(v), 0n));
}
