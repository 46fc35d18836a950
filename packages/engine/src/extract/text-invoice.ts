// Reads an invoice from laid-out page text (a PDF text layer, later OCR) with no per-supplier
// template: labels in several languages find candidates, value grammars parse them, arithmetic
// and checksums decide between them. Every value records page, box and confidence.

import { checkIban } from '../check/iban.js';
import { type Document, emptyDocument } from '../document.js';
import { setPath } from '../document-path.js';
import { countryOf } from '../project/countries.js';
import { readTotals } from './amounts/text-totals.js';
import { compactDate, type DateReading, findDates } from './dates/dates.js';
import { firstLetterMisread, invoiceNumberOf, numberMayGoOn } from './dates/invoice-number.js';
import {
  bareNumberLabel,
  dateAlone,
  dateOf,
  dateOrder,
  dateShapedNumber,
  dateUnderNumber,
  dueInTerms,
  letterDate,
  onlyDate,
} from './dates/number-and-dates.js';
import { dateAfterNumber, dateUnderTitle, titleDate, titleLine } from './dates/title-line.js';
import { bicOfIbanBank, isIbanBanksBic } from './identifiers/bank-bic.js';
import { detectCurrency, isCurrencyCode } from './identifiers/currency.js';
import {
  findBics,
  findIbans,
  findVatIds,
  findVatIdsWithoutPrefix,
  nationalIban,
  PREFIXLESS_VAT_IDS,
  prefixlessVatId,
} from './identifiers/identifiers.js';
import {
  BUYER_WORD_SOURCES,
  CUSTOMER_NUMBER_SOURCES,
  DECIMAL_COMMA_LANGUAGES,
  LEGAL_MENTION_SOURCES,
  VAT_ID_WORD_SOURCES,
} from './lexicon/lexicon.js';
import { readLineItems } from './lines/read-lines.js';
import { readTables } from './lines/table.js';
import { editDistance } from './page/edit-distance.js';
import { firstValue, type LabelHit, labelHits } from './page/label-hits.js';
import { labelsOfCommaLanguages } from './page/label-language.js';
import {
  type Box,
  type LayoutPage,
  type PageLayout,
  type Put,
  type Segment,
  segmentPage,
  segmentsAbove,
  valuesNear,
} from './page/layout.js';
import { type PartyBlock, partyBlocks } from './page/party-blocks.js';
import { deliveredCompanies, readParties } from './parties/parties.js';
import { cleanName, companyWords, isName } from './parties/party-lines.js';
import { FOOT_BAND, recipientBlock } from './parties/recipient-window.js';
import { readRuRequisites } from './parties/ru-requisites.js';

export interface TextReadOptions {
  source: 'text' | 'ocr';
  reader: string;
  country?: string;
  lang?: string;
}

