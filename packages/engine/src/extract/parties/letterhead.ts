// The seller's name where no heading names it: the letterhead's company (a legal form, a sender
// line's first part), the page's opening line over a street, a "Name:" row, the name over the
// address over its VAT id or its domain; and the tests of a name found so (greeted, another
// company's VAT id under it, the same company spelled twice).
import { findVatIds } from '../identifiers/identifiers.js';
import { NAME_CONJUNCTIONS, VAT_ID_WORD_SOURCES } from '../lexicon/lexicon.js';
import { matchLabel, normalizeLabelText, startsWithLabel } from '../page/labels.js';
import type { Box, PageLayout, Segment } from '../page/layout.js';
import { hostLabels, spellsDomain } from './company-domain.js';
import {
  ADDRESS_LABEL,
  companyWords,
  GREETING,
  idLine,
  isName,
  LEGAL_FORM,
  looksLikeName,
  NOT_ADDRESS,
  namedByLegalForm,
  nameUpToLegalForm,
  notAName,
  placeLine,
  placeOf,
  ruLegalForm,
  SALUTATION,
  streetLine,
  titleFirst,
} from './party-lines.js';

/** The name on a "Name:" row in the first page's upper half, outside any party's block. */
export function namedRow(layout: PageLayout, elsewhere: Set<Segment>): Segment | undefined {
  for (const seg of layout.lines.flat()) {
    if (seg.bbox[1] > 0.5 || elsewhere.has(seg)) continue;
    const end = matchLabel(seg.text, 'name');
    const rest = end === undefined ? '' : seg.text.slice(end).trim();
    if (rest && looksLikeName(rest) && !notAName(rest)) return { ...seg, text: rest };
  }
  return undefined;
}

/**
 * The seller's address block above its VAT id, in the same column: NAME / STREET 12 /
 * POSTCODE CITY. The name is the line two above the postcode line, when the line between is a
 * street (a house number, or its street word where it has none).
 */
export function nameAboveAddress(layout: PageLayout, anchor: Box): Segment | undefined {
  const above = layout.lines
    .flat()
    .filter(
      (s) =>
        // in the anchor's column, set flush left or (a letterhead on the right) flush right
        (Math.abs(s.bbox[0] - anchor[0]) < 0.03 || Math.abs(s.bbox[2] - anchor[2]) < 0.03) &&
        s.bbox[3] <= anchor[1] + 0.002 &&
        anchor[1] - s.bbox[1] < 0.2,
    )
    .sort((a, b) => b.bbox[1] - a.bbox[1]);
  const place = above.findIndex((s) => placeOf(s.text));
  const street = above[place + 1];
  const name = above[place + 2];
  // ("C/ SALVADOR DE MADARIAGA S/N": sin número)
  if (place < 0 || !street || !name || !(/\d/.test(street.text) || streetLine(street.text))) return undefined;
  if (name.text.includes(':') || NOT_ADDRESS.test(name.text.trim()) || notAName(name.text)) return undefined;
  return /\p{L}{2}/u.test(name.text) ? name : undefined;
}

/**
 * The name of an address block (NAME / STREET 12 / POSTCODE CITY) in the top part of the first
 * page that spells one of the footer's `domains` (company-domain.ts): the sender's own block.
 */
export function domainName(
  layout: PageLayout | undefined,
  domains: Set<string>,
  elsewhere: Set<Segment>,
): Segment | undefined {
  if (!layout) return undefined;
  for (const seg of layout.lines.flat()) {
    const text = seg.text.trim();
    if (seg.bbox[1] > 0.3 || elsewhere.has(seg) || /[\d:@]/.test(text) || text.split(/\s+/).length > 6)
      continue;
    if (spellsDomain(text, domains) && placeBelow(layout, seg)) return seg;
    // (or the host of a contact line of the block itself: "Finns Auto-Service" over its address,
    // its mail and "http://www.finns-autoservice.dk/"; or over its ids, "De Kaag Watersport" over
    // "http://www.dekaag.nl | info@dekaag.nl" and "KvK 28102735 | BTW 813666181B01")
    if (
      spellsDomain(text, new Set(blockHosts(layout, seg))) &&
      (placeBelow(layout, seg) || idsBelow(layout, seg))
    )
      return seg;
  }
  return undefined;
}

