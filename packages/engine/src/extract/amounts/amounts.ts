// Amounts as printed on invoices (1.234,56 / 1,234.56 / 1 234,56 / 1'234.56, minus before, after
// or as parentheses, "12,-" whole amounts, currency around) to canonical decimal strings. A single
// separator followed by three digits may be a decimal point or grouping: refused, never guessed.
import { parseDecimal } from '../../decimal.js';
import { findDates } from '../dates/dates.js';
import { CURRENCY_TOKEN, currencyOfToken } from '../identifiers/currency.js';

export interface AmountHint {
  /** The document's decimal separator, when known; resolves `1,234` / `1.234`. */
  decimal?: ',' | '.';
}

export interface AmountMatch {
  /** Canonical decimal string (parseDecimal form). */
  value: string;
  raw: string;
  start: number;
  end: number;
  /** ISO code of a currency written right beside the number. */
  currency?: string;
}

const LEAD_CURRENCY = new RegExp(`^${CURRENCY_TOKEN}\\s?`, 'u');
const TRAIL_CURRENCY = new RegExp(`\\s?${CURRENCY_TOKEN}$`, 'u');
const MINUS = /[-\u2212\u2013]/;

/** Canonical decimal string for one printed amount, or undefined when it is not one (or ambiguous). */
export function parseAmount(raw: string, hint: AmountHint = {}): string | undefined {
  let s = raw.trim();
  let signs = 0;
  let negative = false;
  const paren = /^\((.*)\)$/s.exec(s);
  if (paren) [s, negative, signs] = [paren[1]!.trim(), true, 1];
  // Currency and sign come in either order before the number ("-€ 5", "€ -5"); peel until stable.
  for (let before = ''; before !== s; ) {
    before = s;
    s = s.replace(LEAD_CURRENCY, '').replace(TRAIL_CURRENCY, '').trim();
    const lead = /^([-\u2212\u2013+])\s?/.exec(s);
    if (lead) {
      s = s.slice(lead[0].length);
      signs++;
      negative ||= lead[1] !== '+';
    }
    // A trailing minus follows a digit; "1.234,-" is a whole amount, not a negative one.
    if (/\d[-\u2212]$/.test(s)) {
      s = s.slice(0, -1).trim();
      signs++;
      negative = true;
    }
  }
  if (signs > 1) return undefined;
  // "1.234,-" / "12,--" / Swiss "12.–": a whole amount with its decimal separator and a dash.
  const whole = /^(.*\d)([.,])[-\u2013\u2014]{1,2}$/.exec(s);
  const body = whole ? parseBody(whole[1]!, whole[2] === ',' ? '.' : ',') : parseBody(s, undefined, hint);
  if (body === undefined || (whole && body.includes('.'))) return undefined;
  return parseDecimal((negative ? '-' : '') + body);
}

/**
 * Digits with separators to "1234.56". `grouping` forces the separator that may only group
 * (used for whole amounts); otherwise the structure, then the hint, decides.
 */