export function readTextInvoice(pages: LayoutPage[], opts: TextReadOptions): Document {
  const d = emptyDocument(opts.source);
  const layouts = pages.map(segmentPage);
  const blocks = partyBlocks(layouts, { ocr: opts.source === 'ocr' });
  const hits = labelHits(layouts, { misread: opts.source === 'ocr' });
  const put = (path: string, value: string, where: Box | undefined, page: number, confidence: number) => {
    setPath(d, path, value);
    d.provenance[path] = {
      source: opts.source,
      reader: opts.reader,
      page,
      ...(where ? { bbox: where } : {}),
      confidence: Math.round(confidence * 100) / 100,
    };
  };
  const order = dateOrder(layouts, opts);

  // Invoice number and date: from their labels, or from a title line "Rechnung Nr. X vom <date>".
  const labelled = firstValue(hits, layouts, 'invoice_no', (s) => invoiceNumberOf(s));
  // Under a generic label (the title "INVOICE" over "# 350") only a number standing alone is one:
  // the line under a title may be an address ("12 Main Street").
  const number = labelled && (labelled.strength > 1 || numberAlone(labelled.text)) ? labelled : undefined;
  // Read by OCR with another group of digits right after it, the number may be longer than read;
  // after a symbol that stands for a letter, its first letter may be lost.
  const cut = (text: string | undefined, value: string) =>
    opts.source === 'ocr' && !!text && (numberMayGoOn(text, value) || firstLetterMisread(text, value));
  if (number)
    put(
      'number',
      number.value,
      number.box,
      number.page,
      cut(`${number.label ?? ''} ${number.text ?? ''}`, number.value)
        ? 0.7
        : number.strength > 1
          ? 0.9
          : 0.82,
    );
  const title = titleLine(layouts, order);
  if (!d.number && title?.number)
    put('number', title.number, title.box, title.page, cut(title.text, title.number) ? 0.7 : 0.88);
  const bare = d.number ? undefined : (bareNumberLabel(layouts) ?? dateShapedNumber(hits, layouts));
  if (bare) put('number', bare.value, bare.box, bare.page, 0.82);
  // A label's date: in the page's forms, or six digits in a language that writes dates so.
  const labelDate = (s: string) => dateOf(s, order) ?? compactDate(s, order.lang);
  const date = firstValue(hits, layouts, 'invoice_date', labelDate, { wraps: true });
  // A title with a date and no number ("Facture du 29/01/2021"), before the letter's date.
  const dated = titleDate(layouts, order);
  // Or the date alone under a title alone ("FACTURE" / "20/09/2023").
  const underTitle = dated ? undefined : dateUnderTitle(layouts, order);
  const afterNumber = number && dateAfterNumber(number.text, number.value, order, number.label);
  if (date && date.strength > 1) put('issue_date', date.value, date.box, date.page, 0.9);
  else if (title?.date) put('issue_date', title.date, title.box, title.page, 0.88);
  else if (afterNumber) put('issue_date', afterNumber, number.box, number.page, 0.88);
  else if (dated) put('issue_date', dated.value, dated.box, dated.page, 0.86);
  else if (underTitle) put('issue_date', underTitle.value, underTitle.box, underTitle.page, 0.85);
  else {
    // The date of the letter ("München, den 01.11.2024", or set right of the title line) before
    // a generic "Datum" (which may be a print stamp in the footer: "Datum: 30.10.2024 Zeit: ...").
    const letter = letterDate(layouts, order);
    if (letter) put('issue_date', letter.value, letter.box, letter.page, 0.85);
    else if (date && !otherDocumentsDates(hits, layouts, order))
      put('issue_date', date.value, date.box, date.page, 0.82);
    else {
      const numbered = d.provenance.number;
      const under =
        numbered?.bbox && numbered.page
          ? dateUnderNumber(layouts, { box: numbered.bbox, page: numbered.page }, order)
          : undefined;
      if (under) put('issue_date', under.value, under.box, under.page, 0.82);
    }
  }
  // A due label's date equal to the invoice date inside longer text is another column's (a
  // grid's values run together: "17 października 2026 16 r. listopada 2026 r."): the next due
  // label is tried.
  const labelledDue = firstValue(
    hits,
    layouts,
    'due_date',
    (s) => {
      const value = labelDate(s);
      return value && (value !== d.issue_date || dateAlone(s, order)) ? value : undefined;
    },
    { wraps: true },
  );
  // A date read out of a sentence of payment terms stays a candidate below the confidence bar:
  // a person confirms it (the sentence may name a discount date or a delivery date), unless the
  // sentence holds no other number ("Please remit until 2019-07-01.").
  const due = labelledDue ?? dueInTerms(layouts, order);
  const dueConfidence = labelledDue ? 0.88 : due?.strength === 2 ? 0.85 : 0.75;
  // A due date equal to the invoice date is kept only as the value of its own label
  // ("Date d'échéance  16/11/2017", payment at once), never out of a sentence.
  if (due && (due.value !== d.issue_date || (labelledDue && onlyDate(labelledDue, order)))) {
    put('due_date', due.value, due.box, due.page, dueConfidence);
    put('payment.due_date', due.value, due.box, due.page, dueConfidence);
  }

  // Currency: a labelled code, else the code or symbol the amounts are written with.
  const cur = firstValue(hits, layouts, 'currency', (s) =>
    [...s.matchAll(/\b([A-Z]{3})\b/g)].map((m) => m[1]!).find(isCurrencyCode),
  );
  const allText = layouts
    .flatMap((l) => l.lines.map((segs) => segs.map((s) => s.text).join('  ')))
    .join('\n');
  const usual = opts.country ? countryOf(opts.country)?.currency : undefined;
  // OCR read the code under its label one letter off ("Währung: tur", "fur" for EUR on a photo):
  // the receiving country's currency, when no other currency is written on the invoice.
  const misread =
    !cur && opts.source === 'ocr' && usual
      ? firstValue(hits, layouts, 'currency', (s) => {
          const word = /^\s*(\p{L}{3})(?![\p{L}\d])/u.exec(s)?.[1]?.toUpperCase();
          return word && !isCurrencyCode(word) && editDistance(word, usual, 1) === 1 ? usual : undefined;
        })
      : undefined;
  if (cur) put('currency', cur.value, cur.box, cur.page, 0.92);
  else {
    const detected = detectCurrency(allText, opts.country ? { country: opts.country } : undefined);
    // OCR turns a smudged € into $ or the like: a currency other than the receiving country's,
    // known only from symbols read by OCR (its code written nowhere), is for a person to confirm.
    // Rated below the level at which a second read's differing value counts as a disagreement
    // (second-read.ts): such a guess does not unsettle a code the other read saw under its label.
    const doubtful =
      (opts.source === 'ocr' &&
        !!usual &&
        detected !== usual &&
        !new RegExp(`\\b${detected}\\b`).test(allText)) ||
      bareDollar(detected, allText, order.lang);
    if (misread && (!detected || detected === usual))
      put('currency', misread.value, misread.box, misread.page, 0.85);
    else if (detected) put('currency', detected, undefined, 1, doubtful ? 0.65 : 0.85);
    else {
      // Amounts with no currency anywhere: the usual one of the receiving business's country is
      // a likely guess, offered below the confidence bar for a person to confirm.
      if (usual) put('currency', usual, undefined, 1, 0.6);
    }
  }

  readIdentifiers(d, layouts, blocks, hits, put, opts.source === 'ocr');
  readRuRequisites(d, layouts, blocks, put);
  readParties(d, layouts, blocks, put);
  // A buyer's name under its own label ("Naam klant: Jan Jansen", "Customer name") names the
  // buyer more surely than an address block does.
  const buyerName = firstValue(hits, layouts, 'buyer_name', (s) => (isName(s) ? cleanName(s) : undefined), {
    belowFirst: true,
  });
  if (buyerName) put('buyer.name', buyerName.value, buyerName.box, buyerName.page, 0.88);
  const decimal = pageDecimal(layouts, opts.country, order.lang);
  // The item tables, read once: their amount columns are no totals, and their rows are the lines.
  const tables = readTables(pages);
  readTotals(hits, layouts, put, opts.source === 'ocr', decimal ? { decimal } : {}, tables);
  // The item table and the VAT breakdown, checked against the totals just read.
  readLineItems(pages, tables, d, put);
  return d;
}

