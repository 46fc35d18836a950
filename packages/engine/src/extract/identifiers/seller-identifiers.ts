// The seller's VAT id, IBAN and BIC on a page of text: every id found is the seller's unless it
// stands in the buyer's or another party's block, in the address window, beside the customer's
// number or under the buyer's label; an account is the seller's unless it is named the buyer's
// (direct debit); a BIC is taken beside its IBAN or from the IBAN's bank.
import { checkIban } from '../../check/iban.js';
import type { Document } from '../../document.js';
import {
  BUYER_WORD_SOURCES,
  CUSTOMER_NUMBER_SOURCES,
  LEGAL_MENTION_SOURCES,
  VAT_ID_WORD_SOURCES,
} from '../lexicon/lexicon.js';
import type { LabelHit } from '../page/label-hits.js';
import { type PageLayout, type Put, type Segment, segmentsAbove, valuesNear } from '../page/layout.js';
import type { PartyBlock } from '../page/party-blocks.js';
import { deliveredCompanies } from '../parties/parties.js';
import { companyWords } from '../parties/party-lines.js';
import { FOOT_BAND, recipientBlock } from '../parties/recipient-window.js';
import { bicOfIbanBank, isIbanBanksBic } from './bank-bic.js';
import { findIbans, nationalIban, placeholderIban } from './ibans.js';
import {
  findBics,
  findVatIds,
  findVatIdsWithoutPrefix,
  PREFIXLESS_VAT_IDS,
  prefixlessVatId,
} from './identifiers.js';

/** Lines that name the buyer's own account (direct debit), not the account to pay to. */
const DEBTOR_ACCOUNT =
  /(?<!ver)k[äa]ufer|buyer|debtor|payer|zahlungspflichtig|lastschrift|direct\s+debit|pr[ée]l[èe]vement|addebito|mandat|abbuchung|eingezogen|eingezug|ihrem\s+konto|your\s+account|votre\s+compte|vostro\s+conto/i;

/** The label of the buyer's VAT id, right before it: a buyer's word next to a VAT id's word ("N°
 * TVA client", "Customer VAT Number", "Ihre USt-IdNr.", "USt-IdNr. des Kunden"). Next to it, not
 * anywhere on the line: "Kunden-Nr. 4711  USt-IdNr.: DE…" is the seller's id beside the customer
 * number. */
const BUYER_WORD = `(?:${BUYER_WORD_SOURCES.join('|')})`;
const VAT_WORD = `(?:${VAT_ID_WORD_SOURCES.join('|')})`;
const W = '[^\\p{L}\\p{N}]';
const WORD = '[\\p{L}\\p{N}_]+';
const BUYERS_VAT_LABEL = new RegExp(
  `(?:(?<![\\p{L}\\p{N}])${BUYER_WORD}${W}{0,3}(?:${WORD}${W}{1,3})?${VAT_WORD}[\\p{L}\\p{N}_.\\s:-]{0,20}|(?<![\\p{L}\\p{N}])${VAT_WORD}${W}{0,3}(?:${WORD}${W}{1,3}){0,2}${BUYER_WORD}[\\s:.]{0,5})$`,
  'iu',
);

/** A segment that names a VAT id: a VAT id's word at the start of a word, with at most an ending
 * ("adószáma"). */
const VAT_LABEL_WORD = new RegExp(`(?<![\\p{L}\\p{N}])${VAT_WORD}(?!\\p{L}{3})`, 'iu');

/**
 * Whether the label of a VAT id read in `seg` names it the buyer's. The label is the text before
 * the id on its line; or, when other text stands between (a window's street set on the same line
 * as "Kliendi KMKR nr:"), the nearest segment left of it that names a VAT id; or, in a grid of
 * labels over values ("Kundens momsreg.nr   Momsreg.nr" over the two ids), the label above it.
 */
