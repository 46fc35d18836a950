// Layout of a page as the field extraction sees it: lines cut into segments at wide gaps (the
// columns of "Label:        Value" forms and tables), party blocks under their headings, and
// for a label the value right of it, after it in the same segment, or just below it.
import { type FieldLabel, matchHeading, matchLabel, misreadHeading } from './labels.js';

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
        text: cur.map((w) => w.text).join(' '),
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
): Array<{ seg: Segment; where: 'right' | 'below' }> {
  const out: Array<{ seg: Segment; where: 'right' | 'below' }> = [];
  const line = layout.lines[label.line] ?? [];
  // Right: the next segment with a letter or digit; OCR may set the label's colon apart.
  const right = line.slice(label.index + 1).find((s) => /[\p{L}\p{N}]/u.test(s.text));
  if (right && right.bbox[0] - label.bbox[2] < 0.6) out.push({ seg: right, where: 'right' });
  // Below: the first segment under the label's column within a few line heights (text of other
  // columns may sit between a table header and its row).
  const height = label.bbox[3] - label.bbox[1];
  for (let li = label.line + 1; li < layout.lines.length; li++) {
    const line = layout.lines[li]!;
    if (Math.min(...line.map((s) => s.bbox[1])) - label.bbox[3] > height * 4) break;
    // Under the label's column, or (a right-aligned value) starting to its right in the next line.
    const below =
      line.find((s) => overlapsX(s.bbox, label.bbox) || Math.abs(s.bbox[0] - label.bbox[0]) < 0.02) ??
      (li === label.line + 1
        ? line.find((s) => s.bbox[0] > label.bbox[0] && s.bbox[0] - label.bbox[2] < 0.45)
        : undefined);
    if (below) {
      out.push({ seg: below, where: 'below' });
      break;
    }
  }
  return out;
}

/** The segments under a column header, row by row, until the column ends (a wide gap). */
export function columnBelow(layout: PageLayout, header: Segment, maxRows = 8): Segment[] {
  const out: Segment[] = [];
  const height = header.bbox[3] - header.bbox[1];
  let bottom = header.bbox[3];
  for (let li = header.line + 1; li < layout.lines.length && out.length < maxRows; li++) {
    const line = layout.lines[li]!;
    const top = Math.min(...line.map((s) => s.bbox[1]));
    if (top - bottom > height * 4) break;
    const seg = line.find((s) => overlapsX(s.bbox, header.bbox));
    if (!seg) continue;
    out.push(seg);
    bottom = seg.bbox[3];
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
    const headings: Array<{ seg: Segment; role: PartyRole }> = [];
    for (const line of layout.lines) {
      for (const seg of line) {
        const role = matchHeading(seg.text) ?? (opts.ocr ? misreadHeading(seg.text) : undefined);
        if (role) headings.push({ seg, role });
      }
    }
    for (const h of headings) {
      const segs: Segment[] = [];
      let lastBottom = h.seg.bbox[3];
      const lineHeight = Math.max(0.008, h.seg.bbox[3] - h.seg.bbox[1]);
      for (let li = h.seg.line + 1; li < layout.lines.length; li++) {
        // The block's own column: left-aligned with the heading (values of "Label: value" rows
        // further right are reached through their labels).
        const end = Math.min(columnEnd(h, headings), h.seg.bbox[0] + 0.22);
        const inColumn = layout.lines[li]!.filter(
          (s) => s.bbox[0] >= h.seg.bbox[0] - 0.02 && s.bbox[0] < end,
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
      blocks.push({ role: h.role, heading: h.seg, segments: segs });
    }
  }
  return blocks;
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