/**
 * The page's decimal separator where it decides how a whole amount reads, else undefined (such an
 * amount is left ambiguous). A whole amount grouped with a point ("440.000 Ft") reads by the
 * page's language; Switzerland and Liechtenstein write decimals with a point in every language.
 * Where every number with a comma has three digits after it and none two, the comma groups
 * thousands: on a page of English labels ("£ 23,760") decimals take a point; on one of a
 * decimal-comma language set in English style ("48,800 €" on a Latvian page) the language says
 * nothing, and such an amount is never read as 48.80.
 */
function pageDecimal(layouts: PageLayout[], country: string | undefined, lang: string | undefined) {
  const text = layouts.flatMap((l) => l.lines.flat().map((s) => s.text)).join('\n');
  const groups = (text.match(/\d,\d{3}(?![\d,.])/g)?.length ?? 0) >= 2 && !/\d,\d{2}(?!\d)/.test(text);
  if (groups) return lang === 'en' ? '.' : undefined;
  const pointCountry = ['CH', 'LI'].includes(country?.toUpperCase() ?? '');
  return !pointCountry && labelsOfCommaLanguages(layouts, DECIMAL_COMMA_LANGUAGES) ? ',' : undefined;
}

/** Languages of the countries that write their own currency with "$" (pesos, the Canadian and
 * other dollars, the real): French, Spanish and Portuguese. */
