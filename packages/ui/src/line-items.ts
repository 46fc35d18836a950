// The line items and the VAT breakdown of a read invoice, taken from the job's `document`, with
// their arithmetic (quantity × unit price = amount, base × rate = tax, the lines against the net
// total) and what a person types into a cell turned into the machine form the service takes.
// Pure functions, so the review screen's table is tested without a browser.
import { BREAKDOWN_CELLS, LINE_CELLS } from '@invoice-reader/contract';
import { inputFormOf, parseAmountInput } from './field-input.js';

export type LineCell = (typeof LINE_CELLS)[number];
export type BreakdownCell = (typeof BREAKDOWN_CELLS)[number];
export { BREAKDOWN_CELLS, LINE_CELLS };

interface Provenance {
  source?: string;
  reader?: string;
}

export interface LineRow {
  index: number;
  values: Partial<Record<LineCell, string>>;
  /** Cells a person corrected (`user` provenance). */
  edited: Set<LineCell>;
  /** Quantity × unit price, when the line's amount is not it (null when it checks or cannot be checked). */
  mismatch: { expected: string } | null;
}

export interface BreakdownRow {
  index: number;
  values: Partial<Record<BreakdownCell, string>>;
  edited: Set<BreakdownCell>;
  /** Base × rate, when the row's tax is not it. */
  mismatch: { expected: string } | null;
}

/** The lines' amounts added up against the total they should make. */
export interface LinesSum {
  sum: string;
  /**
   * `line_total` when the invoice prints a sum of its lines, else `net`, or `net_adjusted` when the
   * invoice's allowances and charges are taken off the net first.
   */
  against: 'line_total' | 'net' | 'net_adjusted';
  total: string;
  ok: boolean;
}

export interface LineItems {
  lines: LineRow[];
  breakdown: BreakdownRow[];
  /** Null when a line has no amount or the invoice gives no total to compare with. */
  sum: LinesSum | null;
}

// Decimal strings as integers of millionths, as the engine's decimal.ts counts them.
const SCALE = 1_000_000n;
const CENT = 10_000n;
const DECIMAL = /^-?\d{1,18}(\.\d{1,6})?$/;
const abs = (x: bigint) => (x < 0n ? -x : x);

export function toUnits(s: string): bigint {
  const negative = s.startsWith('-');
  const [whole = '0', frac = ''] = s.replace(/^-/, '').split('.');
  const n = BigInt(whole) * SCALE + BigInt(frac.padEnd(6, '0').slice(0, 6));
  return negative ? -n : n;
}

/** Millionths as an amount with two decimals, rounded half away from zero. */
export function unitsToAmount(u: bigint): string {
  const cents = (abs(u) + CENT / 2n) / CENT;
  const s = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  return u < 0n && cents > 0n ? `-${s}` : s;
}

const isDecimal = (s: unknown): s is string => typeof s === 'string' && DECIMAL.test(s);

/**
 * Quantity × unit price against the line's amount, with the engine's tolerance (a cent, and half
 * a cent per unit for a price printed rounded); a credit note may print the sign on either.
 */
export function lineMismatch(values: Partial<Record<LineCell, string>>): { expected: string } | null {
  const { quantity: q, unit_price: p, net_amount: a } = values;
  if (!isDecimal(q) || !isDecimal(p) || !isDecimal(a)) return null;
  const product = abs((toUnits(q) * toUnits(p)) / SCALE);
  const tol = CENT + (abs(toUnits(q)) * CENT) / (2n * SCALE);
  if (abs(product - abs(toUnits(a))) <= tol) return null;
  return { expected: unitsToAmount(a.startsWith('-') ? -product : product) };
}

/** Base × rate / 100 against the row's tax, to the cent. */
export function breakdownMismatch(
  values: Partial<Record<BreakdownCell, string>>,
): { expected: string } | null {
  const { taxable, rate, tax } = values;
  if (!isDecimal(taxable) || !isDecimal(rate) || !isDecimal(tax)) return null;
  const exact = (toUnits(taxable) * toUnits(rate)) / (100n * SCALE);
  return abs(exact - toUnits(tax)) <= CENT ? null : { expected: unitsToAmount(exact) };
}

const record = (x: unknown): Record<string, unknown> =>
  x && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : {};

function cells<C extends string>(row: unknown, keys: readonly C[]): Partial<Record<C, string>> {
  const r = record(row);
  const out: Partial<Record<C, string>> = {};
  for (const k of keys) if (typeof r[k] === 'string') out[k] = r[k] as string;
  return out;
}

/** The lines, the breakdown and the lines' sum of a job's `document` (null or any shape). */
export function lineItemsOf(document: Record<string, unknown> | null | undefined): LineItems {
  const doc = record(document);
  const provenance = record(doc.provenance) as Record<string, Provenance>;
  const editedOf = <C extends string>(prefix: string, keys: readonly C[]) =>
    new Set(keys.filter((k) => record(provenance[`${prefix}.${k}`]).source === 'user'));
  const rawLines = Array.isArray(doc.lines) ? doc.lines : [];
  const lines = rawLines.map((l, index): LineRow => {
    const values = cells(l, LINE_CELLS);
    // An e-invoice's line may price per base quantity and carry allowances the document does not
    // hold: its amount is the syntax's to vouch for (as the engine's sum check says).
    const fromXml = record(provenance[`lines.${index}.net_amount`]).source === 'xml';
    return {
      index,
      values,
      edited: editedOf(`lines.${index}`, LINE_CELLS),
      mismatch: fromXml ? null : lineMismatch(values),
    };
  });
  const rawBreakdown = Array.isArray(doc.vat_breakdown) ? doc.vat_breakdown : [];
  const breakdown = rawBreakdown.map((b, index): BreakdownRow => {
    const values = cells(b, BREAKDOWN_CELLS);
    return {
      index,
      values,
      edited: editedOf(`vat_breakdown.${index}`, BREAKDOWN_CELLS),
      mismatch: breakdownMismatch(values),
    };
  });
  return { lines, breakdown, sum: linesSum(lines, record(doc.totals)) };
}

