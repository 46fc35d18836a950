// Dates as printed on invoices (14.03.2024, 03/14/2024, 2024-03-14, "14. März 2024", "March 14,
// 2024", "14 марта 2024 г.") to ISO YYYY-MM-DD. A numeric date that reads validly both as day-month
// and month-day needs an order (or a language that implies one): it is never guessed.
import { isIsoDate } from '../../check/dates.js';
import { COMPACT_DATE_LANGUAGES, MONTHS_OF_LANGUAGE, monthNames } from '../lexicon/lexicon.js';

export type DateOrder = 'dmy' | 'mdy' | 'ymd';

export interface DateOptions {
  /** BCP 47 language of the document: en-US implies month-day, other languages day-month. */
  lang?: string;
  order?: DateOrder;
}

/** How a page writes its dates: day or month first where a date reads either way (undefined:
 * such a date is left unread), and the language of its labels, whose month names win where two
 * languages spell a month alike. */
export interface DateReading {
  order?: 'dmy' | 'mdy';
  lang?: string;
}

export interface DateMatch {
  /** ISO YYYY-MM-DD. */
  value: string;
  raw: string;
  start: number;
  end: number;
}

// Month names and abbreviations of every language of the lexicon (lexicon/words.json), nominative
// and genitive, in one table; a spelling another language reads as another month (Croatian
// "listopad", October, November elsewhere) is read that way when the options name the language.
const MONTHS = monthNames();
// Longest first, so "marzo" is not cut to "mar".
const NAME = `(${[...MONTHS.keys()].sort((a, b) => b.length - a.length).join('|')})\\.?`;
const SP = '[^\\S\\n]';

/** 14.03.2024, 14/3/24, 14. 03. 2024, 2024-03-14: one separator kind throughout. */
const NUMERIC = /(?<!\d)(?<!\d[.,/])(\d{1,4})([./-])[^\S\n]?(\d{1,2})\2[^\S\n]?(\d{1,4})(?!\d)(?![.,/]\d)/gu;
/** 14. März 2024, 14 de marzo de 2024, 14-Mar-24, «14» марта 2024 г., 1st March 2024. */
const DAY_NAME = new RegExp(
  `(?<![\\p{L}\\p{N}])[«"„]?(\\d{1,2})[»"“]?(?:st|nd|rd|th|er|º|°)?\\.?(?:${SP}*[-/])?${SP}*(?:de${SP}+)?${NAME}` +
    `(?:${SP}*[-/,])?${SP}*(?:del?${SP}+)?(\\d{4}|\\d{2})(?!\\d)(?:${SP}*(?:г\\.|года|г(?!\\p{L})))?`,
  'giu',
);
/** March 14, 2024; Mar 14 2024; Mar. 14th, 2024; "August 3 , 2014" as some text layers space it. */
const NAME_DAY = new RegExp(
  `(?<![\\p{L}])${NAME}${SP}+(\\d{1,2})(?:st|nd|rd|th)?(?!\\d)(?:${SP}*,${SP}*|${SP}+)(\\d{4})(?!\\d)`,
  'giu',
);

/** The year first, then the month's name and the day: "2026 m. birželio 3 d." (lt), "2025. január
 * 31." (hu). */
const YEAR_NAME_DAY = new RegExp(
  `(?<![\\p{L}\\p{N}])(\\d{4})\\.?(?:${SP}+m\\.)?${SP}+${NAME}${SP}+(\\d{1,2})(?:${SP}*d\\.|\\.)?(?![\\d.,/])`,
  'giu',
);
/** The year, "gada", the day and the month's name: "2026. gada 28. maijs" (lv). */
const YEAR_DAY_NAME = new RegExp(
  `(?<![\\p{L}\\p{N}])(\\d{4})\\.${SP}*gada${SP}+(\\d{1,2})\\.${SP}*${NAME}`,
  'giu',
);

/** 8/4 2026: day, month, a space, a four-digit year (never month first: that form is Nordic). */
const DAY_SLASH_MONTH_YEAR = /(?<![\d/.])(\d{1,2})\/(\d{1,2})[^\S\n](\d{4})(?![\d/]|\.\d)/gu;

/** ISO date for a whole string holding one date, or undefined (not a date, invalid, ambiguous). */
export function parseDate(raw: string, opts: DateOptions = {}): string | undefined {
  const s = raw.trim();
  const found = findDates(s, opts);
  return found.length === 1 && found[0]!.start === 0 && found[0]!.end === s.length
    ? found[0]!.value
    : undefined;
}

