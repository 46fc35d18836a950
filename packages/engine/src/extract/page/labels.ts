// Field labels: how invoices name each field, in every language of the lexicon
// (lexicon/labels.json; the party headings are in party-headings.ts). Patterns are matched against
// normalised text (lower case, accents kept) and are anchored on the label itself, so "Nr." inside
// a street name does not count.

import { labelSources } from '../lexicon/lexicon.js';
import { editDistance } from './edit-distance.js';

export type FieldLabel =
  | 'invoice_no'
  | 'invoice_date'
  | 'due_date'
  | 'currency'
  | 'vat_id'
  | 'iban'
  | 'bic'
  | 'net'
  | 'vat'
  | 'vat_included'
  | 'gross'
  | 'payable'
  | 'name'
  | 'buyer_name'
  | 'tax_number'
  | 'other_amount'
  | 'rounding';

/** Each field's labels as regular-expression sources, every language (lexicon/labels.json). */
const LABELS = labelSources() as Record<FieldLabel, string[]>;

/** Greek vowels with their accent (tonos, dialytika), which text set in capitals drops
 * ("ΗΜΕΡΟΜΗΝΙΑ" for "Ημερομηνία"): labels are matched without them, each vowel its base letter
 * (one letter for one, so offsets into the text stay as they are). */
const GREEK_ACCENTED = /[άέήίόύώΐΰϊϋ]/gu;
export function foldGreekAccents(s: string): string {
  return s.replace(GREEK_ACCENTED, (c) => c.normalize('NFD')[0]!);
}

/** Text as labels are matched against it: normalised, Greek accents folded. */
export function labelKey(s: string): string {
  return foldGreekAccents(normalizeLabelText(s));
}

/** Labels as one expression matched at the start of `labelKey` text. A label ends at a space,
 * punctuation, or a table rule OCR read as '|' or ']' ("Total HT|"). */
export const compileLabels = (sources: readonly string[]) =>
  new RegExp(`^(?:${sources.map(foldGreekAccents).join('|')})(?=$|[\\s:.#/,;(|\\]-])`, 'u');

const FIELD_PATTERNS = Object.fromEntries(
  Object.entries(LABELS).map(([k, v]) => [k, v.map((source) => compileLabels([source]))]),
) as Record<FieldLabel, RegExp[]>;
const FIELD_RE = Object.fromEntries(Object.entries(LABELS).map(([k, v]) => [k, compileLabels(v)])) as Record<
  FieldLabel,
  RegExp
>;
/** Every field's labels in one: a quick test of a text before matchLabel tries field by field. */
const ANY_LABEL_RE = compileLabels(Object.values(LABELS).flat());

/** Whether `text` starts with any field's label (matchLabel then says which, and where it ends). */
export function startsWithLabel(text: string): boolean {
  return ANY_LABEL_RE.test(labelKey(text.replace(LEADING_MARKS, '')));
}

