// A party's block under its heading ("Verkäufer", "Bill to", "Client", ...): its name (a "Name:"
// row, or the first line that is a name, wrapped over two lines or run on with its ids, street and
// place) and its address lines down to the place.
import { BUYER_WORD_SOURCES } from '../lexicon/lexicon.js';
import { headingAt } from '../lines/header.js';
import { matchLabel } from '../page/labels.js';
import { type PageLayout, type Put, type Segment, valuesNear } from '../page/layout.js';
import type { PartyBlock } from '../page/party-blocks.js';
import { matchNumberedHeading } from './party-headings.js';
import {
  ADDRESS_LABEL,
  afterSalutation,
  cleanName,
  idLine,
  JOINS_ON,
  LEGAL_FORM,
  LEGAL_FORM_ALL,
  looksLikeName,
  NOT_ADDRESS,
  placeLine,
  placeOf,
  putAddress,
  streetLine,
} from './party-lines.js';

/**
 * The text before a VAT id's or tax number's label set after it on its line, the label followed
 * by its number ("Pepita Gómez NIF: 125478938W" gives "Pepita Gómez"); undefined when the line
 * has none, or nothing of two letters before it.
 */
function beforeIdLabel(text: string): string | undefined {
  for (const m of text.matchAll(/(?<=\S\s+)[\p{L}]/gu)) {
    const tail = text.slice(m.index);
    const end = matchLabel(tail, 'vat_id') ?? matchLabel(tail, 'tax_number');
    // (the label's other words and the id's letters before its digits: "NIF/CIF: B38667788")
    if (end === undefined || !/^[^\d]{0,12}\d/.test(tail.slice(end))) continue;
    const before = text
      .slice(0, m.index)
      .replace(/[\s,;:|·•/–-]+$/u, '')
      .trim();
    return /\p{L}{2}/u.test(before) ? before : undefined;
  }
  return undefined;
}

/**
 * A name run on into its street after a comma, with no place on the line ("Condominio Azzurro,
 * via Anzio 15 – scala B"): the name before the comma and the street after it; undefined when no
 * part after a comma is a street with its number.
 */
function nameAndStreet(text: string): { name: string; street: string } | undefined {
  for (const m of text.matchAll(/,\s+/g)) {
    const street = text.slice(m.index + m[0].length).trim();
    const name = text.slice(0, m.index).trim();
    if (streetLine(street) && /\d/.test(street)) return looksLikeName(name) ? { name, street } : undefined;
  }
  return undefined;
}

/** The columns of an item table whose headings no party block has. */
const ITEM_COLUMNS: ReadonlySet<string> = new Set([
  'quantity',
  'unit_price',
  'vat_rate',
  'amount',
  'discount',
]);

/** Whether a segment's line holds two or more other headings of an item table's columns
 * (quantity, price, VAT rate, amount): the line is the table's heading row. */
function itemHeadings(layout: PageLayout, seg: Segment): boolean {
  if (seg.page !== layout.page) return false;
  const others = (layout.lines[seg.line] ?? []).filter((s) => s.index !== seg.index);
  return others.filter((s) => ITEM_COLUMNS.has(headingAt(s.text.trim())?.kind ?? '')).length >= 2;
}

/** A row opening with a label and its colon ("CIF:23453212", "Reg. com.: Z022018"). */
const LABELLED_ROW = /^\S+\s*:|^[^\d:]{1,20}:\s/u;

/** The word for the buyer alone, inflected, with the article it may take ("kupca", "des Kunden"). */
const PARTY_WORD = new RegExp(
  `^(?:(?:des|der|du|de\\s+la|of\\s+the|del)\\s+)?(?:${BUYER_WORD_SOURCES.join('|')})\\s*:?$`,
  'iu',
);

/** A block's "Name:" row stands within this many lines under its heading. */
const NAME_ROW_LINES = 5;

