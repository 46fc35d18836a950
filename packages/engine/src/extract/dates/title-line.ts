// The document's title line and what it names: "Rechnung Nr. X vom <date>", "Facture FA-2017-0010",
// a series and its number ("Seria Z Nr. 4 din 17/01/2021"), a number alone under a title alone,
// a title dated without a number ("Facture du 29/01/2021"), and the date printed right after a
// labelled number ("5752579729 del 13/04/2026").

import {
  DOCUMENT_TITLE_SOURCES,
  NUMBER_WORD_SOURCES,
  PAGE_WORD_SOURCES,
  SERIES_WORD_SOURCES,
  TITLE_DATE_WORD_SOURCES,
  VAT_ID_WORD_SOURCES,
} from '../lexicon/lexicon.js';
import type { Found } from '../page/label-hits.js';
import { matchLabel } from '../page/labels.js';
import { type Box, type PageLayout, type Segment, union } from '../page/layout.js';
import { type DateReading, findDates } from './dates.js';
import { cutByUnmappedGlyph, invoiceNumberOf, plausibleNumber } from './invoice-number.js';

// The last form: a document type code (UNTDID 1001) printed after the title, as e-invoice
// viewers do ("BUCHUNGSHILFE (751) Nr. 471102 vom 05.03.2020").
const DOC_WORD = `${DOCUMENT_TITLE_SOURCES.join('|')}|\\(\\d{3}\\)(?=\\s+(?:nr|no|n°)\\.?\\s)`;
export const DOC_WORD_RE = new RegExp(DOC_WORD, 'iu');
// (a single digit too: plausibleNumber lets it through only with its date after it)
/** A title line ending with, or a next line starting with, the word before a date ("vom"). */
const DATE_WORD = 'vom|von|du|del|dated';
const DATE_WORD_ENDS = new RegExp(`\\b(?:${DATE_WORD})\\s*$`, 'i');
const DATE_WORD_STARTS = new RegExp(`^(?:${DATE_WORD})\\s`, 'i');
const NUMBER = String.raw`([A-Za-z0-9][A-Za-z0-9\-\/._]*\d[A-Za-z0-9\-\/._]*|\d)`;
/** A symbol OCR reads for a number's first letter (`£2018092011804` for `E2018092011804`). */
const MISREAD_FIRST = '£€§';
/**
 * "Handelsrechnung (380) Nr. KR876 vom 06.10.2018", "Rechnung # RE-5 von 09.05.2017", "Invoice No. 42
 * dated 1 March 2024"; the number may start with a symbol OCR put for its first letter.
 */
export const TITLE_NUMBER = new RegExp(
  `(?:(?<![\\p{L}\\p{N}])(?:${NUMBER_WORD_SOURCES.join('|')})\\.?|#|№)\\s*:?\\s*(?:[${MISREAD_FIRST}](?=[A-Za-z0-9]))?${NUMBER}(?:\\s+(?:${TITLE_DATE_WORD_SOURCES.join('|')})\\s+(.{6,24}))?`,
  'iu',
);
/** The invoice's series and its number, the date maybe after them ("Seria Z Nr. 4 din
 * 17/01/2021", "Factura Serie A Nº 123"): the two together are its number. */
const SERIES_NUMBER = new RegExp(
  `^(?:(?:${DOCUMENT_TITLE_SOURCES.join('|')})\\s+)?(?:${SERIES_WORD_SOURCES.join('|')})\\s*:?\\s+([A-Z0-9]{1,8})\\s*,?\\s+(?:${NUMBER_WORD_SOURCES.join('|')})\\.?\\s*:?\\s*${NUMBER}(?:\\s+(?:${TITLE_DATE_WORD_SOURCES.join('|')})\\s+(.{6,24}))?`,
  'iu',
);
/** The word before a date right after an invoice's number: "5752579729 del 13/04/2026". */
const DATED_AFTER = new RegExp(`^\\s*,?\\s+(?:${TITLE_DATE_WORD_SOURCES.join('|')})\\s+(.{6,24})`, 'iu');

