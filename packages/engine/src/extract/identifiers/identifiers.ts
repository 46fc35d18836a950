// Payment and tax identifiers in invoice text: BICs, VAT ids with country prefix (or, under a
// country's label, without), e-mail addresses and the labelled Russian ids (IBANs: ibans.ts).
// Candidates carry their check result so the caller can tell a typo (right shape, wrong checksum)
// from a clean value.
import { checkBic } from '../../check/bic.js';
import { checkVatId, type VatIdCheck } from '../../check/vat-id.js';
import { VAT_IDS_WITHOUT_PREFIX } from '../lexicon/lexicon.js';
import { findIbans } from './ibans.js';
import type { IdMatch } from './id-match.js';

export interface BicMatch extends IdMatch {
  valid: boolean;
  /** A label (BIC, SWIFT, BIC/SWIFT code) precedes it: many 8-letter words are BIC-shaped. */
  labelled: boolean;
}

export interface VatIdMatch extends IdMatch {
  valid: boolean;
  /** VAT prefix that decided the rules (EL for Greece, CH for Switzerland). */
  country: string;
}

export type RuIdKind = 'inn' | 'kpp' | 'bik' | 'account' | 'corr_account';
export interface RuIdMatch extends IdMatch {
  kind: RuIdKind;
}

const BIC_RE = /(?<![A-Za-z0-9])[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?(?![A-Za-z0-9])/g;
const BIC_LABEL =
  /(?<![A-Za-z])(?:BIC|SWIFT|S\.W\.I\.F\.T\.?)(?:[\s\-/()]*(?:BIC|SWIFT|code|kod))*[\s.:#()]*$/i;

/** A BIC printed in its parts, bank, country, location and branch ("DEUT DE SS"). */
const SPACED_BIC_RE = /(?<![A-Za-z0-9])[A-Z]{4} [A-Z]{2} [A-Z0-9]{2}(?: [A-Z0-9]{3})?(?![A-Za-z0-9])/g;

/**
 * BIC-shaped tokens that pass checkBic, plus labelled ones that do not (a misread BIC), plus one
 * printed in its parts right after its label (only there: "BANK DE AG" would be one otherwise).
 */
export function findBics(text: string): BicMatch[] {
  const out: BicMatch[] = [];
  const labelledAt = (index: number) => BIC_LABEL.test(text.slice(Math.max(0, index - 24), index));
  for (const m of text.matchAll(BIC_RE)) {
    const labelled = labelledAt(m.index);
    const check = checkBic(m[0]);
    if (!check.ok && !labelled) continue;
    out.push({
      value: check.bic,
      raw: m[0],
      start: m.index,
      end: m.index + m[0].length,
      valid: check.ok,
      labelled,
    });
  }
  for (const m of text.matchAll(SPACED_BIC_RE)) {
    const check = checkBic(m[0]);
    if (!check.ok || !labelledAt(m.index)) continue;
    out.push({
      value: check.bic,
      raw: m[0],
      start: m.index,
      end: m.index + m[0].length,
      valid: true,
      labelled: true,
    });
  }
  return out.sort((a, b) => a.start - b.start);
}

// VAT prefixes: EU (EL for Greece, GR tolerated), XI for Northern Ireland, GB, CH (CHE-...), NO,
// and EU itself (the non-Union one-stop shop's ids).
const VAT_START =
  /(?<![A-Za-z0-9])(?:AT|BE|BG|CY|CZ|DE|DK|EE|EL|GR|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI|GB|CH|NO|EU)(?=[\s.-]?[0-9A-Z])/g;

/**
 * VAT ids with their country prefix, also printed in groups ("DE 123 456 789", "CHE-123.456.789
 * MWST", "FR 12 345678901"). The longest run of groups that has the country's format wins;
 * `valid` is false when only the check digit fails. IBANs are not mistaken for VAT ids.
 */
export function findVatIds(text: string): VatIdMatch[] {
  const ibans = findIbans(text).filter((i) => i.valid);
  const out: VatIdMatch[] = [];
  for (const m of text.matchAll(VAT_START)) {
    const start = m.index;
    if (ibans.some((i) => start >= i.start && start < i.end)) continue;
    if (out.length && start < out[out.length - 1]!.end) continue;
    // Groups of A-Z0-9 after the prefix, separated by one space, dot or dash; at most 6 groups.
    const ends: number[] = [];
    let pos = start + 2;
    for (let i = 0; i < 6; i++) {
      const g = /^(?:[^\S\n]|[.\-\u2010-\u2015])?([0-9A-Z]+)(?![0-9A-Za-z])/.exec(text.slice(pos, pos + 20));
      if (!g) break;
      pos += g[0].length;
      ends.push(pos);
    }
    for (const end of ends.reverse()) {
      const raw = text.slice(start, end);
      const check = checkVatId(raw);
      if (check.reason === 'format' || check.reason === 'country') continue;
      out.push({ value: check.vatId, raw, start, end, valid: check.ok, country: check.country });
      break;
    }
  }
  return out;
}

/** VAT ids printed without their country prefix (lexicon `vat_ids_without_prefix`), compiled once:
 * `label` finds the country's VAT word, `value` the id right after a label, `afterWord` the id
 * after the word within a few characters ("BTW 813941155B01", "Partita IVA: 12345670017"). */
export const PREFIXLESS_VAT_IDS = VAT_IDS_WITHOUT_PREFIX.map(({ country, label, form }) => ({
  country,
  label: new RegExp(`(?:^|[^\\p{L}])${label}(?![\\p{L}])`, 'iu'),
  value: new RegExp(`^\\s*(${form})(?![\\p{L}\\p{N}])`, 'u'),
  afterWord: new RegExp(
    `(?<![\\p{L}])${label}(?![\\p{L}])[^\\p{N}\\n]{0,16}?(${form})(?![\\p{L}\\p{N}])`,
    'giu',
  ),
}));

/**
 * A VAT id printed without its country's prefix, as read after the country's VAT word: the id
 * with its prefix when its check digits hold. One digit repeated ("00000000000") is a form's
 * placeholder, though its check digit holds.
 */
export function prefixlessVatId(raw: string, country: string): VatIdCheck | undefined {
  const compact = raw.replace(/[ -]/g, '').toUpperCase();
  if (/^(\d)\1+$/.test(compact)) return undefined;
  const check = checkVatId(compact, country);
  return check.ok ? check : undefined;
}

/** VAT ids a country prints without its prefix, right after its own VAT word (prefixlessVatId). */
export function findVatIdsWithoutPrefix(text: string): VatIdMatch[] {
  const out: VatIdMatch[] = [];
  for (const form of PREFIXLESS_VAT_IDS) {
    for (const m of text.matchAll(form.afterWord)) {
      const raw = m[1]!;
      const check = prefixlessVatId(raw, form.country);
      if (!check) continue;
      const start = m.index + m[0].length - raw.length;
      out.push({
        value: check.vatId,
        raw,
        start,
        end: start + raw.length,
        valid: true,
        country: check.country,
      });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

const EMAIL =
  /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}(?![\p{L}\p{N}])/gu;

/** E-mail addresses as printed. */
export function findEmails(text: string): IdMatch[] {
  return [...text.matchAll(EMAIL)].map((m) => ({
    value: m[0],
    raw: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
}

// Labels as printed on Russian invoices; the digits may follow a colon or №.
const L = '(?<![\\p{L}])';
const SEP = '[\\s:№]*';
// Whose number it is may stand between label and digits ("ИНН/КПП продавца: …/…" on a УПД).
const PARTY = '(?:\\s+[а-яё]+)?';
const RU_PATTERNS: Array<[RuIdKind, RegExp]> = [
  ['inn', new RegExp(`${L}ИНН(?:${SEP}/${SEP}КПП)?${PARTY}${SEP}(\\d{12}|\\d{10})(?!\\d)`, 'giu')],
  ['kpp', new RegExp(`${L}ИНН${SEP}/${SEP}КПП${PARTY}${SEP}\\d{10}${SEP}/${SEP}(\\d{9})(?!\\d)`, 'giu')],
  ['kpp', new RegExp(`${L}КПП${PARTY}${SEP}(\\d{9})(?!\\d)`, 'giu')],
  ['bik', new RegExp(`${L}БИК${SEP}(\\d{9})(?!\\d)`, 'giu')],
  [
    'account',
    new RegExp(
      `${L}(?:р\\s?/\\s?сч?|р\\.\\s?с\\.|расч[её]тный\\s+сч[её]т|расч\\.\\s?сч[её]т)${SEP}(\\d[\\d ]{18,28}\\d)`,
      'giu',
    ),
  ],
  [
    'corr_account',
    new RegExp(
      `${L}(?:к\\s?/\\s?сч?|кор+\\.?\\s?сч[её]т|корреспондентский\\s+сч[её]т)${SEP}(\\d[\\d ]{18,28}\\d)`,
      'giu',
    ),
  ],
];

/** Labelled Russian ids (ИНН, КПП, БИК, р/с, к/с), shape only: checks are the caller's. */
export function findRuIds(text: string): RuIdMatch[] {
  const out: RuIdMatch[] = [];
  for (const [kind, re] of RU_PATTERNS) {
    for (const m of text.matchAll(re)) {
      const digits = m[1]!;
      const value = digits.replace(/\s+/g, '');
      // Accounts may be printed in groups; they are always 20 digits.
      if ((kind === 'account' || kind === 'corr_account') && value.length !== 20) continue;
      const start = m.index + m[0].lastIndexOf(digits);
      if (out.some((o) => o.kind === kind && o.start === start)) continue;
      out.push({ kind, value, raw: digits, start, end: start + digits.length });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
