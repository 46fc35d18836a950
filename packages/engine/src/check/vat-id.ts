// VAT identification number check for the EU-27, Northern Ireland (XI), GB, CH and NO:
// normalises the printed form, takes the country from the prefix, then applies the national
// format and, where the algorithm is published, the check digit. Says nothing about VIES status.

import { luhnValid, weightedSum } from './digits.js';
import { mod97 } from './iban.js';

export type VatIdReason = 'format' | 'checksum' | 'country';

export interface VatIdCheck {
  ok: boolean;
  reason?: VatIdReason;
  /** Normalised id including its prefix, e.g. "DE136695976", "CHE123456789". */
  vatId: string;
  /** The VAT prefix that decided the rules ("EL" for Greece, "XI" for Northern Ireland); '' if none. */
  country: string;
}

interface Rule {
  /** Shape of the part after the 2-letter prefix. */
  format: RegExp;
  /** Check-digit test; only called on a body that matched `format`. */
  checksum?: (body: string) => boolean;
}

const digit = (s: string, i: number): number => s.charCodeAt(i) - 48;

/** Common "11 - (sum mod 11)" scheme: 11 becomes 0, 10 means no valid number exists. */
function mod11Check(digits: string, weights: readonly number[]): boolean {
  const check = 11 - (weightedSum(digits, weights) % 11);
  if (check === 10) return false;
  return (check === 11 ? 0 : check) === digit(digits, weights.length);
}

/** ISO 7064 MOD 11,10 over all but the last digit, compared with the last digit. */
function iso7064Mod11_10(digits: string): boolean {
  let product = 10;
  for (let i = 0; i < digits.length - 1; i++) {
    const sum = (digit(digits, i) + product) % 10 || 10;
    product = (2 * sum) % 11;
  }
  return (11 - product) % 10 === digit(digits, digits.length - 1);
}

/** Austria (UID): Luhn-style cross sums over U + 7 digits, offset by 4. */
function atCheck(body: string): boolean {
  let sum = 0;
  for (let i = 1; i <= 7; i++) {
    const v = digit(body, i) * (i % 2 === 0 ? 2 : 1);
    sum += v > 9 ? v - 9 : v;
  }
  return (10 - ((sum + 4) % 10)) % 10 === digit(body, 8);
}

/**
 * Czech Republic: a company's eight digits end in 11 - (weights 8..2 sum mod 11), 10 read as 0
 * and 11 as 1; a person's ten (the birth number) divide by 11, or, in old numbers, the first nine
 * leave 10 and the last digit is 0. Nine digits (birth numbers before 1954) carry no check.
 */
function czCheck(body: string): boolean {
  if (body.length === 8)
    return (11 - (weightedSum(body, [8, 7, 6, 5, 4, 3, 2]) % 11)) % 10 === digit(body, 7);
  if (body.length === 10)
    return Number(body) % 11 === 0 || (Number(body.slice(0, 9)) % 11 === 10 && body[9] === '0');
  return true;
}

function siCheck(body: string): boolean {
  const check = 11 - (weightedSum(body, [8, 7, 6, 5, 4, 3, 2]) % 11);
  return check !== 10 && (check === 11 ? 0 : check) === digit(body, 7);
}

const ES_DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** Spain: DNI/NIE/K-L-M letters are number mod 23; CIF is a Luhn digit or its letter J,A..I. */
function esCheck(body: string): boolean {
  const first = body[0]!;
  const last = body[8]!;
  const middle = body.slice(1, 8);
  if (/^\d$/.test(first)) return ES_DNI_LETTERS[Number(body.slice(0, 8)) % 23] === last;
  // NIE: X, Y, Z stand for a leading 0, 1, 2.
  if ('XYZ'.includes(first)) return ES_DNI_LETTERS[Number('XYZ'.indexOf(first) + middle) % 23] === last;
  if ('KLM'.includes(first)) return ES_DNI_LETTERS[Number(middle) % 23] === last;
  // CIF (legal entities): authorities disagree on which entity types use the digit or the
  // letter form, so either is accepted.
  for (let c = 0; c <= 9; c++) {
    if (luhnValid(middle + c)) return last === String(c) || last === 'JABCDEFGHI'[c];
  }
  return false;
}

