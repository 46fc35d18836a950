// Reads an invoice from laid-out page text (a PDF text layer, later OCR) with no per-supplier
// template: labels in several languages find candidates, value grammars parse them, arithmetic
// and checksums decide between them. Every value records page, box and confidence.

import { type Document, emptyDocument } from '../document.js';
import { setPath } from '../document-path.js';
import { countryOf } from '../project/countries.js';
import { readTotals } from './amounts/text-totals.js';
import { compactDate, type DateReading, findDates } from './dates/dates.js';
import { digitGroups, firstLetterMisread, invoiceNumberOf, numberMayGoOn } from './dates/invoice-number.js';
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
import { detectCurrency, isCurrencyCode } from './identifiers/currency.js';
import { readIdentifiers } from './identifiers/seller-identifiers.js';
import { DECIMAL_COMMA_LANGUAGES } from './lexicon/lexicon.js';
import { readLineItems } from './lines/read-lines.js';
import { readTables } from './lines/table.js';
import { editDistance } from './page/edit-distance.js';
import { firstValue, type LabelHit, labelHits } from './page/label-hits.js';
import { labelsOfCommaLanguages } from './page/label-language.js';
import { type Box, type LayoutPage, type PageLayout, segmentPage, valuesNear } from './page/layout.js';
import { partyBlocks } from './page/party-blocks.js';
import { readParties } from './parties/parties.js';
import { cleanName, isName } from './parties/party-lines.js';
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
    // (or in groups of digits: "Factura   1 24 0005 0001201345")
    (digitGroups(text) ||
      /^[#№:]?\s*(?:\p{Lu}{1,4} )?[\p{L}\d][\p{L}\d\-\u2010-\u2015/._]*\d[\p{L}\d\-\u2010-\u2015/._]*$/u.test(
        // (a number's parts set apart by a slash with spaces are one number: "2 / 2024")
        text.trim().replace(/(?<=\d) \/ (?=\d)/g, '/'),
      ))
  );
}
