// The header row of an invoice's item table: a line naming an amount column and at least two of
// description, quantity, unit price and VAT rate in any language of the lexicon (columns.json),
// with the headings set over two or three lines stacked into one ("Preis/" over "Einheit").
// Each column gets its horizontal span from its heading's words, which is how the rows' words
// are later given to columns.
import { columnSources } from '../lexicon/lexicon.js';
import { normalizeLabelText } from '../page/labels.js';
import type { Box, LayoutPage, LayoutWord } from '../page/layout.js';

export type ColumnKind =
  | 'position'
  | 'description'
  | 'quantity'
  | 'unit'
  | 'unit_price'
  | 'amount'
  | 'vat_rate'
  | 'discount'
  | 'carried'
  | 'other';

export interface Column {
  kind: ColumnKind;
  x0: number;
  x1: number;
  text: string;
}

export interface TableHeader {
  page: number;
  columns: Column[];
  /** Index of the header's last line on its page: rows start below it. */
  lastLine: number;
  /** Bottom of the header (page fraction) and the height of its text line. */
  bottom: number;
  lineHeight: number;
}

/** Headings in the order ties are broken: a heading that fits two kinds is the first listed. */
const KINDS: ColumnKind[] = [
  'unit_price',
  'quantity',
  'vat_rate',
  'discount',
  'amount',
  'unit',
  'description',
  'position',
  'carried',
];
// A heading ends at a space, punctuation, or the end of the text.
const compile = (sources: string[]) => new RegExp(`^(?:${sources.join('|')})(?=$|[\\s:.#/,;()|\\]-])`, 'u');
const SOURCES = columnSources();
/** Per kind: all its headings in one (a quick test), and each alone (for the longest). */
const PATTERNS = new Map(
  KINDS.map((k) => [
    k,
    { any: compile(SOURCES[k] ?? ['(?!)']), each: (SOURCES[k] ?? []).map((s) => compile([s])) },
  ]),
);

/** The column heading `text` starts with, and how many characters it takes: the longest of
 * all languages ("total ht" before "total"). */