export function readBlock(
  role: 'seller' | 'buyer',
  block: PartyBlock,
  layouts: PageLayout[],
  put: Put,
): void {
  const layout = layouts.find((l) => l.page === block.heading.page)!;
  const segs = block.segments;
  // Under a heading with the party's number ("Plačnik: 1001836") only an address block is the
  // party's: a line such as "Customer: 2" may stand over anything ("Your order AB321").
  // A "Name:" form field, as the ZUGFeRD visualisations and many forms print it.
  let nameSeg: Segment | undefined;
  let name: string | undefined;
  /** The line of a table's headings in the block ("Šifra | Naziv kupca | Mjesto"): it and the
   * table's rows name no one. */
  let columnHeads: number | undefined;
  /** The block labels its name ("Nume", "Name:"): a form, whose name is that row's value or none
   * (its first line is another row's label: "Identificatorul TVA   RO123456"). */
  let nameRow = false;
  // (above the block's place line: below it, a table's "Наименование" column ran into the block)
  const placeAt = segs.findIndex((s) => placeOf(s.text.trim()));
  for (const seg of placeAt < 0 ? segs : segs.slice(0, placeAt)) {
    // (nor far under the heading: an item table's "Denumire" column under a block with no place)
    if (seg.page === block.heading.page && seg.line - block.heading.line > NAME_ROW_LINES) break;
    const end = matchLabel(seg.text, 'name');
    if (end === undefined) continue;
    const rest = seg.text.slice(end).trim();
    // "Name: Lief-Nr: 549910": the row's value is another label's, and the name is elsewhere.
    if (rest && !looksLikeName(rest)) continue;
    // "Naziv kupca", "Name des Kunden": the heading of a table's name column, no name; nor are
    // the other headings of its row or the table's rows under it. So is a row of an item table's
    // headings ("Nazwa towaru/usługi | Ilość | Cena netto | VAT"), its name word the item's.
    if (PARTY_WORD.test(rest) || itemHeadings(layout, seg)) {
      columnHeads = seg.line;
      continue;
    }
    nameRow = true;
    if (rest) [name, nameSeg] = [rest, seg];
    else {
      // The value of a form row, never the next row's label; none when that value is no name.
      const v = valuesNear(layout, seg).find((c) => !/:\s*$/.test(c.seg.text));
      if (v && looksLikeName(v.seg.text)) [name, nameSeg] = [v.seg.text, v.seg];
    }
    break;
  }
  let confidence = 0.9;
  /** The name's second line, when it runs over two: the address starts after it. */
  let nameEnd: Segment | undefined;
  if (!name && !nameRow) {
    // Otherwise the first line of the block that is text, not a label or a number.
    // A name stands above the address: below the block's place line ("29000 Quimper, FR") are
    // its contacts and whatever else ran into the block, no name.
    const place = segs.findIndex((s) => placeOf(s.text.trim()));
    // Nor under the street: a block opening with its street has lost or never had its name
    // ("Invoice To: / 1 Makebelieve Avenue, / Sim City").
    const street = segs.findIndex((s) => streetLine(s.text));
    // Nor the line over the place that ends with a house number: a street named in a language
    // whose street words streetLine does not know ("Štúrova 9" over "080 01 Prešov").
    const numbered = place > 0 && HOUSE_NUMBER_LAST.test(segs[place - 1]!.text.trim()) ? place - 1 : -1;
    const end = Math.min(
      place < 0 ? segs.length : place,
      street < 0 ? segs.length : street,
      numbered < 0 ? segs.length : numbered,
    );
    // (a name with its VAT id or tax number after it on its line: "Vivero Plantas del Atlántico
    // NIF/CIF: B38667788"; the name is the text before the id's label)
    const above = segs.slice(0, end).map((s) => {
      const before = beforeIdLabel(s.text);
      return before ? { ...s, text: before } : s;
    });
    nameSeg = above.find(
      (s) =>
        looksLikeName(s.text) &&
        (columnHeads === undefined || s.line < columnHeads) &&
        !labelled(layout, s, block.heading) &&
        !labelsNext(layout, s) &&
        !labelsStreet(layout, s),
    );
    name = nameSeg?.text;
    confidence = 0.85;
    // A company name broken over two lines: "MVM Musterhafter" / "Versicherungsverein
    // Musterstadt a.G.": the second line carries the legal form, and no address. Only a line
    // that was wrapped: with the next line's first word it would not have fitted the block's
    // width. Otherwise the first line is a contact over the company, and the company is the
    // party ("John Doe" over "Acme Corp").
    const next = nameSeg && segs.find((s) => s.line === nameSeg!.line + 1);
    if (
      name &&
      next &&
      !LEGAL_FORM.test(name) &&
      LEGAL_FORM.test(next.text) &&
      !/\d/.test(next.text) &&
      !NOT_ADDRESS.test(next.text.trim())
    ) {
      if (wrapped(nameSeg!, next, segs) || JOINS_ON.test(name) || splitsLegalForm(name, next.text)) {
        name = `${name} ${next.text}`;
        nameEnd = next;
      } else if (looksLikeName(next.text)) [name, nameSeg] = [next.text, next];
    }
    // A long name in capitals set over several lines ("FUNDACJA MUZEUM MOTORYZACJI" /
    // "AUTOMOBILKLUBU WIELKOPOLSKI - KUŹNIA" / "DZIEDZICTWA"): lines in capitals without a digit
    // go on with it, down to the address.
    const legalJoined = !!nameEnd;
    for (let more = 0; name && nameSeg && !legalJoined && more < 3; more++) {
      const last: Segment = nameEnd ?? nameSeg;
      const cont = segs.find(
        (s) => s.line === last.line + 1 && Math.abs(s.bbox[0] - nameSeg!.bbox[0]) < 0.01,
      );
      if (!cont || !inCapitals(last.text) || !inCapitals(cont.text) || /\d/.test(cont.text)) break;
      if (!looksLikeName(cont.text) || LEGAL_FORM.test(last.text)) break;
      // Only a line that was wrapped: one nearly as wide as the block's widest ("LE CLIENT" over
      // "CLIENT NOM COMMERCIAL" is a name over a trade name).
      if (width(last) < 0.8 * Math.max(...segs.map(width))) break;
      name = `${name} ${cont.text}`;
      nameEnd = cont;
    }
  }
  if (!name || !nameSeg) return;
  // The party on one line, its name, street and place set apart by commas ("Lucus Informatica
  // srl, via Puglia 12, 75020 Marconia (MT)"): the name up to the first comma, the address after.
  const oneLine = nameEnd ? undefined : partyOnOneLine(nameSeg, name);
  if (oneLine) {
    put(`${role}.name`, cleanName(oneLine.name), nameSeg.bbox, nameSeg.page, confidence);
    putAddress(role, [oneLine.street], oneLine.place, put);
    return;
  }
  // A line ending with its street and place that gave no name ("452, Herr Hans Weber,
  // Rämistrasse 28, 8001 Zürich") is an address, no name.
  if (!nameEnd && placeLine({ ...nameSeg, text: name })) return;
  const runOn = nameEnd ? undefined : nameAndStreet(name);
  // (without a salutation opening the line: "M. ANTOINE DUMAS" under "DESTINATAIRE :")
  const bare = beforeIds(runOn?.name ?? name);
  put(`${role}.name`, cleanName(afterSalutation(bare) ?? bare), nameSeg.bbox, nameSeg.page, confidence);

  // Address: the lines after the name in the block's value column, until a non-address line;
  // the street run on after the name first.
  const lines: Segment[] = runOn ? [{ ...nameSeg, text: runOn.street }] : [];
  const last = nameEnd ?? nameSeg;
  const after = segs.filter((s) => s.line > last.line || (s.line === last.line && s.index > last.index));
  for (const seg of after) {
    const text = seg.text.trim();
    if (ADDRESS_LABEL.test(text)) {
      const rest = text.replace(ADDRESS_LABEL, '');
      if (rest) lines.push({ ...seg, text: rest });
      continue;
    }
    // (nor a line without a word: a form's date or number, "2026. 01. 21.", is no street)
    // (a labelled row, "CIF: 23453212", "Reg. com.: Z022018", is no street; nor a line of the
    // party's ids without a colon, "c.f./p.iva 90004670775")
    if (
      /:\s*$/.test(text) ||
      NOT_ADDRESS.test(text) ||
      LABELLED_ROW.test(text) ||
      idLine(text) ||
      !/\p{L}{2}/u.test(text)
    ) {
      if (lines.length) break;
      continue;
    }
    lines.push(seg);
    if (lines.length >= 4 || placeLine(seg)) break;
  }
  // The walk above ends at the place line, so only the last line can be the place; it may hold
  // the street too ("ul. Sadowa 1 m. 3, 00-002 Kraków").
  const end = lines[lines.length - 1];
  const split = end && placeLine(end);
  const street = split ? [...lines.slice(0, -1), ...(split.street ? [split.street] : [])] : lines;
  // Without a place line, one line without a number is no address: the next section's heading
  // ran into the block ("Données de facturation" under "Nom du vendeur: …"). A town over its
  // country is one ("Linkenheim-Hochstetten" / "Deutschland").
  if (!split && street.length < 2 && !street.some((s) => /\d/.test(s.text))) return;
  putAddress(role, street, split?.place, put);
}

