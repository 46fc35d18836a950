// The invoice's own number and dates where no label gives them: the title line ("Rechnung Nr. X
// vom <date>"), a number word alone as a label ("Nr." over the number), the date of the letter ("München, den <date>"), a due date in a sentence of
// payment terms; and how slashed dates are ordered on a page.

import {
  columnSources,
  DOCUMENT_TITLE_SOURCES,
  LETTER_DATE_WORD_SOURCES,
  NET_TERMS_SOURCES,
  NUMBER_WORD_SOURCES,
  PAGE_WORD_SOURCES,
  PAY_BY_AFTER_SOURCES,
  PAY_BY_SOURCES,
  PAY_WORD_SOURCES,
  SERIES_WORD_SOURCES,
  TITLE_DATE_WORD_SOURCES,
  WEEKDAY_SOURCES,
} from '../lexicon/lexicon.js';
import { type Found, firstValue, type LabelHit, longestLabel } from '../page/label-hits.js';
import { labelLanguage } from '../page/label-language.js';
import { matchLabel, normalizeLabelText } from '../page/labels.js';
import { type Box, type PageLayout, type Segment, union, valuesNear } from '../page/layout.js';
import { findDates, monthAndYear, parseDate, slashedOrderShown } from './dates.js';

// A number may open with a short series in capitals set apart by a space ("FV 3/05/2021").
// Letters of any script ("ΤΔΑ-9812") and any dash ("A–7146") may be part of it.
const NUMBER_TOKEN = /^[#:№]?\s*((?:\p{Lu}{1,4} (?=\p{Lu}?\d))?[\p{L}\d][\p{L}\d\-\u2010-\u2015/._]{0,30})/u;

/** Groups of digits set apart by single spaces, the later ones of three digits or more. */
const DIGIT_GROUPS = /^\d{2,6}(?: \d{3,6}){1,4}$/;

export function invoiceNumberOf(s: string): string | undefined {
  // (after a leader of dots from the label: "Nº FACTURA ................: 25/030840")
  const text = s.trim().replace(/^[.…]{3,}\s*:?\s*/u, '');
  // A number printed in groups of digits, and nothing else ("726 752 5181"): all of it.
  if (DIGIT_GROUPS.test(text) && !parseDate(text)) return text;
  const m = NUMBER_TOKEN.exec(text);
  if (m && cutByUnmappedGlyph(text, m.index + m[0].length)) return undefined;
  // A number whose parts a slash sets apart with spaces ("2022 / 053") is one number (not one
  // and its date: "5 / 12.03.2024").
  const after = m && /^\s+\/\s+(\d[\p{L}\d\-/._]*)/u.exec(text.slice(m[0].length));
  const spaced = after && !parseDate(after[1]!.replace(/[.,;:]+$/, '')) ? after : undefined;
  const v = (spaced && m ? `${m[1]}/${spaced[1]}` : m?.[1])?.replace(/[.,;:]+$/, '');
  if (!m || !v || !/\d/.test(v) || v.length > 30) return undefined;
  // A number that goes on after a comma ("00,00,0001"): its first group alone is none.
  if (/^,\d/.test(text.slice(m[0].length))) return undefined;
  // (nor a date, nor a month of a year: the billing period under the title, "Fevereiro/2026")
  if (parseDate(v) || monthAndYear(v)) return undefined;
  return v;
}

/**
 * Whether a number read up to `end` goes on past a glyph the PDF maps to no character (a control
 * character: "2E9958F3\u00000010", a hyphen without its Unicode): what can be read of it is no
 * number.
 */
function cutByUnmappedGlyph(text: string, end: number): boolean {
  return /^\p{Cc}/u.test(text.slice(end));
}

/**
 * Whether OCR may have cut a number short: right after it, one space and another group with a
 * digit that is no date ("UC1 2023020 AFF" for UC1_2023020_AFF: OCR drops underscores, which
 * sit on the baseline like an underline; "4711 0815", a number printed in groups). The first
 * group alone is then no sure reading of the number.
 */
export function numberMayGoOn(text: string, value: string): boolean {
  const at = text.indexOf(value);
  if (at < 0) return false;
  const next = /^ ([A-Za-z0-9][A-Za-z0-9\-/._]*)/.exec(text.slice(at + value.length))?.[1];
  return !!next && /\d/.test(next) && !parseDate(next.replace(/[.,;:]+$/, ''));
}

/**
 * Whether OCR may have read the number's first letter as a "#": one right after a number word
 * ("N° #20220023" for F20220023) is no way to print a number. (A title's number after one of
 * MISREAD_FIRST is not taken at all: titleLine.)
 */
export function firstLetterMisread(text: string, value: string): boolean {
  const at = text.indexOf(value);
  if (at < 1) return false;
  return /(?:n[°º]|nr|no)\.?\s*:?\s*#$/i.test(text.slice(Math.max(0, at - 12), at));
}

/** How a page writes its dates: day or month first where a date reads either way (undefined:
 * such a date is left unread), and the language of its labels, whose month names win where two
 * languages spell a month alike. */
export interface DateReading {
  order?: 'dmy' | 'mdy';
  lang?: string;
}

/** Payment terms in a sentence: "Zahlbar innerhalb 30 Tagen netto bis 04.04.2013, 3% Skonto ...",
 * "Моля, платете до 06.12.2026 г.", "Betales senest 19/3 2026" (lexicon/words.json). */
const TERMS_DUE = new RegExp(
  `(?<![\\p{L}])(?:${PAY_WORD_SOURCES.join('|')})(?![\\p{L}])[^.;]*?(?<![\\p{L}])(?:${PAY_BY_SOURCES.join('|')})\\s+`,
  'iu',
);
/** The net amount's date named by its word before "by" ("netto bis", "net by"). */
const NET_BY = new RegExp(
  `(?<![\\p{L}])(?:${NET_TERMS_SOURCES.join('|')})\\s+(?:${PAY_BY_SOURCES.join('|')})\\s+$`,
  'iu',
);
/** The word for "by" after the date ("Kérjük, az összeget 2025.01.31. napjáig utalja át."). */
const BY_AFTER = new RegExp(`^\\.?\\s*(?:${PAY_BY_AFTER_SOURCES.join('|')})(?![\\p{L}])`, 'iu');
/** The net's word right after a date ("… 29.09.2018 ohne Abzug", "… 30.04.2024 netto"). */
const NET_AFTER = new RegExp(`^\\s*(?:${NET_TERMS_SOURCES.join('|')})(?![\\p{L}])`, 'iu');
const PAY_WORD = new RegExp(`(?<![\\p{L}])(?:${PAY_WORD_SOURCES.join('|')})(?![\\p{L}])`, 'iu');
/** "by" right before a date, and the word for paying after it, at most two words on with no
 * punctuation between ("Der Rechnungsbetrag ist bis zum 26.03.2026 fällig", "bis 01.04.2026 zu
 * bezahlen"): the verb ends the sentence in German word order. */
const BY_BEFORE = new RegExp(`(?<![\\p{L}])(?:${PAY_BY_SOURCES.join('|')})\\s+$`, 'iu');
const PAY_AFTER = new RegExp(`^\\s+(?:\\p{L}+\\s+){0,2}(?:${PAY_WORD_SOURCES.join('|')})(?![\\p{L}])`, 'iu');

export function dueInTerms(layouts: PageLayout[], order: DateReading): Found | undefined {
  for (const layout of layouts) {
    for (const line of layout.lines) {
      const text = line.map((s) => s.text).join(' ');
      const m = TERMS_DUE.exec(text);
      // The first date after the keyword: a discount date (Skonto) comes later in the sentence.
      let value = m && dateOf(text.slice(m.index + m[0].length, m.index + m[0].length + 30), order);
      if (!value && PAY_WORD.test(text)) {
        const dates = findDates(text, order);
        const before = dates.find((d) => BY_AFTER.test(text.slice(d.end)));
        const framed = dates.find(
          (d) => BY_BEFORE.test(text.slice(0, d.start)) && PAY_AFTER.test(text.slice(d.end)),
        );
        value = (before ?? framed)?.value;
      }
      // "by" a date and the net's word right after it, a discount's terms on the line before ("Bis
      // zum 09.09.2018 erhalten Sie 3 % Skonto." / "Bis zum 29.09.2018 ohne Abzug …").
      value ||= findDates(text, order).find(
        (d) => BY_BEFORE.test(text.slice(0, d.start)) && NET_AFTER.test(text.slice(d.end)),
      )?.value;
      if (!value) continue;
      const dates = findDates(text, order);
      const box = union(line.map((s) => s.bbox));
      // Terms that name the net amount's date and a discount's ("… 30 Tagen netto bis 04.04.2013,
      // 3% Skonto innerhalb 10 Tagen bis 15.03.2013"): the net one is the due date's candidate,
      // wherever it stands in the sentence. Still a person's to confirm: an e-invoice whose terms
      // say so may carry no due date of its own (BT-9), and the sentence is no field.
      const net = dates.find((d) => NET_BY.test(text.slice(0, d.start)));
      if (net) return { value: net.value, box, page: layout.page, strength: 1 };
      // A sentence that says nothing but the date ("Please remit until 2019-07-01.") names the due
      // date as surely as a label; one with days, rates or a second date (Skonto) does not.
      // (in the page's date order: "07-10-2025" reads either way, and unread would count as none)
      const alone = dates.length === 1 && !/\d/.test(text.replace(dates[0]!.raw, ''));
      return { value, box, page: layout.page, strength: alone ? 2 : 1 };
    }
  }
  return undefined;
}

/** Text that is one date and no words after it (read in the page's date order). */
export function dateAlone(text: string, order: DateReading): boolean {
  const dates = findDates(text, order);
  return dates.length === 1 && !/\p{L}{2}/u.test(text.slice(dates[0]!.end));
}

/** A value that is a date alone under a strong label, not a date inside running text. */
export function onlyDate(f: Found, order: DateReading): boolean {
  return f.strength > 1 && !!f.text && dateAlone(f.text, order);
}

export function dateOf(s: string, order: DateReading): string | undefined {
  return findDates(s, order)[0]?.value;
}

/**
 * Day or month first in slashed dates: month first for US invoices, day first for invoices in
 * the languages of continental Europe and from the UK. An English invoice from elsewhere may be
 * either: its own unambiguous dates decide (11/17/2017 on the page makes 11/03/2017 the 3rd of
 * November), and without them an ambiguous date (03/04/2024) is left unread rather than guessed.
 */
export function dateOrder(layouts: PageLayout[], opts: { country?: string; lang?: string }): DateReading {
  const lang = labelLanguage(layouts);
  const country = opts.country?.toUpperCase();
  const shown = () =>
    slashedOrderShown(
      layouts.flatMap((l) => l.lines.map((segs) => segs.map((s) => s.text).join(' '))).join('\n'),
    );
  if (opts.lang === 'en-US' || country === 'US') return { order: 'mdy', lang };
  // A British or Irish business reads its invoices day first, unless the page shows its own
  // dates month first (a due date "5/31/2023": the seller's program writes the American way).
  if (country === 'GB' || country === 'IE') return { order: shown() ?? 'dmy', lang };
  // Labels clearly of another language than English: every such language writes the day first
  // (a Portuguese "Data da fatura  12-01-2025" beside an English-looking "Total").
  if (lang && lang !== 'en') return { order: 'dmy', lang };
  const text = layouts
    .slice(0, 1)
    .flatMap((l) => l.lines.flat().map((s) => s.text))
    .join(' ');
  const english = /\b(?:invoice|total|amount|date)\b/i.test(text);
  const continental = /rechnung|betrag|facture|montant|fattura|importo|factuur|factura|сч[её]т|сумма/i.test(
    text,
  );
  if (!english || continental) return { order: 'dmy', lang };
  return { order: shown(), lang };
}

// The last form: a document type code (UNTDID 1001) printed after the title, as e-invoice
// viewers do ("BUCHUNGSHILFE (751) Nr. 471102 vom 05.03.2020").
const DOC_WORD = `${DOCUMENT_TITLE_SOURCES.join('|')}|\\(\\d{3}\\)(?=\\s+(?:nr|no|n°)\\.?\\s)`;
const DOC_WORD_RE = new RegExp(DOC_WORD, 'iu');
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
const TITLE_NUMBER = new RegExp(
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
 * vom 14.03.2024", "Invoice dated 1 March 2024". */
const TITLE_DATED = new RegExp(
  `^(?:${DOCUMENT_TITLE_SOURCES.join('|')})\\s+(?:${TITLE_DATE_WORD_SOURCES.join('|')})\\s+(.{6,24})$`,
  'iu',
);
/** A segment that is the document's title and nothing else: its word, maybe one word before it
 * ("Zálohová faktúra", "Tax Invoice") and a subtitle of words after a dash ("Faktura - daňový
 * doklad"), no digit, no colon. */
const TITLE_ONLY = new RegExp(`^(?:\\p{L}+\\s+)?(?:${DOC_WORD})(?:\\s+[-–]\\s+[\\p{L}\\s]+)?$`, 'iu');
/** A segment that is a number and nothing else. */
const NUMBER_ALONE = new RegExp(`^${NUMBER}$`, 'u');
/** A page counter after a title's number ("Invoice INV-5, Page 1 of 2"). */
const PAGE_COUNTER = `(?:${PAGE_WORD_SOURCES.join('|')})\\s*\\d{1,3}\\s*(?:/|\\p{L}{1,3})\\s*\\d{1,3}`;
/** A number word and nothing else ("Nr", "NO"). */
const NUMBER_WORD_ALONE = new RegExp(`^(?:${NUMBER_WORD_SOURCES.join('|')})$`, 'iu');
/** A heading that is the document word and its number alone: "Rechnung RE1001", "Facture FA-2017-0010";
 * the number's series in capitals set apart and its date after a slash ("FACTURA PROD 69420 /
 * 2024-09-10", as Romania's e-invoice viewers print it). */
const TITLE_ALONE = new RegExp(
  `^(?:\\p{L}*(?:${DOC_WORD}))\\s*[:#]?\\s+(?:([A-Z]{1,6})\\s+(?=\\d))?${NUMBER}(?:,?\\s+${PAGE_COUNTER}|\\s+/\\s+(\\d{4}-\\d{2}-\\d{2}|\\d{1,2}[./]\\d{1,2}[./]\\d{4}))?$`,
  'iu',
);

/** A document other than the invoice named between the title word and the number, or a
 * company's register or tax number (another column's "KvK-nummer: 27124701" on the title's line). */
const OTHER_BEFORE_NUMBER =
  /bestell|auftrag|liefer|vertrag|angebot|kunden|order|delivery|contract|quot|customer|commande|livraison|contrat|client|devis|ordine|consegna|contratto|cliente|заказ|договор|накладн|bestelling|levering|pedido|albar|associ|li[ée]e|ursprung|origin|preceding|previous|versicherung|police|policy|polizza|mandat|kvk|handelsregister|registr|hrb|steuer|siret|siren/iu;

/** Not a date, and not a version number ("XRechnung 1.2"). */
function plausibleNumber(s: string): boolean {
  return s.length >= 3 && !/^\d{1,2}(?:\.\d{1,2}){1,2}$/.test(s) && !parseDate(s);
}

/** "<Ort>, den" / "<ville>, le" right before the date of a letter. */
const LETTER_DATE_WORD = `(?:${LETTER_DATE_WORD_SOURCES.join('|')})`;
const PLACE_COMMA = new RegExp(`\\p{Lu}[\\p{L}.\\- ]*,\\s*${LETTER_DATE_WORD}\\s*$`, 'u');
/** A place's comma, the word before a letter's date and the date, ending a segment. */
const INLINE_LETTER_DATE = new RegExp(`,\\s*${LETTER_DATE_WORD}\\s+(.{6,22})$`, 'u');
/** A place, its postcode before it or not, a comma and the rest (a date): "69469 Weinheim, 01.10.2025". */
const PLACE_DATE = /^(?:\d{4,5}\s+)?\p{Lu}[\p{L}.\- ]*,\s*(\d.{5,19})$/u;

/**
 * The date of the letter in the top part of the first page: after "<place>, den", or a date
 * standing alone at the right end of the title line ("Beitragsrechnung ... Nr. X      11. März 2014").
 */
export function letterDate(layouts: PageLayout[], order: DateReading): Found | undefined {
  const first = layouts[0];
  if (!first) return undefined;
  for (const [li, line] of first.lines.entries()) {
    if (line[0] && line[0].bbox[1] > 0.45) break;
    for (const [i, seg] of line.entries()) {
      const inline = INLINE_LETTER_DATE.exec(seg.text);
      if (
        inline &&
        PLACE_COMMA.test(seg.text.slice(0, inline.index + inline[0].length - inline[1]!.length))
      ) {
        const value = dateOf(inline[1]!, order);
        if (value) return { value, box: seg.bbox, page: first.page, strength: 1 };
      }
      // "69469 Weinheim, 01.10.2025": the whole segment a place (its postcode before it) and a date.
      const placeDate = PLACE_DATE.exec(seg.text.trim());
      const [dated] = placeDate ? findDates(placeDate[1]!, order) : [];
      if (dated && dated.raw.length >= placeDate![1]!.trim().length - 1)
        return { value: dated.value, box: seg.bbox, page: first.page, strength: 1 };
      if (i === 0) continue;
      const prev = line[i - 1]!;
      const [found] = findDates(seg.text, order);
      if (!found || found.raw.length < seg.text.trim().length - 1) continue;
      const alone = found.value;
      const titled =
        i === line.length - 1 &&
        i === 1 &&
        DOC_WORD_RE.test(prev.text) &&
        TITLE_NUMBER.test(prev.text) &&
        !longestLabel(prev.text);
      if (PLACE_COMMA.test(prev.text) || titled || spelledAtRight(line, i, found.raw, first.lines[li - 1]))
        return { value: alone, box: union([prev.bbox, seg.bbox]), page: first.page, strength: 1 };
    }
  }
  return undefined;
}

/**
 * A date standing alone right under the invoice number in the document's title block, no label
 * to it ("FACTURE" / "2026F02-001" / "02/03/2026"): the number's box, the next line down, a
 * segment under the number that is a date and nothing else.
 */
export function dateUnderNumber(
  layouts: PageLayout[],
  number: { box: Box; page: number } | undefined,
  order: DateReading,
): Found | undefined {
  const layout = number && layouts.find((l) => l.page === number.page);
  if (!number || !layout) return undefined;
  const [x0, , x1, y1] = number.box;
  const next = layout.lines.find((line) => line[0] && Math.min(...line.map((s) => s.bbox[1])) >= y1 - 0.002);
  // (each segment under the number's box: a title line's box spans the letterhead beside it)
  for (const seg of next?.filter((s) => s.bbox[0] < x1 && s.bbox[2] > x0) ?? []) {
    if (seg.bbox[1] - y1 > 2 * (seg.bbox[3] - seg.bbox[1])) return undefined;
    // (after the day of the week: "Vendredi 31 Aout 2023")
    const text = seg.text.trim().replace(WEEKDAY_LEAD, '');
    const [found] = findDates(text, order);
    if (found && found.raw.length >= text.length - 1)
      return { value: found.value, box: seg.bbox, page: number.page, strength: 1 };
  }
  return undefined;
}

/** A day of the week opening a written-out date, with its comma. */
const WEEKDAY_LEAD = new RegExp(`^(?:${WEEKDAY_SOURCES.join('|')})\\.?,?\\s+`, 'iu');

/** A word before a date that makes it some other date than the letter's ("Leistungsdatum", "Zeitraum"). */
const OTHER_DATE_WORD =
  /(?:datum|date|data|fecha|дата|zeitraum|period|p[ée]riode|periodo|liefer|leistung|livraison|consegna|delivery|f[äa]llig|due|[ée]ch[ée]ance|scadenza|g[üu]ltig|valid)[^\d]*$|:\s*$/iu;

/**
 * A date written out with its month's name, alone at the right end of a line of the letter's head
 * and after something that names no other date, under no label: where a letter sets its date
 * ("Sachversicherungsvertrag Nr: 00.123.456.7          18. April 2014"). A form prints its dates in digits under labels; a
 * month's name spelled out is the letter's own style.
 */
function spelledAtRight(
  line: PageLayout['lines'][number],
  i: number,
  raw: string,
  above: PageLayout['lines'][number] | undefined,
): boolean {
  const seg = line[i]!;
  // (a value of a grid, under its label in the line above, is that label's: "Date limite de
  // paiement" over "6 août 2026")
  const labelled = above?.some(
    (s) => s.bbox[0] < seg.bbox[2] && seg.bbox[0] < s.bbox[2] && !!longestLabel(s.text),
  );
  return (
    i === line.length - 1 &&
    seg.bbox[0] > 0.5 &&
    /\p{L}{3}/u.test(raw) &&
    !OTHER_DATE_WORD.test(line[i - 1]!.text) &&
    // (after a field's label, "Падеж  10 декември 2026 г.", the date is that label's)
    !longestLabel(line[i - 1]!.text) &&
    !labelled
  );
}

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
      if (alone && plausibleNumber(alone[2]!))
        return {
          number: alone[1] ? `${alone[1]} ${alone[2]}` : alone[2]!,
          date: alone[3] ? findDates(alone[3], order)[0]?.value : undefined,
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
      const under = numberUnderTitle(first.lines[li + 1] ?? [], seg);
      if (under)
        return { number: under.number, date: undefined, box: under.box, page: first.page, text: seg.text };
    }
    const m = TITLE_NUMBER.exec(text);
    if (!m) continue;
    if (cutByUnmappedGlyph(text, m.index + m[0].indexOf(m[1]!) + m[1]!.length)) continue;
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
    if (!plausibleNumber(m[1]!) && !(dated && /^\d{1,2}$/.test(m[1]!))) continue;
    // "Rechnung gemäß Bestellung Nr. 2013-471331": the number of the order, not of the invoice.
    // "... aus der Lieferung Nr. 2013-51112 in Rechnung zu stellen": the title word comes first.
    const doc = DOC_WORD_RE.exec(text)!;
    if (doc.index > m.index || OTHER_BEFORE_NUMBER.test(text.slice(doc.index + doc[0].length, m.index)))
      continue;
    // A number whose first letter OCR read as a symbol has no letter to put back with any
    // certainty: only its date is taken.
    const misread = MISREAD_FIRST.includes(m[0][m[0].indexOf(m[1]!) - 1] ?? '');
    return {
      number: misread ? undefined : m[1]!,
      date: dated,
      box,
      page: first.page,
      text,
    };
  }
  return undefined;
}