/**
 * The date printed right after a labelled invoice number, set off by the word before a date
 * ("Nr. Documento 5752579729 del 13/04/2026", "Rechnungsnummer 4711 vom 05.03.2024"): the
 * invoice's date, as in a title line.
 */
export function dateAfterNumber(
  text: string | undefined,
  value: string,
  order: DateReading,
  label?: string,
): string | undefined {
  const at = text?.indexOf(value) ?? -1;
  const rest = at < 0 ? '' : text!.slice(at + value.length);
  // Or a label of both after a slash, its value the number and the date so ("Rechnungsnummer /
  // Datum" over "94165608 / 30.08.2018").
  const slashed = label && namesDateToo(label) ? /^\s*\/\s*(.{6,24})/.exec(rest) : null;
  const m = DATED_AFTER.exec(rest) ?? slashed;
  const [found] = m ? findDates(m[1]!, order) : [];
  return found && m![1]!.startsWith(found.raw.trim()) ? found.value : undefined;
}

/** Whether a number's label names a date after a slash ("Rechnungsnummer / Datum", "Nr./Data"). */
function namesDateToo(label: string): boolean {
  const after = /\/\s*([^/]+)$/.exec(label.trim())?.[1];
  return !!after && matchLabel(after.replace(/[:\s]+$/, ''), 'invoice_date') !== undefined;
}

/** A heading that is the document word and its date alone: "Facture du 29/01/2021", "Rechnung
 * vom 14.03.2024", "Invoice dated 1 March 2024"; after a pictogram that a symbol font maps to a
 * capital letter ("K Facture du 29/07/2021", as the page's other headings: "F Par téléphone"). */
const TITLE_DATED = new RegExp(
  `^(?:\\p{Lu}\\s+)?(?:${DOCUMENT_TITLE_SOURCES.join('|')})\\s+(?:${TITLE_DATE_WORD_SOURCES.join('|')})\\s+(.{6,24})$`,
  'iu',
);
/** A segment that is the document's title and nothing else: its word, maybe one word before it
 * ("Zálohová faktúra", "Tax Invoice"), the word for VAT after it ("Faktura VAT"), and a subtitle of
 * words after a dash ("Faktura - daňový doklad"), no digit, no colon. */
const TITLE_ONLY = new RegExp(
  `^(?:\\p{L}+\\s+)?(?:${DOC_WORD})(?:\\s+(?:${VAT_ID_WORD_SOURCES.join('|')}))?(?:\\s+[-–]\\s+[\\p{L}\\s]+)?$`,
  'iu',
);
/** A segment that is a number and nothing else. */
const NUMBER_ALONE = new RegExp(`^${NUMBER}$`, 'u');
/** A page counter after a title's number ("Invoice INV-5, Page 1 of 2"). */
const PAGE_COUNTER = `(?:${PAGE_WORD_SOURCES.join('|')})\\s*\\d{1,3}\\s*(?:/|\\p{L}{1,3})\\s*\\d{1,3}`;
/** A number word and nothing else ("Nr", "NO"). */
const NUMBER_WORD_ALONE = new RegExp(`^(?:${NUMBER_WORD_SOURCES.join('|')})$`, 'iu');
/** A number word, its colon maybe, and the rest of the text ("Numer: #FV 27/09/2024", "Nr. 2024-17"). */
const NUMBER_WORD_FIRST = new RegExp(
  `^(?:${NUMBER_WORD_SOURCES.join('|')})\\.?(?![\\p{L}])\\s*:?\\s*(.+)$`,
  'iu',
);
/** A VAT id's word ("VAT", "IVA", "DPH") and nothing else. */
const VAT_WORD_ALONE = new RegExp(`^(?:${VAT_ID_WORD_SOURCES.join('|')})$`, 'iu');
/** A heading that is the document word and its number alone: "Rechnung RE1001", "Facture FA-2017-0010";
 * the number's series in capitals set apart and its date after a slash ("FACTURA PROD 69420 /
 * 2024-09-10", as Romania's e-invoice viewers print it), or after the word before a date
 * ("FACTURE 2025092631 du 19/09/2025"); or the document's type code before a series and its
 * number after a slash ("FATURA FT ESTG-2021-A/17859", as Portugal's certified programs number). */