const width = (s: Segment) => s.bbox[2] - s.bbox[0];

/** A name up to the tax ids run on after it, apart by a comma or a dash ("ООО «Василёк, Лютик и
 * К», ИНН 5003052454", "ACME SAS - SIREN 123456789"): a comma inside the name stays. */
export function beforeIds(name: string): string {
  const parts = name.split(/(,\s+|\s[-–]\s)/);
  for (let k = 2; k < parts.length; k += 2) {
    const rest = parts.slice(k).join('');
    if (matchLabel(rest, 'vat_id') !== undefined || matchLabel(rest, 'tax_number') !== undefined)
      return parts.slice(0, k - 1).join('');
  }
  return name;
}

/** A party's name, street and place on one line, apart by commas: the place and the one part
 * with a number before it are the address, the parts before them the name (which may hold a
 * comma itself: "Müller, Schmidt & Partner, Hauptstr. 1, 10115 Berlin"). */
function partyOnOneLine(
  seg: Segment,
  text: string,
): { name: string; street: Segment; place: Segment } | undefined {
  const parts = text.split(', ');
  for (let k = 1; k < parts.length - 1; k++) {
    const split = placeLine({ ...seg, text: parts.slice(k).join(', ') });
    const name = parts.slice(0, k).join(', ');
    // (each part of the name a word: "452, Herr Hans Weber" opens with the customer's number)
    const words = parts.slice(0, k).every((p) => /\p{L}/u.test(p));
    if (split?.street && !split.street.text.includes(',') && words && looksLikeName(name))
      return { name, street: split.street, place: split.place };
  }
  return runOnParty(seg, text);
}