function buyersVatId(layouts: PageLayout[], seg: Segment, raw: string): boolean {
  const layout = layouts.find((l) => l.page === seg.page);
  const line = layout?.lines[seg.line] ?? [seg];
  const lineText = line.map((s) => s.text).join(' ');
  const at = lineText.indexOf(raw);
  if (at > 0 && BUYERS_VAT_LABEL.test(lineText.slice(0, at))) return true;
  const own = seg.text.slice(0, Math.max(0, seg.text.indexOf(raw)));
  if (VAT_LABEL_WORD.test(own)) return false;
  const left = line
    .slice(0, line.indexOf(seg))
    .reverse()
    .find((s) => VAT_LABEL_WORD.test(s.text));
  if (left) return BUYERS_VAT_LABEL.test(left.text.trim());
  if (!layout) return false;
  // (above the id's own part of its segment, its place estimated from its share of the text: a
  // grid's cells set close enough to run together, "16 de febrero de 2026 ES B32502460" under
  // "Fecha de entrega | NIF cliente"; words before it in its segment are another cell's value)
  const width = seg.bbox[2] - seg.bbox[0];
  const x0 = seg.bbox[0] + (width * own.length) / Math.max(1, seg.text.length);
  const part: Segment = { ...seg, bbox: [x0, seg.bbox[1], seg.bbox[2], seg.bbox[3]] };
  const above = segmentsAbove(layout, /[\p{L}]{3}/u.test(own) ? part : seg).find((s) =>
    VAT_LABEL_WORD.test(s.text),
  );
  return !!above && BUYERS_VAT_LABEL.test(above.text.trim());
}

/**
 * Whether a segment stands under the name of the company a delivery address names, in that
 * name's column up to six lines down ("CERALDI GROUP SRL / … / P.IVA / C.F. IT04523831214" beside
 * "INDIRIZZO DI SPEDIZIONE / CERALDI GROUP SRL"): the customer's details, not the seller's.
 */
function underDeliveredName(layouts: PageLayout[], blocks: PartyBlock[], seg: Segment): boolean {
  const layout = layouts.find((l) => l.page === seg.page);
  const delivered = deliveredCompanies(blocks, seg.page);
  if (!layout || !delivered.size) return false;
  return layout.lines
    .slice(Math.max(0, seg.line - 6), seg.line)
    .flat()
    .some((s) => Math.abs(s.bbox[0] - seg.bbox[0]) < 0.015 && delivered.has(companyWords(s.text)));
}

/**
 * Whether a segment stands in a column beside the seller's headed block that repeats the block's
 * row labels ("Adószám: 22265348-1-09   |   Adószám: 12964493-2-44"): the other party's block,
 * whose heading the text layer lost. A VAT id there is not the seller's.
 */
function mirrorsSellerBlock(layouts: PageLayout[], blocks: PartyBlock[], seg: Segment): boolean {
  const layout = layouts.find((l) => l.page === seg.page);
  const labelOf = (t: string) => /^\s*([^:\d]{3,30}):/.exec(t)?.[1]?.trim().toLowerCase();
  return blocks.some((b) => {
    if (b.role !== 'seller' || b.heading.page !== seg.page || b.segments.includes(seg)) return false;
    const right = Math.max(...b.segments.map((s) => s.bbox[2]));
    if (seg.bbox[0] <= right) return false;
    return b.segments.some((own) => {
      const label = labelOf(own.text);
      return (
        !!label &&
        (layout?.lines[own.line] ?? []).some(
          (m) => m !== own && Math.abs(m.bbox[0] - seg.bbox[0]) < 0.02 && labelOf(m.text) === label,
        )
      );
    });
  });
}

/** A company's legal mention (lexicon `legal_mentions`): its share capital, its registration. */
const LEGAL_MENTION = new RegExp(`(?<![\\p{L}])(?:${LEGAL_MENTION_SOURCES.join('|')})(?![\\p{L}])`, 'iu');

/** A label of the customer's number at the seller (lexicon `customer_number_words`). */
const CUSTOMER_NUMBER = new RegExp(`^(?:${CUSTOMER_NUMBER_SOURCES.join('|')})(?![\\p{L}])`, 'iu');