const TITLE_ALONE = new RegExp(
  `^(?:\\p{L}*(?:${DOC_WORD}))\\s*[:#]?\\s+(?:([A-Z]{1,6})\\s+(?=\\d|[A-Z0-9][A-Z0-9.-]*\\/\\d))?${NUMBER}(?:,?\\s+${PAGE_COUNTER}|\\s+/\\s+(\\d{4}-\\d{2}-\\d{2}|\\d{1,2}[./]\\d{1,2}[./]\\d{4})|\\s+(?:${TITLE_DATE_WORD_SOURCES.join('|')})\\s+(.{6,24}))?$`,
  'iu',
);

/** A document other than the invoice named between the title word and the number, or a
 * company's register or tax number (another column's "KvK-nummer: 27124701" on the title's line). */
const OTHER_BEFORE_NUMBER =
  /bestell|auftrag|liefer|vertrag|angebot|kunden|order|delivery|contract|quot|customer|commande|livraison|contrat|client|devis|ordine|consegna|contratto|cliente|заказ|договор|накладн|bestelling|levering|pedido|albar|associ|li[ée]e|ursprung|origin|preceding|previous|versicherung|police|policy|polizza|mandat|kvk|handelsregister|registr|hrb|steuer|siret|siren/iu;

export function titleLine(layouts: PageLayout[], order: DateReading) {
  const first = layouts[0];
  if (!first) return undefined;
  for (const [li, line] of first.lines.entries()) {
    const text = line.map((s) => s.text).join(' ');
    const box = union(line.map((s) => s.bbox));
    // A series and number on the title's line or under the title alone ("FACTURĂ" / "Seria Z Nr. 4
    // din 17/01/2021").
    const series = SERIES_NUMBER.exec(text);
    const above =
      first.lines[li - 1]
        ?.map((s) => s.text)
        .join(' ')
        .trim() ?? '';
    if (series && (DOC_WORD_RE.test(text) || TITLE_ONLY.test(above)))
      return {
        number: `${series[1]} ${series[2]}`,
        date: series[3] ? findDates(series[3], order)[0]?.value : undefined,
        box,
        page: first.page,
        text,
      };
    if (!DOC_WORD_RE.test(text)) continue;
    for (const [i, seg] of line.entries()) {
      const alone = TITLE_ALONE.exec(seg.text.trim());
      // (a series in capitals, not a number word: "Rechnung Nr 12345" is the title line's below)
      const series = alone?.[1];
      if (series && (series !== series.toUpperCase() || NUMBER_WORD_ALONE.test(series))) continue;
      // (a VAT word after the document word is the title's, never a series: "FAKTURA VAT 1/20/S")
      const ofTitle = !!series && VAT_WORD_ALONE.test(series);
      const labelled = alone ? undefined : labelledDateAfter(seg.text.trim(), order);
      if (labelled)
        return {
          number: labelled.number,
          date: labelled.date,
          box: seg.bbox,
          page: first.page,
          text: seg.text,
        };
      if (alone && plausibleNumber(alone[2]!))
        return {
          number: alone[1] && !ofTitle ? `${alone[1]} ${alone[2]}` : alone[2]!,
          date: dateOfTitle(alone[3] ?? alone[4], order),
          box: seg.bbox,
          page: first.page,
          text: seg.text,
        };
      // The title and its number set apart on the line ("Faktura - daňový doklad      20250001").
      const next = line[i + 1]?.text.trim() ?? '';
      const number = NUMBER_ALONE.exec(next)?.[1];
      if (number && TITLE_ONLY.test(seg.text.trim()) && plausibleNumber(number) && /\d{3}/.test(number))
        return {
          number,
          date: undefined,
          box: union([seg.bbox, line[i + 1]!.bbox]),
          page: first.page,
          text: `${seg.text} ${next}`,
        };
      // (the lines under it: another column's line set a little higher comes first, "Nabywca:"
      // beside the number)
      const under = numberUnderTitle([...(first.lines[li + 1] ?? []), ...(first.lines[li + 2] ?? [])], seg);
      if (under)
        return { number: under.number, date: undefined, box: under.box, page: first.page, text: seg.text };
    }
    const m = TITLE_NUMBER.exec(text);
    if (!m) continue;
    const end = m.index + m[0].indexOf(m[1]!) + m[1]!.length;
    if (cutByUnmappedGlyph(text, end)) continue;
    // Its year after a slash set apart with spaces ("Faktura br. 1 / 2020"): one number.
    const year = /^\s+\/\s+(\d{4})(?![\d./])/.exec(text.slice(end))?.[1];
    const number = year && !m[2] ? `${m[1]}/${year}` : m[1]!;
    // The date may follow on the next line, the word before it ending the title line or starting
    // the next ("... Nr. 9314110911/00/M/00/N vom" / "01.01.2018"; "... Nr. 47110818" / "vom …").
    const next = (first.lines[li + 1]?.map((s) => s.text).join(' ') ?? '').trim();
    const wordBefore = DATE_WORD_ENDS.test(text) || DATE_WORD_STARTS.test(next);
    // A short number ("Счёт на оплату № 17 от 5 апреля 2024 г.", "Fattura n° 15" / "del
    // 09/06/2023") only with its date after it.
    const dated = m[2]
      ? findDates(m[2], order)[0]?.value
      : wordBefore
        ? findDates(next.slice(0, 28), order)[0]?.value
        : undefined;
    if (!plausibleNumber(number) && !(dated && /^\d{1,2}$/.test(number))) continue;
    // "Rechnung gemäß Bestellung Nr. 2013-471331": the number of the order, not of the invoice.
    // "... aus der Lieferung Nr. 2013-51112 in Rechnung zu stellen": the title word comes first.
    const doc = DOC_WORD_RE.exec(text)!;
    if (doc.index > m.index || OTHER_BEFORE_NUMBER.test(text.slice(doc.index + doc[0].length, m.index)))
      continue;
    // A number whose first letter OCR read as a symbol has no letter to put back with any
    // certainty: only its date is taken.
    const before = m[0][m[0].indexOf(m[1]!) - 1];
    const misread = !!before && MISREAD_FIRST.includes(before);
    return {
      number: misread ? undefined : number,
      date: dated,
      box,
      page: first.page,
      text,
    };
  }
  return undefined;
}

