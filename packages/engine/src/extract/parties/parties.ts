// Seller and buyer from page text: the blocks under their headings ("Verkäufer", "Bill to",
// "Client", ...) give name and address; without a seller heading, the letterhead's company name
// (a line carrying a legal form such as GmbH, SARL, S.p.A., Ltd, ООО) is taken, less surely,
// or the address block whose name spells the company's domain in the footer's contact, or the
// name over the address over the seller's VAT id or registration number. Without a buyer
// heading, the recipient's block in the address window (under a one-line sender address, or
// under a salutation) gives the buyer.
import type { Document } from '../../document.js';
import { findVatIds } from '../identifiers/identifiers.js';
import {
  BUYER_WORD_SOURCES,
  DELIVERY_WORD_SOURCES,
  NAME_CONJUNCTIONS,
  SELF_BILLING_SOURCES,
  VAT_ID_WORD_SOURCES,
} from '../lexicon/lexicon.js';
import { matchLabel, normalizeLabelText, startsWithLabel } from '../page/labels.js';
import { type Box, type PageLayout, type Put, type Segment, valuesNear } from '../page/layout.js';
import type { PartyBlock } from '../page/party-blocks.js';
import { footerDomains, hostLabels, spellsDomain } from './company-domain.js';
import { footColumnName, footerLegalName } from './foot-names.js';
import { matchInlineHeading, matchNumberedHeading } from './party-headings.js';
import {
  ADDRESS_LABEL,
  afterSalutation,
  cleanName,
  companyWords,
  GREETING,
  idLine,
  isName,
  JOINS_ON,
  LEGAL_FORM,
  LEGAL_FORM_ALL,
  LEGAL_FORM_FIRST,
  looksLikeName,
  NOT_ADDRESS,
  namedByLegalForm,
  nameUpToLegalForm,
  notAName,
  placeLine,
  placeOf,
  putAddress,
  REGISTRATION,
  ruLegalForm,
  SALUTATION,
  streetLine,
  titleFirst,
} from './party-lines.js';
import { readRecipient, recipientBlock, senderLines, senderOver } from './recipient-window.js';