/** Lower case, typographic quotes and dashes folded, runs of spaces as one. */
export function normalizeLabelText(s: string): string {
  return (
    s
      .toLowerCase()
      // OCR reads an S as $ now and then ("$teuerbetrag"): a $ before a letter is no currency.
      .replace(/\$(?=\p{Ll})/gu, 's')
      .replace(/[\u2018\u2019\u201a]/g, "'")
      .replace(/[\u2010-\u2015]/g, '-')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * The label at the start of `text`, if any: which field, and how many characters of `text` it
 * spans (including a following colon), so the caller can take what follows as the value.
 */
export function matchLabel(whole: string, field: FieldLabel): number | undefined {
  return labelSpan(whole, field)?.end;
}

/**
 * matchLabel's label at the start of `text`: `own`, the characters of the label's words alone,
 * and `end`, with a note in brackets and a colon or an equals sign after it ("Total (EUR):",
 * "Total = £319"). Fields compete by `own`: "Total (excl. tax)" is the net's label in full, not
 * the gross's "Total" with a note.
 */
export function labelSpan(whole: string, field: FieldLabel): { own: number; end: number } | undefined {
  const lead = LEADING_MARKS.exec(whole)?.[0].length ?? 0;
  const text = whole.slice(lead);
  const norm = labelKey(text);
  if (!FIELD_RE[field].test(norm)) return undefined;
  // Alternation takes the first label that matches, not the longest ("Total" before "Total TTC"):
  // when the field matches at all, its labels are tried one by one and the longest wins.
  let own = 0;
  for (const re of FIELD_PATTERNS[field]) own = Math.max(own, re.exec(norm)?.[0].length ?? 0);
  const after = /^\s*(?:\([^)]{0,24}\))?\s*[:#=]?\s*/.exec(norm.slice(own));
  const end = own + (after?.[0].length ?? 0);
  return { own: lead + mapOffset(text, norm, own), end: lead + mapOffset(text, norm, end) };
}

/** Label words this long or longer may be read with two or three letters wrong (garbledLabel). */
const MIN_GARBLED_WORD = 12;

/**
 * The labels that are one word of letters ("Rechnungsdatum", "Bruttosumme", optional hyphens and
 * spaces of their patterns left out), with the field each names: the words a badly read label
 * word is compared with.
 */
const LABEL_WORDS: Array<{ field: FieldLabel | 'other'; word: string }> = [
  ...Object.entries(LABELS).flatMap(([field, sources]) =>
    sources
      .map((source) => source.replace(/-\?|\\s[?*]/g, ''))
      .filter((word) => /^\p{L}+$/u.test(word) && word.length >= MIN_GARBLED_WORD)
      .map((word) => ({ field: field as FieldLabel, word })),
  ),
  // Compound labels whose patterns say more than one word.
  ...(
    [
      ['invoice_no', 'rechnungsnummer'],
      ['invoice_date', 'rechnungsdatum'],
      ['due_date', 'fälligkeitsdatum'],
      ['gross', 'bruttobetrag'],
    ] as const
  ).map(([field, word]) => ({ field, word })),
  // Long words of an invoice that name no field read here: a garbled word nearer to one of them
  // is none of the fields.
  ...[
    'leistungsdatum',
    'lieferscheinnummer',
    'lieferscheindatum',
    'kundennummer',
    'bestellnummer',
    'bestelldatum',
    'auftragsnummer',
    'auftragsdatum',
    'steuernummer',
    'handelsregister',
    'rechnungsempfänger',
    'leistungszeitraum',
    'steuerbasisbetrag',
    'zahlungsbedingungen',
    'zahlungsinformationen',
  ].map((word) => ({ field: 'other' as const, word })),
];

/**
 * The field a long word names when OCR read two or three of its letters wrong ("Rechrungadanum"
 * for "Rechnungsdatum", rated 9 %): a word of MIN_GARBLED_WORD letters or more within two edits
 * of a label word (three from 14 letters), no nearer to a word of another field, and no other
 * field's label word within one edit more. misreadLabel (label-hits.ts) covers one letter.
 */
export function garbledLabel(word: string): FieldLabel | undefined {
  const w = normalizeLabelText(word);
  if (w.length < MIN_GARBLED_WORD || !/^\p{L}+$/u.test(w)) return undefined;
  const max = w.length >= 14 ? 3 : 2;
  const near = LABEL_WORDS.map((l) => ({ ...l, d: editDistance(w, l.word, max + 1) })).filter(
    (l) => l.d <= max + 1,
  );
  const best = Math.min(...near.map((l) => l.d));
  if (!(best <= max)) return undefined;
  const fields = new Set(near.filter((l) => l.d <= best + 1).map((l) => l.field));
  const [field] = fields;
  return fields.size === 1 && field !== 'other' ? field : undefined;
}

/** Marks before a label that are no part of it: table rules and margin ticks as OCR reads them
 * ("| Rechnungssumme", "[Zahlungsinformationen"), bullets. */
export const LEADING_MARKS = /^[\s|[\]{}®©*•·»«_~=+]+/u;

/** Maps an offset in the normalised text back to the original (whitespace may have been folded). */
export function mapOffset(original: string, norm: string, normOffset: number): number {
  if (original.length === norm.length) return normOffset;
  let i = 0;
  let j = 0;
  const trimmed = original.replace(/^\s+/, '');
  const lead = original.length - trimmed.length;
  while (j < normOffset && i < trimmed.length) {
    if (/\s/.test(trimmed[i]!)) {
      while (i < trimmed.length && /\s/.test(trimmed[i]!)) i++;
      j++;
    } else {
      i++;
      j++;
    }
  }
  return lead + i;
}
