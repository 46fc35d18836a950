// The recipient's block in the window of a letter, the buyer of an invoice without a buyer
// heading: NAME / STREET 1 / POSTCODE CITY in the upper half of the first page, shown to be the
// recipient by the one-line sender address above it, by a salutation, by the letterhead standing
// in another column, or by the sender's own address printed above it (recipientBlock).
import { SALUTATION_SOURCES } from '../lexicon/lexicon.js';
import { normalizeLabelText } from '../page/labels.js';
import { type PageLayout, type Put, type Segment, union } from '../page/layout.js';
import { cleanName, isName, placeLine, placeOf, putAddress } from './party-lines.js';

/** Separators of a one-line sender address: "ACME GmbH · Str. 1 · 12345 Ort", "A, Str. 1, 12345 Ort"
 * (OCR reads a middle dot as a colon, " : ", now and then). */
const SENDER_SEP = /\s*[·•●|]\s*|\s+[-–:]\s+|,\s+/;

/** A salutation standing alone above a person's or a company's name. */
const SALUTATION = new RegExp(`^\\s*(?:${SALUTATION_SOURCES.join('|')})\\s*$`, 'iu');

/** A British postcode standing alone ("EH1 1YZ"), set under its town. */
const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/;

/**
 * A British place set over two lines, the town and then the postcode ("Edinburgh" / "EH1 1YZ"):
 * the postcode's segment with the town right above it in its column read as one place line.
 */
