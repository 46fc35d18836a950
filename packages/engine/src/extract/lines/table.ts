// The rows of an item table under its header: a row is a line with an amount in the amount
// column; the lines under it without one continue its description (a wrapped row). The table
// ends at a totals line, a wide gap or the page's end; a table that ran to the end of its page
// without totals goes on at the top of the next page (rows only: its letterhead is no row's).
// Rows that carry a sum over ("Übertrag") are skipped.
import { absUnits, formatAmount, fromUnits, toUnits } from '../../decimal.js';
import { startsWithLabel } from '../page/labels.js';
import type { Box, LayoutPage, LayoutWord } from '../page/layout.js';
import { amountIn, type Cells, cellsOf, quantityIn, rateIn } from './cells.js';
import { findHeaders, isAllowanceRow, isCarriedOver, type TableHeader } from './header.js';
import { unitOf } from './units.js';

export interface TableRow {
  page: number;
  box: Box;
  description: string;
  quantity?: string;
  unit?: string;
  unit_price?: string;
  net_amount: string;
  vat_rate?: string;
  /** Whether the row's line opens with a document-level allowance or charge ("Transportkosten:
   * Frachtbetrag ... 15,00"), the words of which may stand outside the description column. */
  allowance?: boolean;
}

export interface ItemTable {
  header: TableHeader;
  rows: TableRow[];
  /** Whether the table ended on a totals line (not at a page's end or a gap). */
  closed: boolean;
}

/** A gap wider than this many header line heights between two lines ends a table. */
const MAX_GAP = 10;

/** The item tables of a document, in page order. */
export function readTables(pages: LayoutPage[]): ItemTable[] {
  const tables: ItemTable[] = [];
  const decimal = decimalOf(pages);
  for (const [pi, page] of pages.entries()) {
    const headers = findHeaders(page);
    // A table left open on the page before goes on at the top of this one.
    const open = tables[tables.length - 1];
    if (open && !open.closed && open.header.page === pages[pi - 1]?.page && !headers.length) {
      const more = rowsUnder(page, open.header, -1, decimal);
      open.rows.push(...more.rows);
      open.closed = more.closed;
      open.header = { ...open.header, page: page.page };
    }
    for (const header of headers) {
      const { rows, closed } = rowsUnder(page, header, header.lastLine, decimal);
      // A header at a page's foot with its rows on the next page is kept open for them.
      if (rows.length || !closed) tables.push({ header, rows, closed });
    }
  }
  return tables.filter((t) => t.rows.length);
}