/** A VAT id after its word anywhere in a line, its country prefix printed or not ("BTW 813666181B01"). */
const VAT_ID_IN_LINE = new RegExp(
  `(?<![\\p{L}])(?:${VAT_ID_WORD_SOURCES.join('|')})\\.?\\s*:?\\s*[A-Z]{0,2}\\d[\\d .]{5,}`,
  'iu',
);

/** Whether a VAT id stands within three lines under `name`, in its column. */
function idsBelow(layout: PageLayout, name: Segment): boolean {
  return layout.lines
    .slice(name.line + 1, name.line + 4)
    .some((line) =>
      line.some(
        (s) =>
          Math.abs(s.bbox[0] - name.bbox[0]) < 0.02 &&
          (findVatIds(s.text).length > 0 || VAT_ID_IN_LINE.test(s.text)),
      ),
    );
}

/** The host labels of the lines under `name` in its column, down to the next gap of a line. */
function blockHosts(layout: PageLayout, name: Segment): string[] {
  const labels: string[] = [];
  let bottom = name.bbox[3];
  const height = name.bbox[3] - name.bbox[1];
  for (const line of layout.lines.slice(name.line + 1, name.line + 9)) {
    const s = line.find(
      (x) => Math.abs(x.bbox[0] - name.bbox[0]) < 0.02 || Math.abs(x.bbox[2] - name.bbox[2]) < 0.02,
    );
    if (!s) continue;
    if (s.bbox[1] - bottom > height * 2) break;
    labels.push(...hostLabels(s.text));
    bottom = s.bbox[3];
  }
  return labels;
}

/**
 * Whether a postcode-and-city line stands within four lines under `name`, in its column: set flush
 * with it on the left or, in a block set flush right, on the right (a district line may come
 * between street and place: "Hofstraße 12 / Benrath / 20097 Hamburg").
 */
function placeBelow(layout: PageLayout, name: Segment): boolean {
  const inColumn = (s: Segment) =>
    Math.abs(s.bbox[0] - name.bbox[0]) < 0.02 || Math.abs(s.bbox[2] - name.bbox[2]) < 0.02;
  return layout.lines
    .slice(name.line + 1, name.line + 5)
    .some((line) => line.some((s) => inColumn(s) && !!placeLine(s)));
}

/**
 * Whether the block under `head` is the only address above the letter's greeting on its page
 * ("Kunden AG / Kundenstraße 15 / 69876 Frankfurt" … "Dear customer,"): every place line above
 * the greeting is the block's own, a few lines under the name in its column.
 */
export function greetedAlone(layout: PageLayout, head: Segment): boolean {
  const all = layout.lines.flat();
  const greeting = all.find((s) => s.line > head.line && GREETING.test(s.text) && s.bbox[1] < 0.6);
  if (!greeting) return false;
  const places = all.filter((s) => s.line < greeting.line && !!placeLine(s));
  const own = (s: Segment) =>
    s.line > head.line && s.line <= head.line + 4 && Math.abs(s.bbox[0] - head.bbox[0]) < 0.02;
  return places.length > 0 && places.every(own);
}

/** The opening lines of a page lie above this (page heights; 36 mm of A4, a top margin of a letterhead). */
const OPENING_BAND = 0.12;

/**
 * The first line of the page, at its very top, when it reads as a name and the line under it, in
 * its column (flush left or flush right), holds a street with its number ("Amazing Company" /
 * "Amazing Street 12"; "Foo Bar" / "1 Baz"; "Bedrijf XYZ" / "Adres: Straat 123, 4567 AB ...").
 */
