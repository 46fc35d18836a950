// The totals of an invoice read from laid-out page text: the amounts beside their labels (or in
// the column under them), a total row's own parts, a summary table's row, and on OCR'd pages
// decimals OCR lost and a VAT breakdown whose rows check themselves; arithmetic then picks the
// net, VAT and gross that add up (totals.ts).
import { toUnits } from '../../decimal.js';
import type { ItemTable } from '../lines/table.js';
import type { LabelHit } from '../page/label-hits.js';
import { columnBelow, type PageLayout, type Put, type Segment, spanBelow, union } from '../page/layout.js';
import type { AmountHint } from './amounts.js';
import { amountHeading, columnSumsTo, onRow, tableSumsTo } from './item-sums.js';
import { lastAmount, wholeAmount } from './row-amounts.js';
import {
  besideShifted,
  besideTwoLineLabel,
  CREDIT_TITLE,
  labelRow,
  rateOf,
  restoredDecimals,
  rowAmount,
  rowParts,
  summaryRowParts,
  unlabelledTotal,
  VAT_WORD,
  vatIdFirst,
  WHOLE_ONLY,
  WITHOUT_VAT_WORD,
  wholeRowParts,
} from './total-rows.js';
import { type AmountCandidate, chooseTotals, roundedTotals, type TotalKind } from './totals.js';
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
