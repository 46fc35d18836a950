// Units of quantity: a unit as printed ("Stk", "Std.", "m²", "szt.") as its UN/ECE Recommendation 20
// code through lexicon/units.json, for the item tables read from pages and for the writers of
// e-invoices (a FatturaPA UnitaMisura given as a word). What is no known code is never guessed.

import { unitSources } from '../lexicon/lexicon.js';

const UNIT_PATTERNS = Object.entries(unitSources()).map(
  ([code, sources]) => [code, new RegExp(`^(?:${sources.join('|')})$`, 'iu')] as const,
);
/** A code of UN/ECE Recommendation 20 as printed by e-invoice viewers ("H87", "C62", "HUR"). */
const REC20_CODE = /^(?:[A-Z][A-Z0-9]{2}|[A-Z0-9]{2})$/;
/** Text short enough to be a unit as printed ("Pal.", "Rolle", "VE"): a word or two, a letter in it. */
const UNIT_TEXT = /^(?=.*\p{L})[\p{L}\p{N}.²³/()'-]+(?: [\p{L}\p{N}.²³/()'-]+)?$/u;

/**
 * The Rec 20 code of a unit as written: the code of a unit of units.json (when one code only claims
 * it), or a code itself, alone or with its name as viewers print it ("XBC - unbekannte").
 */
export function unitCodeOf(unit: string): string | undefined {
  const text = unit.trim();
  // A plural mark in brackets ("Tag(e)", "Unit(s)") is no part of the unit.
  const bare = text.replace(/\((?:e|s|n|en|es)\)$/iu, '');
  const codes = UNIT_PATTERNS.filter(([, re]) => re.test(bare)).map(([code]) => code);
  if (codes.length) return codes.length === 1 ? codes[0] : undefined;
  const code = /^(\S+)(?:\s*-\s.*)?$/u.exec(text)?.[1] ?? '';
  return REC20_CODE.test(code) && /[A-Z]/.test(code) ? code : undefined;
}

/**
 * A line's unit from the words printed for it in a table: its Rec 20 code (unitCodeOf) of the text
 * or of its first word, else the text as printed; nothing where the text is too long to be a unit.
 */
export function unitOf(words: string[]): string | undefined {
  // A quantity printed in the unit's own column ("3 PCE") is no part of the unit.
  const text = words
    .join(' ')
    .trim()
    .replace(/^\d+(?:[.,]\d+)?\s+(?=\p{L})/u, '');
  if (!text) return undefined;
  const code = unitCodeOf(text);
  if (code || text.length > 12 || !UNIT_TEXT.test(text)) return code;
  // Of two words, the first may be the unit and the second a speck or a word beside it ("Stk f",
  // "kg VAT" as OCR reads them).
  const first = text.split(' ')[0]!;
  return (first !== text ? unitCodeOf(first) : undefined) ?? text;
}