function rowsUnder(
  page: LayoutPage,
  header: TableHeader,
  after: number,
  decimal: ',' | '.' | undefined,
): { rows: TableRow[]; closed: boolean } {
  const rows: TableRow[] = [];
  // `tops`: the top of each wrapped line in `text` (undefined for the row's own and title lines).
  let current: { row: TableRow; text: string[]; tops: Array<number | undefined> } | undefined;
  // Description lines since the last row's line, top to bottom: a row printing no description
  // on its own line has its title on the line just above, taken back from the row before.
  let loose: Array<{ text: string; top: number; bottom: number }> = [];
  // The line before, when it held a quantity or price and no amount.
  let raised:
    | { cells: Cells; bottom: number; title: { text: string; top: number; bottom: number } }
    | undefined;
  let bottom = after < 0 ? 0 : header.bottom;
  const finish = () => {
    if (current) rows.push({ ...current.row, description: joinWrapped(current.text) });
    current = undefined;
  };
  const lines = page.lines
    .map((l, i) => ({ l, i }))
    .filter(({ l, i }) => i > after && l.words.length && l.bbox[1] >= bottom - 0.002)
    .sort((a, b) => a.l.bbox[1] - b.l.bbox[1]);
  for (const { l } of lines) {
    const text = l.text.trim();
    if (after >= 0 && l.bbox[1] - bottom > header.lineHeight * MAX_GAP) {
      finish();
      return { rows, closed: true };
    }
    if (isCarriedOver(text)) continue;
    const cells = cellsOf(l.words, header.columns);
    // A line's amount is printed to the cent (more digits are a misread or another column's),
    // with the decimals when the document writes its amounts with them: a bare "1" under the
    // amount heading is a note's number ("Artikelrabatt 1").
    const printed = amountIn(cells.get('amount'), decimal);
    const amount =
      printed !== undefined &&
      /^-?\d+(?:\.\d{1,2})?$/.test(printed) &&
      (!decimal || !!cells.get('amount')?.some((w) => /\d[.,]\d{1,2}(?!\d)/.test(w.text)))
        ? printed
        : undefined;
    // A totals line ("Nettobetrag  473,00"): a label and an amount in the amount column, no
    // quantity or price.
    if (
      amount !== undefined &&
      startsWithLabel(text) &&
      !hasNumber(cells.get('quantity')) &&
      !hasNumber(cells.get('unit_price'))
    ) {
      // Words set on the totals line's own baseline, left of it (the headings of a VAT breakdown
      // beside "Total HT"), are the footer's, not the last row's wrapped description.
      while (
        current?.tops.length &&
        Math.abs((current.tops.at(-1) ?? -1) - l.bbox[1]) < header.lineHeight / 2
      ) {
        current.tops.pop();
        current.text.pop();
      }
      finish();
      return { rows, closed: true };
    }
    const own = (cells.get('description') ?? []).map((w) => w.text).join(' ');
    // A word of three letters or more makes a title; an article code ("ART_9874", "BC: 3",
    // "GLN:5987854125") does not.
    const titled = own.split(/\s+/).some((w) => /^\(?\p{L}{3,}[,.;:)]?$/u.test(w));
    // An amount of nothing is a row only with a price of nothing ("Kostenlose Zugabe 1 0,00 0,00"):
    // a zero in the amount column is otherwise the VAT of an exempt breakdown row.
    const nothing = amount !== undefined && /^-?0(?:\.0+)?$/.test(amount);
    const free = nothing && /^-?0(?:\.0+)?$/.test(amountIn(cells.get('unit_price'), decimal) ?? '');
    // Its quantity and price set a hair higher than its amount, on a line of their own.
    const numbers =
      amount !== undefined &&
      !hasNumber(cells.get('quantity')) &&
      !hasNumber(cells.get('unit_price')) &&
      raised &&
      l.bbox[1] - raised.bottom <= header.lineHeight * 1.5
        ? raised
        : undefined;
    raised = undefined;
    const allowance = amount !== undefined && current ? lineAllowance(cells, current.row, amount) : undefined;
    if (current && allowance !== undefined && l.bbox[1] - bottom <= header.lineHeight * 3) {
      current.row.net_amount = allowance;
      bottom = l.bbox[3];
      loose = [];
      continue;
    }
    if (
      amount !== undefined &&
      (!nothing || free) &&
      (isRow(cells) || numbers || aboveOf(loose, l.bbox[1], header).length)
    ) {
      // A raised line of numbers is the row's first: its words come first whatever this line holds.
      const above = numbers ? [numbers.title] : titled ? [] : aboveOf(loose, l.bbox[1], header);
      // Lines taken for this row's title are no more the row before's.
      for (const a of [...above].reverse())
        if (current && current.text.length > 1 && current.text[current.text.length - 1] === a.text) {
          current.text.pop();
          current.tops.pop();
        }
      finish();
      loose = [];
      const from = numbers?.cells ?? cells;
      const { quantity, unitWords } = quantityIn(from.get('quantity'), decimal);
      const unit = unitOf(from.get('unit')?.map((w) => w.text) ?? unitWords);
      const price = amountIn(from.get('unit_price'), decimal);
      const rate = rateIn(cells.get('vat_rate')) ?? rateIn(numbers?.cells.get('vat_rate'));
      current = {
        row: {
          page: page.page,
          box: l.bbox,
          description: '',
          net_amount: amount,
          ...(quantity !== undefined ? { quantity } : {}),
          ...(unit ? { unit } : {}),
          ...(price !== undefined ? { unit_price: price } : {}),
          ...(rate !== undefined ? { vat_rate: rate } : {}),
          ...(isAllowanceRow(text) ? { allowance: true } : {}),
        },
        text: [...above.map((a) => a.text), own],
        tops: [...above.map(() => undefined), undefined],
      };
      bottom = l.bbox[3];
      continue;
    }
    // A line of a wrapped description: text under the description column only.
    const desc = cells.get('description');
    if (amount === undefined && (hasNumber(cells.get('quantity')) || hasNumber(cells.get('unit_price'))))
      raised = {
        cells,
        bottom: l.bbox[3],
        title: { text: (desc ?? []).map((w) => w.text).join(' '), top: l.bbox[1], bottom: l.bbox[3] },
      };
    if (desc?.length) {
      const text = desc.map((w) => w.text).join(' ');
      // Far below the row, it is no more the row's: the next row's title, perhaps.
      if (l.bbox[1] - bottom <= header.lineHeight * 3) {
        current?.text.push(text);
        current?.tops.push(l.bbox[1]);
      } else loose = [];
      loose.push({ text, top: l.bbox[1], bottom: l.bbox[3] });
    } else if (!l.words.every((w) => NOTE.test(w.text))) loose = [];
    // Any line inside the table (article numbers in a column of their own) keeps it going.
    bottom = Math.max(bottom, l.bbox[3]);
  }
  finish();
  return { rows, closed: false };
}

