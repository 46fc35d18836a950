// IBANs in invoice text: spaced or not, glued to the next word, misread by OCR (a zero read as
// the letter O), after an account's label with the country set apart, and in a country's national
// form under its label (a Polish NRB). Each carries its check result, so the caller can tell a typo
// (right shape, wrong checksum) from a clean value.
import { checkIban, ibanLength } from '../../check/iban.js';
import { ACCOUNT_WORD_SOURCES, NATIONAL_ACCOUNTS } from '../lexicon/lexicon.js';
import { knownGermanBank } from './bank-bic.js';
import type { IdMatch } from './id-match.js';

export interface IbanMatch extends IdMatch {
  valid: boolean;
}

// National IBAN lengths are checked by checkIban; here only the shape: 15..34 characters.
// OCR reads a zero as the letter O: check digits are digits, so "DEO2" may start one too.
const IBAN_START = /(?<![A-Za-z0-9])[A-Z]{2}[\dO]{2}/g;

/** Countries whose account part (BBAN) is all digits: there, an O can only be a misread 0. */
const NUMERIC_BBAN = new Set([
  'DE',
  'AT',
  'BE',
  'CH',
  'LI',
  'DK',
  'FI',
  'NO',
  'SE',
  'PL',
  'CZ',
  'SK',
  'SI',
  'EE',
  'LT',
  'HR',
  'ES',
  'PT',
  'HU',
  'RS',
  'TR',
  'IS',
]);

/** O read for 0 where the IBAN's grammar allows only a digit; undefined when nothing changes. */
function zerosForOs(raw: string): string | undefined {
  const country = raw.slice(0, 2);
  const rest = NUMERIC_BBAN.has(country)
    ? raw.slice(2).replace(/O/g, '0')
    : raw.slice(2, 4).replace(/O/g, '0') + raw.slice(4);
  return rest === raw.slice(2) ? undefined : country + rest;
}

/** What OCR reads for a digit in a smudged or small print: only these are put right. */
const DIGIT_FOR: Readonly<Record<string, string>> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  I: '1',
  l: '1',
  '|': '1',
  Z: '2',
  S: '5',
  G: '6',
  B: '8',
};
const DIGITISH_CLASS = '[0-9OoDQIl|ZSGB]';
const DIGITISH = new RegExp(DIGITISH_CLASS);
const LOOSE_START = new RegExp(`(?<![A-Za-z0-9])([A-Z]{2})(?=${DIGITISH_CLASS}{2})`, 'g');

/** The country code DE as OCR reads it now and then: 0 or O for the D, 8 or 6 for the E. */
const MISREAD_DE = new RegExp(`(?<![A-Za-z0-9])(?:[0O][E86]|D[86])(?=${DIGITISH_CLASS}{2})`, 'g');

/**
 * IBANs of countries whose account part is all digits, read by OCR with letters for digits
 * (`DEOB 7009` for `DE08 7009`), a dot or comma for a space, or groups run together, each
 * confusable letter taken for its one digit (ibanAfter). Kept only when the checksum then holds,
 * which a wrong repair passes once in 97; a misread digit besides makes it fail.
 */
