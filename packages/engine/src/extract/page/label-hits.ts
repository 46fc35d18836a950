// Labels on a page: every segment that starts with one (in any of the languages of labels.ts), or
// ends with one glued behind another column's value, with the field it names and how surely, and
// the first value next to a label that parses.

import { WEAK_LABEL_SOURCES } from '../lexicon/lexicon.js';
import {
  type FieldLabel,
  foldGreekAccents,
  garbledLabel,
  labelKey,
  labelSpan,
  startsWithLabel,
} from './labels.js';
import { type Box, type PageLayout, type Segment, union, valuesNear } from './layout.js';

/** Labels in the order they are tried on a segment; the longest match wins (most specific). */
const SEGMENT_LABELS: FieldLabel[] = [
  'invoice_no',
  'due_date',
  'invoice_date',
  'vat_id',
  'iban',
  'bic',
  'currency',
  'payable',
  'gross',
  'net',
  'vat',
  'vat_included',
  'other_amount',
  'rounding',
  'tax_number',
  'buyer_name',
];

/**
 * Words right after an invoice-number or date label that make it name another document: the
 * invoice corrected or referred to, the order, the delivery ("N° de facture associée : F2026",
 * "Datum der Bestellung", "Date de livraison"), a date of the service period ("Date de début de
 * prestation", "Date de fin"), or a vehicle's first registration ("Date de 1ère mise en
 * circulation", "Erstzulassung").
 */
