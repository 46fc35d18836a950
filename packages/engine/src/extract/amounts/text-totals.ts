// The totals of an invoice read from laid-out page text: the amounts beside their labels (or in
// the column under them), a total row's own parts, a summary table's row, and on OCR'd pages
// decimals OCR lost and a VAT breakdown whose rows check themselves; arithmetic then picks the
// net, VAT and gross that add up (totals.ts).
import { toUnits } from '../../decimal.js';
import { findVatIds } from '../identifiers/identifiers.js';
import { CREDIT_TITLE_SOURCES, VAT_ID_WORD_SOURCES } from '../lexicon/lexicon.js';
import type { ItemTable } from '../lines/table.js';
import type { LabelHit } from '../page/label-hits.js';
import { columnBelow, type PageLayout, type Put, type Segment, spanBelow, union } from '../page/layout.js';
import { type AmountHint, parseAmount } from './amounts.js';
import { amountHeading, columnSumsTo, onRow, tableSumsTo } from './item-sums.js';
import { lastAmount, WITH_CURRENCY, wholeAmount } from './row-amounts.js';
import {
  type AmountCandidate,
  CENT,
  chooseTotals,
  MAX_VAT_SHARE,
  roundedTotals,
  type TotalKind,
} from './totals.js';
import { breakdownCandidates, rateRowLines } from './vat-rows.js';
import { statesNoVat, withoutVat } from './without-vat.js';

/**
 * `hint.decimal`: the page's decimal separator when its language says it (a whole "440.000 HUF" is
 * then 440000, and without it no amount at all). `items`: the item tables (lines/table.ts), whose
 * amount column lists the lines' amounts, not the invoice's totals.
 */