function misreadIbans(text: string): IbanMatch[] {
  const out: IbanMatch[] = [];
  for (const m of text.matchAll(LOOSE_START)) {
    const country = m[1]!;
    if (!NUMERIC_BBAN.has(country)) continue;
    const found = ibanAfter(text, country, m.index);
    if (found) out.push(found);
  }
  // "DE" itself misread in small print ("0E75 5121 ...", "BAN: 0802 1203 ..."): taken only when,
  // besides the checksum, the bank code is one the Bundesbank lists, which a wrong repair
  // passes about once in 2.8 million.
  for (const m of text.matchAll(MISREAD_DE)) {
    const found = ibanAfter(text, 'DE', m.index);
    if (found && knownGermanBank(found.value)) out.push(found);
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * The IBAN of `country` whose characters after the two at `start` OCR read with letters for
 * digits, when its checksum holds: the digits are collected, separators skipped, up to the
 * country's exact length and no further (a digit right after means a longer number).
 */
function ibanAfter(text: string, country: string, start: number): IbanMatch | undefined {
  const length = ibanLength(country);
  if (!length) return undefined;
  let digits = '';
  let end = start + 2;
  while (digits.length < length - 2 && end < text.length) {
    const c = text[end]!;
    if (DIGITISH.test(c)) digits += DIGIT_FOR[c] ?? c;
    // One separator between groups, never two in a row or at the end.
    else if (!/[ .,\u00a0]/.test(c) || !DIGITISH.test(text[end + 1] ?? '') || !digits) break;
    end++;
  }
  if (digits.length !== length - 2 || /[0-9A-Za-z]/.test(text[end] ?? '')) return undefined;
  const check = checkIban(country + digits);
  return check.ok ? { value: check.iban, raw: text.slice(start, end), start, end, valid: true } : undefined;
}

const NATIONAL = NATIONAL_ACCOUNTS.flatMap(({ country, digits, grouped, labels }) => [
  {
    country,
    re: new RegExp(
      `(?:^|\\s)(?:${labels.join('|')})\\s*:?\\s*((?:\\d[ \\u00a0]?){${digits}})(?![\\d])`,
      'iu',
    ),
  },
  ...(grouped ? [{ country, re: new RegExp(`(?<![\\d\\p{L}])(${grouped})(?![\\d\\p{L}])`, 'u') }] : []),
]);

/**
 * An account printed in its country's national form, the IBAN without its country code, under
 * an account label ("Numer rachunku bankowego 57 1140 2004 …", a Polish NRB) or in the form's
 * own grouping under a bank's name ("Alior Bank S.A." / "91 2490 0005 0000 4530 8214 0275"): the
 * IBAN, taken only when its checksum holds with the country's code put in front.
 */
export function nationalIban(text: string): IbanMatch | undefined {
  for (const { country, re } of NATIONAL) {
    const m = re.exec(text);
    if (!m) continue;
    const raw = m[1]!.trim();
    const check = checkIban(country + raw.replace(/\s/g, ''));
    const start = m.index + m[0].length - m[1]!.length;
    if (check.ok) return { value: check.iban, raw, start, end: start + raw.length, valid: true };
  }
  return undefined;
}

/**
 * An IBAN right after its label whose groups are set apart in an unusual way ("IBAN: DE
 * 02478601252009730500", "IBAN : NL67 RABO 0171.218.302"): the country's length of letters and
 * digits over single spaces or dots, nothing of the kind right after, taken only when the
 * checksum holds.
 */
const ACCOUNT_LABEL = new RegExp(
  `(?<![\\p{L}])(?:${ACCOUNT_WORD_SOURCES.join('|')})[\\s:.]*(?=[A-Z]{2}[ .\u00a0]?\\d)`,
  'giu',
);

function labelledIbans(text: string): IbanMatch[] {
  const out: IbanMatch[] = [];
  for (const m of text.matchAll(ACCOUNT_LABEL)) {
    const start = m.index + m[0].length;
    const length = ibanLength(text.slice(start, start + 2));
    if (!length) continue;
    let chars = '';
    let end = start;
    while (chars.length < length && end < text.length) {
      const c = text[end]!;
      if (/[A-Z0-9]/.test(c)) chars += c;
      else if (!/[ .\u00a0]/.test(c) || /[ .\u00a0]/.test(text[end - 1] ?? '')) break;
      end++;
    }
    const check = checkIban(chars);
    if (chars.length === length && !/[A-Za-z0-9]/.test(text[end] ?? '') && check.ok)
      out.push({ value: check.iban, raw: text.slice(start, end), start, end, valid: true });
  }
  return out;
}

/** Whether an IBAN's account part is one digit repeated ("PL73 1111 1111 1111 …"): a template's
 * placeholder, whose checksum may hold, never an account to pay to. */
export function placeholderIban(iban: string): boolean {
  return /^(\d)\1+$/.test(iban.replace(/\s/g, '').slice(4));
}

/**
 * IBANs printed unspaced or in groups of four (the last group shorter); `valid` per checkIban.
 * From OCR (`ocr`), an IBAN of a numeric country that does not read as one is put right when
 * its checksum then holds (misreadIbans).
 */
export function findIbans(text: string, opts: { ocr?: boolean } = {}): IbanMatch[] {
  const out = withReadings(strictIbans(text), labelledIbans(text));
  return opts.ocr ? withReadings(out, misreadIbans(text)) : out;
}

/**
 * `found` with `more` readings of other characters or of characters only an invalid reading
 * covers: such a reading (its checksum holds) takes the place of the invalid one.
 */
function withReadings(found: IbanMatch[], more: IbanMatch[]): IbanMatch[] {
  const overlap = (a: IbanMatch, b: IbanMatch) => a.start < b.end && b.start < a.end;
  const added = more.filter((m) => !found.some((i) => i.valid && overlap(i, m)));
  if (!added.length) return found;
  const kept = found.filter((i) => !added.some((m) => overlap(i, m)));
  return [...kept, ...added].sort((a, b) => a.start - b.start);
}

/**
 * An IBAN printed in its national parts rather than in fours ("AT32 12000 52110 109901", "DE95
 * 67040031 0370848400": bank code, then account): groups of up to ten (a German account number)
 * after single spaces that make up the country's length exactly, taken only when the checksum
 * holds.
 */
function nationalGroups(text: string, start: number): IbanMatch | undefined {
  const length = ibanLength(text.slice(start, start + 2));
  const m = /^[A-Z]{2}\d{2}(?:[ \u00a0][A-Z0-9]{1,10})+/.exec(text.slice(start, start + 50));
  if (!length || !m) return undefined;
  let raw = '';
  for (const part of m[0].split(/(?=[ \u00a0])/)) {
    if ((raw + part).replace(/\s/g, '').length > length) break;
    raw += part;
  }
  const check = checkIban(raw);
  if (
    raw.replace(/\s/g, '').length !== length ||
    !check.ok ||
    /[A-Za-z0-9]/.test(text[start + raw.length] ?? '')
  )
    return undefined;
  return { value: check.iban, raw, start, end: start + raw.length, valid: true };
}

/**
 * An IBAN whose last group runs into the next word, its space lost where a column's text ran on
 * ("FI09 6869 6940 1500 38Toimitusjohtaja", "… 0130 00BIC"): the country's length of characters
 * over single spaces, followed by a letter, taken only when the checksum holds.
 */
function gluedIban(text: string, start: number): IbanMatch | undefined {
  const length = ibanLength(text.slice(start, start + 2));
  if (!length) return undefined;
  let end = start;
  let chars = 0;
  while (chars < length && end < text.length) {
    const c = text[end]!;
    if (/[A-Z0-9]/.test(c)) chars++;
    else if (!/[ \u00a0]/.test(c) || /[ \u00a0]/.test(text[end - 1] ?? '')) return undefined;
    end++;
  }
  const raw = text.slice(start, end);
  const check = checkIban(raw);
  if (chars !== length || !check.ok || !/\p{L}/u.test(text[end] ?? '')) return undefined;
  return { value: check.iban, raw, start, end, valid: true };
}

function strictIbans(text: string): IbanMatch[] {
  const out: IbanMatch[] = [];
  for (const m of text.matchAll(IBAN_START)) {
    if (out.length && m.index < out[out.length - 1]!.end) continue;
    const start = m.index;
    let end = start + 4;
    let chars = 4;
    // Unspaced: one run. Spaced: group by group, each a run of A-Z0-9 after one space; a group
    // shorter than four ends the IBAN, and 34 characters is the longest IBAN there is.
    const first = /^[A-Z0-9]*/.exec(text.slice(end, end + 40))![0];
    end += first.length;
    chars += first.length;
    let groupLen = first ? 0 : 4;
    while (groupLen === 4 && chars < 34) {
      const g = /^[ \u00a0]([A-Z0-9]{1,4})(?![A-Za-z0-9])/.exec(text.slice(end, end + 6));
      if (!g || chars + g[1]!.length > 34) break;
      end += g[0].length;
      chars += g[1]!.length;
      groupLen = g[1]!.length;
    }
    if (chars < 15 || chars > 34 || /[a-z0-9]/.test(text[end] ?? '')) {
      const national = nationalGroups(text, start);
      if (national) out.push(national);
      continue;
    }
    let raw = text.slice(start, end);
    let check = checkIban(raw);
    // A misread O is put right only when the checksum then holds (it catches any one wrong digit).
    if (/O/.test(raw.slice(2, 4)) || (!check.ok && NUMERIC_BBAN.has(raw.slice(0, 2)) && /O/.test(raw))) {
      const fixed = zerosForOs(raw);
      const fixedCheck = fixed ? checkIban(fixed) : undefined;
      if (!fixedCheck?.ok) continue;
      out.push({ value: fixedCheck.iban, raw, start, end, valid: true });
      continue;
    }
    // The walk may take the next word if it is a short upper-case one ("... 0130 00 BIC"): retry
    // without the last group before calling the IBAN invalid.
    if (!check.ok && / [A-Z0-9]{1,4}$/.test(raw)) {
      const shorter = raw.replace(/[ \u00a0][A-Z0-9]{1,4}$/, '');
      if (checkIban(shorter).ok) [raw, end, check] = [shorter, start + shorter.length, checkIban(shorter)];
    }
    const glued = check.ok ? undefined : gluedIban(text, start);
    if (glued) {
      out.push(glued);
      continue;
    }
    out.push({ value: check.iban, raw, start, end, valid: check.ok });
  }
  return out;
}