/** France: numeric key = (12 + 3 * (SIREN mod 97)) mod 97; newer letter keys are not checkable. */
function frCheck(body: string): boolean {
  const key = body.slice(0, 2);
  if (!/^\d\d$/.test(key)) return true;
  return Number(key) === (12 + 3 * (Number(body.slice(2)) % 97)) % 97;
}

/** Netherlands: "elfproef" on the RSIN (old ids) or, since 2020 for sole proprietors, mod 97 == 1 over "NL" + id. */
function nlCheck(body: string): boolean {
  const elf = (weightedSum(body, [9, 8, 7, 6, 5, 4, 3, 2]) - digit(body, 8)) % 11 === 0;
  return elf || mod97('NL' + body) === 1;
}

/** United Kingdom: weights 8..2 plus the last two digits; mod 97 (old) or mod 97 offset 55 (since 2010). */
function gbCheck(body: string): boolean {
  if (!/^\d/.test(body)) return true; // GD/HA government and health ids carry no check digits
  const rest = weightedSum(body.slice(0, 9), [8, 7, 6, 5, 4, 3, 2, 10, 1]) % 97;
  return rest === 0 || rest === 42;
}

const GB_RULE: Rule = { format: /^(\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/, checksum: gbCheck };

const RULES: Readonly<Record<string, Rule>> = {
  AT: { format: /^U\d{8}$/, checksum: atCheck },
  BE: {
    // 10 digits starting with 0 or 1; last two = 97 - (first eight mod 97).
    format: /^[01]\d{9}$/,
    checksum: (b) => 97 - (Number(b.slice(0, 8)) % 97) === Number(b.slice(8)),
  },
  BG: { format: /^\d{9,10}$/ },
  CY: { format: /^\d{8}[A-Z]$/ },
  CZ: { format: /^\d{8,10}$/, checksum: czCheck },
  DE: { format: /^[1-9]\d{8}$/, checksum: iso7064Mod11_10 },
  DK: { format: /^\d{8}$/, checksum: (b) => weightedSum(b, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0 },
  EE: { format: /^\d{9}$/ },
  EL: { format: /^\d{9}$/ },
  ES: { format: /^(\d{8}[A-Z]|[XYZKLM]\d{7}[A-Z]|[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J])$/, checksum: esCheck },
  FI: {
    format: /^\d{8}$/,
    checksum: (b) => {
      const rest = weightedSum(b, [7, 9, 10, 5, 8, 4, 2]) % 11;
      return rest !== 1 && (rest === 0 ? 0 : 11 - rest) === digit(b, 7);
    },
  },
  // Key: two digits, or letters/digits without I and O (newer alphanumeric keys).
  FR: { format: /^[0-9A-HJ-NP-Z]{2}\d{9}$/, checksum: frCheck },
  // Croatia: the OIB, ISO 7064 MOD 11,10 like the German id.
  HR: { format: /^\d{11}$/, checksum: iso7064Mod11_10 },
  // Hungary: weights 9, 7, 3, 1 over the first seven digits, the sum's complement to ten.
  HU: {
    format: /^\d{8}$/,
    checksum: (b) => (10 - (weightedSum(b, [9, 7, 3, 1, 9, 7, 3]) % 10)) % 10 === digit(b, 7),
  },
  // Old form: 1 digit, letter/+/*, 5 digits, letter; current: 7 digits + 1-2 letters.
  IE: { format: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/ },
  IT: { format: /^\d{11}$/, checksum: luhnValid },
  LT: { format: /^(\d{9}|\d{12})$/ },
  LU: { format: /^\d{8}$/, checksum: (b) => Number(b.slice(0, 6)) % 89 === Number(b.slice(6)) },
  LV: { format: /^\d{11}$/ },
  MT: { format: /^\d{8}$/ },
  NL: { format: /^\d{9}B\d{2}$/, checksum: nlCheck },
  PL: {
    format: /^\d{10}$/,
    checksum: (b) => weightedSum(b, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11 === digit(b, 9),
  },
  PT: {
    format: /^\d{9}$/,
    checksum: (b) => {
      const check = 11 - (weightedSum(b, [9, 8, 7, 6, 5, 4, 3, 2]) % 11);
      return (check >= 10 ? 0 : check) === digit(b, 8);
    },
  },
  // Romania: the CIF's last digit is ten times the weighted sum (7, 5, 3, 2, 1, 7, 5, 3, 2 over the
  // other digits, right-aligned) mod 11, 10 read as 0.
  RO: {
    format: /^[1-9]\d{1,9}$/,
    checksum: (b) => {
      const body = b.slice(0, -1).padStart(9, '0');
      return ((weightedSum(body, [7, 5, 3, 2, 1, 7, 5, 3, 2]) * 10) % 11) % 10 === digit(b, b.length - 1);
    },
  },
  // Organisation number + "01"; the organisation number carries a Luhn digit.
  SE: { format: /^\d{10}01$/, checksum: (b) => luhnValid(b.slice(0, 10)) },
  // Slovenia: 11 - (weights 8..2 sum mod 11), 11 read as 0; a remainder giving 10 is no id.
  SI: { format: /^[1-9]\d{7}$/, checksum: siCheck },
  // Slovakia: the ten digits divide by 11.
  SK: { format: /^[1-9]\d{9}$/, checksum: (b) => Number(b) % 11 === 0 },
  // Switzerland: UID "CHE" + 9 digits (MWST/TVA/IVA/TPV suffix removed in normalisation).
  CH: { format: /^E\d{9}$/, checksum: (b) => mod11Check(b.slice(1), [5, 4, 3, 2, 7, 6, 5, 4]) },
  // Norway: organisation number, optionally followed by "MVA".
  NO: { format: /^\d{9}(MVA)?$/, checksum: (b) => mod11Check(b, [3, 2, 7, 6, 5, 4, 3, 2]) },
  GB: GB_RULE,
  XI: GB_RULE,
  // The EU's one-stop shop for sellers established outside the Union (non-Union scheme,
  // Directive 2006/112/EC art. 362): "EU" and nine digits, the first three naming the member
  // state that issued it; no published check digit. SaaS invoices from outside the EU print it.
  EU: { format: /^\d{9}$/ },
};

/** Upper case, without spaces, dots and dashes. */
export function normalizeVatId(s: string): string {
  return s.toUpperCase().replace(/[\s.\-\u2010-\u2015]+/g, '');
}

/** VAT prefix for a country code: Greece's VAT prefix is EL, not its ISO code GR. */
function vatPrefix(country: string): string {
  const c = country.trim().toUpperCase();
  return c === 'GR' ? 'EL' : c;
}

/** Northern Ireland traders have GB addresses and may show either GB or XI ids. */
function sameCountry(a: string, b: string): boolean {
  const uk = (c: string) => (c === 'XI' ? 'GB' : c);
  return uk(a) === uk(b);
}

/**
 * Checks a VAT id. The prefix in `s` decides the country; `country` (ISO code or VAT prefix)
 * is used as the prefix when `s` has none, and must agree with it when it has one.
 */
export function checkVatId(s: string, country?: string): VatIdCheck {
  let vatId = normalizeVatId(s);
  const hint = country ? vatPrefix(country) : undefined;
  let prefix = /^[A-Z]{2}/.test(vatId) ? vatId.slice(0, 2) : undefined;
  if (prefix === undefined) {
    if (!hint) return { ok: false, reason: vatId ? 'country' : 'format', vatId, country: '' };
    prefix = hint;
    vatId = (hint === 'CH' ? 'CHE' : hint) + vatId;
  }
  const key = prefix === 'GR' ? 'EL' : prefix;
  const rule = RULES[key];
  if (!rule) return { ok: false, reason: 'country', vatId, country: key };
  if (hint && !sameCountry(hint, key)) return { ok: false, reason: 'country', vatId, country: key };
  // Swiss ids are printed with the tax suffix in the local language.
  if (key === 'CH') vatId = vatId.replace(/^(CHE\d{9})(MWST|TVA|IVA|TPV)$/, '$1');
  const body = vatId.slice(2);
  if (!rule.format.test(body)) return { ok: false, reason: 'format', vatId, country: key };
  if (rule.checksum && !rule.checksum(body)) return { ok: false, reason: 'checksum', vatId, country: key };
  return { ok: true, vatId, country: key };
}
