// Arithmetic of the totals (the EN 16931 business rules BR-CO-10..16 and the VAT breakdown):
// each relation that the document gives every input for is checked, with one cent of
// tolerance per rounding step, so a document that adds up is never flagged.
import { absUnits, toUnits } from '../decimal.js';
import type { Document, Totals } from '../document.js';
import type { Check } from './check.js';

const CENT_UNITS = 10_000n; // decimal.ts units per cent

/** Rounding steps behind a sum: every term finer than a cent was rounded once, plus the result. */
function tolerance(terms: string[]): bigint {
  return 1n + BigInt(terms.filter((t) => (t.split('.')[1] ?? '').length > 2).length);
}

function relation(
  id: string,
  paths: string[],
  inputs: Record<string, string>,
  expected: bigint,
  actual: string,
  tol: bigint,
  message: string,
): Check {
  const diff = toUnits(actual) - expected;
  const ok = (diff < 0n ? -diff : diff) <= tol * CENT_UNITS;
  return {
    id,
    outcome: ok ? 'pass' : 'fail',
    ...(ok ? {} : { flag: 'sum_mismatch', message }),
    paths,
    inputs,
  };
}

const sum = (xs: string[]): bigint => xs.reduce((a, x) => a + toUnits(x), 0n);

/** Whether the document's net, VAT and gross are all there and net + VAT = gross (to a cent). */
export function totalsAddUp(t: Totals): boolean {
  if (!t.net || !t.vat || !t.gross) return false;
  const diff = sum([t.net, t.vat]) - toUnits(t.gross);
  return (diff < 0n ? -diff : diff) <= CENT_UNITS;
}

export function checkSums(doc: Document): Check[] {
  const t = doc.totals;
  const out: Check[] = [];

  const lineAmounts = doc.lines.map((l) => l.net_amount);
  if (t.line_total && lineAmounts.length && lineAmounts.every((a): a is string => a !== undefined)) {
    out.push(
      relation(
        'sum.lines',
        ['totals.line_total'],
        { line_total: t.line_total, lines: String(lineAmounts.length) },
        sum(lineAmounts),
        t.line_total,
        tolerance(lineAmounts),
        'the line amounts do not add up to the line total',
      ),
    );
  }
  // Quantity × unit price = the line's amount, for lines read from a page. An XML line may price
  // per base quantity (BT-149) and carry line allowances the Document does not hold, so its
  // amount is the syntax's to vouch for. A credit note may print the sign on either number.
  doc.lines.forEach((l, i) => {
    const source = doc.provenance[`lines.${i}.net_amount`]?.source;
    if ((source !== 'text' && source !== 'ocr') || !l.quantity || !l.unit_price || !l.net_amount) return;
    const product = absUnits((toUnits(l.quantity) * toUnits(l.unit_price)) / 1_000_000n);
    const negative = l.net_amount.startsWith('-');
    // A price printed rounded to the cent is off by up to half a cent per unit.
    const tol = 1n + absUnits(toUnits(l.quantity)) / 2_000_000n;
    out.push(
      relation(
        'sum.line_amount',
        [`lines.${i}.net_amount`],
        { quantity: l.quantity, unit_price: l.unit_price, net_amount: l.net_amount },
        negative ? -product : product,
        l.net_amount,
        tol,
        `line ${i + 1}: quantity × unit price is not its amount`,
      ),
    );
  });
  if (t.line_total && t.net) {
    const terms = [t.line_total, ...(t.charges ? [t.charges] : [])];
    const minus = t.allowances ? [t.allowances] : [];
    out.push(
      relation(
        'sum.net',
        ['totals.net'],
        { line_total: t.line_total, allowances: t.allowances ?? '0', charges: t.charges ?? '0', net: t.net },
        sum(terms) - sum(minus),
        t.net,
        tolerance([...terms, ...minus]),
        'line total - allowances + charges is not the net amount',
      ),
    );
  }
  if (t.net && t.vat && t.gross) {
    out.push(
      relation(
        'sum.gross',
        ['totals.net', 'totals.vat', 'totals.gross'],
        { net: t.net, vat: t.vat, gross: t.gross },
        sum([t.net, t.vat]),
        t.gross,
        tolerance([t.net, t.vat]),
        'net + VAT is not the gross amount',
      ),
    );
  }
  const taxes = doc.vat_breakdown.map((v) => v.tax);
  if (t.vat && taxes.length && taxes.every((x): x is string => x !== undefined)) {
    out.push(
      relation(
        'sum.vat_breakdown',
        ['totals.vat'],
        { vat: t.vat, categories: String(taxes.length) },
        sum(taxes),
        t.vat,
        tolerance(taxes),
        'the VAT of the categories does not add up to the VAT total',
      ),
    );
  }
  doc.vat_breakdown.forEach((v, i) => {
    if (!v.taxable || !v.rate || !v.tax) return;
    // tax = taxable × rate / 100, rounded to the cent once.
    const exact = (toUnits(v.taxable) * toUnits(v.rate)) / (100n * 1_000_000n);
    out.push(
      relation(
        'sum.vat_rate',
        [`vat_breakdown.${i}.tax`],
        { taxable: v.taxable, rate: v.rate, tax: v.tax },
        exact,
        v.tax,
        tolerance([v.taxable]),
        `VAT of category ${v.category ?? i + 1} is not taxable × rate`,
      ),
    );
  });
  if (t.gross && t.payable) {
    const minus = t.prepaid ? [t.prepaid] : [];
    const plus = [t.gross, ...(t.rounding ? [t.rounding] : [])];
    out.push(
      relation(
        'sum.payable',
        ['totals.payable'],
        { gross: t.gross, prepaid: t.prepaid ?? '0', rounding: t.rounding ?? '0', payable: t.payable },
        sum(plus) - sum(minus),
        t.payable,
        tolerance([...plus, ...minus]),
        'gross - prepaid + rounding is not the amount payable',
      ),
    );
  }
  return out;
}