export function readTotals(
  hits: LabelHit[],
  layouts: PageLayout[],
  put: Put,
  ocr: boolean,
  hint: AmountHint = {},
  items: ItemTable[] = [],
): void {
  const cands: AmountCandidate[] = [];
  // Whole numbers beside total labels ("Nettó érték:  131 000"): counted only in a triple that
  // adds up (a lone whole number could be a count or a code).
  const wholes: AmountCandidate[] = [];
  // The printed rounding of a total to pay ("Avrundning 0,50"), tried when nothing else adds up.
  const roundings: AmountCandidate[] = [];
  const otherRows = new Set(
    hits
      .filter((h) => h.field === 'other_amount' || h.field === 'rounding')
      .map((h) => `${h.seg.page}:${h.seg.line}`),
  );
  for (const hit of hits) {
    if (hit.field === 'rounding') {
      const r = rowAmount(hit, labelRow(hit, layouts, hits), hint);
      if (r) roundings.push({ kind: 'payable', value: r.value, seg: r.seg, strength: hit.strength });
      continue;
    }
    if (!['net', 'vat', 'vat_included', 'gross', 'payable'].includes(hit.field)) continue;
    // "TVA : FR11999999998 - SIRET : … - SARL au capital de 120 000,00 €": the label of a VAT id,
    // whose line's amount is the company's share capital, not a tax.
    if (hit.field === 'vat' && vatIdFirst(hit.rest)) continue;
    // "Gemäß § 19 UStG wird keine Umsatzsteuer berechnet": a statement that no VAT is charged.
    if (hit.field === 'vat' && statesNoVat(hit.seg.text)) continue;
    const layout = layouts.find((l) => l.page === hit.seg.page)!;
    const row = labelRow(hit, layouts, hits);
    const { right, texts } = row;
    const rowValue = rowAmount(hit, row, hint);
    let value = rowValue?.value;
    let seg = rowValue?.seg ?? hit.seg;
    if (!value) {
      const beside = besideTwoLineLabel(layout, hit, hits) ?? besideShifted(layout, hit, hits);
      value = beside && lastAmount(beside.text, hit.field === 'vat', hint);
      if (value) seg = beside!;
    }
    if (ocr && hit.field !== 'payable') {
      const restored = restoredDecimals(texts.join(' '));
      const at = right.length ? right[right.length - 1]! : hit.seg;
      if (restored)
        cands.push({
          kind: hit.field as TotalKind,
          value: restored.value,
          seg: at,
          strength: hit.strength,
          ...(restored.guessed ? { restored: true } : {}),
        });
    }
    // A total row of a table that carries its net and VAT columns too ("Всего к оплате
    // 20 833,33  X  4 166,67  25 000,00" on a УПД): the two amounts before the total that add
    // up to it.
    if (value && (hit.field === 'gross' || hit.field === 'payable')) {
      for (const c of rowParts(right, value)) cands.push({ ...c, strength: hit.strength });
    }
    // A subtotal's row that carries the table's net, VAT and total columns ("Subtotaluri –RON–
    // 16.310,00  19,0  3.098,90  19.408,90"): its last amount is the gross, the two before it
    // that add up to it the net and the VAT.
    const subtotalParts = value && hit.field === 'net' ? rowParts(right, value) : [];
    if (subtotalParts.length) {
      for (const c of subtotalParts) cands.push({ ...c, strength: hit.strength });
      cands.push({ kind: 'gross', value: value!, seg, strength: hit.strength });
      continue;
    }
    // The sum row of a VAT table printed in whole amounts ("Summa   138100   34525   172625",
    // "Összesen   517.500   73.860   591.360"): three amounts that add up, the middle one under
    // the table's VAT heading.
    if (!value && hit.field === 'gross') {
      const parts = wholeRowParts(right, hint, hits, layout);
      for (const c of parts) cands.push({ ...c, strength: hit.strength });
      if (parts.length) continue;
    }
    if (!value && hit.field !== 'vat_included') {
      const at = right.length ? right[right.length - 1]! : hit.seg;
      const whole = wholeAmount(right.length ? at.text : hit.rest, hint);
      if (whole) wholes.push({ kind: hit.field as TotalKind, value: whole, seg: at, strength: hit.strength });
    }
    if (value) {
      const rate = hit.field === 'vat_included' ? rateOf(hit.seg.text) : undefined;
      cands.push({
        kind: hit.field as TotalKind,
        value,
        seg,
        strength: hit.strength,
        ...(rate ? { rate } : {}),
      });
      continue;
    }
    // A column header: every row of its column below is a candidate (a VAT breakdown lists one
    // row per rate and then the sum row; arithmetic and position pick among them), down to a
    // row labelled as another amount ("Acompte : 0,00" under "TOTAL TTC" is not the total).
    // Under the amount heading of an item table ("Bezeichnung | Stunden | €/h | Gesamt"), the
    // item rows are the lines' amounts; only the table's sum row below them counts.
    const table = items.find((t) => amountHeading(hit.seg, t));
    const column: Array<{ value: string; seg: Segment }> = [];
    const amountsIn = (segs: Segment[]) => {
      for (const below of segs) {
        if (otherRows.has(`${below.page}:${below.line}`)) break;
        if (table?.rows.some((r) => onRow(below, r))) continue;
        const v = lastAmount(below.text);
        if (v) column.push({ value: v, seg: below });
      }
    };
    const belowHit = columnBelow(layout, hit.seg);
    amountsIn(belowHit);
    // (headings flush left over amounts flush right in wide columns: the heading's span)
    if (!column.length && !belowHit.some((s) => /\d/.test(s.text))) amountsIn(spanBelow(layout, hit.seg));
    // A summary grid of whole amounts ("Exkl moms | Moms kr | ATT BETALA" over "38290 | 0 |
    // 38290"): the number alone under the heading, counted only in a triple that adds up. Not the
    // first row of a table of such numbers (items priced in whole amounts), where it is one of many.
    const [first, second] = belowHit;
    const wholeRow = !!first && WHOLE_ONLY.test(first.text) && !(second && WHOLE_ONLY.test(second.text));
    if (!column.length && wholeRow && hit.field !== 'vat_included') {
      const whole = wholeAmount(first!.text, hint);
      if (whole)
        wholes.push({ kind: hit.field as TotalKind, value: whole, seg: first!, strength: hit.strength });
    }
    for (const { value: v, seg: below } of column)
      cands.push({ kind: hit.field as TotalKind, value: v, seg: below, strength: hit.strength });
    if (hit.field === 'gross' || hit.field === 'payable')
      for (const c of summaryRowParts(layout, hit, hits, column))
        cands.push({ ...c, strength: hit.strength });
  }
  // OCR may leave every total label unreadable on a poor photo: a VAT breakdown whose rows check
  // themselves still gives the sums (extract/vat-rows.ts).
  if (ocr) cands.push(...breakdownCandidates(layouts));
  const credit = layouts[0]?.lines.some((l) => l.some((seg) => CREDIT_TITLE.test(seg.text))) ?? false;
  let t = chooseTotals(cands, { credit });
  // A triple read off one rate's row of a breakdown of several rates, under the table's net, VAT
  // and total headings ("B = 7%  57,39 €  4,02 €  61,41 €" under "Nettobetrag | MwSt. Betrag |
  // Gesamtbetrag"): that rate's share. The rows added up are the totals when a printed total
  // says no row was lost; else none of that table's amounts is.
  const rateRows = rateRowLines(layouts);
  const onRateRow = (c: AmountCandidate | undefined) => !!c && rateRows.has(`${c.seg.page}:${c.seg.line}`);
  if (t.balanced && onRateRow(t.net) && onRateRow(t.vat) && onRateRow(t.gross)) {
    const others = cands.filter((c) => !onRateRow(c));
    const summed = chooseTotals([...others, ...breakdownCandidates(layouts)], { credit });
    t = summed.balanced ? summed : chooseTotals(others, { credit });
  }
  // A generic "Total" over the VAT row ("Total 69,93 € / TVA 5.5% 4,07 € / Montant total 74,00 €"):
  // the sum without VAT, where the total under the VAT then adds up. Only on a row of its own: a
  // summary grid's rows hold the net, the VAT and the total side by side.
  const sameRow = (a: AmountCandidate, b: AmountCandidate) =>
    a.seg.page === b.seg.page && a.seg.line === b.seg.line;
  const genericNets = cands
    .filter((c) => c.kind === 'gross' && c.strength === 1)
    .filter((c) =>
      cands.some((v) => v.kind === 'vat' && v.seg.page === c.seg.page && v.seg.line > c.seg.line),
    )
    .filter((c) => !cands.some((o) => o !== c && sameRow(o, c) && o.value !== c.value))
    .map((c) => ({ ...c, kind: 'net' as const }));
  if (!t.balanced && genericNets.length) {
    const withNet = chooseTotals([...cands, ...genericNets], { credit });
    if (withNet.balanced) t = withNet;
  }
  if (!t.balanced && wholes.length) {
    const withWholes = chooseTotals([...cands, ...wholes], { credit });
    if (withWholes.balanced) t = withWholes;
  }
  // The total printed without a label, alone on its line under the net's and the VAT's rows and
  // flush with their amounts, in a larger type ("Celkem bez DPH 1 000,00 / DPH 21 % 210,00 /
  // 1 210,00 Kč"): the gross when it is their sum.
  if (!t.balanced && t.net && t.vat && !t.gross) {
    const total = unlabelledTotal(layouts, t.net, t.vat, hits);
    if (total) t = chooseTotals([...cands, total], { credit });
  }
  // A text layer whose VAT total is printed only as the rows of its VAT table (rate, base, tax
  // per row; "Umsatzsteuer %  19,00  33.61  6.39"): the rows count when their sum is the gross
  // its label names. (Rows a cent off a printed total, or a gross after a discount the rows do
  // not know, change nothing.)
  if (!t.balanced && !ocr && t.gross) {
    const labelled = toUnits(t.gross.value);
    const withRows = chooseTotals([...cands, ...breakdownCandidates(layouts)], { credit });
    if (withRows.balanced && withRows.gross && toUnits(withRows.gross.value) === labelled) t = withRows;
  }
  // A total to pay rounded to the whole unit, with its rounding printed: net + VAT + rounding.
  const rounded = t.balanced ? undefined : roundedTotals([...cands, ...genericNets], roundings);
  if (rounded) t = rounded;
  // (and a rounding printed as the difference of a gross and an amount payable that add up)
  const toPay = t.balanced && t.gross && t.payable && toUnits(t.payable.value) - toUnits(t.gross.value);
  if (toPay && !t.rounding) t = { ...t, rounding: roundings.find((r) => toUnits(r.value) === toPay) };
  // Only an amount to pay, which the item rows add up to ("TOTAL À PAYER 6791.20 €" under four
  // items): nothing was added to the items nor paid before, and it is the invoice's total.
  if (!t.balanced && !t.gross && !t.net && !t.vat && t.payable && tableSumsTo(items, t.payable))
    t = { ...t, gross: { ...t.payable, kind: 'gross' } };
  const conf = t.balanced ? 0.93 : 0.7;
  // No sums that add up, but the item lines above the total add up to it: an invoice without VAT
  // ("Totaal € 1499.99" under its items) or whose VAT rows were not read.
  const payableToo =
    !!t.gross &&
    !!t.payable &&
    toUnits(t.payable.value) === toUnits(t.gross.value) &&
    t.payable.seg.line !== t.gross.seg.line;
  const itemsSum =
    !t.balanced &&
    !t.corroborated &&
    t.gross &&
    (columnSumsTo(layouts, t.gross, payableToo) ||
      // (not against an amount due that names another sum)
      (tableSumsTo(items, t.gross) && (!t.payable || toUnits(t.payable.value) === toUnits(t.gross.value))
        ? {}
        : undefined));
  // An invoice without VAT (zero-rated, exempt, a reverse charge): its net is its gross.
  const untaxed = t.balanced ? undefined : withoutVat(hits, layouts, cands, t);
  if (untaxed) {
    for (const [k, c] of [
      ['net', untaxed.net],
      ['gross', untaxed.gross],
    ] as const)
      put(`totals.${k}`, c.value, c.seg.bbox, c.seg.page, 0.86);
    return;
  }
  if (!t.balanced && (t.corroborated || itemsSum) && t.gross) {
    // The sum of an amount column headed as the net's, without VAT by name ("totaal excl. btw",
    // "Summe netto", "Total HT"), is the net. (A line's "Sub total" says nothing of VAT.)
    const heading = itemsSum ? itemsSum.heading : undefined;
    const net =
      !!heading &&
      hits.some((h) => h.seg === heading && h.field === 'net') &&
      (WITHOUT_VAT_WORD.test(heading.text) || VAT_WORD.test(heading.text));
    put(net ? 'totals.net' : 'totals.gross', t.gross.value, t.gross.seg.bbox, t.gross.seg.page, 0.86);
    return;
  }
  for (const [k, c] of [
    ['net', t.net],
    ['vat', t.vat],
    ['gross', t.gross],
  ] as const) {
    if (c) put(`totals.${k}`, c.value, union([c.seg.bbox]), c.seg.page, c.strength > 1 ? conf : conf - 0.05);
  }
  if (t.payable) put('totals.payable', t.payable.value, t.payable.seg.bbox, t.payable.seg.page, 0.8);
  if (t.rounding) put('totals.rounding', t.rounding.value, t.rounding.seg.bbox, t.rounding.seg.page, conf);
}

