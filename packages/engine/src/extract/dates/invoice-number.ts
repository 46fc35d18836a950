// An invoice number as printed: the token a label or a title gives, and whether what was read of
// it is surely all of it (a glyph the PDF maps to nothing, a group OCR may have cut off).

import { monthAndYear, parseDate } from './dates.js';

// A number may open with a short series in capitals set apart by a space ("FV 3/05/2021").
// Letters of any script ("ΤΔΑ-9812") and any dash ("A–7146") may be part of it. Up to 40 signs:
// a platform's reference or a UUID is the number of its invoices ("UBERFRAEATS-FIFCCEJA-01-2025-
// 0000038", "458c10e4-fbd7-4a7f-948a-e22c8c3a00c1").
const NUMBER_TOKEN = /^[#:№]?\s*((?:\p{Lu}{1,4} (?=\p{Lu}?\d))?[\p{L}\d][\p{L}\d\-\u2010-\u2015/._]{0,40})/u;
const NUMBER_MAX = 40;

/** Groups of digits set apart by single spaces, the later ones of three digits or more; or, ten
 * digits or more in all, of any size with a long one last ("1 24 0005 0001201345"). */
const DIGIT_GROUPS = /^\d{2,6}(?: \d{3,6}){1,4}$|^(?=(?:\d ?){10,}$)\d{1,6}(?: \d{1,6}){1,4} \d{6,12}$/;

/** Whether a text is a number printed in groups of digits and nothing else ("726 752 5181"). */
export function digitGroups(text: string): boolean {
  return DIGIT_GROUPS.test(text.trim()) && !parseDate(text.trim());
}

export function invoiceNumberOf(s: string): string | undefined {
  // (after a leader of dots from the label: "Nº FACTURA ................: 25/030840")
  const text = s.trim().replace(/^[.…]{3,}\s*:?\s*/u, '');
  // A number printed in groups of digits, and nothing else ("726 752 5181"): all of it.
  if (digitGroups(text)) return text;
  const m = NUMBER_TOKEN.exec(text);
  if (m && cutByUnmappedGlyph(text, m.index + m[0].length)) return undefined;
  // A reference that goes on past a sign no number holds ("REG3@EXAMPLE.COM-BEST2-…", an order
  // reference made of an e-mail address): what came before it is no number.
  if (m && /^[@]/.test(text.slice(m.index + m[0].length))) return undefined;
  // A number whose parts a slash sets apart with spaces ("2022 / 053") is one number (not one
  // and its date: "5 / 12.03.2024").
  const after = m && /^\s+\/\s+(\d[\p{L}\d\-/._]*)/u.exec(text.slice(m[0].length));
  const spaced = after && !parseDate(after[1]!.replace(/[.,;:]+$/, '')) ? after : undefined;
  const v = (spaced && m ? `${m[1]}/${spaced[1]}` : m?.[1])?.replace(/[.,;:]+$/, '');
  if (!m || !v || !/\d/.test(v) || v.length > NUMBER_MAX) return undefined;
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
export function cutByUnmappedGlyph(text: string, end: number): boolean {
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

/** Not a date, and not a version number ("XRechnung 1.2"). */
export function plausibleNumber(s: string): boolean {
  return s.length >= 3 && !/^\d{1,2}(?:\.\d{1,2}){1,2}$/.test(s) && !parseDate(s);
}
