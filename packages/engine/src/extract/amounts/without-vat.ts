// Totals of an invoice without VAT, whose net is its gross: one zero-rated by its VAT rows ("BTW
// 0%", no amount), or one that states it carries no VAT by law ("TVA non applicable, art. 293 B du
// CGI", "Gemäß § 19 UStG", a reverse charge; lexicon `no_vat_mentions`).
import { toUnits } from '../../decimal.js';
import { NO_VAT_MENTION_SOURCES } from '../lexicon/lexicon.js';
import type { LabelHit } from '../page/label-hits.js';
import type { PageLayout } from '../page/layout.js';
import type { AmountCandidate, ChosenTotals } from './totals.js';

/**
 * The net and gross of an invoice without VAT among the totals chosen (`t`, which do not add up),
 * where the page shows it carries none: zero-rated, or stating it carries no VAT.
 */
export function withoutVat(
  hits: LabelHit[],
  layouts: PageLayout[],
  cands: AmountCandidate[],
  t: ChosenTotals,
): { net: AmountCandidate; gross: AmountCandidate } | undefined {
  if (t.net && t.gross && zeroRated(hits, layouts, t.net, t.gross)) return { net: t.net, gross: t.gross };
  const one = noVatTotal(cands, t, layouts);
  return one ? { net: one, gross: one } : undefined;
}

/** Whether a text states the invoice carries no VAT ("Gemäß § 19 UStG wird keine Umsatzsteuer
 * berechnet"): no VAT row, though it names the tax. */
export function statesNoVat(text: string): boolean {
  return NO_VAT_MENTION.test(text);
}

/**
 * Whether net and gross are one amount on two rows, and the page's only VAT rows state a rate of
 * zero with no amount beside it.
 */
function zeroRated(
  hits: LabelHit[],
  layouts: PageLayout[],
  net: AmountCandidate,
  gross: AmountCandidate,
): boolean {
  if (toUnits(net.value) !== toUnits(gross.value) || net.seg.line === gross.seg.line) return false;
  const rowText = (h: LabelHit) =>
    layouts
      .find((l) => l.page === h.seg.page)!
      .lines[h.seg.line]!.map((s) => s.text)
      .join('  ');
  // (a column's heading, a row without a digit, says nothing)
  const vatRows = hits.filter(
    (h) => h.field === 'vat' && h.seg.page === gross.seg.page && /\d/.test(rowText(h)),
  );
  if (!vatRows.length) return false;
  return vatRows.every((h) => {
    const text = rowText(h);
    return /(?:^|\s)0(?:[.,]0{1,2})?\s*%/.test(text) && !/\d[.,]\d{2}(?!\s*%)|€\s?\d|\d\s?€/.test(text);
  });
}

/** A statement that the invoice carries no VAT by law (lexicon `no_vat_mentions`). */
const NO_VAT_MENTION = new RegExp(NO_VAT_MENTION_SOURCES.join('|'), 'iu');

/**
 * The one total of an invoice that states it carries no VAT: the net's and the gross's labels
 * (those read) name one amount, and no VAT amount other than zero is printed.
 */
function noVatTotal(
  cands: AmountCandidate[],
  t: ChosenTotals,
  layouts: PageLayout[],
): AmountCandidate | undefined {
  const total = t.gross ?? t.net;
  if (!total || (t.net && t.gross && toUnits(t.net.value) !== toUnits(t.gross.value))) return undefined;
  if (cands.some((c) => c.kind === 'vat' && toUnits(c.value) !== 0n)) return undefined;
  const stated = layouts.some((l) => l.lines.some((line) => line.some((s) => statesNoVat(s.text))));
  // (nor a rate other than zero printed among the totals: "19% Mehrwertsteuer: 66,54€" over the
  // total, unless its row puts a dash for the amount: "PDV (25%)  -  EUR", none charged)
  const layout = layouts.find((l) => l.page === total.seg.page)!;
  const near = layout.lines.slice(Math.max(0, total.seg.line - 4), total.seg.line + 2);
  const rated = near.some((line) => line.some((s) => RATE.test(s.text)) && !dashForAmount(line));
  return stated && !rated ? total : undefined;
}

/** A row whose amount is a dash: after its label, a dash and at most a currency, no digit. */
function dashForAmount(line: PageLayout['lines'][number]): boolean {
  const rest = line
    .slice(1)
    .map((s) => s.text.trim())
    .join(' ');
  return /^[-–]\s*(?:\p{L}{3}|[€$£])?$/u.test(rest);
}

/** A VAT rate other than zero ("19%", "7,7 %"). */
const RATE = /(?:^|[\s(])[1-9]\d?(?:[.,]\d{1,2})?\s*%/;
