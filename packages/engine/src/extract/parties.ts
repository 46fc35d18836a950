// Seller and buyer from page text: the blocks under their headings ("Verkäufer", "Bill to",
// "Client", ...) give name and address; without a seller heading, the letterhead's company name
// (a line carrying a legal form such as GmbH, SARL, S.p.A., Ltd, ООО) is taken, less surely,
// or the name over the address over the seller's VAT id or registration number. Without a buyer
// heading, the recipient's block in the address window (under a one-line sender address, or
// under a salutation) gives the buyer.
import type { Document } from '../document.js';
import { matchLabel, normalizeLabelText } from './labels.js';
import { type Box, type PageLayout, type PartyBlock, type Put, type Segment, valuesNear } from './layout.js';
import { matchInlineHeading } from './party-headings.js';

const LEGAL_FORM =
  /(?:^|[\s,])(?:gmbh(?:\s*&\s*co\.?\s*kg)?|ag|kg|ohg|e\.\s?k\.|ug|se|ltd\.?|limited|llc|inc\.?|corp\.?|plc|sarl|s\.a\.r\.l\.|sas|s\.a\.s\.|sa|s\.a\.|eurl|s\.p\.a\.|spa|s\.r\.l\.|srl|b\.v\.|bv|n\.v\.|nv|oy|ab|as|a\/s|aps|sp\.\s?z\s?o\.o\.|s\.l\.|a\.\s?g\.|e\.\s?v\.|e\.\s?g\.|eg|kgaa|ооо|оао|зао|ао|пао|ип)(?=$|[\s,.])/iu;

/** Labels of lines inside a party block that are not its name or address. */
const NOT_ADDRESS =
  /^(?:tel(?:efon|\.)?|phone|fax|e-?mail|mail|web|www|https?|ust|vat|tva|iva|steuer|st\.-?nr|uid|iban|bic|swift|bank|konto|kunden-?\s?(?:nr|nummer)|customer\s+(?:no|number|id)|client\s*(?:no|n°)|contact|ansprechpartner|nummer|number|globale|gln|id|siren|siret|rcs|hrb|amtsgericht|registergericht|handelsregister|geschäftsführ\S*|abteilung|department|kontakt|z\.\s?hd|attn|handelsname)\b|^[:@]/i;

/**
 * Lines of a party block that are a salutation, a contact or a label, never the party's name; nor
 * a line that starts with a long number (a GLN or GTIN: "333741000005 (GTIN)", also behind a dot or
 * a bar OCR made of a speck: ". 4333741000005 (GTIN)"), nor a table's
 * column heading that OCR ran into the block when the block's own label was unreadable (one
 * opening with "#": "# ligne BC"), nor a contact line (also with "contact" misread: "Buyer
 * contoct nome"), nor a field's label alone ("Name.", "Nom :"), nor a
 * copyright notice ("(c) AWV e.V. 2020": its "e.V." reads as a legal form; on a photo OCR drops
 * the "(c)", so no name ends in a year either), nor a line cut off after a preposition or a
 * conjunction ("SARL au" of "SARL au capital de ..."), nor a heading of references ("Nos
 * références", "Références sur la facture"), nor a street line (STREET_LINE) that stands first in
 * a block whose name line OCR lost.
 */
const NOT_A_NAME =
  /^\s*(?:herrn?|frau|firma|mr\.?|mrs\.?|ms\.?|m\.|mme|sig\.?(?:ra)?|anschrift|adresse|address|beschreibung|bezeichnung|description|d[ée]signation|descrizione|artikel|menge|quantity|quantit[ée]|einheit|(?:netto|brutto|einzel|gesamt)?preis|betrag|summe|steuersatz|unit\s+price|prix\s+unitaire|montant|amount|name|nom|nome|nombre)\s*[.:]?\s*$|^\s*#|\b(?:cont[aeo]ct|attn|z\.\s?hd\.?|c\/o)\b|^[\s.,:;|'"·•*_-]*\d{8,}|^\s*(?:\(c\)|©|copyright\b)|^\s*(?:(?:nos|vos|our|your|unsere|ihre)\s+)?r[ée]f[ée]ren(?:ces?|zen?)\b|\s(?:19|20)\d{2}\s*$|\s(?:au|de|du|des|et|und|and|of)\s*$/i;