const DOLLAR_LANGUAGES = new Set(['fr', 'es', 'pt']);
/** Words with these languages' accents that make a page one of theirs. */
const ACCENTED_WORDS = 5;

/** A "$" with no code that names the US dollar on a page in French, Spanish or Portuguese: the
 * peso, the Canadian dollar and the real write "$" too. */
function bareDollar(detected: string | undefined, text: string, lang: string | undefined): boolean {
  if (detected !== 'USD' || /\bUSD\b|US\$/.test(text)) return false;
  // Words with the accents of French, Spanish or Portuguese say as much when labels do not.
  const accented = text.match(/\p{L}*[éèêàçñáíóúãõ]\p{L}*/giu)?.length ?? 0;
  return (!!lang && DOLLAR_LANGUAGES.has(lang)) || accented >= ACCENTED_WORDS;
}

/**
 * Whether a generic date label ("Data", "Datum") stands beside several different dates on their
 * lines: a list of other documents' dates (the delivery notes an invoice collects: "Numero 6  Data
 * 04.08.2020 / Numero 7  Data 05.08.2020"), none of them surely the invoice's. (An item table's
 * "Date" column, its dates under the heading, says nothing of the invoice's own label.)
 */
function otherDocumentsDates(hits: LabelHit[], layouts: PageLayout[], order: DateReading): boolean {
  const values = new Set<string>();
  for (const h of hits) {
    if (h.field !== 'invoice_date' || h.strength !== 1) continue;
    // (the generic word alone: a word after it names another date, "Datum dobave")
    if (/^\p{L}/u.test(h.rest) && findDates(h.rest, order)[0]?.start !== 0) continue;
    const layout = layouts.find((l) => l.page === h.seg.page)!;
    const beside = [
      h.rest,
      ...valuesNear(layout, h.seg)
        .filter((v) => v.where === 'right')
        .map((v) => v.seg.text),
    ];
    const value = beside.map((t) => dateOf(t, order)).find(Boolean);
    if (value) values.add(value);
  }
  return values.size > 1;
}

/** A value's text that is one number and nothing else ("# 350", "INV-100"). */
function numberAlone(text: string | undefined): boolean {
  return (
    !!text &&
    /^[#№:]?\s*(?:\p{Lu}{1,4} )?[\p{L}\d][\p{L}\d\-\u2010-\u2015/._]*\d[\p{L}\d\-\u2010-\u2015/._]*$/u.test(
      // (a number's parts set apart by a slash with spaces are one number: "2 / 2024")
      text.trim().replace(/(?<=\d) \/ (?=\d)/g, '/'),
    )
  );
}

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

function readIdentifiers(
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
    const found = findIbans(seg.text, { ocr }).filter((i) => !MASKED_REST.test(seg.text.slice(i.end)));
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
    if (national && seg.text.replace(/\s/g, '').includes(national.raw.replace(/\s/g, '').slice(0, 8))) {
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