/** The loose description lines standing right above a row's line (its title and what follows
 * it), if any: those set close together, up to a gap of most of a line. */
function aboveOf(
  loose: Array<{ text: string; top: number; bottom: number }>,
  top: number,
  header: TableHeader,
): Array<{ text: string; top: number; bottom: number }> {
  let from = loose.length;
  let edge = top;
  while (from > 0 && edge - loose[from - 1]!.bottom <= header.lineHeight * 0.8) edge = loose[--from]!.top;
  return loose.slice(from);
}

/**
 * A row's own allowance printed on the line under it ("abzgl. 16,7% Rabatt  -2,00"): no title,
 * a negative amount which is the printed percentage of the row's amount (a document's allowance
 * under the last row is a percentage of more). The row's amount net of it, or undefined.
 */
function lineAllowance(cells: Cells, row: TableRow, amount: string): string | undefined {
  if (isRow(cells) || toUnits(amount) >= 0n || toUnits(row.net_amount) <= 0n) return undefined;
  const base = toUnits(row.net_amount);
  for (const w of [...cells.values()].flat()) {
    const m = /^(\d{1,2}(?:[.,]\d{1,3})?)%$/.exec(w.text);
    if (!m) continue;
    const share = (base * toUnits(m[1]!.replace(',', '.'))) / 100_000_000n;
    // To the cent, or to the percentage's rounding (16,7 % for a sixth).
    if (absUnits(share + toUnits(amount)) <= CENT + base / 1000n)
      return formatAmount(fromUnits(base + toUnits(amount)));
  }
  return undefined;
}

/** The words of a note beside a row's title ("(Brut: 65,00)", "(Net): 60,00"), in a column of
 * numbers: they do not part the title's lines from the row under them. */
const NOTE = /^\(\p{L}+\)?:?$|^\(?[-\d.,]+\)?$/u;

const CENT = 10_000n;

/** A row names its item: some text in the description column, or a quantity and a price beside
 * its amount. A line of amounts alone under the table (a VAT row) is none. */
function isRow(cells: Cells): boolean {
  const desc = cells.get('description')?.some((w) => /\p{L}{2}/u.test(w.text));
  return !!desc || (hasNumber(cells.get('quantity')) && hasNumber(cells.get('unit_price')));
}

const hasNumber = (words: LayoutWord[] | undefined) => !!words?.some((w) => /\d/.test(w.text));

/** A description's lines as one text; a word hyphenated at a line's end is joined again. */
function joinWrapped(parts: string[]): string {
  return parts
    .map((p) => p.trim())
    .filter(Boolean)
    .reduce((a, p) => (!a ? p : /\p{L}-$/u.test(a) ? a + p : `${a} ${p}`), '');
}

/** The document's decimal separator: the one most amounts with two decimals are written with. */
function decimalOf(pages: LayoutPage[]): ',' | '.' | undefined {
  let comma = 0;
  let dot = 0;
  for (const p of pages)
    for (const l of p.lines)
      for (const w of l.words) {
        if (/\d,\d{2}$/.test(w.text)) comma++;
        else if (/\d\.\d{2}$/.test(w.text)) dot++;
      }
  return comma > dot ? ',' : dot > comma ? '.' : undefined;
}