const OTHER_DOCUMENT =
  /^(?:(?:de\s+la|de|der|des|du|of(?:\s+the)?|della|del|dell'|di)\s+)?(?:associ[ée]e?s?|li[ée]e?s?|d'origine|origin(?:al|ale|e)|pr[ée]c[ée]dente?|preceding|previous|related|referenced|corrig[ée]e|rectifi[ée]e|ursprungs|vorherigen?|urspr[üu]nglichen?|bestellung|auftrag(?:s)?|lieferung|leistung|order|commande|livraison|d[ée]livrance|delivery|ordine|consegna|entrega|contrat|contratto|vertrag|contract|angebot|offre|quote|quotation|offerta|zahlung|paiement|payment|pagamento|versand|shipment|exp[ée]dition|d[ée]but|fin|prestation|p[ée]riode|period|start|end|beginn|ende|inizio|fine|work|services?|supply|reg|registration|zulassung|immatriculation|1(?:[èe]re|st)|premi[èe]re|mise\s+en\s+circulation|erstzulassung)(?![\p{L}])/iu;

/** Words after a due date's label that make it the end of an offer or a contract, not a payment's. */
const OTHER_DUE =
  /^(?:(?:dell'|della|del|de\s+la|de|des|der|du|of(?:\s+the)?)\s*)?(?:offert[ae]|offre|offer|angebot(?:s|es)?|contratt[oi]|contrat|contract|vertrag(?:s|es)?)(?![\p{L}])/iu;

/** After a currency label: the currency of the VAT accounting, not of the invoice. */
const TAX_CURRENCY =
  /^(?:(?:der|des|de\s+la|de|of(?:\s+the)?|for|dell[a']?|dell')\s*)?(?:umsatzsteuer|steuer|mwst|ust|vat|tax|tva|iva|btw)/iu;

/** Labels that name the field unambiguously ("Rechnungsdatum") rather than generically ("Datum"). */
const WEAK = new RegExp(`^(?:${WEAK_LABEL_SOURCES.map(foldGreekAccents).join('|')})(?![\\p{L}\\p{N}])`, 'iu');

export interface LabelHit {
  field: FieldLabel;
  seg: Segment;
  /** The text after the label within the same segment. */
  rest: string;
  strength: number;
}

/**
 * Every segment that starts with a label, with the field it names, or that ends with one before a
 * value right of it (trailingLabel). With `misread` (OCR'd pages), also a segment whose first word
 * is a label OCR misread by one letter (misreadLabel), as a weak label, on a line that carries a
 * value (a digit).
 */
export function labelHits(layouts: PageLayout[], opts: { misread?: boolean } = {}): LabelHit[] {
  const hits: LabelHit[] = [];
  for (const layout of layouts) {
    for (const line of layout.lines) {
      // A label's value stands after it on its line: no digit after a segment, no value for it.
      const lastDigit = line.findLastIndex((s) => /\d/.test(s.text));
      for (const [i, seg] of line.entries()) {
        const found = segmentHits(seg);
        if (!found.length && opts.misread && i <= lastDigit) {
          const m = misreadLabel(seg.text) ?? garbledWord(seg.text);
          if (m) found.push({ field: m.field, seg, rest: seg.text.slice(m.end).trim(), strength: 1 });
        }
        if (!found.length && i < lastDigit) {
          const trailing = trailingLabel(seg);
          if (trailing) found.push(trailing);
        }
        const [only] = found;
        const wrapped = found.length === 1 && !only!.rest ? wrappedLabel(layout, seg) : undefined;
        if (wrapped && wrapped !== only!.field) found[0] = { ...only!, field: wrapped, strength: 2 };
        hits.push(...found);
      }
    }
  }
  return hits;
}

/**
 * The field a label names with the words a narrow cell wrapped onto the next line ("TOTAL" / "fără
 * TVA", "Total" / "excl. VAT"): the words under it, set flush with it and holding no digit, make
 * with it one longer label of another field.
 */
function wrappedLabel(layout: PageLayout, seg: Segment): FieldLabel | undefined {
  const height = seg.bbox[3] - seg.bbox[1];
  const below = layout.lines
    .slice(seg.line + 1, seg.line + 3)
    .flat()
    .find((s) => Math.abs(s.bbox[0] - seg.bbox[0]) < 0.015 && s.bbox[1] - seg.bbox[3] < height);
  // (neither line has its value beside it: "summa 96,887.24" over "moms 24,221.81" are two labels)
  const valueBeside = (s: Segment) =>
    layout.lines[s.line]!.some((o) => o.index >= s.index && o.bbox[0] >= s.bbox[0] && /\d/.test(o.text));
  if (!below || valueBeside(seg) || valueBeside(below)) return undefined;
  const joined = `${seg.text.trim()} ${below.text.trim()}`;
  const label = longestLabel(joined);
  return label && label.end >= joined.replace(/[\s:]+$/, '').length ? label.field : undefined;
}

/**
 * A label set so close behind the previous column's value that the two read as one segment
 * ("ČSOB Pardubice Datum vystavení dokladu:", its date the next segment): a label of more than one
 * word or of a compound word (never a generic "Datum"), from a capital to the segment's closing
 * colon, its value right of it. (Words before a label that qualify it, "Bestellung Datum:", start
 * no new phrase with a capital of their own label.)
 */
function trailingLabel(seg: Segment): LabelHit | undefined {
  const text = seg.text.trimEnd();
  if (!text.endsWith(':')) return undefined;
  for (const m of text.matchAll(/(?<=\s)\p{Lu}/gu)) {
    const tail = text.slice(m.index);
    const best = longestLabel(tail);
    if (!best || best.end < tail.length) continue;
    if (WEAK.test(labelKey(tail)) && tail.trim().split(/\s+/).length === 1) return undefined;
    return { field: best.field, seg: slice(seg, m.index, text.length), rest: '', strength: 2 };
  }
  return undefined;
}

/** A segment whose first word is a long label word read with two or three letters wrong. */
function garbledWord(text: string): { field: FieldLabel; end: number } | undefined {
  const word = /^\s*(\p{L}+)[\s:.]*/u.exec(text);
  const field = word && garbledLabel(word[1]!);
  return field ? { field, end: word[0].length } : undefined;
}

/** Letters a label word's letter may have been misread for, and read as (any for any). */
const LETTERS = 'abcdefghijklmnopqrstuvwxyzäöüßéèàç';
/** Label words shorter than this are left as read: one letter makes too many of them another word. */
const MIN_MISREAD_WORD = 8;
/** A shorter first word is mended only when the label's next words follow it as printed. */
const MIN_MISREAD_LEAD = 3;

/**
 * The label a segment starts with when its first word is a label word with one letter misread,
 * dropped or one too many ("Sruttosumme", "Stauerbetrag", "Rschnungssumme" on a phone photo):
 * the word is put right letter by letter, and taken when every repair that gives a label gives
 * the same field and the label spans the whole word (a word that only starts like a label is no
 * label).
 */
export function misreadLabel(text: string): { field: FieldLabel; end: number } | undefined {
  // A speck OCR made of the paper before the word ("[pate d'échéance") is no part of it.
  const word = /^\s*[[|(!]?(\p{L}+)/u.exec(text);
  if (!word || word[1]!.length < MIN_MISREAD_LEAD) return undefined;
  const start = word[0].length - word[1]!.length;
  const w = word[1]!;
  const rest = text.slice(word[0].length);
  // A short word is taken only as the first of a label of several words whose other words are
  // read right ("[pate d'échéance :" for "Date d'échéance"): alone, one letter makes too many short
  // words a label word.
  const beyond = w.length < MIN_MISREAD_WORD ? /^\s+\S/.test(rest) : true;
  if (!beyond) return undefined;
  let found: { field: FieldLabel; end: number } | undefined;
  // False when this repair names another field than an earlier one: the word is ambiguous.
  const tryWord = (mended: string): boolean => {
    if (!startsWithLabel(mended + rest)) return true;
    const label = longestLabel(mended + rest);
    if (!label || label.end < mended.length) return true;
    // The label must reach past the short word into the words after it.
    if (w.length < MIN_MISREAD_WORD && !/\s\S/.test((mended + rest).slice(0, label.end).trim())) return true;
    if (found && found.field !== label.field) return false;
    found = { field: label.field, end: label.end + (w.length - mended.length) + start };
    return true;
  };
  for (let i = 0; i <= w.length; i++) {
    if (i < w.length && !tryWord(w.slice(0, i) + w.slice(i + 1))) return undefined;
    for (const c of LETTERS) {
      if (!tryWord(w.slice(0, i) + c + w.slice(i))) return undefined;
      if (i < w.length && c !== w[i]!.toLowerCase() && !tryWord(w.slice(0, i) + c + w.slice(i + 1)))
        return undefined;
    }
  }
  return found;
}

/**
 * The label a segment starts with; a table header whose column titles ran together into one
 * segment ("Grondslag BTW bedrag", "Netto MwSt. Brutto": no digits, label after label) gives one
 * hit per title, each with its share of the segment's box.
 */
function segmentHits(seg: Segment): LabelHit[] {
  const out: LabelHit[] = [];
  let part = seg;
  for (;;) {
    const best = longestLabel(part.text);
    if (!best) break;
    const labelText = part.text.slice(0, best.end);
    const rest = part.text.slice(best.end).trim();
    // "N° de facture associée", "Datum der Bestellung": a label about another document.
    if ((best.field === 'invoice_no' || best.field === 'invoice_date') && OTHER_DOCUMENT.test(rest)) break;
    // "Data scadenza offerta", "Data scadenza contratto": the end of an offer or a contract.
    if (best.field === 'due_date' && OTHER_DUE.test(rest)) break;
    // "Vencimiento NCF: 31/12/2026": a date label qualified by an acronym is that thing's date.
    if (best.field.endsWith('_date') && /^[A-Z]{2,5}\s*:/.test(rest)) break;
    // "Währung der Umsatzsteuerbuchung : EUR": the currency the VAT is booked in, not the invoice's.
    if (best.field === 'currency' && TAX_CURRENCY.test(rest)) break;
    const strength = WEAK.test(labelKey(labelText)) && labelText.trim().split(/\s+/).length === 1 ? 1 : 2;
    const next = rest && !/\d/.test(seg.text) ? longestLabel(rest) : undefined;
    if (!next) {
      out.push({ field: best.field, seg: part, rest, strength });
      break;
    }
    const cut = part.text.length - rest.length;
    out.push({ field: best.field, seg: slice(part, 0, cut), rest: '', strength });
    part = slice(part, cut, part.text.length);
  }
  return out;
}

export function longestLabel(text: string): { field: FieldLabel; end: number } | undefined {
  let best: { field: FieldLabel; end: number; own: number } | undefined;
  for (const field of SEGMENT_LABELS) {
    const span = labelSpan(text, field);
    if (span && (!best || span.own > best.own || (span.own === best.own && span.end > best.end)))
      best = { field, ...span };
  }
  return best && { field: best.field, end: best.end };
}

/** Characters [from, to) of a segment, its box cut in proportion (the words' own boxes are gone). */
function slice(seg: Segment, from: number, to: number): Segment {
  const [x0, y0, x1, y1] = seg.bbox;
  const per = (x1 - x0) / Math.max(1, seg.text.length);
  return { ...seg, text: seg.text.slice(from, to).trim(), bbox: [x0 + per * from, y0, x0 + per * to, y1] };
}

export interface Found {
  value: string;
  box: Box;
  page: number;
  strength: number;
  /** The text the value was read from. */
  text?: string;
  /** The label's segment as printed, up to the value when the value stands in it. */
  label?: string;
}

/** The first labelled value that parses: after the label in its segment, right of it, or below. */
export function firstValue(
  hits: LabelHit[],
  layouts: PageLayout[],
  field: FieldLabel,
  parse: (s: string) => string | undefined,
  opts: { belowFirst?: boolean; wraps?: boolean } = {},
): Found | undefined {
  let weak: Found | undefined;
  for (const hit of hits.filter((h) => h.field === field)) {
    const layout = layouts.find((l) => l.page === hit.seg.page)!;
    // `belowFirst` (a name): the value under a label, not another column's beside it.
    const near = valuesNear(layout, hit.seg, { column: opts.belowFirst });
    const options = [
      ...(hit.rest ? [{ text: hit.rest, seg: hit.seg }] : []),
      ...(opts.wraps ? wrappedRest(hit, near) : []),
      ...near.filter((v) => v.where === 'right').map((v) => ({ text: v.seg.text, seg: v.seg })),
      ...(hit.rest ? [] : besideLabelsSecondLine(layout, hit.seg)),
      ...near.filter((v) => v.where !== 'right').map((v) => ({ text: v.seg.text, seg: v.seg })),
    ];
    for (const o of options) {
      // A label's second line that makes it another document's ("Date" / "délivrance"): none.
      if (
        (field === 'invoice_no' || field === 'invoice_date') &&
        !/\d/.test(o.text) &&
        OTHER_DOCUMENT.test(o.text.trim())
      )
        break;
      const value = parse(o.text);
      if (!value) continue;
      const found = {
        value,
        box: o.seg === hit.seg ? hit.seg.bbox : union([hit.seg.bbox, o.seg.bbox]),
        page: hit.seg.page,
        strength: hit.strength,
        text: o.text,
        label:
          o.seg === hit.seg ? hit.seg.text.slice(0, hit.seg.text.length - hit.rest.length) : hit.seg.text,
      };
      if (hit.strength > 1) return found;
      weak ??= found;
      break;
    }
  }
  return weak;
}

/**
 * The value beside a label's second line, the label wrapped by a narrow cell and its value set on
 * the line where the label ends ("Rechnungsdatum" / "/Lieferdatum   06.02.2025"): the next line's
 * segment flush under the label, words without a digit that go on with it, and the segment right
 * of it.
 */
function besideLabelsSecondLine(layout: PageLayout, label: Segment): Array<{ text: string; seg: Segment }> {
  // (a label ending with its colon is whole; a line that is a label of its own is the next row's)
  if (/:\s*$/.test(label.text)) return [];
  const next = layout.lines[label.line + 1] ?? [];
  const i = next.findIndex(
    (s) =>
      Math.abs(s.bbox[0] - label.bbox[0]) < 0.01 &&
      !/\d/.test(s.text) &&
      s.text.trim().length <= 30 &&
      // (a line that goes on with the label: after a slash, an ampersand or a bracket, or in small
      // letters; "Lieferdatum" alone would be a row of its own, another date)
      /^\s*(?:[/&+(]|\p{Ll})/u.test(s.text) &&
      !startsWithLabel(s.text),
  );
  const value = i >= 0 ? next[i + 1] : undefined;
  const height = label.bbox[3] - label.bbox[1];
  if (!value || next[i]!.bbox[1] - label.bbox[3] > height) return [];
  return [{ text: value.text, seg: value }];
}

/**
 * `wraps` (a date): a value after its label that a narrow cell wrapped onto the next line, which
 * starts flush with the label ("Datum izdaje: 12. avgust" over "2025"). The two parts are offered
 * as one text, after the part on the label's line alone.
 */
function wrappedRest(
  hit: LabelHit,
  near: Array<{ seg: Segment; where: 'right' | 'below' }>,
): Array<{ text: string; seg: Segment }> {
  const below = near.find((v) => v.where === 'below')?.seg;
  if (!hit.rest || !/\d/.test(hit.rest) || !below || below.line !== hit.seg.line + 1) return [];
  if (Math.abs(below.bbox[0] - hit.seg.bbox[0]) > 0.01 || below.text.length > 20) return [];
  return [{ text: `${hit.rest} ${below.text}`, seg: below }];
}
