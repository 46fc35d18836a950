// Seller and buyer from page text: the blocks under their headings ("Verkäufer", "Bill to",
// "Client", ...) give name and address (party-block.ts); without a seller heading, the
// letterhead's company name (a line carrying a legal form such as GmbH, SARL, S.p.A., Ltd, ООО) is
// taken, less surely, or the address block whose name spells the company's domain in the footer's
// contact, or the name over the address over the seller's VAT id or registration number
// (letterhead.ts). Without a buyer heading, the recipient's block in the address window (under a
// one-line sender address, or under a salutation) gives the buyer.
import type { Document } from '../../document.js';
import { DELIVERY_WORD_SOURCES, SELF_BILLING_SOURCES } from '../lexicon/lexicon.js';
import { startsWithLabel } from '../page/labels.js';
import type { PageLayout, Put, Segment } from '../page/layout.js';
import type { PartyBlock } from '../page/party-blocks.js';
import { footerDomains } from './company-domain.js';
import { footColumnName, footerLegalName } from './foot-names.js';
import {
  domainName,
  greetedAlone,
  letterheadName,
  nameAboveAddress,
  nameAtHead,
  namedRow,
  openingName,
  othersVatBelow,
  sameCompany,
  upperSegmentOf,
} from './letterhead.js';
import { beforeIds, partyBlock, readBlock } from './party-block.js';
import { matchInlineHeading } from './party-headings.js';
import {
  cleanName,
  companyWords,
  LEGAL_FORM_FIRST,
  looksLikeName,
  NOT_ADDRESS,
  namedByLegalForm,
  placeLine,
  putAddress,
  REGISTRATION,
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
