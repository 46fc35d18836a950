// Layout of a page as the field extraction sees it: lines cut into segments at wide gaps (the
// columns of "Label:        Value" forms and tables), party blocks under their headings, and
// for a label the value right of it, after it in the same segment, or just below it.

import {
  isRecipientHeading,
  matchHeading,
  matchLeadingHeading,
  matchNumberedHeading,
  misreadHeading,
} from '../parties/party-headings.js';
import { type FieldLabel, matchLabel, startsWithLabel } from './labels.js';

export type Box = [number, number, number, number];

/** How an extractor records a value: its document path, the value, where it was read, how surely. */
export type Put = (
  path: string,
  value: string,
  where: Box | undefined,
  page: number,
  confidence: number,
) => void;

/** The parts of the text layer (pdf/text.ts) and of OCR output that layout needs. */
export interface LayoutWord {
  text: string;
  bbox: Box;
  fontSize: number;
}
export interface LayoutLine {
  text: string;
  bbox: Box;
  words: LayoutWord[];
}
export interface LayoutPage {
  page: number;
  width: number;
  height: number;
  lines: LayoutLine[];
}

export interface Segment {
  text: string;
  bbox: Box;
  page: number;
  /** Index of the line on its page (reading order). */
  line: number;
  /** Index of the segment within its line. */
  index: number;
}

export interface PageLayout {
  page: number;
  lines: Segment[][];
}

/** Cuts every line at gaps wider than about one em. */
export function segmentPage(p: LayoutPage): PageLayout {
  const lines = p.lines.map((line, li) => {
    const segs: Segment[] = [];
    let cur: LayoutWord[] = [];
    const flush = () => {
      if (!cur.length) return;
      segs.push({
        text: unspaced(cur),
        bbox: union(cur.map((w) => w.bbox)),
        page: p.page,
        line: li,
        index: segs.length,
      });
      cur = [];
    };
    for (const w of line.words) {
      const prev = cur[cur.length - 1];
      if (prev) {
        const gapPts = (w.bbox[0] - prev.bbox[2]) * p.width;
        const em = Math.max(w.fontSize, prev.fontSize, 4);
        if (gapPts > em * 1.1) flush();
      }
      cur.push(w);
    }
    flush();
    return segs;
  });
  return { page: p.page, lines };
}

/**
 * A segment's words as text, a word set letter by letter ("R E C H N U N G   Nr. 6866", a title
 * spaced out for emphasis) joined into one: four or more letters in a row, all capitals or all
 * small letters, each alone but for a pair the type kept together ("É M E T TE U R"). A gap a
 * quarter wider than the run's usual one parts two words ("F A C T U R É   À").
 */
function unspaced(words: LayoutWord[]): string {
  const out: string[] = [];
  let run: LayoutWord[] = [];
  const join = (part: LayoutWord[]) => {
    const single = part.filter((w) => w.text.length === 1).length;
    if (part.length >= 4 && single >= part.length - 1 && single >= 3)
      out.push(part.map((w) => w.text).join(''));
    else out.push(...part.map((w) => w.text));
  };
  const end = () => {
    const gaps = run.slice(1).map((w, k) => w.bbox[0] - run[k]!.bbox[2]);
    const usual = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)] ?? 0;
    let from = 0;
    gaps.forEach((g, k) => {
      if (usual > 0 && g > 1.25 * usual) {
        join(run.slice(from, k + 1));
        from = k + 1;
      }
    });
    join(run.slice(from));
    run = [];
  };
  for (const w of words) {
    const letter =
      /^\p{L}{1,2}$/u.test(w.text) && (w.text.length === 1 || /^\p{Lu}+$|^\p{Ll}+$/u.test(w.text));
    const sameCase = !run.length || /\p{Lu}/u.test(w.text) === /\p{Lu}/u.test(run[0]!.text);
    if (!letter || !sameCase) end();
    if (letter) run.push(w);
    else out.push(w.text);
  }
  end();
  return out.join(' ');
}

