// Seller and buyer from page text: the blocks under their headings ("Verkäufer", "Bill to",
// "Client", ...) give name and address; without a seller heading, the letterhead's company name
// (a line carrying a legal form such as GmbH, SARL, S.p.A., Ltd, ООО) is taken, less surely.
import type { Document } from '../document.js';
import { matchLabel, normalizeLabelText } from './labels.js';
import { type Box, type PageLayout, type PartyBlock, type Segment, valuesNear } from './layout.js';

type Put = (path: string, value: string, where: Box | undefined, page: number, confidence: number) => void;

const LEGAL_FORM =
  /(?:^|[\s,])(?:gmbh(?:\s*&\s*co\.?\s*kg)?|ag|kg|ohg|e\.\s?k\.|ug|se|ltd\.?|limited|llc|inc\.?|corp\.?|plc|sarl|s\.a\.r\.l\.|sas|s\.a\.s\.|sa|s\.a\.|eurl|s\.p\.a\.|spa|s\.r\.l\.|srl|b\.v\.|bv|n\.v\.|nv|oy|ab|as|a\/s|aps|sp\.\s?z\s?o\.o\.|s\.l\.|a\.\s?g\.|e\.\s?v\.|e\.\s?g\.|eg|kgaa|ооо|оао|зао|ао|пао|ип)(?=$|[\s,.])/iu;

/** Labels of lines inside a party block that are not its name or address. */
const NOT_ADDRESS =
  /^(?:tel(?:efon|\.)?|phone|fax|e-?mail|mail|web|www|https?|ust|vat|tva|iva|steuer|st\.-?nr|uid|iban|bic|swift|bank|konto|kunden-?\s?(?:nr|nummer)|customer\s+(?:no|number|id)|client\s*(?:no|n°)|contact|ansprechpartner|nummer|number|globale|gln|id|siren|siret|rcs|hrb|amtsgericht|registergericht|handelsregister|geschäftsführ\S*|abteilung|department|kontakt|z\.\s?hd|attn|handelsname)\b|^[:@]/i;

/** Lines of a party block that are a salutation, a contact or a label, never the party's name. */
const NOT_A_NAME =
  /^\s*(?:herrn?|frau|firma|mr\.?|mrs\.?|ms\.?|m\.|mme|sig\.?(?:ra)?|anschrift|adresse|address)\s*$|\b(?:contact|attn|z\.\s?hd\.?|c\/o)\b/i;

const ADDRESS_LABEL = /^(?:anschrift|adresse|address|indirizzo|адрес)\s*:?\s*/i;

export function readParties(d: Document, layouts: PageLayout[], blocks: PartyBlock[], put: Put): void {
  for (const role of ['seller', 'buyer'] as const) {
    const block = blocks.find((b) => b.role === role && b.segments.length);
    if (block) readBlock(role, block, layouts, put);
  }
  if (!d.seller.name) {
    // The letterhead, never a line of the buyer's or another party's block (an invoice whose
    // sender is only a logo shows no company name above the buyer's address).
    const elsewhere = new Set(blocks.filter((b) => b.role !== 'seller').flatMap((b) => b.segments));
    const head = letterheadName(layouts[0], elsewhere);
    if (head) put('seller.name', head.text, head.bbox, head.page, 0.84);
  }
  const vat = d.provenance['seller.vat_id'];
  if (!d.seller.name && vat?.bbox && vat.page) {
    const layout = layouts.find((l) => l.page === vat.page);
    const name = layout && nameAboveAddress(layout, vat.bbox);
    if (name) put('seller.name', name.text.trim(), name.bbox, name.page, 0.82);
  }
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
    if (rest) [name, nameSeg] = [rest, seg];
    else {
      // The value of a form row, never the next row's label.
      const v = valuesNear(layout, seg).find((c) => !/:\s*$/.test(c.seg.text));
      if (v) [name, nameSeg] = [v.seg.text, v.seg];
    }
    break;
  }
  let confidence = 0.9;
  /** The name's last line: the address starts after it. */
  let nameEnd = nameSeg;
  if (!name) {
    // Otherwise the first line of the block that is text, not a label or a number.
    nameSeg = segs.find(
      (s) =>
        /\p{L}{2}/u.test(s.text) &&
        !s.text.includes(':') &&
        !NOT_ADDRESS.test(s.text.trim()) &&
        !NOT_A_NAME.test(s.text) &&
        !labelled(layout, s),
    );
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
  const street: string[] = [];
  for (const seg of lines) {
    const place = placeOf(seg.text);
    if (place) {
      if (place.country) put(`${role}.address.country`, place.country, seg.bbox, seg.page, 0.85);
      put(`${role}.address.postcode`, place.postcode, seg.bbox, seg.page, 0.85);
      put(`${role}.address.city`, place.city, seg.bbox, seg.page, 0.85);
    } else {
      put(`${role}.address.lines.${street.length}`, seg.text.trim(), seg.bbox, seg.page, 0.85);
      street.push(seg.text);
    }
  }
}

/** A segment that is the value of a label standing left of it on the same line. */
function labelled(layout: PageLayout, seg: Segment): boolean {
  const left = layout.lines[seg.line]?.[seg.index - 1];
  return !!left && (/:\s*$/.test(left.text) || NOT_ADDRESS.test(left.text.trim()));
}

/** `DE 99199 Musterhausen`, `99199 Musterhausen`, `75018 PARIS, FR`, `CH-8000 Zürich`, `SW1A 1AA London`. */
export function placeOf(text: string): { postcode: string; city: string; country?: string } | undefined {
  const t = text.trim();
  let m = /^(?:([A-Z]{2})[\s-]+)?(\d{4,5})\s+([\p{L}][\p{L}\s.'-]{1,40}?)(?:,\s*([A-Z]{2}))?$/u.exec(t);
  if (m)
    return { postcode: m[2]!, city: m[3]!.trim(), ...(m[1] || m[4] ? { country: (m[1] ?? m[4])! } : {}) };
  m = /^([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})\s+([\p{L}][\p{L}\s.'-]{1,40})$/u.exec(t);
  if (m) return { postcode: m[1]!, city: m[2]!.trim(), country: 'GB' };
  return undefined;
}

function cleanName(s: string): string {
  return s
    .replace(/\s+/g, ' ')
    .replace(/[,;:]+$/, '')
    .trim();
}

/** The company name in the top part of the first page: the first line with a legal form. */
function letterheadName(layout: PageLayout | undefined, elsewhere: Set<Segment>): Segment | undefined {
  if (!layout) return undefined;
  for (const line of layout.lines) {
    for (const seg of line) {
      if (seg.bbox[1] > 0.3) return undefined;
      if (elsewhere.has(seg)) continue;
      const text = seg.text.trim();
      if (text.length > 60 || !LEGAL_FORM.test(text)) continue;
      if (/[:@]|www\.|https?:/.test(text)) continue;
      // A sender line above the address window ("ACME GmbH · Str. 1 · 12345 Ort") gives its first part.
      const first = text.split(/\s[·•|–-]\s|,\s/)[0]!.trim();
      if (LEGAL_FORM.test(first)) return { ...seg, text: first };
      if (normalizeLabelText(text).split(' ').length <= 6) return seg;
    }
  }
  return undefined;
}
