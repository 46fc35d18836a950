// Totals from a VAT breakdown whose rows check themselves, for OCR'd pages whose total labels
// came out unreadable ("Rechnunguuusmma ohne US. 471,00" on a phone photo): a row that prints a
// base, a rate and a tax where the tax is the base at that rate to the cent ("Umsatzsteuer (S)
// 198,00 19 37,62") was read right, whatever became of its label. The rows of a page add up to
// the net and the VAT; they count only when their sum with the VAT, the gross, is printed as an
// amount elsewhere in the document, so a row OCR lost (or a line item that happens to check)
// cannot make a total. A gross of 100.00 or more also counts when printed with one digit misread
// ("Bruttosumme 300,96" for 340,96 on a photo whose rows read right): the rows' own check carries
// the digits, the printed gross only says that no row was lost.
import { formatAmount, fromUnits, toUnits } from '../decimal.js';
import { parseAmount } from './amounts.js';
import { type PageLayout, type Segment, union } from './layout.js';
import { type AmountCandidate, CENT, VAT_RATES } from './totals.js';

/** An amount with two decimals as one word: "198,00", "14.100,00", "1,234.50", "-7,67". */
const AMOUNT_WORD = /^[-\u2212]?\d{1,3}(?:[.,']?\d{3})*[.,]\d{2}$/;
/** A VAT rate as one word: "19", "19%", "7,0", "5.5 %" is two words (the sign is dropped). */
const RATE_WORD = /^(\d{1,2}(?:[.,]\d{1,2})?)%?$/;

/** A word's amount in decimal.ts units, when the word is an amount with two decimals. */
function amountOf(word: string): bigint | undefined {
  const v = AMOUNT_WORD.test(word) ? parseAmount(word) : undefined;
  return v === undefined ? undefined : toUnits(v);
}

interface VatRow {
  base: bigint;
  tax: bigint;
  seg: Segment;
}

/** The row's base and tax, when its words hold a base, a rate and the tax at that rate. */
function checkedRow(line: Segment[]): VatRow | undefined {
  const words = line.flatMap((s) => s.text.split(/\s+/)).filter(Boolean);
  const amounts: Array<{ at: number; units: bigint }> = [];
  const rates: Array<{ at: number; rate: number }> = [];
  for (const [at, w] of words.entries()) {
    const units = amountOf(w);
    if (units !== undefined) amounts.push({ at, units });
    const r = RATE_WORD.exec(w);
    if (r) {
      const rate = Number(r[1]!.replace(',', '.'));
      if (VAT_RATES.includes(rate)) rates.push({ at, rate });
    }
  }
  // The tax is printed after its base (the order of every breakdown seen: base, rate, tax or
  // rate, base, tax); both have the same sign (a credit note's rows are negative).
  for (const [i, base] of amounts.entries()) {
    for (const tax of amounts.slice(i + 1)) {
      if (base.units === 0n || tax.units === 0n || base.units > 0n !== tax.units > 0n) continue;
      const magnitude = base.units < 0n ? -base.units : base.units;
      if (magnitude < 100n * CENT) continue; // under 1.00: too few digits to tell a rate apart
      for (const { at, rate } of rates) {
        if (at === base.at || at === tax.at) continue;
        const expected = (Number(base.units) * rate) / 100;
        if (Math.abs(expected - Number(tax.units)) <= Number(CENT))
          return {
            base: base.units,
            tax: tax.units,
            seg: { ...line[0]!, bbox: union(line.map((s) => s.bbox)) },
          };
      }
    }
  }
  return undefined;
}

/**
 * Net, VAT and gross candidates from each page's checked VAT rows, when the gross they make is
 * printed as an amount on another line of the document (strength 1: a labelled triple that adds
 * up is preferred; totals.ts).
 */
export function breakdownCandidates(layouts: PageLayout[]): AmountCandidate[] {
  const out: AmountCandidate[] = [];
  for (const layout of layouts) {
    const rows = layout.lines.map(checkedRow).filter((r): r is VatRow => !!r);
    if (!rows.length) continue;
    const net = rows.reduce((a, r) => a + r.base, 0n);
    const vat = rows.reduce((a, r) => a + r.tax, 0n);
    const gross = printedElsewhere(
      layouts,
      net + vat,
      new Set(rows.map((r) => `${r.seg.page}:${r.seg.line}`)),
    );
    if (!gross) continue;
    const seg = { ...rows[0]!.seg, bbox: union(rows.map((r) => r.seg.bbox)) };
    out.push(
      { kind: 'net', value: amount(net), seg, strength: 1 },
      { kind: 'vat', value: amount(vat), seg, strength: 1 },
      { kind: 'gross', value: amount(net + vat), seg: gross, strength: 1 },
    );
  }
  return out;
}

const amount = (units: bigint) => formatAmount(fromUnits(units));

/**
 * The last segment of the document, outside the rows, that prints the amount as a word; failing
 * that, for an amount of five digits or more, the last that prints it with one digit misread.
 */
function printedElsewhere(layouts: PageLayout[], units: bigint, rows: Set<string>): Segment | undefined {
  let exact: Segment | undefined;
  let near: Segment | undefined;
  for (const layout of layouts)
    for (const line of layout.lines)
      for (const seg of line) {
        if (rows.has(`${seg.page}:${seg.line}`)) continue;
        for (const w of seg.text.split(/\s+/)) {
          const printed = amountOf(w);
          if (printed === units) exact = seg;
          else if (printed !== undefined && oneDigitMisread(printed, units)) near = seg;
        }
      }
  return exact ?? near;
}

/** Whether two amounts of five digits or more (100.00 and up) differ in one digit only. */
function oneDigitMisread(printed: bigint, units: bigint): boolean {
  const a = (printed / CENT).toString();
  const b = (units / CENT).toString();
  if (a.length !== b.length || b.replace('-', '').length < 5) return false;
  let differ = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differ++;
  return differ === 1;
}
