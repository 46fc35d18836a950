// Line items and the VAT breakdown read from a page into the Document, in the shape the XML
// readers fill (`lines`, `vat_breakdown`), each value with its page, box and confidence. Every
// line is checked by arithmetic: quantity × unit price = amount, and the lines together make the
// net total. A line that does not check is kept, rated low (and flagged by check/sums.ts); the
// table is never used for the totals. A breakdown is kept only when it makes the totals.

import { totalsAddUp } from '../../check/sums.js';
import { absUnits, toUnits } from '../../decimal.js';
import type { Document, LineItem } from '../../document.js';
import { parseAmount } from '../amounts/amounts.js';
import { startsWithLabel } from '../page/labels.js';
import type { LayoutPage, Put } from '../page/layout.js';
import { type BreakdownRow, breakdownRows, readBreakdown } from './breakdown.js';
import { isAllowanceRow } from './header.js';
import type { ItemTable, TableRow } from './table.js';

const CENT = 10_000n;

/** Confidence of a line: the table adds up to the net / its own arithmetic holds / neither. */
const ADDS_UP = 0.9;
const CHECKS = 0.85;
const UNCHECKED = 0.6;

/** Whether quantity × unit price is the amount, to the cent (a cent more for a price rounded). */
export function lineChecks(
  row: Pick<LineItem, 'quantity' | 'unit_price' | 'net_amount'>,
): boolean | undefined {
  if (!row.quantity || !row.unit_price || !row.net_amount) return undefined;
  const product = (toUnits(row.quantity) * toUnits(row.unit_price)) / 1_000_000n;
  const tol = CENT + (absUnits(toUnits(row.quantity)) * CENT) / 2_000_000n;
  return absUnits(absUnits(product) - absUnits(toUnits(row.net_amount))) <= tol;
}

/**
 * Amounts printed on labelled lines below the tables ("Positionssumme  202,70", "Sous-total HT
 * 473,00"), on the last table's page or a later one: the table's own sum, which confirms its
 * rows as a total does where the net is made also of document-level allowances and charges.
 */
function printedSums(pages: LayoutPage[], tables: ItemTable[]): string[] {
  const last = tables[tables.length - 1]?.rows.at(-1);
  if (!last) return [];
  const out: string[] = [];
  const below = pages.flatMap((p) =>
    p.page > last.page
      ? p.lines
      : p.page === last.page
        ? p.lines.filter((l) => l.bbox[1] >= last.box[3])
        : [],
  );
  for (const line of below) {
    if (!startsWithLabel(line.text.trim())) continue;
    const amounts = line.words.filter((w) => /\d[.,]\d{2}$/.test(w.text));
    const value = amounts.length ? parseAmount(amounts[amounts.length - 1]!.text) : undefined;
    if (value !== undefined) out.push(value);
  }
  return out;
}

/** Whether the rows' amounts add up to `total`, one cent per row of rounding at most. */
function addsUpTo(rows: TableRow[], total: string | undefined): boolean {
  if (!total || !rows.length) return false;
  const sum = rows.reduce((a, r) => a + toUnits(r.net_amount), 0n);
  return absUnits(sum - toUnits(total)) <= CENT;
}

/**
 * Rows of a table that does not add up which still are line items: those whose quantity × price
 * is their amount, and those with a quantity and price whose amount does not check when the
 * products make the net (the amount misread, OCR's slip): these are kept to be flagged.
 */
function checkedRows(rows: TableRow[], net: string | undefined): TableRow[] {
  const checked = rows.filter((r) => lineChecks(r) === true);
  const off = rows.filter((r) => lineChecks(r) === false);
  if (!off.length || !net) return checked;
  const kept = rows.filter((r) => checked.includes(r) || off.includes(r));
  const made = kept.reduce(
    (a, r) =>
      a +
      (off.includes(r)
        ? (toUnits(r.quantity!) * toUnits(r.unit_price!)) / 1_000_000n
        : toUnits(r.net_amount)),
    0n,
  );
  return absUnits(made - toUnits(net)) <= CENT * BigInt(kept.length) ? kept : checked;
}