function parseBody(s: string, grouping?: ',' | '.', hint: AmountHint = {}): string | undefined {
  if (!/^\d(?:[\d.,'\u2019]|\s(?=\d))*(?<=\d)$/.test(s) || /[.,'\u2019\s]{2}/.test(s)) return undefined;
  const runs = s.split(/[.,'\u2019\s]/);
  // Spaces of any kind (NBSP, U+202F) are one grouping separator; so are both apostrophes.
  const seps = (s.match(/[.,'\u2019\s]/g) ?? []).map((c) => (/\s/.test(c) ? ' ' : c === '\u2019' ? "'" : c));
  if (!seps.length) return s;
  const kinds = new Set(seps);
  const last = seps[seps.length - 1]!;
  let decimal: string | undefined;
  if (kinds.size > 2) return undefined;
  if (kinds.size === 2) {
    // Two kinds: the last is the decimal separator and occurs once ("1.234.567,89", "1'234.50").
    if ((last !== '.' && last !== ',') || seps.indexOf(last) !== seps.length - 1 || last === grouping) {
      return undefined;
    }
    decimal = last;
  } else if ((last === '.' || last === ',') && seps.length === 1 && last !== grouping) {
    const [int, frac] = [runs[0]!, runs[1]!];
    // Only "d,ddd" with a 1-3 digit integer could be grouping; "0,123" and "1234,567" cannot.
    const couldGroup = frac.length === 3 && int.length <= 3 && !int.startsWith('0');
    if (!couldGroup || hint.decimal === last) decimal = last;
    else if (!hint.decimal) return undefined;
  }
  const intRuns = decimal ? runs.slice(0, -1) : runs;
  const frac = decimal ? runs[runs.length - 1]! : '';
  // Grouped digits: 1-3 leading digits without a leading zero, then groups of exactly three.
  if (intRuns.length > 1) {
    const [first, ...rest] = intRuns;
    if (
      first!.length > 3 ||
      (first!.startsWith('0') && first!.length > 0) ||
      rest.some((r) => r.length !== 3)
    ) {
      return undefined;
    }
  }
  return intRuns.join('') + (decimal ? `.${frac}` : '');
}

// A number core: grouped (1.234.567,89 / 1 234,56) or plain (1234,56), with an optional "-" or "--"
// for whole amounts. (?!\d) after each form makes the regex back off to a form ending at a boundary.
const GROUPED = (spaces: boolean) => `\\d{1,3}(?:(?:[.,'\u2019]${spaces ? '|[^\\S\\n]' : ''})\\d{3})+`;
const CORE = (spaces: boolean) =>
  new RegExp(`(?:${GROUPED(spaces)}|\\d+)(?:[.,](?:\\d+|[-\u2013]{1,2}(?![-\u2013])))?(?!\\d)`, 'gu');
const CORE_SPACES = CORE(true);
const CORE_TIGHT = CORE(false);
const RIGHT_CURRENCY = new RegExp(`^[^\\S\\n]?(${CURRENCY_TOKEN})(?![\\p{L}\\p{N}])`, 'u');
const LEFT_CURRENCY = new RegExp(`(?<![\\p{L}])(${CURRENCY_TOKEN})[^\\S\\n]?$`, 'u');

/**
 * Amount tokens in a line of text: numbers with decimals ("19,90"), a whole-amount dash or a
 * currency beside them. Dates, percentages, parts of longer numbers and identifiers are skipped.
 * `spaceGroups: false` stops "2 100,00" reading as 2100 where columns were joined by spaces.
 */
export function findAmounts(text: string, opts: AmountHint & { spaceGroups?: boolean } = {}): AmountMatch[] {
  const out: AmountMatch[] = [];
  const re = opts.spaceGroups === false ? CORE_TIGHT : CORE_SPACES;
  // Any reading of a date, even an ambiguous one, rules its digits out as an amount.
  const dates = findDates(text, { order: 'dmy' });
  let di = 0;
  for (const m of text.matchAll(re)) {
    let start = m.index;
    let end = start + m[0].length;
    while (di < dates.length && dates[di]!.end <= start) di++;
    if (di < dates.length && dates[di]!.start < end) continue;
    const prev = text[start - 1] ?? '';
    const prev2 = text[start - 2] ?? '';
    const next = text[end] ?? '';
    // Part of a word or identifier (KR8765, DE89...), or a later part of a date or number chain;
    // letters right before are fine when they are a currency ("EUR100,00").
    const glued = /\p{L}/u.test(prev) && LEFT_CURRENCY.test(text.slice(Math.max(0, start - 8), start));
    if ((/[\p{L}\p{N}_]/u.test(prev) && !glued) || (/[.,/:'\u2019]/.test(prev) && /\d/.test(prev2))) continue;
    if (prev === '-' && /\p{L}/u.test(prev2)) continue;
    if (/[.,/:]/.test(next) && /\d/.test(text[end + 1] ?? '')) continue;
    if (/^[^\S\n]?[%‰]/.test(text.slice(end, end + 2))) continue;
    let currency: string | undefined;
    let token: string | undefined;
    // Right: a trailing minus ("1.234,56-", not a range "10,00-20,00"), then a currency.
    if (MINUS.test(next) && /\d$/.test(m[0]) && !/[\p{L}\p{N}]/u.test(text[end + 1] ?? '')) end++;
    // A currency followed by another number is that number's prefix ("1 € 399,00", "EUR 5 EUR 6").
    const right = RIGHT_CURRENCY.exec(text.slice(end, end + 8));
    if (
      right &&
      !/^[^\S\n]?[-\u2212]?\d/.test(text.slice(end + right[0].length, end + right[0].length + 3))
    ) {
      token = right[1]!;
      end += right[0].length;
    } else if (/\p{L}/u.test(text[end] ?? '')) continue; // "12,50kg", "3.5x"
    // Left: a sign right before the number, a currency, a sign before that, an opening parenthesis.
    const signBefore = (at: number) => {
      const w = /(?<![\p{L}\p{N}.,])[-\u2212\u2013][^\S\n]?$/u.exec(text.slice(Math.max(0, at - 4), at));
      return w ? at - w[0].length : at;
    };
    start = signBefore(start);
    if (!token) {
      const left = LEFT_CURRENCY.exec(text.slice(Math.max(0, start - 8), start));
      if (left) {
        token = left[1]!;
        start -= left[0].length;
        if (start === m.index - left[0].length) start = signBefore(start);
      }
    }
    if (text[start - 1] === '(' && text[end] === ')') [start, end] = [start - 1, end + 1];
    if (token) currency = currencyOfToken(token);
    const raw = text.slice(start, end);
    const value = parseAmount(raw, opts);
    if (value === undefined) continue;
    const frac = value.split('.')[1] ?? '';
    const dash = /[.,][-\u2013]/.test(m[0]);
    // Plain integers are quantities, years, postcodes; one decimal is a version or a rate.
    if (!token && !dash && frac.length < 2) continue;
    out.push(currency ? { value, raw, start, end, currency } : { value, raw, start, end });
  }
  return out;
}