export function union(boxes: Box[]): Box {
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
}

/** Segments that may hold the value of a label: right on the same line, then below it. */
export function valuesNear(
  layout: PageLayout,
  label: Segment,
  opts: { column?: boolean } = {},
): Array<{ seg: Segment; where: 'right' | 'below' }> {
  const out: Array<{ seg: Segment; where: 'right' | 'below' }> = [];
  const line = layout.lines[label.line] ?? [];
  // Right: the next segment with a letter or digit; OCR may set the label's colon apart. With
  // `column` (a name's label), text far right of a label without a colon is another column's
  // ("Nom du client          Les prochaines étapes"), and the value is the one under the label.
  const right = line.slice(label.index + 1).find((s) => /[\p{L}\p{N}]/u.test(s.text));
  const far =
    !!right && opts.column && !/:\s*$/.test(label.text) && right.bbox[0] - label.bbox[2] > FAR_RIGHT;
  // A value set flush right across the page ("Zapłata do:" at the left margin, its date at the
  // right edge) is the label's when the label ends with its colon and nothing else stands on the line.
  const flushRight =
    !!right && /:\s*$/.test(label.text) && line.at(-1) === right && right.bbox[0] - label.bbox[2] < 0.8;
  if (right && (right.bbox[0] - label.bbox[2] < 0.6 || flushRight) && !far)
    out.push({ seg: right, where: 'right' });
  // Labels down the left margin with their values flush right across the page and an address
  // window between them ("Rechnungsdatum   Hoffmann & Vogel e.K.   12.7.2025"): the line's last
  // segment is the label's when the lines around it are set in the same two columns.
  const last = line.at(-1);
  if (
    !opts.column &&
    last &&
    last !== label &&
    !out.some((o) => o.seg === last) &&
    inLabelValueList(layout, label, last)
  )
    out.push({ seg: last, where: 'right' });
  // Below: the first segment under the label's column within a few line heights (text of other
  // columns may sit between a table header and its row).
  const height = label.bbox[3] - label.bbox[1];
  for (let li = label.line + 1; li < layout.lines.length; li++) {
    const line = layout.lines[li]!;
    if (Math.min(...line.map((s) => s.bbox[1])) - label.bbox[3] > height * 4) break;
    // Under the label's column, or (a right-aligned value) starting to its right in the next line.
    const inColumn = (l: Segment[]) =>
      l.find((s) => overlapsX(s.bbox, label.bbox) || Math.abs(s.bbox[0] - label.bbox[0]) < 0.02);
    let below =
      inColumn(line) ??
      (li === label.line + 1 && !opts.column
        ? line.find((s) => s.bbox[0] > label.bbox[0] && s.bbox[0] - label.bbox[2] < 0.45)
        : undefined);
    // Text of another column set a hair higher comes first in reading order ("Lieferadresse / TG
    // Höchberg" beside "RECHNUNG / 2503001"): a segment under the label on about the same height
    // is the label's value, not the other column's.
    const twin = layout.lines[li + 1];
    if (below && !inColumn(line) && twin && Math.abs(twin[0]!.bbox[1] - below.bbox[1]) < height / 2)
      below = inColumn(twin) ?? below;
    if (below) {
      out.push({ seg: below, where: 'below' });
      break;
    }
  }
  return out;
}

/**
 * Whether `label` (first on its line, at the left) and `value` (last on it, in the right half)
 * stand in a list of labels and flush-right values: at least two lines near it start with a
 * label (no digit) at the label's margin and end with a segment on the value's right edge.
 */