export function openingName(layout: PageLayout, elsewhere: Set<Segment>): Segment | undefined {
  const seg = layout.lines[0]?.[0];
  if (!seg || seg.bbox[1] > OPENING_BAND || elsewhere.has(seg)) return undefined;
  if (!isName(seg.text) || startsWithLabel(seg.text)) return undefined;
  const sameColumn = (s: Segment) =>
    Math.abs(s.bbox[0] - seg.bbox[0]) < 0.02 ||
    Math.abs(s.bbox[2] - seg.bbox[2]) < 0.02 ||
    Math.abs((s.bbox[0] + s.bbox[2]) / 2 - (seg.bbox[0] + seg.bbox[2]) / 2) < 0.02;
  // (past a line of the company's register or tax number under the name: "SIRET 123 456 789 00012";
  // or of its owners' names, "Biohof Hansal" / "Tanja und Andreas Kienegger" / "Hohenau 17/2")
  const column = layout.lines
    .slice(1, 5)
    .flat()
    .filter((s) => sameColumn(s) && !idLine(s.text));
  const owners =
    column[0] && !/\d/.test(column[0].text) && isName(column[0].text) && !LEGAL_FORM.test(column[0].text);
  const next = owners && column[1] && /\d/.test(column[1].text) ? column[1] : column[0];
  const street = next?.text.replace(ADDRESS_LABEL, '').trim();
  if (!next || !street || !/\p{L}{2}/u.test(street) || !/\d/.test(street)) return undefined;
  // (nor the document's title under a heading: "Summary" / "Invoice INV-5, Page 1 of 2")
  if (NOT_ADDRESS.test(street) || notAName(street) || startsWithLabel(street) || titleFirst(street))
    return undefined;
  const first = column[0]!;
  return first.bbox[1] - seg.bbox[3] < 3 * (seg.bbox[3] - seg.bbox[1]) &&
    next.bbox[1] - first.bbox[3] < 3 * (seg.bbox[3] - seg.bbox[1])
    ? seg
    : undefined;
}

/** Two spellings of one company: the same words once legal forms and case are set aside. */
export function sameCompany(a: string, b: string): boolean {
  const words = (s: string) =>
    new Set(
      normalizeLabelText(s.replace(LEGAL_FORM, ' '))
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length > 1),
    );
  const [x, y] = [words(a), words(b)];
  return [...x].some((w) => y.has(w));
}

/**
 * The parts of a sender line, set apart by dashes, dots, bars or commas; a legal form after a
 * comma stays with the name before it ("Dvořák & Novotný, s.r.o. · Na Příkopě 36 · …").
 */
function senderParts(text: string): string[] {
  const pieces = text.split(/(\s[·•|–-]\s|\s*,\s+)/);
  const parts = [pieces[0]!.trim()];
  for (let i = 1; i < pieces.length; i += 2) {
    const [sep, part] = [pieces[i]!, pieces[i + 1]!.trim()];
    if (sep.includes(',') && onlyLegalForm(part)) parts[parts.length - 1] += sep + part;
    else parts.push(part);
  }
  return parts;
}

/** A legal form and nothing else ("s.r.o.", "GmbH"). */
const onlyLegalForm = (text: string): boolean =>
  LEGAL_FORM.test(text) && !/\p{L}{2}/u.test(text.replace(LEGAL_FORM, ' '));

/** A line of parts set apart by dashes, dots or bars whose last part is a postcode and city. */
function endsWithPlace(text: string): boolean {
  const parts = senderParts(text);
  return parts.length >= 2 && !!placeOf(parts[parts.length - 1]!);
}

/**
 * The sender's name from a sender line over the address window, its parts set apart by dashes,
 * dots or bars: NAME - STREET 12 - POSTCODE CITY ("readbetter - Lesestraße 111 - 54545
 * Lesestadt"), with or without a legal form. The last part is a place, the one before it holds a
 * number, and the name is short.
 */
function senderLineName(text: string): string | undefined {
  const parts = senderParts(text);
  if (parts.length < 3) return undefined;
  const [name, ...rest] = parts as [string, ...string[]];
  if (!placeOf(rest[rest.length - 1]!) || !/\d/.test(rest[rest.length - 2]!)) return undefined;
  return looksLikeName(name) && name.split(/\s+/).length <= 6 ? name : undefined;
}

/** Whether a salutation stands alone on the line above a segment, over it ("Spett.le:", "Herrn"). */
function saluted(layout: PageLayout, seg: Segment): boolean {
  return (layout.lines[seg.line - 1] ?? []).some(
    (s) => s.bbox[0] < seg.bbox[2] && seg.bbox[0] < s.bbox[2] && SALUTATION.test(s.text),
  );
}

/**
 * The company name in the top part of the first page: the first line with a legal form, and not
 * one below a postcode line in its column. A name there opens the next address block, the
 * recipient's under the sender's: a phone photo's OCR can lose both the letterhead and the
 * recipient's heading ("Lieferantenstraße 20 / 80333 München / … / Kunden AG Mitte").
 */