/**
 * A street line: a house number before a street word ("1, rue du fournisseur", "12 Main Street"),
 * a street word first ("rue d'ici"), or a German street with its number ("Lieferantenstraße 20").
 */
const STREET_LINE =
  /^\s*(?:\d+\s*[a-z]?\s*,?\s+)?(?:rue|avenue|boulevard|chemin|all[ée]e|impasse|quai|via|viale|piazza|corso|calle|avenida)\s|^\s*\d+\s*[a-z]?\s*,?\s+\p{L}+(?:\s+\p{L}+)?\s+(?:street|road|avenue|lane|drive)\b|\p{L}(?:straße|strasse|str\.|weg|gasse|allee)\s+\d+\s*[a-z]?\s*$/iu;

const ADDRESS_LABEL = /^(?:anschrift|adresse|address|indirizzo|адрес)\s*:?\s*/i;

export function readParties(d: Document, layouts: PageLayout[], blocks: PartyBlock[], put: Put): void {
  for (const role of ['seller', 'buyer'] as const) {
    const block = blocks.find((b) => b.role === role && b.segments.length);
    if (block) readBlock(role, block, layouts, put);
  }
  // Without a buyer heading, the recipient's address in the window of the letter.
  const buyerBlock = blocks.some((b) => b.role === 'buyer' && b.segments.length);
  const headed = new Set(blocks.flatMap((b) => [b.heading, ...b.segments]));
  const recipient = buyerBlock ? undefined : recipientBlock(layouts[0], headed);
  if (recipient) readRecipient(recipient, put);
  const elsewhere = new Set([
    ...blocks.filter((b) => b.role !== 'seller').flatMap((b) => b.segments),
    // A party's heading ("SELLER TRADE NAME") names no one.
    ...blocks.map((b) => b.heading),
    ...(recipient?.segments ?? []),
  ]);
  for (const role of ['seller', 'buyer'] as const) {
    if (d[role].name) continue;
    const inline = inlineParty(layouts, role);
    if (inline) put(`${role}.name`, inline.name, inline.seg.bbox, inline.seg.page, 0.88);
  }
  /** The seller's name found outside any block, so its address can be looked for under it. */
  let named: Segment | undefined;
  if (!d.seller.name) {
    // The letterhead, never a line of the buyer's or another party's block (an invoice whose
    // sender is only a logo shows no company name above the buyer's address).
    const head = letterheadName(layouts[0], elsewhere);
    if (head) put('seller.name', head.text, head.bbox, head.page, 0.84);
    named = head;
  }
  const vat = d.provenance['seller.vat_id'];
  if (!d.seller.name && vat?.bbox && vat.page) {
    const layout = layouts.find((l) => l.page === vat.page);
    const name = layout && nameAboveAddress(layout, vat.bbox);
    if (name && !elsewhere.has(name)) {
      put('seller.name', name.text.trim(), name.bbox, name.page, 0.82);
      named = name;
    }
  }
  if (!d.seller.name && layouts[0]) {
    // Or above the company's registration number (SIREN, HRB, ...) printed under its address
    // in the upper half of the first page, outside the buyer's and other parties' blocks.
    const layout = layouts[0];
    for (const seg of layout.lines.flat()) {
      if (seg.bbox[1] > 0.5 || elsewhere.has(seg) || !REGISTRATION.test(seg.text.trim())) continue;
      const name = nameAboveAddress(layout, seg.bbox);
      if (name && !elsewhere.has(name)) {
        put('seller.name', name.text.trim(), name.bbox, name.page, 0.82);
        named = name;
        break;
      }
    }
  }
  const layout = named && layouts.find((l) => l.page === named!.page);
  const address = layout && !d.seller.address && addressBelow(layout, named!, elsewhere);
  if (address) putAddress('seller', address.street, address.place, put);
  // No sender line over the address window (on a photo OCR loses that tiny print): the
  // letterhead found shows which address block is the sender's, and the other is the buyer's.
  if (!recipient && !buyerBlock && !d.buyer.name && named) {
    const window = recipientBlock(layouts[0], headed, named);
    if (window) readRecipient(window, put);
  }
  // An address of its place line alone still has its street lines (none): an Address always does.
  for (const role of ['seller', 'buyer'] as const) {
    const found = d[role].address;
    if (found && !found.lines) found.lines = [];
  }
}

