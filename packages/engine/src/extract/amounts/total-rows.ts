// Where a total's amount stands on a page of text, and what its label says: the row right of the
// label up to the next label, an amount a line lower or higher, a label a narrow cell wrapped, an
// unlabelled total under the net and the VAT, a summary table's row and a total row's own parts;
// a rate or a VAT id in the label, decimals OCR lost. text-totals.ts makes candidates of them.
import { toUnits } from '../../decimal.js';
import { findVatIds } from '../identifiers/identifiers.js';
import { CREDIT_TITLE_SOURCES, VAT_ID_WORD_SOURCES } from '../lexicon/lexicon.js';
import type { LabelHit } from '../page/label-hits.js';
import type { PageLayout, Segment } from '../page/layout.js';
import { type AmountHint, parseAmount } from './amounts.js';
import { lastAmount, WITH_CURRENCY } from './row-amounts.js';
import { type AmountCandidate, CENT, MAX_VAT_SHARE } from './totals.js';

/** The segments right of a label on its row, up to the next label (a second column of label
 * and amount), and the texts to look for its amount in: the label's own rest first. */
export function labelRow(
  hit: LabelHit,
  layouts: PageLayout[],
  hits: LabelHit[],
): { right: Segment[]; texts: string[] } {
  const line = layouts.find((l) => l.page === hit.seg.page)!.lines[hit.seg.line]!;
  const nextLabel = line.findIndex((s, i) => i > hit.seg.index && hits.some((h) => h.seg === s));
  const right = line.slice(hit.seg.index + 1, nextLabel < 0 ? undefined : nextLabel);
  return { right, texts: [hit.rest, ...right.map((s) => s.text)] };
}

/** The amount of a label's row: the last amount on it (a rate or a base may come first). */
export function rowAmount(
  hit: LabelHit,
  { right, texts }: { right: Segment[]; texts: string[] },
  hint: AmountHint,
): { value: string; seg: Segment } | undefined {
  for (let i = texts.length - 1; i >= 0; i--) {
    const value = lastAmount(texts[i]!, hit.field === 'vat', hint);
    if (value) return { value, seg: i === 0 ? hit.seg : right[i - 1]! };
  }
  return undefined;
}

/**
 * The amount alone on one of the two lines under a labelled net and VAT printed one over the other,
 * its right edge flush with theirs, on a line with no label: a gross candidate where it is their
 * sum (the labels' own lines hold the net and VAT; arithmetic alone names this one).
 */
export function unlabelledTotal(
  layouts: PageLayout[],
  net: AmountCandidate,
  vat: AmountCandidate,
  hits: LabelHit[],
): AmountCandidate | undefined {
  if (net.seg.page !== vat.seg.page || net.seg.line === vat.seg.line) return undefined;
  const flush = (a: Segment, b: Segment) => Math.abs(a.bbox[2] - b.bbox[2]) < 0.03;
  if (!flush(net.seg, vat.seg)) return undefined;
  const layout = layouts.find((l) => l.page === net.seg.page)!;
  const lower = net.seg.line > vat.seg.line ? net.seg : vat.seg;
  const sum = toUnits(net.value) + toUnits(vat.value);
  for (const line of layout.lines.slice(lower.line + 1, lower.line + 3)) {
    if (!line.length) continue;
    const seg = line[0]!;
    if (line.length > 1 || hits.some((h) => h.seg.page === seg.page && h.seg.line === seg.line))
      return undefined;
    const value = lastAmount(seg.text);
    // (the amount and a currency alone on the line: no words, which would be a label)
    if (!value || /\p{L}{4,}/u.test(seg.text) || !flush(seg, lower)) return undefined;
    return toUnits(value) === sum ? { kind: 'gross', value, seg, strength: 1 } : undefined;
  }
  return undefined;
}

/**
 * A summary table ("TOTAL HT | TOTAL TVA | TOTAL TTC" over one row of amounts) under a gross
 * heading whose `column` of amounts was read: the row's two amounts before the total that add up
 * to it, the VAT under the heading line's own VAT label, whatever became of the net's heading
 * (OCR read "TOTAL MT"). Not in a table of several such rows (a VAT breakdown by rate, items),
 * where the first row is one of many.
 */