/**
 * Whether a VAT id stands among the customer's details: its row one of a column of form rows that
 * holds the customer's number (within three lines, the labels flush left with each other), or a
 * grid's value under a row of headings that names the customer's number.
 */
function besideCustomerNumber(layouts: PageLayout[], seg: Segment): boolean {
  const layout = layouts.find((l) => l.page === seg.page);
  if (!layout) return false;
  const first = layout.lines[seg.line]?.[0] ?? seg;
  for (let li = Math.max(0, seg.line - 3); li <= seg.line + 3; li++) {
    const head = layout.lines[li]?.[0];
    if (
      li !== seg.line &&
      head &&
      Math.abs(head.bbox[0] - first.bbox[0]) < 0.03 &&
      CUSTOMER_NUMBER.test(head.text.trim())
    )
      return true;
  }
  const above = segmentsAbove(layout, seg)[0];
  return !!above && (layout.lines[above.line] ?? []).some((s) => CUSTOMER_NUMBER.test(s.text.trim()));
}

/**
 * Whether a segment belongs to the recipient's address in the first page's window (found as
 * `readParties` finds it, where no block is headed as the buyer's): the block's lines, or one of
 * the lines under its place line flush left with it, up to four and a blank line apart at most
 * (its region and country, then "NIF: ESA12345674", as Odoo prints a customer's address).
 */
function recipientsWindow(layouts: PageLayout[], blocks: PartyBlock[]): (seg: Segment) => boolean {
  if (blocks.some((b) => b.role === 'buyer')) return () => false;
  const headed = new Set(blocks.flatMap((b) => [b.heading, ...b.segments]));
  const window = recipientBlock(layouts[0], headed);
  if (!window || !layouts[0]) return () => false;
  const { place } = window;
  const under = new Set<Segment>();
  const height = place.bbox[3] - place.bbox[1];
  let bottom = place.bbox[3];
  for (const line of layouts[0].lines.slice(place.line + 1, place.line + 5)) {
    const flush = line.find((s) => Math.abs(s.bbox[0] - place.bbox[0]) < 0.02);
    if (!flush || flush.bbox[1] - bottom > 2.5 * height) break;
    under.add(flush);
    bottom = flush.bbox[3];
  }
  return (seg) => window.segments.includes(seg) || under.has(seg);
}