export function readParties(d: Document, layouts: PageLayout[], blocks: PartyBlock[], put: Put): void {
  const [sellerBlock, buyerBlock] = (['seller', 'buyer'] as const).map((role) =>
    blocks.find((b) => b.role === role && partyBlock(b)),
  );
  if (sellerBlock) readBlock('seller', sellerBlock, layouts, put);
  if (buyerBlock) readBlock('buyer', buyerBlock, layouts, put);
  // A buyer's heading that named no one: a field's label ("Asiakas: 1234567-8", the customer's
  // number) over other fields, as good as no heading.
  const buyerNamed = buyerBlock && d.buyer.name ? buyerBlock : undefined;
  // Without a buyer heading, the recipient's address in the window of the letter.
  const headed = new Set(blocks.flatMap((b) => [b.heading, ...b.segments]));
  const recipient = buyerNamed ? undefined : recipientBlock(layouts[0], headed);
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
  // The company a delivery address names is the customer, never the seller ("INDIRIZZO DI
  // SPEDIZIONE / CERALDI GROUP SRL": the goods go to it), wherever else its name stands.
  const delivered = deliveredCompanies(blocks);
  const deliveredTo = (text: string) => delivered.has(companyWords(text));
  const selfBilled = layouts[0]?.lines.some((l) =>
    l.some((seg) => seg.bbox[1] < 0.5 && SELF_BILLING.test(seg.text)),
  );
  /** The page's one address is the recipient's (greeted): no other line names the seller. */
  let greeted = false;
  if (!d.seller.name) {
    // The letterhead, never a line of the buyer's or another party's block (an invoice whose
    // sender is only a logo shows no company name above the buyer's address).
    const lettered = letterheadName(layouts[0], elsewhere);
    // Nor a name over another company's VAT id than the seller's (read by its account in the foot):
    // the customer's block at the head of a reverse-charge invoice, the recipient.
    // (a name alone on its line: a sender line's first part stands over the window's ids)
    const alone =
      !!lettered && layouts[0]!.lines[lettered.line]?.[lettered.index]?.text.trim() === lettered.text.trim();
    const customers = alone && othersVatBelow(layouts[0]!, lettered!, d.seller.vat_id);
    if (customers && !d.buyer.name && !buyerBlock && !recipient)
      put('buyer.name', lettered!.text, lettered!.bbox, lettered!.page, 0.82);
    // A company at the head whose name the delivery address repeats is the customer, named there
    // for its invoice and for its goods ("INDIRIZZO LEGALE" and "INDIRIZZO DI SPEDIZIONE").
    if (lettered && deliveredTo(lettered.text) && !d.buyer.name && !buyerBlock && !recipient)
      put('buyer.name', lettered.text, lettered.bbox, lettered.page, 0.82);
    // An invoice the customer issues for its supplier ("Self-Billing Invoice"): its letterhead is
    // the customer's, and the supplier the one it names on its "Name:" row.
    if (lettered && selfBilled && !d.buyer.name && !buyerBlock && !recipient)
      put('buyer.name', lettered.text, lettered.bbox, lettered.page, 0.82);
    const supplier = selfBilled ? namedRow(layouts[0]!, elsewhere) : undefined;
    if (supplier) put('seller.name', supplier.text, supplier.bbox, supplier.page, 0.84);
    // (nor the buyer's name printed a second time, a window's copy of its block: "CLIENTE / TASCA
    // BAREA S.L." and the same lines beside it)
    const head =
      lettered &&
      !selfBilled &&
      !customers &&
      !deliveredTo(lettered.text) &&
      !(d.buyer.name && companyWords(lettered.text) === companyWords(d.buyer.name))
        ? lettered
        : undefined;
    // The footer's legal line names the sender ("MixCont AB, 23145, Sankta gertrudsvag 10."):
    // a company name on the first page's head that is another company stands in the address
    // window, and is the buyer's.
    // Or the first column of the page's foot beside the company's ids, when it names a company by
    // its legal form ("Meridion AB | 031-149860 | 556654-4499 | SE556654449901"; a town's line may
    // stand there too, beside the register number).
    const column = head ? footColumnName(layouts, elsewhere) : undefined;
    const footer = footerLegalName(layouts) ?? (column && namedByLegalForm(column.text) ? column : undefined);
    if (footer && head && !sameCompany(footer.text, head.text)) {
      put('seller.name', footer.text, footer.bbox, footer.page, 0.84);
      if (!d.buyer.name && !buyerBlock && !recipient && head.bbox[0] < 0.5)
        put('buyer.name', head.text, head.bbox, head.page, 0.82);
    } else if (head && greetedAlone(layouts[0]!, head) && !d.buyer.name && !buyerBlock && !recipient) {
      // The page's one address, over the letter's greeting ("Dear customer,"): the recipient's
      // window, the sender being only a logo.
      put('buyer.name', head.text, head.bbox, head.page, 0.82);
      greeted = true;
    } else if (head) {
      // A letterhead naming the company after other words ("Geschäftsbereich CA Brill GmbH", a
      // division) over a sender line that names the company alone ("CA Brill GmbH - Twentestraße
      // 7 - 48527 Nordhorn"): the sender line's is the company's own name.
      const own = senderLines(layouts[0]!)
        .map((x) => x.name && cleanName(x.name.text))
        .find((n) => !!n && head.text.trim().endsWith(` ${n}`));
      const company = own ?? head.text;
      put('seller.name', company, head.bbox, head.page, 0.84);
      named = head;
    } else if (footer) {
      put('seller.name', footer.text, footer.bbox, footer.page, 0.82);
      // The footer's company named again over an address in the first page's upper half: the
      // sender's own block, whose column tells the recipient's window from it.
      const words = companyWords(footer.text);
      named = layouts[0]?.lines
        .flat()
        .find(
          (s) =>
            !!words &&
            s.bbox[1] < 0.5 &&
            !elsewhere.has(s) &&
            companyWords(s.text) === words &&
            !!addressBelow(layouts[0]!, s, elsewhere),
        );
    }
    // Or the sender line over the buyer's block or the address window, which names the sender first.
    else {
      const top = recipient?.segments[0] ?? buyerBlock?.heading;
      const sender = top && senderOver(layouts[0], top);
      if (sender) put('seller.name', cleanName(sender.text), sender.bbox, sender.page, 0.84);
    }
  }
  if (!d.seller.name && !greeted && !selfBilled) {
    // Or the address block whose name spells the company's domain of the footer's contact, or of
    // its own.
    const found = domainName(layouts[0], footerDomains(layouts), elsewhere);
    const spelled = found && !deliveredTo(found.text) ? found : undefined;
    if (spelled) put('seller.name', spelled.text.trim(), spelled.bbox, spelled.page, 0.82);
    named = spelled;
  }
  const vat = d.provenance['seller.vat_id'];
  if (!d.seller.name && !greeted && !selfBilled && vat?.bbox && vat.page) {
    const layout = layouts.find((l) => l.page === vat.page);
    const name = layout && nameAboveAddress(layout, vat.bbox);
    if (name && !elsewhere.has(name) && !deliveredTo(name.text)) {
      put('seller.name', name.text.trim(), name.bbox, name.page, 0.82);
      named = name;
    }
  }
  if (!d.seller.name && !greeted && !selfBilled && layouts[0]) {
    // Or above the company's registration number (SIREN, HRB, ...) printed under its address
    // in the upper half of the first page, outside the buyer's and other parties' blocks.
    const layout = layouts[0];
    for (const seg of layout.lines.flat()) {
      if (seg.bbox[1] > 0.5 || elsewhere.has(seg) || !REGISTRATION.test(seg.text.trim())) continue;
      const name = nameAboveAddress(layout, seg.bbox);
      if (name && !elsewhere.has(name) && !deliveredTo(name.text)) {
        put('seller.name', name.text.trim(), name.bbox, name.page, 0.82);
        named = name;
        break;
      }
    }
  }
  if (!d.seller.name && !greeted && !selfBilled && layouts[0]) {
    // Or the page's opening line when an address follows it in its column: the letterhead of a
    // company whose name carries no legal form ("Amazing Company" / "Amazing Street 12").
    const head = openingName(layouts[0], elsewhere);
    if (head && !deliveredTo(head.text)) {
      put('seller.name', head.text.trim(), head.bbox, head.page, 0.82);
      named = head;
    }
  }
  if (!d.seller.name && !greeted && !selfBilled) {
    // Or the first column of the page's foot, beside the company's ids or over its address.
    const foot = footColumnName(layouts, elsewhere);
    if (foot && !deliveredTo(foot.text)) put('seller.name', foot.text.trim(), foot.bbox, foot.page, 0.82);
  }
  const layout = named && layouts.find((l) => l.page === named!.page);
  const address = layout && !d.seller.address && addressBelow(layout, named!, elsewhere);
  if (address) putAddress('seller', address.street, address.place, put);
  // No sender line over the address window (on a photo OCR loses that tiny print): the
  // letterhead found shows which address block is the sender's, and the other is the buyer's.
  // (The seller's name read otherwise, from its block or beside its VAT id, does so too where it
  // stands in the first page's upper half.)
  // (or read from the page's foot, its name printed again at the head: "Piet Damen" over its trade)
  const sellerSeg =
    named ?? upperSegmentOf(layouts[0], d.provenance['seller.name']) ?? nameAtHead(layouts[0], d.seller.name);
  if (!recipient && !buyerNamed && !d.buyer.name && sellerSeg) {
    const window = recipientBlock(layouts[0], headed, sellerSeg);
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
  // (lines of another column, set on baselines of their own, stand between the column's lines)
  const column = layout.lines
    .slice(name.line + 1, name.line + 8)
    .map((line) => line.find((s) => Math.abs(s.bbox[0] - name.bbox[0]) < 0.02))
    .filter((s): s is Segment => !!s)
    .slice(0, 3);
  for (const seg of column) {
    if (elsewhere.has(seg) || seg.bbox[1] - bottom > height * 2) return undefined;
    const split = placeLine(seg);
    if (split) return { street: split.street ? [...street, split.street] : street, place: split.place };
    const text = seg.text.trim();
    bottom = seg.bbox[3];
    // (a registration number between the name and its street: "JKLM / Org. Nr. 989 858 300 /
    // Fruens Alle 6, 4623 Kristiansand")
    if (startsWithLabel(text) && street.length === 0) continue;
    if (!/\d/.test(text) || NOT_ADDRESS.test(text) || text.includes(':')) return undefined;
    street.push(seg);
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
    // (the heading may open any column of its line: "From: Alpine Plumbing AG    Bill To: Swiss …")
    for (const line of layout.lines) {
      for (const [i, seg] of line.entries()) {
        const heading = matchInlineHeading(seg.text);
        if (heading?.role !== role) continue;
        // The party's text is on the heading's segment or, set apart by a gap, in the next one.
        // (not another column's label: "Invoice To:        INV#   INV0001")
        const next = line[i + 1];
        const beside = next && !startsWithLabel(next.text) && next.bbox[0] - seg.bbox[2] < 0.3;
        const text = seg.text.slice(heading.end).trim() || (beside ? next.text.trim() : '');
        const upToComma = /^(?:[^,"«»“”]|"[^"]*"|«[^»]*»|“[^”]*”)+/.exec(text)?.[0];
        // (with its legal form after the comma: "IBERDROLA CLIENTES, S.A.U. Apartado de Correos …")
        const form = upToComma && LEGAL_FORM_FIRST.exec(text.slice(upToComma.length + 1).trimStart());
        const raw = form ? `${upToComma}, ${form[0]}` : upToComma;
        const name = raw && cleanName(beforeIds(raw));
        if (name && looksLikeName(name) && !/^\d/.test(name)) return { name, seg };
      }
    }
  }
  return undefined;
}

/** A delivery address's heading (lexicon `delivery_words`): its company is the customer. */
const DELIVERY = new RegExp(`(?:${DELIVERY_WORD_SOURCES.join('|')})`, 'iu');

/** The companies (companyWords) the delivery addresses name, on `page` or on every page. */
export function deliveredCompanies(blocks: PartyBlock[], page?: number): Set<string> {
  return new Set(
    blocks
      .filter(
        (b) =>
          b.role === 'other' &&
          (page === undefined || b.heading.page === page) &&
          b.segments[0] &&
          DELIVERY.test(b.heading.text),
      )
      .map((b) => companyWords(b.segments[0]!.text)),
  );
}

/** The title of an invoice the customer issues for its supplier (lexicon `self_billing_titles`). */
const SELF_BILLING = new RegExp(`^\\s*(?:${SELF_BILLING_SOURCES.join('|')})(?![\\p{L}])`, 'iu');

/** The name on a "Name:" row in the first page's upper half, outside any party's block. */
function namedRow(layout: PageLayout, elsewhere: Set<Segment>): Segment | undefined {
  for (const seg of layout.lines.flat()) {
    if (seg.bbox[1] > 0.5 || elsewhere.has(seg)) continue;
    const end = matchLabel(seg.text, 'name');
    const rest = end === undefined ? '' : seg.text.slice(end).trim();
    if (rest && looksLikeName(rest) && !notAName(rest)) return { ...seg, text: rest };
  }
  return undefined;
}

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
 * The seller's address block above its VAT id, in the same column: NAME / STREET 12 /
 * POSTCODE CITY. The name is the line two above the postcode line, when the line between
 * carries a house number.
 */
function nameAboveAddress(layout: PageLayout, anchor: Box): Segment | undefined {
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
  if (place < 0 || !street || !name || !/\d/.test(street.text)) return undefined;
  if (name.text.includes(':') || NOT_ADDRESS.test(name.text.trim()) || notAName(name.text)) return undefined;
  return /\p{L}{2}/u.test(name.text) ? name : undefined;
}

/**
 * The name of an address block (NAME / STREET 12 / POSTCODE CITY) in the top part of the first
 * page that spells one of the footer's `domains` (company-domain.ts): the sender's own block.
 */
function domainName(
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
function greetedAlone(layout: PageLayout, head: Segment): boolean {
  const all = layout.lines.flat();
  const greeting = all.find((s) => s.line > head.line && GREETING.test(s.text) && s.bbox[1] < 0.6);
  if (!greeting) return false;
  const places = all.filter((s) => s.line < greeting.line && !!placeLine(s));
  const own = (s: Segment) =>
    s.line > head.line && s.line <= head.line + 4 && Math.abs(s.bbox[0] - head.bbox[0]) < 0.02;
  return places.length > 0 && places.every(own);
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

function readBlock(role: 'seller' | 'buyer', block: PartyBlock, layouts: PageLayout[], put: Put): void {
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
    // the other headings of its row or the table's rows under it.
    if (PARTY_WORD.test(rest)) {
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
  // (without a salutation opening the line: "M. ANTOINE DUMAS" under "DESTINATAIRE :")
  const bare = beforeIds(name);
  put(`${role}.name`, cleanName(afterSalutation(bare) ?? bare), nameSeg.bbox, nameSeg.page, confidence);

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
    // (nor a line without a word: a form's date or number, "2026. 01. 21.", is no street)
    // (a labelled row, "CIF: 23453212", "Reg. com.: Z022018", is no street)
    if (/:\s*$/.test(text) || NOT_ADDRESS.test(text) || LABELLED_ROW.test(text) || !/\p{L}{2}/u.test(text)) {
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
function beforeIds(name: string): string {
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
function partyBlock(b: PartyBlock): boolean {
  if (!b.segments.length) return false;
  return !matchNumberedHeading(b.heading.text) || b.segments.slice(0, 5).some((s) => !!placeLine(s));
}

/** The opening lines of a page lie above this (page heights; 36 mm of A4, a top margin of a letterhead). */
const OPENING_BAND = 0.12;

/**
 * The first line of the page, at its very top, when it reads as a name and the line under it, in
 * its column (flush left or flush right), holds a street with its number ("Amazing Company" /
 * "Amazing Street 12"; "Foo Bar" / "1 Baz"; "Bedrijf XYZ" / "Adres: Straat 123, 4567 AB ...").
 */
function openingName(layout: PageLayout, elsewhere: Set<Segment>): Segment | undefined {
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

/** A line of words ending with a house number ("Štúrova 9", "Hlavná 171", "Fő utca 157."). */
const HOUSE_NUMBER_LAST = /^\p{L}[\p{L}\s.'-]*\s\d{1,4}\s*[a-z]?\.?$/iu;

/** Two spellings of one company: the same words once legal forms and case are set aside. */
function sameCompany(a: string, b: string): boolean {
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
function letterheadName(layout: PageLayout | undefined, elsewhere: Set<Segment>): Segment | undefined {
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
function othersVatBelow(layout: PageLayout, name: Segment, sellerVat: string | undefined): boolean {
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
function nameAtHead(layout: PageLayout | undefined, name: string | undefined): Segment | undefined {
  const words = name && companyWords(name);
  if (!layout || !words) return undefined;
  return layout.lines.flat().find((s) => s.bbox[1] < HEAD_BAND && companyWords(s.text) === words);
}

/** The letterhead's band at the top of the first page (page heights). */
const HEAD_BAND = 0.15;

/** The first page's segment in its upper half that a value was read from (its box). */
function upperSegmentOf(
  layout: PageLayout | undefined,
  where: { page?: number; bbox?: Box } | undefined,
): Segment | undefined {
  const box = where?.bbox;
  if (!layout || !box || where.page !== layout.page || box[1] > 0.5) return undefined;
  return layout.lines.flat().find((s) => s.bbox.every((v, i) => Math.abs(v - box[i]!) < 1e-3));
}