export function letterheadName(layout: PageLayout | undefined, elsewhere: Set<Segment>): Segment | undefined {
  if (!layout) return undefined;
  const places: Segment[] = [];
  for (const line of layout.lines) {
    for (const seg of line) {
      if (seg.bbox[1] > 0.3) return undefined;
      const belowPlace = places.some((p) => p.bbox[0] < seg.bbox[2] && seg.bbox[0] < p.bbox[2]);
      // (a sender line over the address window ends with a place too: the window is below it)
      if (placeLine(seg) || endsWithPlace(seg.text)) places.push(seg);
      // (a place line is no name, though a postcode's letters may read as a legal form: "1012 AB";
      // nor is the name under a salutation, "Spett.le:" / "Lucus Informatica srl": the recipient's)
      if (elsewhere.has(seg) || belowPlace || placeOf(seg.text.trim()) || saluted(layout, seg)) continue;
      if (wrappedTail(layout, seg)) continue;
      const text = ruLegalForm(seg.text.trim());
      const sender = senderLineName(text);
      if (sender && !elsewhere.has(seg)) return { ...seg, text: sender };
      if (text.length > 60 || !namedByLegalForm(text)) continue;
      if (/[:@]|www\.|https?:/.test(text) || notAName(text)) continue;
      // A legal form alone is no name ("oy" is OCR's reading of a logo as often as a Finnish Oy).
      if (!/\p{L}{2}/u.test(text.replace(LEGAL_FORM, ' '))) continue;
      // A sender line above the address window ("ACME GmbH · Str. 1 · 12345 Ort") gives its first part.
      const first = nameUpToLegalForm(text.split(/\s[·•|–-]\s|,\s/)[0]!.trim());
      if (LEGAL_FORM.test(first)) return { ...seg, text: first };
      if (normalizeLabelText(text).split(' ').length <= 6) return { ...seg, text };
    }
  }
  return undefined;
}

/**
 * Whether a segment goes on from a name wrapped over two lines, the line right above it, flush left
 * with it, ending with a word for "and" ("ARAGONESA DE CONDUCCIONES Y" / "REFRIGERACION, S.C."):
 * no name of its own.
 */
function wrappedTail(layout: PageLayout, seg: Segment): boolean {
  const above = layout.lines[seg.line - 1]?.find((s) => Math.abs(s.bbox[0] - seg.bbox[0]) < 0.01);
  if (!above || seg.bbox[1] - above.bbox[3] > seg.bbox[3] - seg.bbox[1]) return false;
  return ENDS_WITH_CONJUNCTION.test(above.text);
}

const ENDS_WITH_CONJUNCTION = new RegExp(`(?:^|\\s)(?:${NAME_CONJUNCTIONS.join('|')})\\s*$`, 'iu');

/** Whether the lines right under a name, in its column, give a VAT id other than the seller's. */
export function othersVatBelow(layout: PageLayout, name: Segment, sellerVat: string | undefined): boolean {
  if (!sellerVat) return false;
  return layout.lines
    .slice(name.line + 1, name.line + 4)
    .flat()
    .some(
      (s) =>
        Math.abs(s.bbox[0] - name.bbox[0]) < 0.015 &&
        findVatIds(s.text).some((v) => v.valid && v.value !== sellerVat),
    );
}

/** The segment in the first page's letterhead band that prints the seller's name read elsewhere. */
export function nameAtHead(layout: PageLayout | undefined, name: string | undefined): Segment | undefined {
  const words = name && companyWords(name);
  if (!layout || !words) return undefined;
  return layout.lines.flat().find((s) => s.bbox[1] < HEAD_BAND && companyWords(s.text) === words);
}

/** The letterhead's band at the top of the first page (page heights). */
const HEAD_BAND = 0.15;

/** The first page's segment in its upper half that a value was read from (its box). */
export function upperSegmentOf(
  layout: PageLayout | undefined,
  where: { page?: number; bbox?: Box } | undefined,
): Segment | undefined {
  const box = where?.bbox;
  if (!layout || !box || where.page !== layout.page || box[1] > 0.5) return undefined;
  return layout.lines.flat().find((s) => s.bbox.every((v, i) => Math.abs(v - box[i]!) < 1e-3));
}