export function readIdentifiers(
  d: Document,
  layouts: PageLayout[],
  blocks: PartyBlock[],
  hits: LabelHit[],
  put: Put,
  ocr = false,
): void {
  // Without a buyer's heading, the recipient's address in the letter's window is the buyer's
  // block, and so is a row printed right under its place line ("48143 Münster" over "VAT-ID:
  // DE288606978"): the customer's VAT id there, never the seller's.
  const windowed = recipientsWindow(layouts, blocks);
  const inRole = (seg: Segment, role: 'seller' | 'buyer' | 'other') =>
    blocks.some((b) => b.role === role && b.segments.includes(seg)) || (role === 'buyer' && windowed(seg));
  const segments = layouts.flatMap((l) => l.lines.flat());
  const lineText = (pageNo: number, index: number) =>
    layouts
      .find((l) => l.page === pageNo)
      ?.lines[index]?.map((s) => s.text)
      .join(' ') ?? '';
  const lineOf = (seg: Segment) => lineText(seg.page, seg.line);
  // VAT ids: the seller's is the first outside the buyer's and other parties' blocks, and not
  // labelled as the buyer's (a photo whose block headings OCR lost: "N° TVA client FR19...").
  const vats = segments.flatMap((seg) => {
    if (
      inRole(seg, 'buyer') ||
      inRole(seg, 'other') ||
      mirrorsSellerBlock(layouts, blocks, seg) ||
      underDeliveredName(layouts, blocks, seg)
    )
      return [];
    const [vat] = findVatIds(seg.text).concat(findVatIdsWithoutPrefix(seg.text));
    return vat && !buyersVatId(layouts, seg, vat.raw) ? [{ seg, vat }] : [];
  });
  // Nor one among the customer's details, beside its customer number ("Debiteurnummer : 120855"
  // over "Btw-nummer : NL004…", a grid's "N° Client | N° TVA Intracommunautaire"), where the page
  // prints another VAT id: that one is the seller's.
  const several = new Set(vats.map((v) => v.vat.value)).size > 1;
  // Of several, the one printed with the account to pay to, on the IBAN's line or the next to it
  // ("BTW BE0703.928.505" / "IBAN BE03 …" in the foot), when the other stands in an address block
  // at the head without a heading (a reverse-charge invoice's customer block).
  const ibanSegs = several
    ? segments.filter((s) => !inRole(s, 'buyer') && findIbans(s.text).some((i) => i.valid))
    : [];
  const byAccount = vats.filter((v) =>
    ibanSegs.some((i) => i.page === v.seg.page && Math.abs(i.line - v.seg.line) <= 1),
  );
  // Or, of several, the one on the company's legal mention in a page's foot ("SASU au capital de
  // 200000€ – SIRET … – TVA FR40…"): the issuer prints its own ids there, never its customer's.
  const byLegalMention = several
    ? vats.filter((v) => v.seg.bbox[1] > FOOT_BAND && LEGAL_MENTION.test(lineOf(v.seg)))
    : [];
  const one = (found: typeof vats) =>
    new Set(found.map((v) => v.vat.value)).size === 1 ? found[0] : undefined;
  const seller =
    one(byAccount) ??
    one(byLegalMention) ??
    vats.find((v) => !several || !besideCustomerNumber(layouts, v.seg));
  if (seller && !d.seller.vat_id)
    put(
      'seller.vat_id',
      seller.vat.value,
      seller.seg.bbox,
      seller.seg.page,
      inRole(seller.seg, 'seller') ? 0.92 : 0.86,
    );
  // An Italian "Partita IVA" whose number stands apart from its label, in the next cell right of
  // it: the country's form after the label, its check digits holding, is its VAT id
  // (lexicon/words.json vat_ids_without_prefix; on the label's own segment it was found above).
  for (const hit of hits) {
    if (d.seller.vat_id || hit.field !== 'vat_id' || inRole(hit.seg, 'buyer')) continue;
    const layout = layouts.find((l) => l.page === hit.seg.page)!;
    // (the label alone in its cell: the value in the next cell right of it, "P.IVA | 00556440576")
    const next = hit.rest ? undefined : valuesNear(layout, hit.seg).find((v) => v.where === 'right');
    if (next && inRole(next.seg, 'buyer')) continue;
    const value = hit.rest || next?.seg.text || '';
    for (const form of PREFIXLESS_VAT_IDS) {
      if (!form.label.test(hit.seg.text)) continue;
      const id = form.value.exec(value)?.[1];
      const check = id ? prefixlessVatId(id, form.country) : undefined;
      if (check) put('seller.vat_id', check.vatId, hit.seg.bbox, hit.seg.page, 0.86);
    }
  }
  for (const seg of segments) {
    if (d.buyer.vat_id) break;
    const [vat] = findVatIds(seg.text);
    const customers = several && vats.some((v) => v.seg === seg) && besideCustomerNumber(layouts, seg);
    if (vat && (inRole(seg, 'buyer') || buyersVatId(layouts, seg, vat.raw) || customers))
      put('buyer.vat_id', vat.value, seg.bbox, seg.page, 0.88);
  }
  // IBAN: the first outside the buyer's block and not a direct-debit mandate.
  let misreadOne: { value: string; seg: Segment } | undefined;
  for (const seg of segments) {
    if (inRole(seg, 'buyer')) continue;
    // The IBAN's line, and the next one when the sentence goes on there ("... von Ihrem Konto
    // mit IBAN DE21 ..." / "und BIC ..., per SEPA-Lastschrift eingezogen.").
    const line = lineOf(seg);
    // Not when the IBAN's sentence ended on its own line and another began ("..., Sparkasse Ost.
    // Einfacher ist es, wenn Sie uns ein SEPA-Lastschriftmandat erteilen"): that one offers a
    // debit instead of the transfer to this account.
    const fromIban = line.slice(Math.max(0, line.indexOf(seg.text)));
    const next =
      /[.:]\s*$/.test(line) || /[.!?]\s+\p{Lu}/u.test(fromIban) ? '' : lineText(seg.page, seg.line + 1);
    if (DEBTOR_ACCOUNT.test(line) || (next && /^\p{Ll}/u.test(next) && DEBTOR_ACCOUNT.test(next))) continue;
    // A valid IBAN first; one that fails its checksum is still reported (and flagged).
    // (nor a template's placeholder, an account of one digit repeated: "PL73 1111 1111 …")
    const found = findIbans(seg.text, { ocr }).filter(
      (i) => !MASKED_REST.test(seg.text.slice(i.end)) && !placeholderIban(i.value),
    );
    // One that fails its checksum is taken only under an IBAN label (a meter or contract number
    // can look like an IBAN), or, when the page has no other, from OCR with its country's exact
    // length (a digit misread, the label too perhaps: "(BAN:"), flagged and without a BIC: such
    // an account is a second read's to settle.
    const labelled = ibanLabelled(hits, seg, lineText(seg.page, seg.line - 1));
    const iban = found.find((i) => i.valid) ?? (labelled ? found[0] : undefined);
    if (ocr && !iban && found[0] && checkIban(found[0].value).reason === 'checksum')
      misreadOne ??= { value: found[0].value, seg };
    if (!iban) continue;
    put('payment.accounts.0.iban', iban.value, seg.bbox, seg.page, 0.9);
    // (near the IBAN where it is first printed, or where the page prints it again: a sentence of
    // payment terms names the account, the footer gives it with its BIC)
    const again = segments.filter(
      (s) =>
        s !== seg && !inRole(s, 'buyer') && findIbans(s.text, { ocr }).some((i) => i.value === iban.value),
    );
    const bic =
      [seg, ...again].map((s) => nearestBic(segments, s, hits, iban.valid ? iban.value : '')).find(Boolean) ??
      (ocr && iban.valid ? bankBicNear(segments, seg, iban.value) : undefined);
    // A BIC has no check digit: read by OCR with a letter O or I beside a digit in its location
    // or branch code ("GENODEF1MO4" for M04), either glyph may be meant, so a person decides,
    // unless the bank of the IBAN beside it (its checksum holding) has that BIC but for the
    // confusion: the bank's spelling is then taken.
    if (bic) {
      const doubtful = ocr && ocrAmbiguousBic(bic.value);
      const banks = doubtful && iban.valid ? bicOfIbanBank(bic.value, iban.value) : undefined;
      put(
        'payment.accounts.0.bic',
        banks ?? bic.value,
        bic.seg.bbox,
        bic.seg.page,
        doubtful && !banks ? 0.7 : 0.88,
      );
    }
    return;
  }
  // No IBAN printed as one: an account in its national form under its label (a Polish NRB).
  for (const seg of segments) {
    if (inRole(seg, 'buyer') || !/\d{4}/.test(seg.text)) continue;
    const national = nationalIban(lineOf(seg));
    if (
      national &&
      !placeholderIban(national.value) &&
      seg.text.replace(/\s/g, '').includes(national.raw.replace(/\s/g, '').slice(0, 8))
    ) {
      put('payment.accounts.0.iban', national.value, seg.bbox, seg.page, 0.88);
      return;
    }
  }
  if (misreadOne)
    put('payment.accounts.0.iban', misreadOne.value, misreadOne.seg.bbox, misreadOne.seg.page, 0.9);
}