export function summaryRowParts(
  layout: PageLayout,
  hit: LabelHit,
  hits: LabelHit[],
  column: Array<{ value: string; seg: Segment }>,
): Array<Omit<AmountCandidate, 'strength'>> {
  const leftOf = (seg: Segment) => layout.lines[seg.line]!.filter((s) => s.bbox[2] <= seg.bbox[0]);
  const tableRow = (seg: Segment) => leftOf(seg).filter((s) => lastAmount(s.text)).length >= 2;
  const first = column[0];
  if (!first || column.slice(1).some((c) => tableRow(c.seg))) return [];
  const parts = rowParts([...leftOf(first.seg), first.seg], first.value);
  const vat = parts.find((c) => c.kind === 'vat');
  const underVatHeading = hits.some(
    (h) =>
      h.field === 'vat' &&
      h.seg.page === hit.seg.page &&
      h.seg.line === hit.seg.line &&
      !!vat &&
      h.seg.bbox[0] < vat.seg.bbox[2] &&
      vat.seg.bbox[0] < h.seg.bbox[2],
  );
  return underVatHeading ? parts : [];
}

/**
 * The amount beside a label set on two lines ("Steuerbetrag in / EUR"), level with its middle:
 * right of the label, between its first line and the continuation (words without digits starting
 * where the label starts), on a line with no label of its own.
 */
export function besideTwoLineLabel(layout: PageLayout, hit: LabelHit, hits: LabelHit[]): Segment | undefined {
  const [x0, y0, x1] = hit.seg.bbox;
  const next = layout.lines.slice(hit.seg.line + 1, hit.seg.line + 3).flat();
  const more = next.find((s) => Math.abs(s.bbox[0] - x0) < 0.01 && !/\d/.test(s.text) && s.bbox[1] > y0);
  if (!more) return undefined;
  return next.find(
    (s) =>
      s.bbox[0] > x1 &&
      s.bbox[1] > y0 &&
      s.bbox[1] < more.bbox[1] &&
      !hits.some((h) => h.seg.line === s.line),
  );
}

/**
 * The amount right of a label alone on its line but set a little lower or higher, overlapping the
 * label's height, so that it fell on the next or the previous line ("TOTAL DISCOUNTED" beside
 * "€ 742 870.99" in a larger type; "Totaal te betalen" a hair under its "€ 363,-"): that line's
 * segment right of the label, on a line with no label of its own.
 */
export function besideShifted(layout: PageLayout, hit: LabelHit, hits: LabelHit[]): Segment | undefined {
  const [, y0, x1, y1] = hit.seg.bbox;
  if (layout.lines[hit.seg.line]!.some((s) => s.bbox[0] > x1)) return undefined;
  for (const li of [hit.seg.line + 1, hit.seg.line - 1]) {
    if (hits.some((h) => h.seg.page === hit.seg.page && h.seg.line === li)) continue;
    const seg = layout.lines[li]?.find((s) => s.bbox[0] > x1 && s.bbox[1] < y1 && s.bbox[3] > y0);
    if (seg) return seg;
  }
  return undefined;
}

/**
 * The amount ending a totals row whose decimal comma OCR lost. Read as a gap ("18310 63" for
 * 18310,63), the comma's place is still seen: an amount as printed. Dropped ("17743" for 177,43),
 * a whole number of three to seven digits, it is `guessed`: such a candidate counts only where
 * the sums then add up to the cent (totals.ts). A currency sign may follow either.
 */
export function restoredDecimals(text: string): { value: string; guessed: boolean } | undefined {
  // A currency sign after the amount ("Net total 207676 €") is not part of it.
  const row = text.trim().replace(/\s*(?:€|£|\$|EUR|CHF)$/u, '');
  const gap = /(?:^|\s)(\d{1,7}) (\d{2})$/.exec(row);
  if (gap) return { value: `${gap[1]}.${gap[2]}`, guessed: false };
  const digits = /(?:^|\s)(\d{3,7})$/.exec(row)?.[1];
  return digits ? { value: `${digits.slice(0, -2)}.${digits.slice(-2)}`, guessed: true } : undefined;
}

/** Net and VAT among the amounts of a total's row, before the total itself: an adjacent pair
 * (net first) adding up to it, the VAT a plausible share of the net. */
/** Net and VAT that add up to a gross, with a plausible VAT share: both of the gross's sign (a
 * credit note's rows are negative). */
function addsUp(n: bigint, v: bigint, gross: bigint, slack = 0n): boolean {
  const sign = gross < 0n ? -1n : 1n;
  const [an, av] = [n * sign, v * sign];
  const diff = n + v - gross;
  return (
    an > 0n && av >= 0n && (diff < 0n ? -diff : diff) <= slack && Number(av) <= Number(an) * MAX_VAT_SHARE
  );
}