/**
 * The address printed under a name, in its column: street lines (each with a number) down to
 * the postcode-and-city line, or one line holding both ("Via Roma 12, 20121 Milano").
 */
function addressBelow(
  layout: PageLayout,
  name: Segment,
  elsewhere: Set<Segment>,
): { street: Segment[]; place: Segment } | undefined {
  const street: Segment[] = [];
  let bottom = name.bbox[3];
  const height = name.bbox[3] - name.bbox[1];
  for (const line of layout.lines.slice(name.line + 1, name.line + 4)) {
    const seg = line.find((s) => Math.abs(s.bbox[0] - name.bbox[0]) < 0.02);
    if (!seg || elsewhere.has(seg) || seg.bbox[1] - bottom > height * 2) return undefined;
    const split = placeLine(seg);
    if (split) return { street: split.street ? [...street, split.street] : street, place: split.place };
    const text = seg.text.trim();
    if (!/\d/.test(text) || NOT_ADDRESS.test(text) || text.includes(':')) return undefined;
    street.push(seg);
    bottom = seg.bbox[3];
  }
  return undefined;
}

/**
 * The party named after its heading on the heading's own line ("Поставщик (Исполнитель): ООО
 * «Ромашка», ИНН 7707083893, …", 1C's invoice form): its name is the text up to the first comma
 * outside quotes.
 */