/**
 * The number alone on the line right under a title that is alone on its own ("Zálohová faktúra"
 * / "MSK22000006"), set flush with it at its left or its right edge: the title's number. (A
 * number elsewhere under a title is a customer's or an order's as often.)
 */
function numberUnderTitle(next: Segment[], title: Segment): { number: string; box: Box } | undefined {
  if (!TITLE_ONLY.test(title.text.trim())) return undefined;
  const height = title.bbox[3] - title.bbox[1];
  const flush = (s: Segment) =>
    Math.abs(s.bbox[0] - title.bbox[0]) < 0.015 || Math.abs(s.bbox[2] - title.bbox[2]) < 0.015;
  const seg = next.find((s) => flush(s) && s.bbox[1] - title.bbox[3] < height);
  const number = seg && NUMBER_ALONE.exec(seg.text.trim())?.[1];
  if (!seg || !number || !plausibleNumber(number) || !/\d{3}/.test(number)) return undefined;
  return { number, box: union([title.bbox, seg.bbox]) };
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

/** A number word alone as a label ("Nr.", "No:", "Nº"), and the value after it in its segment
 * ("Nr.: PVM44340"). */
const BARE_NUMBER = new RegExp(`^(?:${NUMBER_WORD_SOURCES.join('|')})\\.?\\s*:?(?:\\s+(\\S+))?$`, 'iu');
/** The headings of an item table's description, quantity and price columns: a line holding one is
 * the table's head, whose "Nr." numbers its rows. */
const TABLE_HEAD = (() => {
  const cols = columnSources();
  const sources = [...cols.description!, ...cols.quantity!, ...cols.unit_price!];
  return new RegExp(`^(?:${sources.join('|')})(?![\\p{L}])`, 'iu');
})();

/**
 * The invoice's number under or beside a number word alone ("Nr." in a grid of labels over values
 * under the title "SĄSKAITA FAKTŪRA", "Nr.  2025/4519" in the meta block of a "Rēķins"), on the
 * upper half of a first page that names itself an invoice, the label first on its line; never in
 * an item table's head. Every such label must give the same number.
 */
export function bareNumberLabel(layouts: PageLayout[]): Found | undefined {
  const first = layouts[0];
  if (!first?.lines.some((l) => l.some((s) => DOC_WORD_RE.test(s.text)))) return undefined;
  const found: Found[] = [];
  for (const line of first.lines) {
    if (!line[0] || line[0].bbox[1] > 0.5) break;
    if (line.some((s) => TABLE_HEAD.test(normalizeLabelText(s.text)))) continue;
    // (first on its line: after other text, "Dépannage électricité : n° 1234567890", it numbers
    // that; or in a row of headings with no value among them, "Tipologia | Numero | Codice", the
    // values under them)
    const heads = !line.some((s) => /\d/.test(s.text));
    const seg = heads ? line.find((s) => BARE_NUMBER.test(s.text.trim())) : line[0];
    const bare = seg && BARE_NUMBER.exec(seg.text.trim());
    if (!seg || !bare) continue;
    const options = bare[1]
      ? [{ text: bare[1], box: seg.bbox }]
      : valuesNear(first, seg).map((v) => ({ text: v.seg.text.trim(), box: union([seg.bbox, v.seg.bbox]) }));
    // The first value that reads as a number, taken when it is one alone.
    const o = options.find((x) => invoiceNumberOf(x.text));
    const value = o && invoiceNumberOf(o.text);
    if (o && value && plausibleNumber(value) && value === o.text)
      found.push({ value, box: o.box, page: first.page, strength: 1 });
  }
  return found.length && found.every((f) => f.value === found[0]!.value) ? found[0] : undefined;
}

/** A number written like a slashed date ("17/11/2026": sequence, month and year, as Polish
 * invoices number themselves). */
const SLASHED = /^\d{1,6}\/\d{1,2}\/\d{4}$/;

/**
 * The value of an invoice-number label that reads like a slashed date ("Nr faktury: 17/11/2026"),
 * taken as the number on a page that writes its dates otherwise ("08.11.2026"): there no date is
 * written with slashes, so the label says what it is.
 */
export function dateShapedNumber(hits: LabelHit[], layouts: PageLayout[]): Found | undefined {
  const found = firstValue(hits, layouts, 'invoice_no', (s) =>
    SLASHED.test(s.trim()) ? s.trim() : undefined,
  );
  if (!found || found.strength < 2) return undefined;
  const text = layouts.flatMap((l) => l.lines.flat().map((s) => s.text)).join('\n');
  const slashed = text.match(/(?<![\d/])\d{1,2}\/\d{1,2}\/\d{2,4}(?![\d/])/g) ?? [];
  const dotted = /(?<![\d.])\d{1,2}\.\s?\d{1,2}\.\s?\d{4}(?!\d)|(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)/.test(text);
  return dotted && slashed.every((d) => d === found.value) ? found : undefined;
}