/**
 * The party on one line without commas, its name run on into its street and place ("Max
 * Mustermann Musterstraße 456 54321 Hamburg"): a street line (its street word and house number)
 * and a place line after the name, the three making the whole line.
 */
function runOnParty(
  seg: Segment,
  text: string,
): { name: string; street: Segment; place: Segment } | undefined {
  const words = text.trim().split(/\s+/);
  for (let p = words.length - 1; p >= 3; p--) {
    const place = words.slice(p).join(' ');
    if (!placeOf(place)) continue;
    for (let k = p - 1; k >= 1; k--) {
      const street = words.slice(k, p).join(' ');
      if (!streetLine(street)) continue;
      const name = words.slice(0, k).join(' ');
      return looksLikeName(name) && !/\d/.test(name)
        ? { name, street: { ...seg, text: street }, place: { ...seg, text: place } }
        : undefined;
    }
  }
  return undefined;
}

/** Whether a line break falls inside a legal form written out ("Angara Distribution Spółka z
 * ograniczoną" / "odpowiedzialnością Sp.k"): the two lines are one name. */
function splitsLegalForm(line: string, next: string): boolean {
  const joined = `${line.trimEnd()} ${next.trim()}`;
  const at = line.trimEnd().length;
  return [...joined.matchAll(LEGAL_FORM_ALL)].some((m) => m.index < at && m.index + m[0].length > at + 1);
}

/** Whether `line` was wrapped before `next`: it and the next line's first word (its width
 * estimated by its share of the letters) come near the block's widest line. */
function wrapped(line: Segment, next: Segment, segs: Segment[]): boolean {
  const text = next.text.trim();
  const firstWord = text.split(/\s+/)[0]!;
  const wordWidth = (width(next) * (firstWord.length + 1)) / Math.max(1, text.length);
  return width(line) + wordWidth >= 0.85 * Math.max(...segs.map(width));
}

/** Text in capitals: letters, and no lower-case letter among them. */
function inCapitals(text: string): boolean {
  return /\p{Lu}{3}/u.test(text) && !/\p{Ll}/u.test(text);
}

/** A segment that is the value of a label standing left of it on the same line. */
function labelled(layout: PageLayout, seg: Segment, heading?: Segment): boolean {
  const left = layout.lines[seg.line]?.[seg.index - 1];
  // (the block's own heading set as the row's label, "Kunde:   Contoso AG", names the party)
  if (!left || left === heading) return false;
  // (nor a label of the column left of the block's: "Zakelijk adres:" of the customer's column
  // beside the supplier's name under "Dienstverlener:")
  if (heading && left.bbox[2] < heading.bbox[0] - 0.02) return false;
  return /:\s*$/.test(left.text) || NOT_ADDRESS.test(left.text.trim());
}

/** A label whose colon OCR set apart with its value: "Stee" of "Stee : 549910" (a misread
 * "Nummer"). */
function labelsNext(layout: PageLayout, seg: Segment): boolean {
  const right = layout.lines[seg.line]?.[seg.index + 1];
  return !!right && /^\s*:/.test(right.text);
}

/** One word, no legal form, with a street beside it on its line: the street's label in a form
 * ("Strada   Str. Viorelelor, nr. 13"), no name. */
function labelsStreet(layout: PageLayout, seg: Segment): boolean {
  const right = layout.lines[seg.line]?.[seg.index + 1];
  return !!right && /^\s*\p{L}+\s*$/u.test(seg.text) && !LEGAL_FORM.test(seg.text) && streetLine(right.text);
}

/**
 * Whether a block can be a party's: any block with lines, but under a heading with the party's
 * number ("Plačnik: 1001836") only an address block; a line such as "Customer: 2" may stand over
 * anything ("Your order AB321").
 */
export function partyBlock(b: PartyBlock): boolean {
  if (!b.segments.length) return false;
  return !matchNumberedHeading(b.heading.text) || b.segments.slice(0, 5).some((s) => !!placeLine(s));
}

/** A line of words ending with a house number ("Štúrova 9", "Hlavná 171", "Fő utca 157."). */
const HOUSE_NUMBER_LAST = /^\p{L}[\p{L}\s.'-]*\s\d{1,4}\s*[a-z]?\.?$/iu;
