// The cells of one table row: a row's words given to the header's columns by position, and the
// numbers and VAT rates read out of them (units: units.ts). Numbers are right-aligned or centred
// under their heading, text is left-aligned: a word over a heading's span is that column's; a
// number beside no heading is the nearest heading's, a word of text the heading's left of it.

import { parseAmount } from '../amounts/amounts.js';
import { VAT_RATES } from '../amounts/totals.js';
import type { LayoutWord } from '../page/layout.js';
import { type Column, type ColumnKind, NUMERIC_WORD } from './header.js';

export type Cells = Map<ColumnKind, LayoutWord[]>;

/** A rate and its sign set apart ("19 %"), or a sign set apart from its number ("- 5,00"), are
 * one word. */
export function joinSigns(words: LayoutWord[]): LayoutWord[] {
  const out: LayoutWord[] = [];
  for (const w of words) {
    const prev = out[out.length - 1];
    if (prev && /^%$/.test(w.text) && /\d$/.test(prev.text)) {
      out[out.length - 1] = {
        ...prev,
        text: `${prev.text}%`,
        bbox: [prev.bbox[0], prev.bbox[1], w.bbox[2], w.bbox[3]],
      };
    } else out.push(w);
  }
  return out;
}

/** The row's words by column. */
export function cellsOf(words: LayoutWord[], columns: Column[]): Cells {
  const cells: Cells = new Map();
  for (const w of joinSigns(words)) {
    const col = columnOf(w, columns);
    if (!col) continue;
    cells.set(col.kind, [...(cells.get(col.kind) ?? []), w]);
  }
  return cells;
}

function columnOf(w: LayoutWord, columns: Column[]): Column | undefined {
  const [x0, , x1] = w.bbox;
  // A named column before an unnamed one: a stray line stacked into the header (an address
  // line OCR set beside "Art-Nr") makes a wide unnamed column over the named ones.
  for (const named of [true, false]) {
    let best: Column | undefined;
    let most = 0;
    for (const c of columns) {
      if ((c.kind !== 'other') !== named) continue;
      const overlap = Math.min(x1, c.x1) - Math.max(x0, c.x0);
      if (overlap > most) [best, most] = [c, overlap];
    }
    if (best) return best;
  }
  // A rate beside no heading is the VAT rate's (or the discount's), whichever is nearer.
  const rated = columns.filter((c) => c.kind === 'vat_rate' || c.kind === 'discount');
  const pool = /%$/.test(w.text) && rated.length ? rated : columns;
  if (NUMERIC_WORD.test(w.text)) {
    const centre = (x0 + x1) / 2;
    return [...pool].sort(
      (a, b) => Math.abs((a.x0 + a.x1) / 2 - centre) - Math.abs((b.x0 + b.x1) / 2 - centre),
    )[0];
  }
  return [...columns].reverse().find((c) => c.x0 <= x0) ?? columns[0];
}

/** An amount in a cell: its words as one, else its last number. */
export function amountIn(cell: LayoutWord[] | undefined, decimal?: ',' | '.'): string | undefined {
  if (!cell?.length) return undefined;
  const hint = decimal ? { decimal } : {};
  // OCR reads a minus before the digits as a tilde now and then ("~5,00").
  const words = cell.map((w) => (/^~\d/.test(w.text) ? { ...w, text: `-${w.text.slice(1)}` } : w));
  const whole = parseAmount(words.map((w) => w.text).join(' '), hint);
  if (whole !== undefined) return whole;
  const numbers = words.filter((w) => NUMERIC_WORD.test(w.text) && /\d/.test(w.text));
  const last = numbers[numbers.length - 1];
  return last ? parseAmount(last.text, hint) : undefined;
}

/** A quantity: the cell's first number, and the unit words after it. */
export function quantityIn(
  words: LayoutWord[] | undefined,
  decimal?: ',' | '.',
): { quantity?: string; unitWords: string[] } {
  if (!words?.length) return { unitWords: [] };
  const at = words.findIndex((w) => NUMERIC_WORD.test(w.text) && !/%$/.test(w.text));
  if (at < 0) return { unitWords: words.map((w) => w.text) };
  const quantity = parseAmount(words[at]!.text, decimal ? { decimal } : {});
  return {
    ...(quantity !== undefined ? { quantity } : {}),
    unitWords: words.slice(at + 1).map((w) => w.text),
  };
}

const RATE_WORD = /^(\d{1,2}(?:[.,]\d{1,2})?)\s*%?$/;

/** A VAT rate in a cell ("19 %", "7,00", "20%"): a usual rate or zero. */
export function rateIn(words: LayoutWord[] | undefined): string | undefined {
  for (const w of words ?? []) {
    const m = RATE_WORD.exec(w.text);
    if (!m) continue;
    const rate = Number(m[1]!.replace(',', '.'));
    if (rate === 0 || VAT_RATES.includes(rate)) return String(rate);
  }
  return undefined;
}