/** All dates in a text, left to right, each with its position. */
export function findDates(text: string, opts: DateOptions = {}): DateMatch[] {
  const hits: DateMatch[] = [];
  const push = (m: RegExpMatchArray, value: string | undefined) => {
    if (value) hits.push({ value, raw: m[0], start: m.index!, end: m.index! + m[0].length });
  };
  for (const m of text.matchAll(NUMERIC)) push(m, numericDate(m[1]!, m[2]!, m[3]!, m[4]!, opts));
  for (const m of text.matchAll(DAY_NAME)) push(m, iso(year(m[3]!), monthOf(m[2]!, opts.lang), Number(m[1])));
  for (const m of text.matchAll(NAME_DAY)) push(m, iso(year(m[3]!), monthOf(m[1]!, opts.lang), Number(m[2])));
  for (const m of text.matchAll(YEAR_NAME_DAY))
    push(m, iso(Number(m[1]), monthOf(m[2]!, opts.lang), Number(m[3])));
  for (const m of text.matchAll(YEAR_DAY_NAME))
    push(m, iso(Number(m[1]), monthOf(m[3]!, opts.lang), Number(m[2])));
  // The Danish and Norwegian short form, day/month and the year after a space: "8/4 2026".
  for (const m of text.matchAll(DAY_SLASH_MONTH_YEAR)) push(m, iso(Number(m[3]), Number(m[2]), Number(m[1])));
  // The patterns cannot overlap on sane text; on odd text keep the earliest, longest match.
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  return hits.filter((h, i) => i === 0 || h.start >= hits[i - 1]!.end);
}

/** A month's name and a year, a billing period ("Fevereiro/2026", "März 2024"), not a date. */
export function monthAndYear(text: string): boolean {
  const m = /^(\p{L}+)\.?[\s/.-]+((?:19|20)\d{2})$/u.exec(text.trim());
  return !!m && MONTHS.has(m[1]!.toLowerCase());
}

/**
 * The order a text's unambiguous slashed dates show: month first when one reads only that way
 * (11/17/2017), day first when one reads only that way (17/11/2017); undefined when none does, or
 * when the text shows both. Dotted dates say nothing: they are day first everywhere.
 */
export function slashedOrderShown(text: string): 'dmy' | 'mdy' | undefined {
  let dayFirst = false;
  let monthFirst = false;
  for (const [, a, sep, b, c] of text.matchAll(NUMERIC)) {
    if (sep === '.' || a!.length > 2 || (c!.length !== 2 && c!.length !== 4)) continue;
    const dmy = iso(year(c!), Number(b), Number(a));
    const mdy = iso(year(c!), Number(a), Number(b));
    if (dmy && !mdy) dayFirst = true;
    if (mdy && !dmy) monthFirst = true;
  }
  return dayFirst === monthFirst ? undefined : dayFirst ? 'dmy' : 'mdy';
}

function monthOf(name: string, lang: string | undefined): number {
  const n = name.toLowerCase().replace(/\.$/, '');
  const own = lang ? MONTHS_OF_LANGUAGE.get(lang.toLowerCase().split(/[-_]/)[0]!) : undefined;
  return own?.get(n) ?? MONTHS.get(n) ?? 0;
}

/**
 * A date printed as six digits, year first ("191231": 2019-12-31), in a language whose invoices
 * write dates so (lexicon/words.json): only the whole text, the value of a date label, is read.
 */
export function compactDate(text: string, lang: string | undefined): string | undefined {
  const m = /^\s*(\d{2})(\d{2})(\d{2})\s*$/.exec(text);
  if (!m || !lang || !COMPACT_DATE_LANGUAGES.has(lang.toLowerCase().split(/[-_]/)[0]!)) return undefined;
  return iso(year(m[1]!), Number(m[2]), Number(m[3]));
}

/** Two-digit years are this century: invoices are recent documents. */
function year(y: string): number {
  return y.length === 2 ? 2000 + Number(y) : y.length === 4 ? Number(y) : 0;
}

function iso(y: number, m: number, d: number): string | undefined {
  if (y < 1900 || y > 2199) return undefined;
  const s = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return isIsoDate(s) ? s : undefined;
}

function numericDate(a: string, sep: string, b: string, c: string, opts: DateOptions): string | undefined {
  // Year first (ISO, Hungarian, Swedish), or two-digit year first only when the order says so.
  if (a.length === 4 && c.length <= 2) return iso(year(a), Number(b), Number(c));
  if (a.length > 2 || (c.length !== 2 && c.length !== 4)) return undefined;
  if (opts.order === 'ymd' && c.length <= 2) return iso(year(a), Number(b), Number(c));
  const y = year(c);
  const dmy = iso(y, Number(b), Number(a));
  // Dotted dates are day-month everywhere; month-day is a slash (or dash) habit.
  const mdy = sep === '.' ? undefined : iso(y, Number(a), Number(b));
  if (!dmy || !mdy || dmy === mdy) return dmy ?? mdy;
  const order = opts.order ?? orderOfLang(opts.lang);
  return order === 'mdy' ? mdy : order === 'dmy' ? dmy : undefined;
}

/** en-US (and the few other month-first locales) -> mdy; plain "en" says nothing; others dmy. */
function orderOfLang(lang: string | undefined): DateOrder | undefined {
  if (!lang) return undefined;
  const l = lang.toLowerCase().replace('_', '-');
  if (/^en-(us|ph|fm|mh|pw|as|gu|mp|pr|um|vi)\b/.test(l)) return 'mdy';
  if (l === 'en') return undefined;
  return 'dmy';
}