function britishPlace(
  all: Segment[],
  seg: Segment,
): { street?: Segment; place: Segment; town?: Segment[] } | undefined {
  if (!UK_POSTCODE.test(seg.text.trim())) return undefined;
  const height = seg.bbox[3] - seg.bbox[1];
  const town = all
    .filter((s) => s.line < seg.line && s.page === seg.page && Math.abs(s.bbox[0] - seg.bbox[0]) < 0.05)
    .sort((a, b) => b.bbox[1] - a.bbox[1])[0];
  if (!town || seg.bbox[1] - town.bbox[3] > height * 1.5 || !/^\p{L}[\p{L}\s'-]*$/u.test(town.text.trim()))
    return undefined;
  const place = {
    ...seg,
    text: `${town.text.trim()} ${seg.text.trim()}`,
    bbox: union([town.bbox, seg.bbox]),
  };
  return placeOf(place.text) ? { place, town: [town] } : undefined;
}

export interface Recipient {
  segments: Segment[];
  name: Segment;
  place: Segment;
}

/** The top of a page, above a letter's address window (45 mm of A4's 297): the sender's band. */
const LETTERHEAD_BAND = 0.15;

/**
 * The recipient's address in the window of a letter: NAME / [contact] / STREET 1 / POSTCODE CITY
 * in the upper half of the first page, outside any block under a heading, shown to be the
 * recipient by the one-line sender address printed above it ("ACME GmbH · Str. 1 · 12345 Ort",
 * the letterhead whose place it does not share) or by a salutation over the name ("Herrn"); or,
 * given the `letterhead` name already found (a photo whose tiny sender line OCR lost), by being
 * the one such block outside the letterhead's column; or, the one named address block of the
 * page's upper half, by the sender's own address printed in its column above it, in the
 * letterhead's band (a photo whose letterhead and buyer's heading OCR lost). Two such blocks (one
 * could be the sender's own) give none.
 */
export function recipientBlock(
  layout: PageLayout | undefined,
  headed: Set<Segment>,
  letterhead?: Segment,
): Recipient | undefined {
  if (!layout) return undefined;
  const all = layout.lines.flat();
  // Sender lines: the line (its segments joined) cut at separators, a place after a street.
  const senders: Array<{ line: number; postcodes: Set<string>; first: string }> = [];
  for (const [li, line] of layout.lines.entries()) {
    if (!line.length || line[0]!.bbox[1] > 0.45) continue;
    const parts = line
      .map((s) => s.text)
      .join(' | ')
      .split(SENDER_SEP)
      .map((p) => p.trim())
      .filter(Boolean);
    // A street after the name and a place after the street ("1242 chemin de l'olive" reads as
    // a place too: the place is the one after a part with a number).
    // Or a place ending a line of three parts or more: a street may go without a number
    // ("Klline - Freude am Arbeitsplatz - Technologiepark - 8510 Stainz").
    // (a British place is set as its town and then its postcode: "Leeds · LS1 4AP")
    for (let i = parts.length - 1; i > 0; i--)
      if (UK_POSTCODE.test(parts[i]!) && /^\p{L}[\p{L}\s'-]*$/u.test(parts[i - 1]!))
        parts.splice(i - 1, 2, `${parts[i - 1]} ${parts[i]}`);
    const at = parts.findIndex(
      (p, i) =>
        i > 1 &&
        placeOf(p) &&
        (parts.slice(1, i).some((q) => /\d/.test(q) && /\p{L}{2}/u.test(q)) || i === parts.length - 1),
    );
    if (at < 0) continue;
    const postcodes = new Set(parts.map((p) => placeOf(p)?.postcode).filter((p): p is string => !!p));
    senders.push({ line: li, postcodes, first: normalizeLabelText(parts[0]!) });
  }
  // The sender's own address in the letterhead's band (its name OCR lost, or a logo): its place lines.
  const senderPlaces = all.filter((s) => s.bbox[1] < LETTERHEAD_BAND && placeLine(s));
  const found: Recipient[] = [];
  const blocks: Recipient[] = [];
  for (const seg of all) {
    const split: { street?: Segment; place: Segment; town?: Segment[] } | undefined =
      seg.bbox[1] > 0.5 || headed.has(seg) ? undefined : (placeLine(seg) ?? britishPlace(all, seg));
    if (!split) continue;
    const place = split.place;
    // The lines above it in its column, while they follow one another closely.
    const height = seg.bbox[3] - seg.bbox[1];
    const column = all
      .filter(
        (s) => s.line < seg.line && Math.abs(s.bbox[0] - seg.bbox[0]) < 0.015 && !split.town?.includes(s),
      )
      .sort((a, b) => b.bbox[1] - a.bbox[1]);
    const lines: Segment[] = [];
    let top = seg;
    for (const s of column) {
      // (an empty line before the place, as older letters leave it, included)
      if (top.bbox[1] - s.bbox[3] > height * 3 || lines.length >= 4) break;
      if (senders.some((x) => x.line === s.line)) break;
      lines.unshift(s);
      top = s;
      if (SALUTATION.test(s.text)) break;
    }
    const street = split.street ?? lines[lines.length - 1];
    if (!street || !lines.length || !/\d/.test(street.text) || lines.some((s) => headed.has(s))) continue;
    const salutation = SALUTATION.test(lines[0]!.text) ? lines[0] : undefined;
    const name = (split.street ? lines : lines.slice(0, -1)).find((s) => isName(s.text) && s !== salutation);
    if (!name) continue;
    const postcode = placeOf(place.text)!.postcode;
    const sender = senders.find(
      (x) =>
        x.line < lines[0]!.line && !x.postcodes.has(postcode) && x.first !== normalizeLabelText(name.text),
    );
    const besideLetterhead =
      !!letterhead &&
      letterhead.page === seg.page &&
      Math.abs(letterhead.bbox[0] - seg.bbox[0]) >= 0.015 &&
      !lines.includes(letterhead);
    const block = {
      segments: [...lines, ...(split.street ? [split.street] : []), ...(split.town ?? []), place],
      name,
      place,
    };
    blocks.push(block);
    if (salutation || sender || besideLetterhead) found.push(block);
  }
  if (found.length) return found.length === 1 ? found[0] : undefined;
  // Under the sender's address printed in its column, only as the one named address block there
  // is: a third party's block (a tax representative's, "SELLER TAX REP") stands there too, the
  // buyer's in another column.
  const underSender = (b: Recipient) =>
    senderPlaces.some((s) => s.line < b.segments[0]!.line && Math.abs(s.bbox[0] - b.place.bbox[0]) < 0.015);
  return blocks.length === 1 && underSender(blocks[0]!) ? blocks[0] : undefined;
}

export function readRecipient(r: Recipient, put: Put): void {
  put('buyer.name', cleanName(r.name.text), r.name.bbox, r.name.page, 0.85);
  const street = r.segments.slice(r.segments.indexOf(r.name) + 1, -1).filter((s) => /\d/.test(s.text));
  putAddress('buyer', street, r.place, put);
}
