// Party blocks: a party's heading ("Verkäufer", "Bill to", "Client", ...) and the segments of its
// block below it in its column, or its row's value beside it, on the page layout of layout.ts.

import {
  isRecipientHeading,
  matchHeading,
  matchInlineHeading,
  matchLeadingHeading,
  matchNumberedHeading,
  misreadHeading,
} from '../parties/party-headings.js';
import { type FieldLabel, matchLabel, startsWithLabel } from './labels.js';
import type { Box, PageLayout, Segment } from './layout.js';

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
          const run = runTogetherHeading(layout, seg) ?? colonHeading(layout, seg);
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

/**
 * A heading and its colon opening a segment, the party's name after it on the line, glued or
 * spaced ("Получател:МИКРО ВИЖЪН ЕООД", "Käufer: Muster GmbH"): the block is that name and the
 * lines under the heading, flush with it. The name is a segment of its own from the heading's
 * left edge, so the block's column is the heading's. A block opens with it: nothing stands right
 * over it in its column.
 */
function colonHeading(
  layout: PageLayout,
  seg: Segment,
): { seg: Segment; role: PartyRole; name: Segment } | undefined {
  // (not a line inside an address block, under its name: "Sähkö Mäkinen, Ky" over
  // "Vastaanottaja: Laura Virtanen" names the company's contact)
  const height = seg.bbox[3] - seg.bbox[1];
  const over = layout.lines[seg.line - 1]?.find((s) => Math.abs(s.bbox[0] - seg.bbox[0]) < 0.02);
  if (over && seg.bbox[1] - over.bbox[3] < height) return undefined;
  const heading = matchInlineHeading(seg.text);
  const rest = heading ? seg.text.slice(heading.end).trim() : '';
  // (a name, opening with a capital: "Livraison: adresse, références" heads a column of words)
  if (
    !heading ||
    !/^\p{Lu}/u.test(rest) ||
    !/\p{L}{2}/u.test(rest) ||
    /[:\d]/.test(rest) ||
    startsWithLabel(rest)
  )
    return undefined;
  return { seg, role: heading.role, name: { ...seg, text: rest } };
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
