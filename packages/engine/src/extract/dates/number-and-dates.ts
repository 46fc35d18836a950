// The invoice's own dates and number where no label gives them: a number word alone as a label
// ("Nr." over the number), the date of the letter ("München, den <date>"), a date alone under the
// number, a due date in a sentence of payment terms, a number written like a slashed date; and how
// slashed dates are ordered on a page. (The title line's forms: title-line.ts.)

import {
  columnSources,
  LETTER_DATE_WORD_SOURCES,
  NET_TERMS_SOURCES,
  NUMBER_WORD_SOURCES,
  PAY_BY_AFTER_SOURCES,
  PAY_BY_SOURCES,
  PAY_WORD_SOURCES,
  WEEKDAY_SOURCES,
} from '../lexicon/lexicon.js';
import { type Found, firstValue, type LabelHit, longestLabel } from '../page/label-hits.js';
import { labelLanguage } from '../page/label-language.js';
import { normalizeLabelText } from '../page/labels.js';
import { type Box, type PageLayout, union, valuesNear } from '../page/layout.js';
import { type DateReading, findDates, slashedOrderShown } from './dates.js';
import { invoiceNumberOf, plausibleNumber } from './invoice-number.js';
import { DOC_WORD_RE, TITLE_NUMBER } from './title-line.js';

/** Payment terms in a sentence: "Zahlbar innerhalb 30 Tagen netto bis 04.04.2013, 3% Skonto ...",
 * "Моля, платете до 06.12.2026 г.", "Betales senest 19/3 2026" (lexicon/words.json). The sentence
 * goes on over an abbreviation's points ("Zahlen Sie den o.g. Betrag bis zum 26.07.2024"): a point
 * after a letter standing alone. */
const TERMS_DUE = new RegExp(
  `(?<![\\p{L}])(?:${PAY_WORD_SOURCES.join('|')})(?![\\p{L}])(?:[^.;]|(?<=(?<![\\p{L}])\\p{L})\\.)*?(?<![\\p{L}])(?:${PAY_BY_SOURCES.join('|')})\\s+`,
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
    for (const [li, line] of layout.lines.entries()) {
      const text = line.map((s) => s.text).join(' ');
      let value = termsDue(text, order)?.value;
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
      if (value) return termsDate(value, text, union(line.map((s) => s.bbox)), layout.page, order);
      const wrapped = wrappedTerms(layout, li, order);
      if (wrapped) return termsDate(wrapped.value, wrapped.text, wrapped.box, layout.page, order);
    }
  }
  return undefined;
}

/** The due date read in a sentence of terms (`text`), and how surely. */
function termsDate(value: string, text: string, box: Box, page: number, order: DateReading): Found {
  const dates = findDates(text, order);
  // Terms that name the net amount's date and a discount's ("… 30 Tagen netto bis 04.04.2013,
  // 3% Skonto innerhalb 10 Tagen bis 15.03.2013"): the net one is the due date's candidate,
  // wherever it stands in the sentence. Still a person's to confirm: an e-invoice whose terms
  // say so may carry no due date of its own (BT-9), and the sentence is no field.
  const net = dates.find((d) => NET_BY.test(text.slice(0, d.start)));
  if (net) return { value: net.value, box, page, strength: 1 };
  // A sentence that says nothing but the date ("Please remit until 2019-07-01.") names the due
  // date as surely as a label; one with days, rates or a second date (Skonto) does not.
  // (in the page's date order: "07-10-2025" reads either way, and unread would count as none)
  const alone = dates.length === 1 && !/\d/.test(text.replace(dates[0]!.raw, ''));
  return { value, box, page, strength: alone ? 2 : 1 };
}

/**
 * Terms whose sentence a paragraph wraps after its word of paying, "by" and the date on the next
 * line ("Bitte zahlen Sie den unten" / "aufgeführten Gesamtbetrag … bis zum 26.06.2024"): the
 * first date after "by", on the next line, when both lines are one segment each, flush left and
 * a line apart, and the first does not end its sentence.
 */
function wrappedTerms(
  layout: PageLayout,
  li: number,
  order: DateReading,
): { value: string; text: string; box: Box } | undefined {
  const first = layout.lines[li]!;
  const next = layout.lines[li + 1];
  if (first.length !== 1 || next?.length !== 1) return undefined;
  const [a, b] = [first[0]!, next[0]!];
  const height = a.bbox[3] - a.bbox[1];
  if (Math.abs(a.bbox[0] - b.bbox[0]) > 0.01 || b.bbox[1] - a.bbox[3] > height || /[.;:!?]\s*$/.test(a.text))
    return undefined;
  const text = `${a.text} ${b.text}`;
  // (the word of paying on the first line: else the second line alone says it all)
  const due = termsDue(text, order);
  return due && due.at < a.text.length ? { value: due.value, text, box: union([a.bbox, b.bbox]) } : undefined;
}