/** The document word and its number, then a label and its value ("Factura F-2026000242 Fecha:
 * 05/02/2026 Cliente Nº 00002905", a report's header row set as one run of text). */
const TITLE_THEN_LABEL = new RegExp(
  `^(?:\\p{L}*(?:${DOC_WORD}))\\s*[:#]?\\s+${NUMBER}\\s+(\\p{L}[\\p{L}.\\s]{1,30}?)\\s*:\\s*(.{6,24})`,
  'iu',
);

/**
 * The title's number and date where the invoice date's own label follows the number on the
 * title's segment, its date right after it: the labels after it are other fields'.
 */
function labelledDateAfter(text: string, order: DateReading): { number: string; date: string } | undefined {
  const m = TITLE_THEN_LABEL.exec(text);
  if (!m || !plausibleNumber(m[1]!) || matchLabel(m[2]!, 'invoice_date') === undefined) return undefined;
  const [found] = findDates(m[3]!, order);
  return found?.start === 0 ? { number: m[1]!, date: found.value } : undefined;
}

/** The date after a title's number, read whole ("19/09/2025"; not "19/09/2025 à Paris"). */
function dateOfTitle(text: string | undefined, order: DateReading): string | undefined {
  const [found] = text ? findDates(text, order) : [];
  return found && found.raw.trim() === text!.trim() ? found.value : undefined;
}