function inlineParty(
  layouts: PageLayout[],
  role: 'seller' | 'buyer',
): { name: string; seg: Segment } | undefined {
  for (const layout of layouts) {
    for (const line of layout.lines) {
      const seg = line[0];
      const heading = seg && matchInlineHeading(seg.text);
      if (!seg || heading?.role !== role) continue;
      // The party's text is on the heading's segment or, set apart by a gap, in the next one.
      const text = seg.text.slice(heading.end).trim() || (line[1]?.text.trim() ?? '');
      const raw = /^(?:[^,"«»“”]|"[^"]*"|«[^»]*»|“[^”]*”)+/.exec(text)?.[0];
      const name = raw && cleanName(raw);
      if (name && looksLikeName(name) && !/^\d/.test(name)) return { name, seg };
    }
  }
  return undefined;
}

/**
 * A Russian legal form whose letter О OCR read as the digit 0 ("000 «Ромашка»" for ООО): before
 * a quoted Cyrillic name the digits can only be the letter.
 */
export function ruLegalForm(text: string): string {
  return text.replace(/^(?:[0О]{3}|[ЗПО0]?А[0О])(?=\s*["«“]\p{Script=Cyrillic})/u, (form) =>
    form.replace(/0/g, 'О'),
  );
}

/** A company's registration number: it names the party whose address stands above it. */
const REGISTRATION =
  /^(?:siren|siret|rcs|hrb|hra|handelsregister|registergericht|amtsgericht|registro\s+imprese|rea|company\s+(?:no|number|reg(?:istration)?)|огрн)\b/i;

/** Separators of a one-line sender address: "ACME GmbH · Str. 1 · 12345 Ort", "A, Str. 1, 12345 Ort"
 * (OCR reads a middle dot as a colon, " : ", now and then). */
const SENDER_SEP = /\s*[·•●|]\s*|\s+[-–:]\s+|,\s+/;

/** A salutation standing alone above a person's or a company's name. */
const SALUTATION =
  /^\s*(?:herrn?|frau|firma|mr\.?|mrs\.?|ms\.?|monsieur|madame|m\.|mme|sig\.?(?:ra)?|signor[ae]?|gentile|spett\.?\s*le)\s*$/i;

interface Recipient {
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
function recipientBlock(
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
    const at = parts.findIndex(
      (p, i) => i > 1 && placeOf(p) && parts.slice(1, i).some((q) => /\d/.test(q) && /\p{L}{2}/u.test(q)),
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
    const split = seg.bbox[1] > 0.5 || headed.has(seg) ? undefined : placeLine(seg);
    if (!split) continue;
    const place = split.place;
    // The lines above it in its column, while they follow one another closely.
    const height = seg.bbox[3] - seg.bbox[1];
    const column = all
      .filter((s) => s.line < seg.line && Math.abs(s.bbox[0] - seg.bbox[0]) < 0.015)
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
    const block = { segments: [...lines, ...(split.street ? [split.street] : []), place], name, place };
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

/** A word that heads an item table's column anywhere in a line ("Ligne! CODE ARTICLE, NOM &
 * DESIGNATION", a table's heading OCR ran into a party block on a photo): no party's name. */
const COLUMN_WORD =
  /(?:^|[\s,!|])(?:code\s+article|d[ée]signation|quantit[ée]|qt[ée]|prix\s+unitaire|p\.\s?u\.|einzelpreis|unit\s+price)(?=$|[\s,.:;|!()])/iu;

/** Text, not a label, a contact line, a salutation, a street or a postcode-and-city line. */
function looksLikeName(text: string): boolean {
  const t = text.trim();
  return (
    /\p{L}{2}/u.test(t) &&
    !t.includes(':') &&
    !NOT_ADDRESS.test(t) &&
    !NOT_A_NAME.test(t) &&
    !COLUMN_WORD.test(t) &&
    !STREET_LINE.test(t) &&
    !placeOf(t)
  );
}

/** A name in an address window: no long number in it either (a customer number, a GLN). */
function isName(text: string): boolean {
  return looksLikeName(text) && !/\d{3}/.test(text);
}

function readRecipient(r: Recipient, put: Put): void {
  put('buyer.name', cleanName(r.name.text), r.name.bbox, r.name.page, 0.85);
  const street = r.segments.slice(r.segments.indexOf(r.name) + 1, -1).filter((s) => /\d/.test(s.text));
  putAddress('buyer', street, r.place, put);
}

/**
 * The seller's address block above its VAT id, in the same column: NAME / STREET 12 /
 * POSTCODE CITY. The name is the line two above the postcode line, when the line between
 * carries a house number.
 */
function nameAboveAddress(layout: PageLayout, anchor: Box): Segment | undefined {
  const above = layout.lines
    .flat()
    .filter(
      (s) =>
        Math.abs(s.bbox[0] - anchor[0]) < 0.03 &&
        s.bbox[3] <= anchor[1] + 0.002 &&
        anchor[1] - s.bbox[1] < 0.2,
    )
    .sort((a, b) => b.bbox[1] - a.bbox[1]);
  const place = above.findIndex((s) => placeOf(s.text));
  const street = above[place + 1];
  const name = above[place + 2];
  if (place < 0 || !street || !name || !/\d/.test(street.text)) return undefined;
  if (name.text.includes(':') || NOT_ADDRESS.test(name.text.trim()) || NOT_A_NAME.test(name.text))
    return undefined;
  return /\p{L}{2}/u.test(name.text) ? name : undefined;
}

function readBlock(role: 'seller' | 'buyer', block: PartyBlock, layouts: PageLayout[], put: Put): void {
  const layout = layouts.find((l) => l.page === block.heading.page)!;
  const segs = block.segments;
  // A "Name:" form field, as the ZUGFeRD visualisations and many forms print it.
  let nameSeg: Segment | undefined;
  let name: string | undefined;
  for (const seg of segs) {
    const end = matchLabel(seg.text, 'name');
    if (end === undefined) continue;
    const rest = seg.text.slice(end).trim();
    // "Name: Lief-Nr: 549910": the row's value is another label's, and the name is elsewhere.
    if (rest && !looksLikeName(rest)) continue;
    if (rest) [name, nameSeg] = [rest, seg];
    else {
      // The value of a form row, never the next row's label.
      const v = valuesNear(layout, seg).find((c) => !/:\s*$/.test(c.seg.text) && looksLikeName(c.seg.text));
      if (v) [name, nameSeg] = [v.seg.text, v.seg];
    }
    break;
  }
  let confidence = 0.9;
  /** The name's second line, when it runs over two: the address starts after it. */
  let nameEnd: Segment | undefined;
  if (!name) {
    // Otherwise the first line of the block that is text, not a label or a number.
    // A name stands above the address: below the block's place line ("29000 Quimper, FR") are
    // its contacts and whatever else ran into the block, no name.
    const place = segs.findIndex((s) => placeOf(s.text.trim()));
    const above = place < 0 ? segs : segs.slice(0, place);
    nameSeg = above.find((s) => looksLikeName(s.text) && !labelled(layout, s) && !labelsNext(layout, s));
    name = nameSeg?.text;
    confidence = 0.85;
    // A company name broken over two lines: "MVM Musterhafter" / "Versicherungsverein
    // Musterstadt a.G.": the second line carries the legal form, and no address.
    const next = nameSeg && segs.find((s) => s.line === nameSeg!.line + 1);
    if (
      name &&
      next &&
      !LEGAL_FORM.test(name) &&
      LEGAL_FORM.test(next.text) &&
      !/\d/.test(next.text) &&
      !NOT_ADDRESS.test(next.text.trim())
    ) {
      name = `${name} ${next.text}`;
      nameEnd = next;
    }
  }
  if (!name || !nameSeg) return;
  put(`${role}.name`, cleanName(name), nameSeg.bbox, nameSeg.page, confidence);

  // Address: the lines after the name in the block's value column, until a non-address line.
  const lines: Segment[] = [];
  const last = nameEnd ?? nameSeg;
  const after = segs.filter((s) => s.line > last.line || (s.line === last.line && s.index > last.index));
  for (const seg of after) {
    const text = seg.text.trim();
    if (ADDRESS_LABEL.test(text)) {
      const rest = text.replace(ADDRESS_LABEL, '');
      if (rest) lines.push({ ...seg, text: rest });
      continue;
    }
    if (/:\s*$/.test(text) || NOT_ADDRESS.test(text) || /^\S+\s*:/.test(text)) {
      if (lines.length) break;
      continue;
    }
    lines.push(seg);
    if (lines.length >= 4 || placeOf(text)) break;
  }
  // The walk above ends at the place line, so only the last line can be the place.
  const end = lines[lines.length - 1];
  const place = end && placeOf(end.text) ? end : undefined;
  putAddress(role, place ? lines.slice(0, -1) : lines, place, put);
}

/** An address: its street lines in order, then postcode, city and country from the place line. */
function putAddress(
  role: 'seller' | 'buyer',
  street: Segment[],
  placeSeg: Segment | undefined,
  put: Put,
): void {
  for (const [i, seg] of street.entries())
    put(`${role}.address.lines.${i}`, seg.text.trim(), seg.bbox, seg.page, 0.85);
  const place = placeSeg && placeOf(placeSeg.text);
  if (!placeSeg || !place) return;
  if (place.country) put(`${role}.address.country`, place.country, placeSeg.bbox, placeSeg.page, 0.85);
  put(`${role}.address.postcode`, place.postcode, placeSeg.bbox, placeSeg.page, 0.85);
  put(`${role}.address.city`, place.city, placeSeg.bbox, placeSeg.page, 0.85);
}

/**
 * A segment that is a postcode-and-city line, or a street and its place on one line ("Via Roma
 * 12, 20121 Milano", "Via Roma 12 - 20121 Milano (MI)": split at the last comma or dash, the
 * street carrying a number).
 */
function placeLine(seg: Segment): { street?: Segment; place: Segment } | undefined {
  const text = seg.text.trim();
  if (placeOf(text)) return { place: seg };
  const cut = /^(.*\d.*?)\s*(?:,|\s[-–]\s)\s*([^,]+)$/u.exec(text);
  if (cut && placeOf(cut[2]!)) return { street: { ...seg, text: cut[1]! }, place: { ...seg, text: cut[2]! } };
  return undefined;
}

/** A segment that is the value of a label standing left of it on the same line. */
function labelled(layout: PageLayout, seg: Segment): boolean {
  const left = layout.lines[seg.line]?.[seg.index - 1];
  return !!left && (/:\s*$/.test(left.text) || NOT_ADDRESS.test(left.text.trim()));
}

/** A label whose colon OCR set apart with its value: "Stee" of "Stee : 549910" (a misread
 * "Nummer"). */
function labelsNext(layout: PageLayout, seg: Segment): boolean {
  const right = layout.lines[seg.line]?.[seg.index + 1];
  return !!right && /^\s*:/.test(right.text);
}

/** `DE 99199 Musterhausen`, `99199 Musterhausen`, `75018 PARIS, FR`, `CH-8000 Zürich`, `1015 AA
 * Amsterdam`, `SW1A 1AA London`, `London SW1A 1AA`. */
export function placeOf(text: string): { postcode: string; city: string; country?: string } | undefined {
  const t = text.trim();
  // A Dutch postcode has two letters after its four digits: "1015 AA Amsterdam".
  let m = /^(?:NL[\s-]+)?(\d{4}\s?[A-Z]{2})\s+([\p{L}][\p{L}\s.'-]{1,40})$/u.exec(t);
  if (m) return { postcode: m[1]!, city: m[2]!.trim(), country: 'NL' };
  // (an Italian province after the city is no part of it: "20121 Milano (MI)")
  m =
    /^(?:([A-Z]{2})[\s-]+)?(\d{4,5})\s+([\p{L}][\p{L}\s.'-]{1,40}?)(?:\s*\([A-Z]{2}\))?(?:,\s*([A-Z]{2}))?$/u.exec(
      t,
    );
  if (m)
    return { postcode: m[2]!, city: m[3]!.trim(), ...(m[1] || m[4] ? { country: (m[1] ?? m[4])! } : {}) };
  m = /^([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})\s+([\p{L}][\p{L}\s.'-]{1,40})$/u.exec(t);
  if (m) return { postcode: m[1]!, city: m[2]!.trim(), country: 'GB' };
  // British order: the town, then the postcode ("London EC1A 1BB").
  m = /^([\p{L}][\p{L}\s.'-]{1,40}?)\s+([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})$/u.exec(t);
  if (m) return { postcode: m[2]!, city: m[1]!.trim(), country: 'GB' };
  return undefined;
}

/** A party's name as read: spaces folded, trailing punctuation off, an OCR'd legal form mended. */
function cleanName(s: string): string {
  return ruLegalForm(s.trim())
    .replace(/\s+/g, ' ')
    .replace(/[,;:]+$/, '')
    .trim();
}

/**
 * The company name in the top part of the first page: the first line with a legal form, and not
 * one below a postcode line in its column. A name there opens the next address block, the
 * recipient's under the sender's: a phone photo's OCR can lose both the letterhead and the
 * recipient's heading ("Lieferantenstraße 20 / 80333 München / … / Kunden AG Mitte").
 */
function letterheadName(layout: PageLayout | undefined, elsewhere: Set<Segment>): Segment | undefined {
  if (!layout) return undefined;
  const places: Segment[] = [];
  for (const line of layout.lines) {
    for (const seg of line) {
      if (seg.bbox[1] > 0.3) return undefined;
      const belowPlace = places.some((p) => p.bbox[0] < seg.bbox[2] && seg.bbox[0] < p.bbox[2]);
      if (placeLine(seg)) places.push(seg);
      if (elsewhere.has(seg) || belowPlace) continue;
      const text = ruLegalForm(seg.text.trim());
      if (text.length > 60 || !LEGAL_FORM.test(text)) continue;
      if (/[:@]|www\.|https?:/.test(text) || NOT_A_NAME.test(text)) continue;
      // A legal form alone is no name ("oy" is OCR's reading of a logo as often as a Finnish Oy).
      if (!/\p{L}{2}/u.test(text.replace(LEGAL_FORM, ' '))) continue;
      // A sender line above the address window ("ACME GmbH · Str. 1 · 12345 Ort") gives its first part.
      const first = text.split(/\s[·•|–-]\s|,\s/)[0]!.trim();
      if (LEGAL_FORM.test(first)) return { ...seg, text: first };
      if (normalizeLabelText(text).split(' ').length <= 6) return { ...seg, text };
    }
  }
  return undefined;
}