function inLabelValueList(layout: PageLayout, label: Segment, value: Segment): boolean {
  if (label.index !== 0 || label.bbox[0] > 0.3 || value.bbox[0] < 0.5) return false;
  let rows = 0;
  for (let li = label.line - LIST_REACH; li <= label.line + LIST_REACH; li++) {
    const line = layout.lines[li];
    if (li === label.line || !line || line.length < 2) continue;
    const [first, end] = [line[0]!, line.at(-1)!];
    if (
      Math.abs(first.bbox[0] - label.bbox[0]) < 0.01 &&
      !/\d/.test(first.text) &&
      Math.abs(end.bbox[2] - value.bbox[2]) < 0.01
    )
      rows++;
  }
  return rows >= 2;
}

/** Lines above and below a label looked at for the rest of its label-and-value list. */
const LIST_REACH = 4;

/** A value further right of its label than this (page widths) may be another column's. */
const FAR_RIGHT = 0.12;

/** The segments under a column header, row by row, until the column ends (a wide gap). */
export function columnBelow(layout: PageLayout, header: Segment, maxRows = 8): Segment[] {
  return rowsBelow(layout, header, maxRows, (s) => overlapsX(s.bbox, header.bbox), 'skip');
}

/**
 * The segments under a column heading of a table whose headings are set flush left and whose
 * amounts flush right in wide columns ("Kwota netto" over "13 915,00" far to its right): the
 * segments that lie within the heading's span, from its left edge to the next heading's on its
 * line, in the rows below it while they follow closely. For a heading whose column
 * (columnBelow) holds nothing under it.
 */
export function spanBelow(layout: PageLayout, header: Segment, maxRows = 8): Segment[] {
  const next = layout.lines[header.line]!.find((s) => s.bbox[0] > header.bbox[2]);
  const [left, right] = [header.bbox[0] - 0.005, next ? next.bbox[0] : 1];
  return rowsBelow(layout, header, maxRows, (s) => s.bbox[0] >= left && s.bbox[2] <= right, 'stop');
}

/** The segment of each row under `header` that `inColumn` picks, down to a wide gap; a row
 * without one is passed over (`skip`) or ends the walk (`stop`). */
function rowsBelow(
  layout: PageLayout,
  header: Segment,
  maxRows: number,
  inColumn: (s: Segment) => boolean,
  onGap: 'skip' | 'stop',
): Segment[] {
  const out: Segment[] = [];
  const height = header.bbox[3] - header.bbox[1];
  let bottom = header.bbox[3];
  for (let li = header.line + 1; li < layout.lines.length && out.length < maxRows; li++) {
    const line = layout.lines[li]!;
    const top = Math.min(...line.map((s) => s.bbox[1]));
    if (top - bottom > height * 4) break;
    const seg = line.find(inColumn);
    if (!seg) {
      if (onGap === 'stop') break;
      continue;
    }
    out.push(seg);
    bottom = seg.bbox[3];
  }
  return out;
}

/** The segments over a value in its column, nearest first, within a few line heights: the labels
 * of a grid that sets its labels in one row and the values in the row under it. */
export function segmentsAbove(layout: PageLayout, seg: Segment, maxLines = 3): Segment[] {
  const out: Segment[] = [];
  const height = seg.bbox[3] - seg.bbox[1];
  let top = seg.bbox[1];
  for (let li = seg.line - 1; li >= 0 && li >= seg.line - maxLines; li--) {
    const line = layout.lines[li]!;
    if (top - Math.max(...line.map((s) => s.bbox[3])) > height * 3) break;
    const over = line.find((s) => overlapsX(s.bbox, seg.bbox));
    if (!over) continue;
    out.push(over);
    top = over.bbox[1];
  }
  return out;
}

function overlapsX(a: Box, b: Box): boolean {
  return a[0] < b[2] && b[0] < a[2];
}

export type PartyRole = 'seller' | 'buyer' | 'other';

export interface PartyBlock {
  role: PartyRole;
  heading: Segment;
  /** Segments of the block, top to bottom, in the heading's column. */
  segments: Segment[];
}

/**
 * Party blocks: a heading segment ("Verkäufer", "Bill to", "Client", ...; on OCR'd pages also one
 * misread by a letter or two, misreadHeading) and the segments below it in its column, up to the
 * next heading or a wide vertical gap.
 */
