// A person's corrections of line items and of the VAT breakdown (PATCH /api/v1/parse/{id}/lines).
// Each cell is named by its place in the Document (`lines.0.quantity`, `vat_breakdown.1.tax`) and
// checked by its kind; an accepted value is written there with `user` provenance (keeping the
// page and box where it was seen), as a field's correction is, and the checks and fields follow.
// Also: the corrected cells of an earlier reading, carried to a new one with the same rows.
import type { ValidationErrorItem } from '@invoice-reader/contract';
import { applyFieldEdits, type Country, type Document, type EditedRead } from '@invoice-reader/engine';

export interface LineEditError {
  key: string;
  /** `unknown_cell` (no such row or cell), `empty`, `text`, `quantity`, `price`, `amount`, `rate`. */
  kind: string;
  message: string;
}

type Kind = 'text' | 'unit' | 'quantity' | 'price' | 'amount' | 'rate';

const KINDS: Record<string, Kind> = {
  'lines.description': 'text',
  'lines.unit': 'unit',
  'lines.quantity': 'quantity',
  'lines.unit_price': 'price',
  'lines.net_amount': 'amount',
  'lines.vat_rate': 'rate',
  'vat_breakdown.rate': 'rate',
  'vat_breakdown.taxable': 'amount',
  'vat_breakdown.tax': 'amount',
};

const KEY = /^(lines|vat_breakdown)\.(\d{1,4})\.([a-z_]+)$/;

const CHECKS: Record<Kind, { test: (v: string) => boolean; message: string }> = {
  text: {
    test: (v) => /^[^\p{Cc}]{1,500}$/u.test(v),
    message: 'between 1 and 500 characters, no control characters',
  },
  unit: { test: (v) => /^[^\p{Cc}]{1,20}$/u.test(v), message: 'a unit of 1 to 20 characters, e.g. pcs or h' },
  quantity: {
    test: (v) => /^-?\d{1,12}(\.\d{1,6})?$/.test(v),
    message: 'a number with a dot and at most 6 decimals, e.g. 2.5',
  },
  price: {
    test: (v) => /^-?\d{1,15}(\.\d{1,6})?$/.test(v),
    message: 'a price with a dot and at most 6 decimals, e.g. 12.3456',
  },
  amount: {
    test: (v) => /^-?\d{1,15}\.\d{2}$/.test(v),
    message: 'an amount with two decimals and a dot, e.g. 1234.50',
  },
  rate: {
    test: (v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100,
    message: 'a percentage from 0 to 100 with a dot, e.g. 19 or 5.5',
  },
};

/** The value a cell takes from a person, or why it cannot (the row must be in `doc`). */
export function checkLineValue(key: string, raw: string, doc: Document): { value: string } | LineEditError {
  const bad = (kind: string, message: string): LineEditError => ({ key, kind, message });
  const m = KEY.exec(key);
  const kind = m ? KINDS[`${m[1]}.${m[3]}`] : undefined;
  if (!m || !kind) return bad('unknown_cell', `${key} is not a cell of a line or of the VAT breakdown`);
  const rows = m[1] === 'lines' ? doc.lines : doc.vat_breakdown;
  if (Number(m[2]) >= rows.length) return bad('unknown_cell', `${m[1]} has no row ${m[2]}`);
  const value = raw.trim();
  if (!value) return bad('empty', 'a value');
  const check = CHECKS[kind];
  return check.test(value) ? { value } : bad(kind, check.message);
}

/** Every cell of a patch checked; the refused ones as the items of a 422 (`loc: ["body", key]`). */
export function checkLinePatch(
  patch: Record<string, string>,
  doc: Document,
): { values: Record<string, string>; issues: ValidationErrorItem[] } {
  const values: Record<string, string> = {};
  const issues: ValidationErrorItem[] = [];
  for (const [key, raw] of Object.entries(patch)) {
    const c = checkLineValue(key, raw, doc);
    if ('value' in c) values[key] = c.value;
    else
      issues.push({
        type: 'value_error',
        loc: ['body', key],
        msg: `Value error, ${c.message}`,
        input: raw,
        ctx: { kind: c.kind },
      });
  }
  return { values, issues };
}

/**
 * Writes checked cells into a copy of `doc` with `user` provenance, then makes the checks and the
 * fields again from it (the engine's applyFieldEdits with no field values does just that).
 */
export function applyLineEdits(
  doc: Document,
  values: Record<string, string>,
  country: Country,
  today?: string,
): EditedRead {
  const next = structuredClone(doc);
  for (const [key, value] of Object.entries(values)) {
    const m = KEY.exec(key);
    if (!m) continue;
    const row = (m[1] === 'lines' ? next.lines : next.vat_breakdown)[Number(m[2])] as
      | Record<string, unknown>
      | undefined;
    if (!row) continue;
    row[m[3]!] = value;
    // The cell's own place on the page, else its row's (a cell the reader did not find).
    const seen = next.provenance[key] ?? rowProvenance(next, `${m[1]}.${m[2]}.`);
    next.provenance[key] = {
      source: 'user',
      reader: 'edit',
      confidence: 1,
      ...(seen?.page !== undefined ? { page: seen.page } : {}),
      ...(seen?.bbox ? { bbox: seen.bbox } : {}),
    };
  }
  return applyFieldEdits(next, {}, country, today);
}

function rowProvenance(doc: Document, prefix: string) {
  const key = Object.keys(doc.provenance).find((p) => p.startsWith(prefix));
  return key ? doc.provenance[key] : undefined;
}

/** The cells a person corrected in `doc` (`user` provenance of the editor), with their values. */
export function editedCells(doc: Document): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, p] of Object.entries(doc.provenance)) {
    const m = KEY.exec(key);
    if (!m || p.source !== 'user' || p.reader !== 'edit') continue;
    const row = (m[1] === 'lines' ? doc.lines : doc.vat_breakdown)[Number(m[2])] as
      | Record<string, unknown>
      | undefined;
    const value = row?.[m[3]!];
    if (typeof value === 'string') out[key] = value;
  }
  return out;
}

/**
 * The earlier reading's corrected cells for a new reading of the same file: kept only where the
 * new one has as many lines and breakdown rows (rows are named by their place, so another table
 * would put a correction on another line), and where each value still passes its check.
 */
export function carriedLineEdits(previous: Document | undefined, next: Document): Record<string, string> {
  if (!previous || !Array.isArray(previous.lines) || !Array.isArray(previous.vat_breakdown)) return {};
  if (previous.lines.length !== next.lines.length) return {};
  if (previous.vat_breakdown.length !== next.vat_breakdown.length) return {};
  return checkLinePatch(editedCells(previous), next).values;
}