/**
 * The date a sentence of terms names after its word of paying and its "by": the first date
 * after "by" (a discount's date, Skonto, comes later in the sentence); `at`, where the word of
 * paying stands.
 */
function termsDue(text: string, order: DateReading): { value: string; at: number } | undefined {
  const m = TERMS_DUE.exec(text);
  const value = m && dateOf(text.slice(m.index + m[0].length, m.index + m[0].length + 30), order);
  return value ? { value, at: m.index } : undefined;
}

/** Text that is one date and no words after it (read in the page's date order). */
export function dateAlone(text: string, order: DateReading): boolean {
  const dates = findDates(text, order);
  // (its time of day after it is no other text: "11/29/20 12:00 AM")
  const after = text.slice(dates[0]?.end ?? 0).replace(TIME_OF_DAY, '');
  return dates.length === 1 && !/\p{L}{2}/u.test(after);
}

/** A time of day after a date: "12:00 AM", "14:30:00", "9.30 Uhr". */
const TIME_OF_DAY = /^\s*\d{1,2}[:.]\d{2}(?:[:.]\d{2})?\s*(?:[ap]\.?\s?m\.?|uhr|h)?(?![\p{L}])/iu;

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

/** "<Ort>, den" / "<ville>, le" right before the date of a letter. */
const LETTER_DATE_WORD = `(?:${LETTER_DATE_WORD_SOURCES.join('|')})`;
const PLACE_COMMA = new RegExp(`\\p{Lu}[\\p{L}.\\- ]*,\\s*${LETTER_DATE_WORD}\\s*$`, 'u');
/** A place's comma, the word before a letter's date and the date, ending a segment. */
const INLINE_LETTER_DATE = new RegExp(`,\\s*${LETTER_DATE_WORD}\\s+(.{6,22})$`, 'u');
/** The word before a letter's date and the date, alone on a line: "Le 04/03/2021" (no place). */
const BARE_LETTER_DATE = new RegExp(`^${LETTER_DATE_WORD}\\s+(.{6,22})$`, 'iu');
/** A place, its postcode before it or not, a comma and the rest (a date): "69469 Weinheim, 01.10.2025",
 * or a date with its month named first, as English letters write it ("Musterstadt, November 2, 2015"). */
const PLACE_DATE = /^(?:\d{4,5}\s+)?\p{Lu}[\p{L}.\- ]*,\s*(\d.{5,19}|\p{L}{3,9}\.?\s+\d{1,2},?\s+\d{4})$/u;

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
      // "Le 04/03/2021" alone on its line under the title: the letter's date without its place.
      const bare = line.length === 1 ? BARE_LETTER_DATE.exec(seg.text.trim()) : null;
      const [bareDate] = bare ? findDates(bare[1]!, order) : [];
      if (bareDate && bareDate.raw.trim() === bare![1]!.trim())
        return { value: bareDate.value, box: seg.bbox, page: first.page, strength: 1 };
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
      if (
        PLACE_COMMA.test(prev.text) ||
        titled ||
        spelledAtRight(line, i, found.raw, first.lines[li - 1]) ||
        townOfPage(prev.text, first)
      )
        return { value: alone, box: union([prev.bbox, seg.bbox]), page: first.page, strength: 1 };
    }
  }
  return undefined;
}

/**
 * Whether a segment is a town alone that an address on the page names after its postcode
 * ("Reichenschwand" beside the date, the sender line's "91244 Reichenschwand"): the letter's
 * place, its date in the next segment.
 */
function townOfPage(text: string, layout: PageLayout): boolean {
  const town = text.trim().replace(/,$/, '');
  if (!/^\p{Lu}[\p{L}.-]+(?: \p{Lu}[\p{L}.-]+)?$/u.test(town)) return false;
  const escaped = town.replace(/\./g, '\\.');
  const addressed = new RegExp(`(?<!\\d)\\d{4,5}\\s+${escaped}(?![\\p{L}])`, 'u');
  return layout.lines.some((line) => line.some((s) => addressed.test(s.text)));
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

/** A number word alone as a label ("Nr.", "No:", "Nº"), and the value after it in its segment
 * ("Nr.: PVM44340", or in groups of digits: "N° 26 614 600 353"). */
const BARE_NUMBER = new RegExp(
  `^(?:${NUMBER_WORD_SOURCES.join('|')})\\.?\\s*:?(?:\\s+(\\d{2,6}(?: \\d{3,6}){1,4}|\\S+))?$`,
  'iu',
);
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