export function partyBlocks(layouts: PageLayout[], opts: { ocr?: boolean } = {}): PartyBlock[] {
  const blocks: PartyBlock[] = [];
  for (const layout of layouts) {
    const headings: Array<{ seg: Segment; role: PartyRole; name?: Segment }> = [];
    for (const line of layout.lines) {
      for (const seg of line) {
        const role =
          matchHeading(seg.text) ??
          matchHeading(capitalsRunTogether(seg.text)) ??
          matchNumberedHeading(seg.text) ??
          (opts.ocr ? misreadHeading(seg.text) : undefined);
        if (role) headings.push({ seg, role });
        else {
          const run = runTogetherHeading(layout, seg);
          if (run) headings.push(run);
        }
      }
    }
    for (const h of headings) {
      // A heading set as a row's label with the party right of it ("Pirkėjas   UAB Kardanas"),
      // or run together with it: the block is the column of that name, from the heading's line down.
      const beside = layout.lines[h.seg.line]![h.seg.index + 1];
      const gap = beside ? beside.bbox[0] - h.seg.bbox[2] : Number.POSITIVE_INFINITY;
      // Words right of the heading on its row, neither a label nor another heading.
      const wordsBeside =
        !!beside &&
        !startsWithLabel(beside.text) &&
        !headings.some((o) => o.seg === beside) &&
        /\p{L}{2}/u.test(beside.text);
      const asRow =
        !h.name &&
        wordsBeside &&
        gap < (/:\s*$/.test(h.seg.text) ? LABEL_ROW_GAP : ROW_GAP) &&
        /^\p{L}/u.test(beside!.text.trim()) &&
        !/[:\d]/.test(beside!.text);
      const name = h.name ?? (asRow ? beside : undefined);
      // Another value of words on the heading's row ("Leistungserbringer   CuraSoft GmbH,
      // Weinbergstrasse 10, 8001 Zürich"; "Klient   452, Herr Hans Weber, …"): the party is that
      // row, and the lines under the heading are the form's next rows ("Versicherte Person").
      const rowValue = !name && wordsBeside && gap < ROW_GAP;
      const segments = name
        ? [name, ...blockBelow(layout, { seg: name }, headings)]
        : rowValue
          ? [beside!]
          : underCentredHeading(layout, h, headings);
      blocks.push({ role: h.role, heading: h.seg, segments });
    }
  }
  // A recipient's block is the buyer's when no block is headed as the buyer's.
  if (!blocks.some((b) => b.role === 'buyer')) {
    const recipient = blocks.find((b) => b.role === 'other' && isRecipientHeading(b.heading.text));
    if (recipient) recipient.role = 'buyer';
  }
  const unheaded = opts.ocr ? unheadedBuyer(layouts, blocks) : undefined;
  if (unheaded) blocks.push(unheaded);
  return blocks;
}

/**
 * A row's heading run together with the party's name in one segment ("Fakturaadress Robin
 * Horsner", a space between them): a heading when the next line of the block starts right of the
 * segment's start, where the name starts (estimated from the share of the text before it). The
 * heading is the segment; the name, a segment of its own from the line below's left edge.
 */
function runTogetherHeading(
  layout: PageLayout,
  seg: Segment,
): { seg: Segment; role: PartyRole; name: Segment } | undefined {
  const lead = matchLeadingHeading(seg.text);
  if (!lead) return undefined;
  const width = seg.bbox[2] - seg.bbox[0];
  const at = seg.bbox[0] + (width * lead.end) / seg.text.length;
  const below = layout.lines
    .slice(seg.line + 1, seg.line + 3)
    .flat()
    .find(
      (s) =>
        s.bbox[0] > seg.bbox[0] + 0.02 &&
        s.bbox[0] < seg.bbox[2] &&
        Math.abs(s.bbox[0] - at) < 0.04 &&
        s.bbox[1] - seg.bbox[3] < 2 * (seg.bbox[3] - seg.bbox[1]),
    );
  if (!below) return undefined;
  const name = {
    ...seg,
    text: seg.text.slice(lead.end).trim(),
    bbox: [below.bbox[0], seg.bbox[1], seg.bbox[2], seg.bbox[3]] as Box,
  };
  return { seg, role: lead.role, name };
}

