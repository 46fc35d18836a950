// Whether an item table adds up to a total: the amounts in the total's column above it, or the
// rows of a table read as such. A total so confirmed needs no VAT row beside it.
import { toUnits } from '../../decimal.js';
import { lineChecks } from '../lines/read-lines.js';
import type { ItemTable, TableRow } from '../lines/table.js';
import type { PageLayout, Segment } from '../page/layout.js';
import { lastAmount } from './row-amounts.js';
import type { AmountCandidate } from './totals.js';

/** Items above a total at most this many lines up are added (a long table is read page by page). */
const MAX_ITEM_LINES = 60;

/**
 * Whether the amounts in the total's column above it, up to the column's heading (the first
 * segment there without an amount), add up to the total to the cent: the item lines of a table
 * whose last row is its total. At least two lines, so a total is not confirmed by itself; one
 * line when `corroborated` (a payable amount on another row names the same sum: "Total: 259,00 $"
 * under one item of 259,00 $ and "Balance Due: 259,00 $"). Undefined when they do not; else the
 * column's heading where the walk stopped at one.
 */
export function columnSumsTo(
  layouts: PageLayout[],
  total: AmountCandidate,
  corroborated = false,
): { heading?: Segment } | undefined {
  const layout = layouts.find((l) => l.page === total.seg.page);
  if (!layout) return undefined;
  const [x0, , x1] = total.seg.bbox;
  const adds = () => items >= (corroborated ? 1 : 2) && sum === toUnits(total.value);
  let sum = 0n;
  let items = 0;
  let headingPassed = false;
  for (let li = total.seg.line - 1; li >= 0 && li >= total.seg.line - MAX_ITEM_LINES; li--) {
    const inColumn = layout.lines[li]!.filter((s) => s.bbox[0] < x1 && x0 < s.bbox[2]);
    if (!inColumn.length) continue;
    const value = inColumn.length === 1 ? lastAmount(inColumn[0]!.text) : undefined;
    if (value === undefined) {
      // The column's heading: the items under it are all there are. One heading of a second
      // table in the column (items, then expenses) is passed.
      if (adds()) return { heading: inColumn[0] };
      if (!headingPassed && items && !/\d/.test(inColumn[0]!.text)) {
        headingPassed = true;
        continue;
      }
      return undefined;
    }
    sum += toUnits(value);
    items++;
  }
  return adds() ? {} : undefined;
}

/**
 * Whether the rows of one item table add up to the total to the cent wherever the total stands
 * (printed over the table: "Totale Fattura: €1,230.00" above its two items): every row priced as
 * its quantity times its unit price where both are printed, and at least two rows, or one whose
 * quantity and price are printed (so that no total is confirmed by a copy of itself).
 */
export function tableSumsTo(tables: ItemTable[], total: AmountCandidate): boolean {
  return tables.some((t) => {
    if (t.rows.some((r) => r.allowance || lineChecks(r) === false)) return false;
    if (t.rows.length < 2 && lineChecks(t.rows[0]!) !== true) return false;
    return t.rows.reduce((sum, r) => sum + toUnits(r.net_amount), 0n) === toUnits(total.value);
  });
}

/**
 * Whether a heading is the amount column's of an item table's header: a header with a description
 * column (a VAT breakdown's header has none), the heading on its lines and over its amount column.
 * (A table that runs on to the next page carries that page as its header's.)
 */
export function amountHeading(seg: Segment, t: ItemTable): boolean {
  const h = t.header;
  return (
    (h.page === seg.page || t.rows[0]?.page === seg.page) &&
    h.columns.some((c) => c.kind === 'description') &&
    seg.bbox[3] <= h.bottom + h.lineHeight / 2 &&
    seg.bbox[1] >= h.bottom - 4 * h.lineHeight &&
    h.columns.some((c) => c.kind === 'amount' && seg.bbox[0] < c.x1 && c.x0 < seg.bbox[2])
  );
}

/** Whether a segment stands on an item row: its page, within the row's height. */
export function onRow(seg: Segment, row: TableRow): boolean {
  const mid = (seg.bbox[1] + seg.bbox[3]) / 2;
  return seg.page === row.page && mid >= row.box[1] && mid <= row.box[3];
}