function linesSum(lines: LineRow[], totals: Record<string, unknown>): LinesSum | null {
  const amounts = lines.map((l) => l.values.net_amount);
  if (!amounts.length || !amounts.every(isDecimal)) return null;
  const sum = amounts.reduce((a, x) => a + toUnits(x), 0n);
  const lineTotal = totals.line_total;
  const net = totals.net;
  let against: LinesSum['against'];
  let total: bigint;
  if (isDecimal(lineTotal)) {
    against = 'line_total';
    total = toUnits(lineTotal);
  } else if (isDecimal(net)) {
    // The net is the lines less the invoice's allowances plus its charges.
    const allowances = isDecimal(totals.allowances) ? toUnits(totals.allowances) : 0n;
    const charges = isDecimal(totals.charges) ? toUnits(totals.charges) : 0n;
    against = allowances !== 0n || charges !== 0n ? 'net_adjusted' : 'net';
    total = toUnits(net) + allowances - charges;
  } else return null;
  // A cent of rounding per line at most.
  const ok = abs(sum - total) <= CENT * BigInt(Math.max(1, lines.length));
  return { sum: unitsToAmount(sum), against, total: unitsToAmount(total), ok };
}

/** What kind of value a cell takes: the form a person types it in and the service checks. */
export type CellKind = 'text' | 'quantity' | 'price' | 'amount' | 'rate';

export const CELL_KINDS: Record<LineCell | BreakdownCell, CellKind> = {
  description: 'text',
  unit: 'text',
  quantity: 'quantity',
  unit_price: 'price',
  net_amount: 'amount',
  vat_rate: 'rate',
  rate: 'rate',
  taxable: 'amount',
  tax: 'amount',
};

/** A typed cell as the service takes it, or the kind of form expected. */
export type CellParsed = { ok: true; value: string } | { ok: false; kind: CellKind | 'empty' };

/**
 * A number with at most `decimals` decimals in the way `locale` writes it, without grouping
 * marks: `2,5` in German, `2.5` in English. Nothing is guessed: a comma where the language groups
 * thousands with it, or a dot before three digits where it does (`1.000` in German), is refused.
 */
export function parseDecimalInput(raw: string, locale: string, decimals: number): string | null {
  const s = raw.trim().replace(/^[−–]/, '-');
  const m = new RegExp(`^-?\\d{1,15}(?:([.,])(\\d{1,${decimals}}))?$`).exec(s);
  if (!m) return null;
  const form = inputFormOf(locale);
  if (m[1] === ',' && form.decimal !== ',') return null;
  if (m[1] === '.' && form.decimal === ',' && m[2]!.length === 3) return null;
  return s.replace(',', '.').replace(/^(-?)0+(?=\d)/, '$1');
}

/** A cell's typed value in machine form (`1.234,50` → `1234.50` in German, `19 %` → `19`). */
export function parseCellInput(cell: LineCell | BreakdownCell, raw: string, locale: string): CellParsed {
  const kind = CELL_KINDS[cell];
  const s = raw.trim();
  if (!s) return { ok: false, kind: 'empty' };
  const bad: CellParsed = { ok: false, kind };
  switch (kind) {
    case 'text':
      return { ok: true, value: s };
    case 'amount': {
      const p = parseAmountInput(s, locale);
      return p.ok ? { ok: true, value: p.value } : bad;
    }
    case 'rate': {
      const v = parseDecimalInput(s.replace(/\s*%$/, ''), locale, 2);
      return v !== null && !v.startsWith('-') && Number(v) <= 100 ? { ok: true, value: v } : bad;
    }
    default: {
      // A price may carry a currency as the screen shows it.
      const bare = kind === 'price' ? s.replace(/^(?:[A-Z]{3}|[€$£₽])\s*|\s*(?:[A-Z]{3}|[€$£₽])$/gu, '') : s;
      const v = parseDecimalInput(bare, locale, 6);
      return v !== null ? { ok: true, value: v } : bad;
    }
  }
}

/** Whether a typed machine value says the same as the stored one (`2` and `2.000`, `19` and `19.00`). */
export function sameValue(cell: LineCell | BreakdownCell, a: string, b: string): boolean {
  if (CELL_KINDS[cell] === 'text') return a.trim() === b.trim();
  return isDecimal(a) && isDecimal(b) ? toUnits(a) === toUnits(b) : a === b;
}

/** A cell's stored value as the person's language writes it, ready to be edited. */
export function cellText(cell: LineCell | BreakdownCell, value: string | undefined, locale: string): string {
  if (value === undefined) return '';
  const kind = CELL_KINDS[cell];
  if (kind === 'text' || !isDecimal(value)) return value;
  const decimals = (value.split('.')[1] ?? '').length;
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: kind === 'amount' ? 2 : Math.min(decimals, 6),
    maximumFractionDigits: kind === 'amount' ? 2 : 6,
    // Only amounts are grouped: "1.234" alone reads as a thousand or as one and a bit.
    useGrouping: kind === 'amount',
  }).format(Number(value));
}