/** The segments right of a label on its row, up to the next label (a second column of label
 * and amount), and the texts to look for its amount in: the label's own rest first. */
function labelRow(
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
function rowAmount(
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
function unlabelledTotal(
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
function summaryRowParts(
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
function besideTwoLineLabel(layout: PageLayout, hit: LabelHit, hits: LabelHit[]): Segment | undefined {
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
function besideShifted(layout: PageLayout, hit: LabelHit, hits: LabelHit[]): Segment | undefined {
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
function restoredDecimals(text: string): { value: string; guessed: boolean } | undefined {
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
function wholeRowParts(
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

function rowParts(segs: Segment[], total: string): Array<Omit<AmountCandidate, 'strength'>> {
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
function vatIdFirst(rest: string): boolean {
  const id = findVatIds(rest)[0];
  return !!id && /^[\s:.-]*$/.test(rest.slice(0, id.start));
}

/** The VAT rate printed in a label ("В том числе НДС (20%):", "inkl. 7 % MwSt."), per cent. */
function rateOf(label: string): number | undefined {
  const m = /(\d{1,2}(?:[.,]\d{1,2})?)\s*%/.exec(label);
  return m ? Number(m[1]!.replace(',', '.')) : undefined;
}

/** A segment that opens with the name of a credit note or of an invoice correction. */
const CREDIT_TITLE = new RegExp(`^\\s*(?:${CREDIT_TITLE_SOURCES.join('|')})(?![\\p{L}])`, 'iu');

/** A segment that is a whole number and nothing else ("38290", "131 000"). */
const WHOLE_ONLY = /^\s*-?\d[\d .\u00a0\u202f']*$/u;

/** A word that says an amount is without VAT ("netto", "HT", "excl.", "zzgl."). */
const WITHOUT_VAT_WORD =
  /(?<![\p{L}])(?:netto|net|ht|excl|exkl|zzgl|hors|senza|sin|bez|ohne|without)(?![\p{L}])/iu;
/** A VAT word of any language of the lexicon ("btw", "MwSt", "TVA"). */
const VAT_WORD = new RegExp(`(?<![\\p{L}])(?:${VAT_ID_WORD_SOURCES.join('|')})(?![\\p{L}])`, 'iu');