/** The last three amounts of a row printed as whole numbers, when they add up (net + VAT = gross)
 * and a VAT heading stands over the middle one, or a net heading over the first, within a few
 * lines. */
export function wholeRowParts(
  segs: Segment[],
  hint: AmountHint,
  hits: LabelHit[],
  layout: PageLayout,
): Array<Omit<AmountCandidate, 'strength'>> {
  if (segs.length < 3) return [];
  const last = segs.slice(-3);
  const values = last.map((seg) =>
    /^-?\d[\d.,'\u00a0\u202f ]*$/.test(seg.text.trim()) ? parseAmount(seg.text.trim(), hint) : undefined,
  );
  if (values.some((v) => v === undefined)) return [];
  const [n, v, g] = values.map((x) => toUnits(x!)) as [bigint, bigint, bigint];
  if (!addsUp(n, v, g) || v === 0n) return [];
  // (the table's net heading over the first amount says as much: "Base imponible | Cuota")
  const under = (field: string, seg: Segment) =>
    hits.some(
      (h) =>
        h.field === field &&
        h.seg.page === seg.page &&
        h.seg.line < seg.line &&
        seg.line - h.seg.line <= 6 &&
        h.seg.bbox[0] < seg.bbox[2] &&
        seg.bbox[0] < h.seg.bbox[2] &&
        layout.lines[h.seg.line]!.length >= 3,
    );
  const middle = last[1]!;
  const headed = under('vat', middle) || under('net', last[0]!);
  if (!headed) return [];
  return [
    { kind: 'net', value: values[0]!, seg: last[0]! },
    { kind: 'vat', value: values[1]!, seg: middle },
    { kind: 'gross', value: values[2]!, seg: last[2]! },
  ];
}

export function rowParts(segs: Segment[], total: string): Array<Omit<AmountCandidate, 'strength'>> {
  const amounts = segs.flatMap((seg) =>
    seg.text
      .split(/\s{2,}|\t/)
      // (with its currency or without: "324,23 Kč")
      .filter((t) => /\d[.,]\d{2}$/.test(t.trim()) || (WITH_CURRENCY.test(t.trim()) && /\d[.,]\d{2}/.test(t)))
      .map((t) => ({ value: parseAmount(t.trim()), seg }))
      .filter((a): a is { value: string; seg: Segment } => a.value !== undefined),
  );
  const gross = toUnits(total);
  // To the cent, else a cent off (the row sums lines rounded one by one: "135,81 € 27,16 €
  // 162,98 €"), as the totals' own check allows.
  for (const slack of [0n, CENT]) {
    for (let i = amounts.length - 3; i >= 0; i--) {
      const [net, vat] = [amounts[i]!, amounts[i + 1]!];
      if (addsUp(toUnits(net.value), toUnits(vat.value), gross, slack))
        return [
          { kind: 'net', value: net.value, seg: net.seg },
          { kind: 'vat', value: vat.value, seg: vat.seg },
        ];
    }
  }
  return [];
}

/** Whether a label's text goes on with a VAT id ("TVA : FR11999999998", "USt-IdNr. DE123456789"). */
export function vatIdFirst(rest: string): boolean {
  const id = findVatIds(rest)[0];
  return !!id && /^[\s:.-]*$/.test(rest.slice(0, id.start));
}

/** The VAT rate printed in a label ("В том числе НДС (20%):", "inkl. 7 % MwSt."), per cent. */
export function rateOf(label: string): number | undefined {
  const m = /(\d{1,2}(?:[.,]\d{1,2})?)\s*%/.exec(label);
  return m ? Number(m[1]!.replace(',', '.')) : undefined;
}

/** A segment that opens with the name of a credit note or of an invoice correction. */
export const CREDIT_TITLE = new RegExp(`^\\s*(?:${CREDIT_TITLE_SOURCES.join('|')})(?![\\p{L}])`, 'iu');

/** A segment that is a whole number and nothing else ("38290", "131 000"). */
export const WHOLE_ONLY = /^\s*-?\d[\d .\u00a0\u202f']*$/u;

/** A word that says an amount is without VAT ("netto", "HT", "excl.", "zzgl."). */
export const WITHOUT_VAT_WORD =
  /(?<![\p{L}])(?:netto|net|ht|excl|exkl|zzgl|hors|senza|sin|bez|ohne|without)(?![\p{L}])/iu;
/** A VAT word of any language of the lexicon ("btw", "MwSt", "TVA"). */
export const VAT_WORD = new RegExp(`(?<![\\p{L}])(?:${VAT_ID_WORD_SOURCES.join('|')})(?![\\p{L}])`, 'iu');