/**
 * Masking right after an IBAN ("ES55 0182 2495 5002 0157 ****"): the payer's own account, shown
 * in part for its safety (a direct debit's), never the account a seller asks to be paid to.
 */
const MASKED_REST = /^[ \u00a0]?(?:[*•]{2,}|X{3,}(?![A-Za-z]))/;

/** A line whose last word is the IBAN label: the account follows on the next line. */
const LABEL_ENDS_LINE = /\bIBAN\s*:?\s*$/;

/**
 * Whether `seg`'s IBAN stands under its label: one on its own line, or one ending the line before
 * when the IBAN starts the line, the sentence wrapped after the label ("... folgende
 * Bankverbindung: IBAN" / "DE75 1234 ..., BIC ...").
 */
function ibanLabelled(hits: LabelHit[], seg: Segment, lineBefore: string): boolean {
  if (hits.some((h) => h.field === 'iban' && h.seg.page === seg.page && h.seg.line === seg.line)) return true;
  return seg.index === 0 && /^\s*[A-Z]{2}\d{2}/.test(seg.text) && LABEL_ENDS_LINE.test(lineBefore);
}

/** A BIC whose location or branch code has O or I next to a digit: OCR confuses them with 0 and 1. */
export function ocrAmbiguousBic(bic: string): boolean {
  return /[OI]\d|\d[OI]/.test(bic.slice(6));
}