/** A party right of its heading at most this far (page widths) is the heading's row's value;
 * further right it is another column ("Käufer          RECHNUNGS-KORREKTUR"). */
const ROW_GAP = 0.12;
/** A heading ending with a colon announces its value on its row: a form's wider label column
 * ("Szállító:          Nett Front Kft"). */
const LABEL_ROW_GAP = 0.2;

/** A block's lines start at most this far left of its heading and less than BLOCK_WIDTH right
 * of it (page widths). */
const BLOCK_SLACK = 0.02;
const BLOCK_WIDTH = 0.22;

/** The segments of a party's block under its heading, in its column, down to the next heading,
 * the invoice's own data or a wide vertical gap. */
function blockBelow(
  layout: PageLayout,
  h: { seg: Segment },
  headings: Array<{ seg: Segment; role: PartyRole }>,
): Segment[] {
  const segs: Segment[] = [];
  let lastBottom = h.seg.bbox[3];
  const lineHeight = Math.max(0.008, h.seg.bbox[3] - h.seg.bbox[1]);
  // The block's own column: left-aligned with the heading (values of "Label: value" rows
  // further right are reached through their labels).
  const end = Math.min(columnEnd(h, headings), h.seg.bbox[0] + BLOCK_WIDTH);
  for (let li = h.seg.line + 1; li < layout.lines.length; li++) {
    // A heading set flush right at the page's right side heads a block set flush right under it
    // ("Nabywca:" over "Jan Kowalski / ul. Kowalska 1").
    const inColumn = layout.lines[li]!.filter(
      (s) =>
        (s.bbox[0] >= h.seg.bbox[0] - BLOCK_SLACK && s.bbox[0] < end) ||
        (h.seg.bbox[0] > 0.5 && Math.abs(s.bbox[2] - h.seg.bbox[2]) < BLOCK_SLACK && s.bbox[0] > 0.5),
    );
    if (!inColumn.length) continue;
    const top = Math.min(...inColumn.map((s) => s.bbox[1]));
    if (top - lastBottom > lineHeight * 3.5) break;
    if (inColumn.some((s) => headings.some((o) => o.seg === s))) break;
    // The invoice's own data below the address ("Invoice No: …", "Total …") is no party's.
    if (inColumn.some((s) => ENDS_BLOCK.some((f) => matchLabel(s.text, f) !== undefined))) break;
    segs.push(...inColumn);
    lastBottom = Math.max(...inColumn.map((s) => s.bbox[3]));
    if (segs.length > 24) break;
  }
  return segs;
}

/**
 * A heading in spaced capitals that the text layer broke into uneven pieces ("É MET TEUR",
 * "C LIENT"), one of them a single letter: its letters run together ("ÉMETTEUR"); else ''.
 */
function capitalsRunTogether(text: string): string {
  const t = text.trim();
  return /^\p{Lu}+(?: \p{Lu}+)+:?$/u.test(t) && t.split(' ').some((w) => w.replace(':', '').length === 1)
    ? t.replace(/ /g, '')
    : '';
}

/** How far (page widths) left of a heading centred over its block the block may start. */
const CENTRED_SLACK = 0.25;

/**
 * The block under a heading (blockBelow); under a heading centred over its block ("SPRZEDAWCA"
 * over "Rabaa Balkowski Arkadiusz / Sztuk Pięknych 1/28 / 01-255 Warszawa"), whose lines start
 * left of it, the block whose first line starts nearest left of it on one of the next two lines.
 */
