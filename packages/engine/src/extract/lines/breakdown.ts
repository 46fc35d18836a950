// The VAT breakdown by rate (rate, base, tax) as a page prints it: lines holding a rate, a base
// and the tax at that rate to the cent ("USt. 19 %   198,00   37,62"). The rows count only when
// together they make the document's totals (their taxes its VAT, their bases its net), so a row
// of another table never slips in. A page that prints no breakdown but one rate beside its VAT
// total ("zuzüglich 19 % MwSt.  160,55") or on every line item, with the net at that rate
// making the VAT to the cent, has a breakdown of one row; so has one whose VAT is nothing and
// whose lines print a rate of zero.
import { absUnits, formatAmount, fromUnits, toUnits } from '../../decimal.js';
import type { VatBreakdownEntry } from '../../document.js';
import { parseAmount } from '../amounts/amounts.js';
import { VAT_RATES } from '../amounts/totals.js';
import type { Box, LayoutPage } from '../page/layout.js';
import { joinSigns } from './cells.js';

export interface BreakdownRow extends Required<Pick<VatBreakdownEntry, 'rate' | 'taxable' | 'tax'>> {
  page: number;
  box: Box;
}

const CENT = 10_000n;
const AMOUNT_WORD = /^[-\u2212]?[\d.,'’]*\d[.,]\d{2}$/;
const RATE_WORD = /^\(?(\d{1,2}(?:[.,]\d{1,2})?)\s*%\)?:?$/;
const BARE_RATE_WORD = /^(\d{1,2}(?:[.,]\d{1,2})?)$/;

/** Whether `tax` is `base` at `rate` % to the cent (one cent more per rounding step). */
export function taxAt(base: string, rate: string, tax: string): boolean {
  const exact = (toUnits(base) * toUnits(rate)) / (100n * 1_000_000n);
  return absUnits(exact - toUnits(tax)) <= CENT;
}

/** Rows of a line: a rate (with its % sign, or a usual rate alone), then a base and its tax. */
function rowsOfLine(page: LayoutPage, li: number, decimal?: ',' | '.'): BreakdownRow[] {
  const line = page.lines[li]!;
  const words = joinSigns(line.words).flatMap((w) => w.text.split(/\s+/));
  const amounts: Array<{ at: number; value: string }> = [];
  const rates: Array<{ at: number; rate: string }> = [];
  for (const [at, w] of words.entries()) {
    const r = RATE_WORD.exec(w) ?? BARE_RATE_WORD.exec(w);
    if (r) {
      const rate = Number(r[1]!.replace(',', '.'));
      if (rate === 0 || VAT_RATES.includes(rate)) rates.push({ at, rate: String(rate) });
    }
    if (AMOUNT_WORD.test(w)) {
      const value = parseAmount(w, decimal ? { decimal } : {});
      if (value !== undefined) amounts.push({ at, value });
    }
  }
  const out: BreakdownRow[] = [];
  for (const { rate, at: ra } of rates) {
    for (const [i, base] of amounts.entries()) {
      for (const tax of amounts.slice(i + 1)) {
        if (base.at === ra || tax.at === ra) continue;
        if (toUnits(base.value) === 0n) continue;
        if (rate === '0' ? toUnits(tax.value) !== 0n : !taxAt(base.value, rate, tax.value)) continue;
        if (rate !== '0' && toUnits(tax.value) === 0n) continue;
        out.push({ rate, taxable: base.value, tax: tax.value, page: page.page, box: line.bbox });
      }
    }
  }
  return out;
}

/** Every line's rows of a breakdown (rate, base and the tax at that rate), each once. */
export function breakdownRows(pages: LayoutPage[], decimal?: ',' | '.'): BreakdownRow[] {
  const out: BreakdownRow[] = [];
  for (const page of pages)
    for (let li = 0; li < page.lines.length; li++)
      for (const row of rowsOfLine(page, li, decimal))
        if (!out.some((c) => c.rate === row.rate && c.taxable === row.taxable && c.tax === row.tax))
          out.push(row);
  return out;
}

export interface Totals {
  net?: string;
  vat?: string;
  gross?: string;
}

/** The breakdown whose rows make the document's totals; none when no set of rows does. */
export function readBreakdown(
  pages: LayoutPage[],
  totals: Totals,
  opts: { decimal?: ',' | '.'; lineRates?: string[]; zeroPrinted?: boolean } = {},
): BreakdownRow[] {
  const { net, vat, gross } = totals;
  if (!net && !(vat && gross)) return [];
  const candidates = breakdownRows(pages, opts.decimal);
  const byRate = new Map<string, BreakdownRow[]>();
  for (const c of candidates) byRate.set(c.rate, [...(byRate.get(c.rate) ?? []), c]);
  const rates = [...byRate.keys()].slice(0, 4);
  // Every choice, per rate, of none or some of its rows (goods and shipping at 19 % are two rows
  // of one rate) whose sums are the totals; the one with most rows.
  let best: BreakdownRow[] | undefined;
  const walk = (i: number, chosen: BreakdownRow[]) => {
    if (i === rates.length) {
      const merged = mergeRates(chosen);
      if (merged.length && makesTotals(merged, totals) && (!best || chosen.length > bestCount)) {
        best = merged;
        bestCount = chosen.length;
      }
      return;
    }
    const rows = byRate.get(rates[i]!)!.slice(0, 3);
    for (let mask = 0; mask < 1 << rows.length; mask++)
      walk(i + 1, chosen.concat(rows.filter((_, k) => mask & (1 << k))));
  };
  let bestCount = 0;
  walk(0, []);
  if (best) return best.sort((a, b) => Number(b.rate) - Number(a.rate));
  const completed = withTaxMisread(pages, candidates, totals, opts.decimal);
  if (completed) return completed.sort((a, b) => Number(b.rate) - Number(a.rate));
  return oneRate(pages, totals, opts);
}

/**
 * A breakdown one of whose rows lost its tax to OCR ("TVA 20,0%  -20,48 €  410€"): a line's rate
 * (with its % sign) and base, and rows of other rates, such that the bases make the net and the
 * VAT total less the other rows' taxes is that base's tax at that rate to the cent. Only when
 * exactly one such row and choice of others does.
 */
function withTaxMisread(
  pages: LayoutPage[],
  candidates: BreakdownRow[],
  { net, vat, gross }: Totals,
  decimal?: ',' | '.',
): BreakdownRow[] | undefined {
  if (!net || !vat || (gross && absUnits(toUnits(net) + toUnits(vat) - toUnits(gross)) > CENT))
    return undefined;
  const found: BreakdownRow[][] = [];
  for (const page of pages)
    for (const line of page.lines) {
      const words = joinSigns(line.words).map((w) => w.text);
      const rates = words
        .map((w) => RATE_WORD.exec(w)?.[1])
        .filter((r): r is string => !!r)
        .map((r) => String(Number(r.replace(',', '.'))))
        .filter((r) => VAT_RATES.includes(Number(r)));
      if (rates.length !== 1) continue;
      const rate = rates[0]!;
      const others = candidates.filter((c) => c.rate !== rate && c.rate !== '0');
      for (const w of words) {
        if (!AMOUNT_WORD.test(w)) continue;
        const base = parseAmount(w, decimal ? { decimal } : {});
        if (base === undefined || toUnits(base) === 0n) continue;
        // The other rows: none, or one of each other rate.
        const choices: BreakdownRow[][] = [[]];
        for (const r of new Set(others.map((o) => o.rate)))
          for (const c of [...choices])
            for (const o of others.filter((x) => x.rate === r)) choices.push([...c, o]);
        for (const chosen of choices.slice(0, 64)) {
          const bases = chosen.reduce((a, c) => a + toUnits(c.taxable), toUnits(base));
          if (absUnits(bases - toUnits(net)) > CENT) continue;
          const tax = formatAmount(fromUnits(chosen.reduce((a, c) => a - toUnits(c.tax), toUnits(vat))));
          if (toUnits(tax) === 0n || !taxAt(base, rate, tax)) continue;
          if (found.some((f) => f[0]!.rate === rate && f[0]!.taxable === base)) continue;
          found.push([{ rate, taxable: base, tax, page: page.page, box: line.bbox }, ...chosen]);
        }
      }
    }
  return found.length === 1 ? found[0] : undefined;
}

/** Rows of one rate as one row of the breakdown: their bases and taxes added. Rows at zero stay
 * apart: they may be of different categories (exempt, outside the scope, reverse charge). */
function mergeRates(rows: BreakdownRow[]): BreakdownRow[] {
  const out = new Map<string, BreakdownRow>();
  for (const [i, r] of rows.entries()) {
    if (r.rate === '0') {
      out.set(`0/${i}`, r);
      continue;
    }
    const had = out.get(r.rate);
    out.set(
      r.rate,
      had
        ? {
            ...had,
            taxable: formatAmount(fromUnits(toUnits(had.taxable) + toUnits(r.taxable))),
            tax: formatAmount(fromUnits(toUnits(had.tax) + toUnits(r.tax))),
          }
        : r,
    );
  }
  return [...out.values()];
}

function makesTotals(rows: BreakdownRow[], { net, vat, gross }: Totals): boolean {
  // To the cent, as check/sums.ts holds the breakdown's taxes to the VAT total.
  const steps = CENT;
  const bases = rows.reduce((a, r) => a + toUnits(r.taxable), 0n);
  const taxes = rows.reduce((a, r) => a + toUnits(r.tax), 0n);
  if (net && absUnits(bases - toUnits(net)) > steps) return false;
  if (vat && absUnits(taxes - toUnits(vat)) > steps) return false;
  if (!vat && gross && absUnits(bases + taxes - toUnits(gross)) > steps) return false;
  if (!net && !vat) return false;
  return true;
}

/** One rate printed beside the VAT total or on every line item, the net at which makes the VAT. */
function oneRate(
  pages: LayoutPage[],
  { net, vat, gross }: Totals,
  opts: { lineRates?: string[]; zeroPrinted?: boolean },
): BreakdownRow[] {
  if (!net || !vat) return [];
  if (gross && absUnits(toUnits(net) + toUnits(vat) - toUnits(gross)) > CENT) return [];
  // No VAT at all and a line printing a rate of zero: the net is at zero (exempt, reverse
  // charge). Without that 0 % the net may be outside the scope of VAT, which has no rate.
  if (toUnits(vat) === 0n && toUnits(net) !== 0n && opts.zeroPrinted)
    return [{ rate: '0', taxable: net, tax: '0.00', page: 0, box: [0, 0, 0, 0] }];
  const lineRates = new Set(opts.lineRates ?? []);
  const fromLines = lineRates.size === 1 && opts.lineRates?.length ? [...lineRates][0] : undefined;
  if (fromLines && fromLines !== '0' && taxAt(net, fromLines, vat))
    return [{ rate: fromLines, taxable: net, tax: vat, page: 0, box: [0, 0, 0, 0] }];
  // A line holding the VAT total and one rate with its % sign.
  for (const page of pages)
    for (const line of page.lines) {
      const words = joinSigns(line.words).map((w) => w.text);
      const amounts = words.map((w) => (AMOUNT_WORD.test(w) ? parseAmount(w) : undefined));
      if (!amounts.some((a) => a !== undefined && toUnits(a) === toUnits(vat))) continue;
      const rates = words
        .map((w) => RATE_WORD.exec(w)?.[1])
        .filter((r): r is string => !!r)
        .map((r) => String(Number(r.replace(',', '.'))));
      if (rates.length === 1 && VAT_RATES.includes(Number(rates[0])) && taxAt(net, rates[0]!, vat))
        return [{ rate: rates[0]!, taxable: net, tax: vat, page: page.page, box: line.bbox }];
    }
  return [];
}
