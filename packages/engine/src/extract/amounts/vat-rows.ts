// Totals from a VAT breakdown whose rows check themselves, for OCR'd pages whose total labels
// came out unreadable ("Rechnunguuusmma ohne US. 471,00" on a phone photo), and for text layers
// whose labelled totals do not add up (the VAT printed only in the table's rows): a row that prints a
// base, a rate and a tax where the tax is the base at that rate to the cent ("Umsatzsteuer (S)
// 198,00 19 37,62") was read right, whatever became of its label. The rows of a page add up to
// the net and the VAT; they count only when the document prints, on another line, an amount that
// says no row was lost:
// - the gross (the rows' sum with their VAT). A gross of 100.00 or more also counts when printed
//   with one digit misread ("Bruttosumme 300,96" for 340,96 on a photo whose rows read right): the
//   rows' own check carries the digits, the printed gross only says that no row was lost;
// - or, for two rows or more, the net, also with its decimal comma lost ("Positionssumme 47300"):
//   two bases adding up to an amount printed elsewhere do not happen by chance.
// A row whose base OCR read without its decimal comma ("841" for 8,41) and whose rate may be
// unread is a guess: its tax must be the base at a usual rate to the cent, and the gross it makes
// must be printed exactly.
// A zero-rated row ("Steuerfreie 465,00 0 0,00") checks nothing by its own arithmetic and its
// base is a line item's amount too, so a breakdown of such rows alone counts only when its sum is
// printed on two other lines (the net and the gross, say).
import { formatAmount, fromUnits, toUnits } from '../../decimal.js';
import { WITHHOLDING_SOURCES } from '../lexicon/lexicon.js';
import { type PageLayout, type Segment, union } from '../page/layout.js';
import { parseAmount } from './amounts.js';
import { type AmountCandidate, CENT, VAT_RATES } from './totals.js';