function underCentredHeading(
  layout: PageLayout,
  h: { seg: Segment },
  headings: Array<{ seg: Segment; role: PartyRole }>,
): Segment[] {
  const segs = blockBelow(layout, h, headings);
  if (segs.length) return segs;
  const x0 = h.seg.bbox[0];
  const first = layout.lines
    .slice(h.seg.line + 1, h.seg.line + 3)
    .map((line) => line.filter((s) => s.bbox[0] < x0 - BLOCK_SLACK && s.bbox[0] > x0 - CENTRED_SLACK).at(-1))
    .find((s) => s !== undefined);
  if (!first) return segs;
  const anchor = { ...h.seg, bbox: [first.bbox[0], h.seg.bbox[1], first.bbox[2], h.seg.bbox[3]] as Box };
  return blockBelow(layout, { seg: anchor }, headings);
}

/** Lines below the seller's block within which the buyer's "Name:" row is looked for. */
const UNHEADED_LINES = 4;

/**
 * On an OCR'd page without a buyer heading, the buyer's block whose heading OCR could not read
 * ("Kbuter/Lottungsemplinge:" for Käufer/Leistungsempfänger on a photo): a form prints the
 * seller's block and then the buyer's, each with a "Name:" row. So when the seller's block has
 * one, the next "Name:" row in its column a few lines below it, under a line that is no heading
 * (the unread one), opens the buyer's block.
 */
function unheadedBuyer(layouts: PageLayout[], blocks: PartyBlock[]): PartyBlock | undefined {
  if (blocks.some((b) => b.role === 'buyer')) return undefined;
  const named = (s: Segment) => matchLabel(s.text, 'name') !== undefined;
  const seller = blocks.find((b) => b.role === 'seller' && b.segments.some(named));
  const layout = seller && layouts.find((l) => l.page === seller.heading.page);
  if (!seller || !layout) return undefined;
  // Every heading opens a block: the page's headings are its blocks' headings.
  const headings = blocks
    .filter((b) => b.heading.page === layout.page)
    .map((b) => ({ seg: b.heading, role: b.role }));
  const x = seller.heading.bbox[0];
  const inColumn = (s: Segment) => s.bbox[0] >= x - BLOCK_SLACK && s.bbox[0] < x + BLOCK_WIDTH;
  const last = seller.segments[seller.segments.length - 1]!;
  let heading: Segment | undefined;
  for (let li = last.line + 1, seen = 0; li < layout.lines.length && seen < UNHEADED_LINES; li++) {
    const segs = layout.lines[li]!.filter(inColumn);
    if (!segs.length) continue;
    if (segs.some((s) => headings.some((h) => h.seg === s))) return undefined;
    seen++;
    if (!heading) {
      // The unread heading: a line of its own, no label row.
      if (segs.some((s) => named(s) || /:\s*\S/.test(s.text))) return undefined;
      heading = segs[0];
      continue;
    }
    if (segs.some(named))
      return { role: 'buyer', heading, segments: blockBelow(layout, { seg: heading }, headings) };
  }
  return undefined;
}

/** Labels of the invoice's own data: a party block ends at a line opening with one. (Not VAT:
 * "USt-IdNr." and "TVA intracommunautaire" open lines of a party's block.) */
const ENDS_BLOCK: FieldLabel[] = ['invoice_no', 'due_date', 'net', 'gross', 'payable'];

/** A heading's column ends where the next heading to its right on about the same line begins. */
function columnEnd(h: { seg: Segment }, headings: Array<{ seg: Segment }>): number {
  const rightOf = headings
    .map((o) => o.seg)
    .filter((s) => s !== h.seg && Math.abs(s.bbox[1] - h.seg.bbox[1]) < 0.03 && s.bbox[0] > h.seg.bbox[2]);
  return rightOf.length ? Math.min(...rightOf.map((s) => s.bbox[0])) - 0.005 : 1.01;
}