/**
 * The number alone on the line right under a title that is alone on its own ("Zálohová faktúra"
 * / "MSK22000006"), or after a number word there ("FAKTURA VAT" / "Numer: #FV 27/09/2024"), set
 * flush with it at its left or its right edge: the title's number. (A
 * number elsewhere under a title is a customer's or an order's as often.)
 */
function numberUnderTitle(next: Segment[], title: Segment): { number: string; box: Box } | undefined {
  if (!TITLE_ONLY.test(title.text.trim())) return undefined;
  const seg = flushUnder(next, title);
  const text = seg?.text.trim() ?? '';
  // (or after a number word: "FAKTURA VAT" / "Numer: #FV 27/09/2024")
  const worded = NUMBER_WORD_FIRST.exec(text);
  const number = worded ? invoiceNumberOf(worded[1]!) : NUMBER_ALONE.exec(text)?.[1];
  if (!seg || !number || !plausibleNumber(number) || !/\d{3}/.test(number)) return undefined;
  return { number, box: union([title.bbox, seg.bbox]) };
}

/** Of the segments under a title, the first set flush with it at its left or its right edge, less
 * than the title's height below it. */
function flushUnder(next: Segment[], title: Segment): Segment | undefined {
  const height = title.bbox[3] - title.bbox[1];
  const flush = (s: Segment) =>
    Math.abs(s.bbox[0] - title.bbox[0]) < 0.015 || Math.abs(s.bbox[2] - title.bbox[2]) < 0.015;
  return next.find((s) => flush(s) && s.bbox[1] - title.bbox[3] < height);
}

/**
 * The date alone on a line right under a title that is alone on its own, set flush with it at its
 * left or its right edge, the number perhaps under the date ("FACTURE" / "20/09/2023" / "nº
 * 2023-6013"): the title's date.
 */
export function dateUnderTitle(layouts: PageLayout[], order: DateReading): Found | undefined {
  const first = layouts[0];
  if (!first) return undefined;
  for (const [li, line] of first.lines.entries()) {
    for (const title of line) {
      if (title.bbox[1] > 0.5 || !TITLE_ONLY.test(title.text.trim())) continue;
      const seg = flushUnder([...(first.lines[li + 1] ?? []), ...(first.lines[li + 2] ?? [])], title);
      const [found] = seg ? findDates(seg.text, order) : [];
      if (seg && found && found.raw.trim() === seg.text.trim())
        return { value: found.value, box: seg.bbox, page: first.page, strength: 1, text: seg.text };
    }
  }
  return undefined;
}

/**
 * The date of a title that names no number ("Facture du 29/01/2021", the number set on a line of
 * its own): a segment in the upper half of the first page that is the document word, the word
 * before a date, and one date, nothing else.
 */
export function titleDate(layouts: PageLayout[], order: DateReading): Found | undefined {
  const first = layouts[0];
  for (const seg of first?.lines.flat() ?? []) {
    if (seg.bbox[1] > 0.5) continue;
    const m = TITLE_DATED.exec(seg.text.trim());
    const dates = m ? findDates(m[1]!, order) : [];
    if (dates.length === 1 && dates[0]!.raw.trim() === m![1]!.trim().replace(/[.,;:]+$/, ''))
      return { value: dates[0]!.value, box: seg.bbox, page: first!.page, strength: 2, text: seg.text };
  }
  return undefined;
}
