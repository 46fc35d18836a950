// The item lines and VAT breakdown a hybrid e-invoice prints on its page, taken into its XML's
// document where the XML has none (Factur-X MINIMUM has neither, BASIC WL no lines) and the XML's
// own figures confirm them. Everything else stays the XML's; what the figures do not confirm is
// left out, since a wrong line is worse than none.
import type { Check } from './check/check.js';
import { absUnits, fromUnits, toUnits } from './decimal.js';
import type { Document, LineItem, VatBreakdownEntry } from './document.js';
import { taxAt } from './extract/lines/breakdown.js';
import { lineChecks } from './extract/lines/read-lines.js';

const CENT = 10_000n;
const sum = (values: Array<string | undefined>) => values.reduce((a, v) => a + toUnits(v ?? '0'), 0n);
const sameRate = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && Number(a) === Number(b);

/** Whether the XML's document lacks what a page may add: its lines or its VAT breakdown. */
export function lacksPageTables(xml: Document): boolean {
  return !xml.lines.length || !xml.vat_breakdown.length;
}

/**
 * The XML's document with the page's lines and breakdown it lacks, each where the XML's figures
 * confirm it (`confirmedBreakdown`, `confirmedLines`), with the page's provenance (source `text`)
 * and a passing check (`page.vat_breakdown`, `page.lines`) saying what confirmed it. The syntax
 * becomes `<syntax>+text` when the page added anything.
 */
export function addPageTables(
  xml: Document,
  page: Document | undefined,
): { document: Document; checks: Check[] } {
  if (!page || !lacksPageTables(xml)) return { document: xml, checks: [] };
  // A page in another currency is not this invoice's rendering.
  if (page.currency && xml.currency && page.currency !== xml.currency) return { document: xml, checks: [] };
  const d: Document = structuredClone(xml);
  const checks: Check[] = [];
  const breakdown = d.vat_breakdown.length ? undefined : confirmedBreakdown(page.vat_breakdown, xml);
  if (breakdown) {
    d.vat_breakdown = structuredClone(page.vat_breakdown);
    copyProvenance(page, d, 'vat_breakdown');
    checks.push(breakdown);
  }
  const lines = d.lines.length ? undefined : confirmedLines(page.lines, d);
  if (lines) {
    d.lines = lines.lines;
    copyProvenance(page, d, 'lines');
    // A price that quantity × price does not make the line's amount of (a discount column
    // between them) is no net price (BT-146): left out, the amount and quantity make one.
    d.lines.forEach((l, i) => {
      if (lineChecks(l) !== false) return;
      delete l.unit_price;
      delete d.provenance[`lines.${i}.unit_price`];
    });
    checks.push(lines.check);
  }
  if (!checks.length) return { document: xml, checks: [] };
  d.syntax = `${xml.syntax}+text`;
  return { document: d, checks };
}

/**
 * A pass check when the page's breakdown is the XML's totals broken down: its bases add up to the
 * total without VAT and its taxes to the total VAT (a cent per row), each row's tax is its base
 * at its rate, no rate twice.
 */
export function confirmedBreakdown(rows: VatBreakdownEntry[], xml: Document): Check | undefined {
  const { net, vat, gross } = xml.totals;
  const total = vat ?? (net && gross ? fromUnits(toUnits(gross) - toUnits(net)) : undefined);
  if (!rows.length || !net || !total) return undefined;
  if (rows.some((r) => !r.rate || !r.taxable || !r.tax || !taxAt(r.taxable, r.rate, r.tax))) return undefined;
  if (new Set(rows.map((r) => Number(r.rate))).size !== rows.length) return undefined;
  const tol = CENT * BigInt(rows.length);
  const bases = sum(rows.map((r) => r.taxable));
  const taxes = sum(rows.map((r) => r.tax));
  if (absUnits(bases - toUnits(net)) > tol || absUnits(taxes - toUnits(total)) > tol) return undefined;
  return {
    id: 'page.vat_breakdown',
    outcome: 'pass',
    paths: ['vat_breakdown'],
    inputs: { bases: fromUnits(bases), net, taxes: fromUnits(taxes), vat: total },
    message: "the page's VAT breakdown makes the XML's totals",
  };
}

/**
 * The page's lines, with a pass check, when their amounts add up to the XML's sum of line nets
 * (or, without one, to its total without VAT less its document-level charges and plus its
 * allowances), a cent per line; and every rate a line prints is one of the breakdown's, the lines
 * at each rate making its base (give or take the document-level allowances and charges).
 */
export function confirmedLines(
  lines: LineItem[],
  d: Document,
): { lines: LineItem[]; check: Check } | undefined {
  if (!lines.length || lines.some((l) => !l.net_amount)) return undefined;
  const listed = d.allowances_charges ?? [];
  const allowances =
    d.totals.allowances ?? fromUnits(sum(listed.filter((a) => !a.charge).map((a) => a.amount)));
  const charges = d.totals.charges ?? fromUnits(sum(listed.filter((a) => a.charge).map((a) => a.amount)));
  const target = d.totals.line_total
    ? toUnits(d.totals.line_total)
    : d.totals.net
      ? toUnits(d.totals.net) + toUnits(allowances) - toUnits(charges)
      : undefined;
  if (target === undefined) return undefined;
  const tol = CENT * BigInt(lines.length);
  const made = sum(lines.map((l) => l.net_amount));
  if (absUnits(made - target) > tol) return undefined;
  const breakdown = d.vat_breakdown;
  if (breakdown.length) {
    if (lines.some((l) => l.vat_rate !== undefined && !breakdown.some((b) => sameRate(b.rate, l.vat_rate))))
      return undefined;
    // With every line's rate printed, the lines at each rate make its base.
    const spread = toUnits(allowances) + toUnits(charges);
    if (lines.every((l) => l.vat_rate !== undefined))
      for (const b of breakdown) {
        const at = lines.filter((l) => sameRate(l.vat_rate, b.rate));
        if (absUnits(sum(at.map((l) => l.net_amount)) - toUnits(b.taxable ?? '0')) > tol + spread)
          return undefined;
      }
  }
  const total = fromUnits(target);
  return {
    lines: structuredClone(lines),
    check: {
      id: 'page.lines',
      outcome: 'pass',
      paths: ['lines'],
      inputs: { lines: String(lines.length), sum: fromUnits(made), total },
      message: "the page's line amounts add up to the XML's total",
    },
  };
}

function copyProvenance(from: Document, to: Document, prefix: 'lines' | 'vat_breakdown'): void {
  for (const [path, p] of Object.entries(from.provenance))
    if (path.startsWith(`${prefix}.`)) to.provenance[path] = p;
}