/** Most rows whose rates are tried one by one against the breakdown (rates ^ rows tries). */
const MAX_TRIES = 4096;

/**
 * Rates for the rows that print none, from the breakdown: its one rate, or the one way of giving
 * each a rate of the breakdown such that the rows at each rate add up to its base (give or take
 * the document's allowances and charges). None when no way or more
 * than one way does (or a row prints a rate the breakdown lacks).
 */
export function ratesByBreakdown(rows: TableRow[], breakdown: BreakdownRow[]): Map<TableRow, string> {
  const out = new Map<TableRow, string>();
  const open = rows.filter((r) => r.vat_rate === undefined);
  const rates = breakdown.map((b) => b.rate);
  if (!open.length || !rates.length || rates.length ** open.length > MAX_TRIES) return out;
  if (rows.some((r) => r.vat_rate !== undefined && !rates.includes(r.vat_rate))) return out;
  // A breakdown of one rate that makes the totals holds every line (each line's rate has its row
  // in the breakdown), whatever else (shipping) its base holds.
  if (rates.length === 1) {
    for (const r of open) out.set(r, rates[0]!);
    return out;
  }
  const left = new Map(breakdown.map((b) => [b.rate, toUnits(b.taxable)]));
  // Document-level allowances and charges (not rows of the table) move the bases off the rows'
  // sums: a rate's rows may miss its base by as much as they make together, no more.
  const spread = absUnits(
    breakdown.reduce((a, b) => a + toUnits(b.taxable), 0n) -
      rows.reduce((a, r) => a + toUnits(r.net_amount), 0n),
  );
  for (const r of rows)
    if (r.vat_rate !== undefined) left.set(r.vat_rate, left.get(r.vat_rate)! - toUnits(r.net_amount));
  let found: string[] | undefined;
  let ways = 0;
  const pick: string[] = [];
  const walk = (i: number) => {
    if (ways > 1) return;
    if (i === open.length) {
      const fits = rates.every((rate) => {
        const sum = open.reduce((a, r, j) => (pick[j] === rate ? a + toUnits(r.net_amount) : a), 0n);
        return absUnits(sum - left.get(rate)!) <= CENT * BigInt(rows.length) + spread;
      });
      if (fits) [found, ways] = [[...pick], ways + 1];
      return;
    }
    for (const rate of rates) {
      pick[i] = rate;
      walk(i + 1);
    }
  };
  walk(0);
  if (ways === 1 && found) for (const [j, r] of open.entries()) out.set(r, found[j]!);
  return out;
}

/**
 * Without a breakdown that makes the totals (totals unread), a breakdown row printed on the page
 * (rate, base, the tax at that rate) whose base is what the rows add up to gives them its rate;
 * none when rows of two rates would.
 */
export function rateOfRowsSum(rows: TableRow[], printed: BreakdownRow[]): BreakdownRow[] {
  if (!rows.length) return [];
  const sum = rows.reduce((a, r) => a + toUnits(r.net_amount), 0n);
  const fits = printed.filter((b) => absUnits(toUnits(b.taxable) - sum) <= CENT * BigInt(rows.length));
  return new Set(fits.map((b) => b.rate)).size === 1 ? [fits[0]!] : [];
}

/**
 * Rates of the rows that print none from the breakdown rows printed on a page whose totals are
 * not read: the rate of the one whose base the rows make together, else, row by row, the rate
 * of those whose base is the row's amount to the cent (the row alone at its rate).
 */
export function ratesByPrinted(rows: TableRow[], printed: BreakdownRow[]): Map<TableRow, string> {
  const whole = rateOfRowsSum(rows, printed);
  if (whole.length) return ratesByBreakdown(rows, whole);
  const out = new Map<TableRow, string>();
  for (const r of rows) {
    if (r.vat_rate !== undefined) continue;
    const fits = new Set(
      printed.filter((b) => toUnits(b.taxable) === toUnits(r.net_amount)).map((b) => b.rate),
    );
    if (fits.size === 1) out.set(r, [...fits][0]!);
  }
  return out;
}