export function headingAt(text: string): { kind: ColumnKind; length: number } | undefined {
  // OCR sets a speck before a heading now and then ("‚Steuersatz", "|NOM"): it is no letter.
  const speck = /^[‚'‘’"“”„|*©]+(?=\p{L})/u.exec(text)?.[0].length ?? 0;
  const norm = normalizeLabelText(text.slice(speck));
  let best: { kind: ColumnKind; length: number } | undefined;
  for (const kind of KINDS) {
    const p = PATTERNS.get(kind)!;
    if (!p.any.test(norm)) continue;
    for (const re of p.each) {
      const m = re.exec(norm);
      if (m && m[0].length > 0 && (!best || m[0].length + speck > best.length))
        best = { kind, length: m[0].length + speck };
    }
  }
  return best;
}

const ALLOWANCE_ROW = new RegExp(`^(?:${(SOURCES.allowance_rows ?? ['(?!)']).join('|')})(?![\\p{L}])`, 'iu');
/** Whether a row's description opens with a document-level allowance or charge ("Rabatt",
 * "REMISE : ...", "Frachtkosten", "Transportkosten:"): such a row is no line item. */
export function isAllowanceRow(description: string): boolean {
  // OCR runs words together now and then ("AbschlagBasisbetrag:"): a capital after a small
  // letter starts a word.
  return ALLOWANCE_ROW.test(description.trim().replace(/(\p{Ll})(?=\p{Lu}\p{Ll})/u, '$1 '));
}

/** Whether a line starts with the heading of a row that carries a sum over ("Übertrag"). */
export function isCarriedOver(text: string): boolean {
  return headingAt(text)?.kind === 'carried';
}

/** A word that is a number (an amount, a quantity, a rate): digits with separators and signs. */
export const NUMERIC_WORD = /^[-+\u2212(]?[\d.,'’\u00a0]*\d[\d.,'’]*[)%-]?$/;

/** Words of one line grouped into cells at gaps wider than about two thirds of an em. */
function cellsOf(words: LayoutWord[], width: number): LayoutWord[][] {
  const cells: LayoutWord[][] = [];
  for (const w of words) {
    const cur = cells[cells.length - 1];
    const prev = cur?.[cur.length - 1];
    const gap = prev ? (w.bbox[0] - prev.bbox[2]) * width : Number.POSITIVE_INFINITY;
    if (cur && gap <= Math.max(w.fontSize, prev!.fontSize, 4) * 0.7) cur.push(w);
    else cells.push([w]);
  }
  return cells;
}

/** The columns named by a run of words read left to right (top to bottom when stacked). */
function labelWords(words: LayoutWord[]): Column[] {
  const out: Array<Column & { words: LayoutWord[] }> = [];
  let i = 0;
  let other: LayoutWord[] = [];
  const flushOther = () => {
    if (other.length) out.push(column('other', other));
    other = [];
  };
  while (i < words.length) {
    const rest = words.slice(i);
    const text = rest.map((w) => w.text).join(' ');
    const hit = headingAt(text);
    if (!hit) {
      // A qualifier right after a heading ("P.U. HT (EUR)", "Steuersatz [%]") is the heading's.
      const last = out[out.length - 1];
      if (!other.length && last && last.kind !== 'other' && QUALIFIER.test(words[i]!.text))
        out[out.length - 1] = column(last.kind, [...last.words, words[i]!]);
      else other.push(words[i]!);
      i++;
      continue;
    }
    // Words the heading covers: those whose text starts before the match ends.
    let n = 0;
    for (let at = 0; n < rest.length && at < hit.length; n++) at += rest[n]!.text.length + 1;
    flushOther();
    out.push(column(hit.kind, rest.slice(0, n)));
    i += n;
  }
  flushOther();
  return out;
}

/** Words that qualify a heading: a currency, a sign, "net" or "gross" in brackets or alone. */
const QUALIFIER = /^[([]?(?:[A-Z]{3}|€|\$|£|%|ht|ttc|netto|brutto|net|gross)[)\]]?:?$/i;

function column(kind: ColumnKind, words: LayoutWord[]): Column & { words: LayoutWord[] } {
  return {
    kind,
    words,
    x0: Math.min(...words.map((w) => w.bbox[0])),
    x1: Math.max(...words.map((w) => w.bbox[2])),
    text: words.map((w) => w.text).join(' '),
  };
}

const KEY_KINDS: ColumnKind[] = ['description', 'quantity', 'unit_price', 'vat_rate'];

/** Whether columns make an item table's header: an amount and two of the key columns. */
function isHeader(columns: Column[]): boolean {
  const kinds = new Set(columns.map((c) => c.kind));
  return kinds.has('amount') && KEY_KINDS.filter((k) => kinds.has(k)).length >= 2;
}

const hasAmount = (words: LayoutWord[]) => words.some((w) => /\d[.,]\d{2}\b/.test(w.text));
/** A line holding a digit (a date, an address, a row's title "# ligne BC: 1") is no heading's:
 * OCR sets such lines close enough to a header to be taken into its band. */
const hasDigit = (words: LayoutWord[]) => words.some((w) => /\d/.test(w.text));

/** Of two price headings and no amount heading ("Prix unitaire ... Prix HT"), the right one is
 * the amount's when it is the header's last but for a VAT rate: a line's price is printed before
 * its amount, and the amount last. */
function rightPriceIsAmount(columns: Column[]): Column[] {
  const prices = columns.filter((c) => c.kind === 'unit_price');
  if (columns.some((c) => c.kind === 'amount') || prices.length < 2) return columns;
  const last = prices.reduce((a, c) => (c.x0 > a.x0 ? c : a));
  if (columns.some((c) => c.x0 > last.x0 && c.kind !== 'vat_rate')) return columns;
  return columns.map((c) => (c === last ? { ...c, kind: 'amount' } : c));
}

/** The header rows of the item tables on a page, top to bottom. A line naming two key columns
 * is a header's core; the headings stacked above and below it within a few line heights (an
 * amount heading set over four lines: "Positions- / betrag / ohne / USt.") complete it. */
export function findHeaders(page: LayoutPage): TableHeader[] {
  const out: TableHeader[] = [];
  const lines = page.lines;
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li]!;
    if (hasAmount(line.words) || !line.words.length) continue;
    if (out.some((h) => h.lastLine >= li)) continue;
    const own = rightPriceIsAmount(cellsOf(line.words, page.width).flatMap(labelWords));
    const kinds = new Set(own.map((c) => c.kind));
    if (KEY_KINDS.filter((k) => kinds.has(k)).length + (kinds.has('amount') ? 1 : 0) < 2) continue;
    const height = line.bbox[3] - line.bbox[1];
    // Lines of the same heading band: just above or below, up to a line holding an amount (a
    // row of the table, or of the totals above it).
    const near = (i: number) =>
      !!lines[i]?.words.length && Math.abs(lines[i]!.bbox[1] - line.bbox[1]) <= height * BAND;
    const band = [{ l: line, i: li }];
    for (const step of [-1, 1])
      for (
        let i = li + step;
        Math.abs(i - li) <= 6 && near(i) && !hasAmount(lines[i]!.words) && !hasDigit(lines[i]!.words);
        i += step
      )
        band.push({ l: lines[i]!, i });
    const columns = rightPriceIsAmount(
      stackedColumns(
        band.map(({ l }) => ({ words: l.words, top: l.bbox[1] })),
        page.width,
      ),
    );
    const cols = isHeader(columns) ? columns : isHeader(own) ? own : undefined;
    if (!cols) continue;
    out.push({
      page: page.page,
      columns: cols.sort((a, b) => a.x0 - b.x0),
      lastLine: Math.max(...band.map(({ i }) => i), li),
      bottom: Math.max(...band.map(({ l }) => l.bbox[3]), line.bbox[3]),
      lineHeight: height,
    });
  }
  return out;
}

/** How far (line heights) from a header's core line its stacked headings may stand. */
const BAND = 3.2;

/** Headings of a band of lines: cells that overlap horizontally are one heading, read top down. */
function stackedColumns(lines: Array<{ words: LayoutWord[]; top: number }>, width: number): Column[] {
  const cells = lines
    .sort((a, b) => a.top - b.top)
    .flatMap(({ words }) => cellsOf(words, width).map((ws) => ({ ws, box: boxOf(ws) })));
  const stacks: Array<{ ws: LayoutWord[]; box: Box }> = [];
  for (const c of cells) {
    const s = stacks.find((t) => c.box[0] < t.box[2] && t.box[0] < c.box[2]);
    if (s) {
      s.ws.push(...c.ws);
      s.box = boxOf(s.ws);
    } else stacks.push({ ws: [...c.ws], box: c.box });
  }
  return stacks.flatMap((s) => labelWords(s.ws));
}

function boxOf(words: LayoutWord[]): Box {
  return [
    Math.min(...words.map((w) => w.bbox[0])),
    Math.min(...words.map((w) => w.bbox[1])),
    Math.max(...words.map((w) => w.bbox[2])),
    Math.max(...words.map((w) => w.bbox[3])),
  ];
}