const WITHHOLDING = new RegExp(`(?<![\\p{L}])(?:${WITHHOLDING_SOURCES.join('|')})(?![\\p{L}])`, 'iu');
/** An amount with two decimals as one word: "198,00", "14.100,00", "1,234.50", "-7,67". */
const AMOUNT_WORD = /^[-\u2212]?\d{1,3}(?:[.,']?\d{3})*[.,]\d{2}$/;
/** A VAT rate as one word: "19", "19%", "7,0", "5.5 %" is two words (the sign is dropped). */
const RATE_WORD = /^(\d{1,2}(?:[.,]\d{1,2})?)%?$/;
/** A zero rate as one word: "0", "0%", "0,00". */
const ZERO_RATE_WORD = /^0(?:[.,]0{1,2})?%?$/;
/** A base of a thousand or more OCR split at its thousands gap: "1" then "163,40". */
const THOUSANDS_TAIL = /^\d{3}[.,]\d{2}$/;

/** A word's amount in decimal.ts units, when the word is an amount with two decimals. */
function amountOf(word: string): bigint | undefined {
  const v = AMOUNT_WORD.test(word) ? parseAmount(word) : undefined;
  return v === undefined ? undefined : toUnits(v);
}

interface VatRow {
  base: bigint;
  tax: bigint;
  /** A zero-rated row (tax 0,00), which its arithmetic does not check. */
  zero: boolean;
  /** The rate the tax checks at, per cent. */
  rate?: number;
  /** Its base read as digits alone, the decimal comma lost ("841" for 8,41), its rate perhaps
   * unread: a guess the printed gross has to confirm (`breakdownCandidates`). */
  guessed?: boolean;
  seg: Segment;
}

/** The row's base and tax, when its words hold a base, a rate and the tax at that rate: with a
 * base split at its thousands joined first ("1 163,40" is 1163,40, not 163,40), else as read. */
function checkedRow(line: Segment[]): VatRow | undefined {
  // (a tax withheld, "Ritenuta Acconto 20% su € 3.000,00  € 600,00 -", is a base at a rate too)
  if (line.some((s) => WITHHOLDING.test(s.text))) return undefined;
  const words = line.flatMap((s) => s.text.split(/\s+/)).filter(Boolean);
  const joined: string[] = [];
  for (const w of words) {
    const prev = joined[joined.length - 1];
    if (prev !== undefined && /^-?[1-9]\d{0,2}$/.test(prev) && THOUSANDS_TAIL.test(w))
      joined[joined.length - 1] = prev + w;
    else joined.push(w);
  }
  const row = (joined.length < words.length ? rowOfWords(joined) : undefined) ?? rowOfWords(words);
  return row && { ...row, seg: { ...line[0]!, bbox: union(line.map((s) => s.bbox)) } };
}

function rowOfWords(words: string[]): Omit<VatRow, 'seg'> | undefined {
  const amounts: Array<{ at: number; units: bigint }> = [];
  const rates: Array<{ at: number; rate: number }> = [];
  const zeroRates: number[] = [];
  for (const [at, w] of words.entries()) {
    const units = amountOf(w);
    if (units !== undefined) amounts.push({ at, units });
    if (ZERO_RATE_WORD.test(w)) zeroRates.push(at);
    const r = RATE_WORD.exec(w);
    if (r) {
      const rate = Number(r[1]!.replace(',', '.'));
      if (VAT_RATES.includes(rate)) rates.push({ at, rate });
    }
  }
  // The tax is printed after its base (the order of every breakdown seen: base, rate, tax or
  // rate, base, tax); both have the same sign (a credit note's rows are negative).
  const pairs = amounts.flatMap((base, i) => {
    const magnitude = base.units < 0n ? -base.units : base.units;
    // Under 1.00: too few digits to tell a rate apart.
    return magnitude < 100n * CENT ? [] : amounts.slice(i + 1).map((tax) => ({ base, tax }));
  });
  for (const { base, tax } of pairs) {
    if (tax.units === 0n || base.units > 0n !== tax.units > 0n) continue;
    for (const { at, rate } of rates) {
      if (at === base.at || at === tax.at) continue;
      if (taxAtRate(base.units, tax.units, rate))
        return { base: base.units, tax: tax.units, zero: false, rate };
    }
  }
  // Only a row that checks at no other rate is zero-rated (a "0,00" discount column is no tax).
  // A word that reads as a usual rate is that row's rate, not its base ("7,00  0.00  0.00": 7 %
  // on nothing, where no base of 7.00 was taxed at 0 %).
  for (const { base, tax } of pairs) {
    if (rates.some((r) => r.at === base.at)) continue;
    if (tax.units === 0n && zeroRates.some((at) => at !== base.at && at !== tax.at))
      return { base: base.units, tax: 0n, zero: true };
  }
  return guessedRow(words, amounts, rates);
}

/** Whether `tax` is `base` at `rate` per cent, to the cent. */
function taxAtRate(base: bigint, tax: bigint, rate: number): boolean {
  return Math.abs((Number(base) * rate) / 100 - Number(tax)) <= Number(CENT);
}

/** A base of three to seven digits whose decimal comma OCR lost ("841" for 8,41). */
const BARE_BASE = /^\d{3,7}$/;

/**
 * A row whose base OCR read without its decimal comma and whose tax came out right: "Umsatzsteuer
 * (5) 841 ? 0,59" on a photo (8,41 at 7 %, the rate read "?"). The tax has to be the restored base
 * at the rate printed on the row or, when no rate was read, at one of the usual rates, to the cent;
 * the row is only a guess until the gross is found printed elsewhere (`breakdownCandidates`).
 */
function guessedRow(
  words: string[],
  amounts: Array<{ at: number; units: bigint }>,
  rates: Array<{ at: number; rate: number }>,
): Omit<VatRow, 'seg'> | undefined {
  const taxes = amounts.filter((a) => a.units > 0n);
  for (const [at, w] of words.entries()) {
    if (!BARE_BASE.test(w)) continue;
    const base = BigInt(w) * CENT;
    const tried = rates.length ? rates.filter((r) => r.at !== at).map((r) => r.rate) : VAT_RATES;
    for (const tax of taxes) {
      if (tax.at <= at || tax.units >= base) continue;
      if (tried.some((rate) => taxAtRate(base, tax.units, rate)))
        return { base, tax: tax.units, zero: false, guessed: true };
    }
  }
  return undefined;
}

/**
 * Net, VAT and gross candidates from each page's checked VAT rows, when the document prints on
 * another line an amount that says no row was lost (see the top of this file; strength 1: a
 * labelled triple that adds up is preferred; totals.ts).
 */
export function breakdownCandidates(layouts: PageLayout[]): AmountCandidate[] {
  const out: AmountCandidate[] = [];
  for (const layout of layouts) {
    const rows = layout.lines.map(checkedRow).filter((r): r is VatRow => !!r);
    if (!rows.length || !roundedOnce(rows)) continue;
    const net = rows.reduce((a, r) => a + r.base, 0n);
    const vat = rows.reduce((a, r) => a + r.tax, 0n);
    const own = new Set(rows.map((r) => `${r.seg.page}:${r.seg.line}`));
    const seg = { ...rows[0]!.seg, bbox: union(rows.map((r) => r.seg.bbox)) };
    let gross: Segment | undefined;
    if (rows.every((r) => r.zero)) {
      const { exact } = printsOf(layouts, net, own);
      const lines = new Set(exact.map((p) => `${p.page}:${p.line}`));
      gross = lines.size >= 2 ? exact.at(-1) : undefined;
    } else if (rows.some((r) => r.guessed)) {
      // A guessed base counts only with the gross printed as it is: one guess per page.
      gross =
        rows.filter((r) => r.guessed).length === 1
          ? printsOf(layouts, net + vat, own).exact.at(-1)
          : undefined;
    } else {
      const grossPrints = printsOf(layouts, net + vat, own);
      gross = grossPrints.exact.at(-1) ?? grossPrints.oneDigit.at(-1);
      if (!gross && rows.length >= 2) {
        const netPrints = printsOf(layouts, net, own);
        if (netPrints.exact.length || netPrints.noDecimals.length) gross = seg;
      }
    }
    if (!gross) continue;
    out.push(
      { kind: 'net', value: amount(net), seg, strength: 1 },
      { kind: 'vat', value: amount(vat), seg, strength: 1 },
      { kind: 'gross', value: amount(net + vat), seg: gross, strength: 1 },
    );
  }
  return out;
}

/**
 * The lines ("page:line") of the pages whose rows that check themselves tax at two rates or more:
 * each of them is one rate's share of the invoice ("B = 7 %  57,39 €  4,02 €  61,41 €"), never its
 * totals. (Rows of one rate may be an item's and the sum's of a one-item invoice.)
 */
export function rateRowLines(layouts: PageLayout[]): Set<string> {
  const out = new Set<string>();
  for (const layout of layouts) {
    const rows = layout.lines.map(checkedRow).filter((r): r is VatRow => !!r && !r.zero);
    if (new Set(rows.map((r) => r.rate)).size >= 2)
      for (const r of rows) out.add(`${r.seg.page}:${r.seg.line}`);
  }
  return out;
}

const amount = (units: bigint) => formatAmount(fromUnits(units));

/**
 * Whether the rows of each rate, where several share one ("Positionen USt. 19,00% auf 804,35 €
 * 152,83 €" / "Versandkosten USt. 19,00% auf 4,99 € 0,95 €"), tax their joint base at that rate to
 * the cent: rounded row by row they may not (152,83 + 0,95 = 153,78 where 19 % of 809,34 is
 * 153,77), and then the page's VAT is not the document's (EN 16931 rounds once per rate).
 */
function roundedOnce(rows: VatRow[]): boolean {
  const byRate = new Map<number, VatRow[]>();
  for (const r of rows) if (r.rate !== undefined) byRate.set(r.rate, [...(byRate.get(r.rate) ?? []), r]);
  return [...byRate].every(([rate, same]) => {
    if (same.length < 2) return true;
    const base = Number(same.reduce((a, r) => a + r.base, 0n));
    const tax = Number(same.reduce((a, r) => a + r.tax, 0n));
    // (rounded to the cent: within half a cent of the exact tax)
    return Math.abs((base * rate) / 100 - tax) <= Number(CENT) / 2;
  });
}

/**
 * The segments of the document, outside the rows' lines, that print the amount as a word, in
 * reading order: `exact`ly; for an amount of five digits or more with `oneDigit` misread; or, for
 * four digits or more, as its digits alone, the decimal comma lost (`noDecimals`: "47300").
 */
function printsOf(
  layouts: PageLayout[],
  units: bigint,
  rows: Set<string>,
): { exact: Segment[]; oneDigit: Segment[]; noDecimals: Segment[] } {
  const found = { exact: [] as Segment[], oneDigit: [] as Segment[], noDecimals: [] as Segment[] };
  const digits = units > 0n && units % CENT === 0n ? (units / CENT).toString() : undefined;
  for (const layout of layouts)
    for (const line of layout.lines)
      for (const seg of line) {
        if (rows.has(`${seg.page}:${seg.line}`)) continue;
        for (const w of seg.text.split(/\s+/)) {
          const printed = amountOf(w);
          if (printed === units) found.exact.push(seg);
          else if (printed !== undefined && oneDigitMisread(printed, units)) found.oneDigit.push(seg);
          else if (digits && digits.length >= 4 && w === digits) found.noDecimals.push(seg);
        }
      }
  return found;
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