export function readLineItems(pages: LayoutPage[], tables: ItemTable[], d: Document, put: Put): void {
  const totals = d.totals;
  // Rows of document-level allowances and charges printed in the table ("Rabatt", "REMISE :
  // ...") are no line items, but count when the table's amounts are added up to the net.
  const items = (rows: TableRow[]) => rows.filter((r) => !r.allowance && !isAllowanceRow(r.description));
  // A sum printed under the table: not the gross, the VAT or the amount due (the items and a VAT
  // row read as one make the gross).
  const other = [totals.gross, totals.vat, totals.payable].filter((t): t is string => !!t).map(toUnits);
  const sums = printedSums(pages, tables).filter((sum) => !other.includes(toUnits(sum)));
  const addsUp = (rows: TableRow[]) =>
    [items(rows), rows].some(
      (some) =>
        addsUpTo(some, totals.net) ||
        addsUpTo(some, totals.line_total) ||
        sums.some((sum) => addsUpTo(some, sum)),
    );
  const all = tables.flatMap((t) => t.rows);
  // The item table is the one (or all together) whose amounts make the net; a table of
  // document-level allowances or a breakdown read as a table then falls away. When none adds up,
  // only rows whose own arithmetic holds are taken for line items: an amount that neither the
  // net nor quantity × price confirms is as likely a sub-total, an allowance or a total.
  // Rows read past the table's end (a VAT row, a total) fall away when the rows before them add up.
  const adding = addsUp(all)
    ? all
    : (tables.find((t) => addsUp(t.rows))?.rows ??
      [all, ...tables.map((t) => t.rows)].map(leading).find(Boolean));
  function leading(rows: TableRow[]): TableRow[] | undefined {
    for (let n = rows.length - 1; n >= 2; n--) if (addsUp(rows.slice(0, n))) return rows.slice(0, n);
    return undefined;
  }
  const adds = !!adding;
  const rows = items(adding ?? checkedRows(all, totals.net));
  const lineRates = rows.map((r) => r.vat_rate).filter((r): r is string => !!r);
  // The totals a breakdown must make: the VAT only when net + VAT = gross (or no gross is read).
  const vatHolds = !!totals.vat && (!totals.gross || !totals.net || totalsAddUp(totals));
  const breakdown = readBreakdown(
    pages,
    {
      ...(totals.net ? { net: totals.net } : {}),
      ...(vatHolds ? { vat: totals.vat } : {}),
      ...(totals.gross ? { gross: totals.gross } : {}),
    },
    {
      lineRates: lineRates.length === rows.length ? lineRates : [],
      zeroPrinted: lineRates.includes('0'),
    },
  );
  const rates = breakdown.length
    ? ratesByBreakdown(rows, breakdown)
    : ratesByPrinted(rows, breakdownRows(pages));
  rows.forEach((row, i) => {
    const checks = lineChecks(row);
    const confidence = adds ? ADDS_UP : checks ? CHECKS : UNCHECKED;
    const at = (key: keyof LineItem, value: string | undefined) => {
      if (value !== undefined) put(`lines.${i}.${key}`, value, row.box, row.page, confidence);
    };
    at('description', row.description || undefined);
    at('quantity', row.quantity);
    at('unit', row.unit);
    at('unit_price', row.unit_price);
    at('net_amount', row.net_amount);
    at('vat_rate', row.vat_rate ?? rates.get(row));
  });
  breakdown.forEach((b, i) => {
    const where = b.page ? b.box : undefined;
    put(`vat_breakdown.${i}.rate`, b.rate, where, b.page || 1, 0.9);
    put(`vat_breakdown.${i}.taxable`, b.taxable, where, b.page || 1, 0.9);
    put(`vat_breakdown.${i}.tax`, b.tax, where, b.page || 1, 0.9);
  });
}