/**
 * From OCR, the BIC the IBAN's bank has (bank-bic.ts) when the lines around the IBAN show it, in
 * one piece or split by a space and with O/0 or I/1 confused: the page's own evidence for a BIC
 * whose label OCR could not read ("Bc GENODEF 1M04" on a phone photo). Never a BIC the page
 * does not show.
 */
function bankBicNear(segments: Segment[], ibanSeg: Segment, iban: string) {
  for (const seg of nearIban(segments, ibanSeg)) {
    const words = seg.text.split(/\s+/);
    for (let i = 0; i < words.length; i++) {
      for (let n = 1; n <= 3 && i + n <= words.length; n++) {
        const read = words.slice(i, i + n).join('');
        if ((read.length !== 8 && read.length !== 11) || !/^[A-Z0-9]+$/.test(read)) continue;
        const value = bicOfIbanBank(read, iban);
        if (value) return { value, seg };
      }
    }
  }
  return undefined;
}

/** The segments on the IBAN's line and the three lines either side, where its BIC stands. */
function nearIban(segments: Segment[], ibanSeg: Segment): Segment[] {
  return segments.filter((s) => s.page === ibanSeg.page && Math.abs(s.line - ibanSeg.line) <= 3);
}

/**
 * A BIC on the IBAN's line or the lines just around it; labelled ones first. One without a label
 * counts when the page labels a BIC somewhere, or when it is the bank's of the IBAN (`iban`, its
 * checksum holding): see isIbanBanksBic.
 */
function nearestBic(segments: Segment[], ibanSeg: Segment, hits: LabelHit[], iban: string) {
  const near = nearIban(segments, ibanSeg);
  const labelled = new Set(hits.filter((h) => h.field === 'bic').map((h) => h.seg.line));
  let fallback: { value: string; seg: Segment } | undefined;
  for (const seg of near) {
    for (const bic of findBics(seg.text)) {
      if (bic.labelled || labelled.has(seg.line)) return { value: bic.value, seg };
      if (!labelled.size && !(bic.valid && isIbanBanksBic(bic.value, iban))) continue;
      fallback ??= { value: bic.value, seg };
    }
  }
  return fallback ?? wrappedCellBic(segments, near, hits);
}

/**
 * The BIC that ends a BIC label's narrow cell, the label wrapped over up to three lines under
 * itself ("Bank identification code" / "(SWIFT/BIC/Sort" / "code/BSB/ABA routing" / "number):
 * HABAEE2X"): lines set flush with the label, one after another.
 */
function wrappedCellBic(segments: Segment[], near: Segment[], hits: LabelHit[]) {
  for (const hit of hits) {
    if (hit.field !== 'bic' || !near.includes(hit.seg)) continue;
    for (let line = hit.seg.line + 1; line <= hit.seg.line + 3; line++) {
      const cell = segments.find(
        (s) => s.page === hit.seg.page && s.line === line && Math.abs(s.bbox[0] - hit.seg.bbox[0]) < 0.015,
      );
      if (!cell) break;
      const last = findBics(cell.text).at(-1);
      if (last?.valid && last.end === cell.text.trimEnd().length) return { value: last.value, seg: cell };
    }
  }
  return undefined;
}
