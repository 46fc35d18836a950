// Projects a Document and its checks onto the flat `fields` of a country's field set
// (decisions.md §1-3). A value reaches `fields` only when it is confirmed: read from structured
// data or confidently from a page, and not put in doubt by any failed check. Everything else
// is "" in `fields` and explained in `fields_detailed`.

import type { Check } from '../check/check.js';
import { formatAmount } from '../decimal.js';
import type { Address, Document, Provenance } from '../document.js';
import type { Country } from './countries.js';

export type FieldStatus = 'confirmed' | 'flagged' | 'unconfirmed' | 'missing';

export interface FieldDetail {
  key: string;
  value: string;
  edited: boolean;
  status: FieldStatus;
  flags: string[];
  confidence: number | null;
  source: Provenance['source'] | null;
  page: number | null;
  bbox: [number, number, number, number] | null;
}

interface Located {
  value: string;
  /** The Document paths the value was made from (provenance and check lookups). */
  paths: string[];
  /** Doubts the getter itself raises about the value. */
  flags?: string[];
}

type Getter = (d: Document) => Located | undefined;

const at =
  (path: string, format: (s: string) => string = (s) => s): Getter =>
  (d) => {
    let cur: unknown = d;
    for (const step of path.split('.')) cur = (cur as Record<string, unknown> | undefined)?.[step];
    return typeof cur === 'string' && cur ? { value: format(cur), paths: [path] } : undefined;
  };

/** The first bank account carrying the given kind of number (an IBAN, or a national account). */
const account =
  (key: 'iban' | 'bic' | 'account' | 'bik'): Getter =>
  (d) => {
    const primary = key === 'bic' ? 'iban' : key === 'bik' ? 'account' : key;
    let i = d.payment.accounts.findIndex((a) => a[primary]);
    if (i < 0) i = 0;
    const v = d.payment.accounts[i]?.[key];
    return v ? { value: v, paths: [`payment.accounts.${i}.${key}`] } : undefined;
  };

/**
 * The seller's account for Set A: its IBAN, or where the document gives no IBAN (a Swedish
 * bankgiro, say) the national account number it does give, flagged as not being an IBAN.
 */
const sellerAccount: Getter = (d) => {
  const iban = account('iban')(d);
  if (iban) return iban;
  const other = account('account')(d);
  return other && { ...other, flags: ['not_an_iban'] };
};

const address =
  (role: 'seller' | 'buyer'): Getter =>
  (d) => {
    const a: Address | undefined = d[role].address;
    if (!a) return undefined;
    const place = [a.postcode, a.city].filter(Boolean).join(' ');
    const value = [...a.lines, place, a.country].filter(Boolean).join(', ');
    return value ? { value, paths: [`${role}.address`] } : undefined;
  };

/** Every field any set names, and where in the Document it is read. */
const FIELDS: Record<string, Getter> = {
  invoice_no: at('number'),
  invoice_number: at('number'),
  invoice_date: at('issue_date'),
  due_date: at('due_date'),
  currency: at('currency'),
  seller_name: at('seller.name'),
  vendor_name: at('seller.name'),
  seller_address: address('seller'),
  seller_vat_id: at('seller.vat_id'),
  seller_iban: sellerAccount,
  seller_bic: account('bic'),
  buyer_name: at('buyer.name'),
  net_amount: at('totals.net', formatAmount),
  vat_amount: at('totals.vat', formatAmount),
  gross_amount: at('totals.gross', formatAmount),
  seller_inn: at('seller.inn'),
  seller_kpp: at('seller.kpp'),
  buyer_inn: at('buyer.inn'),
  seller_account: account('account'),
  seller_bik: account('bik'),
};

export const FIELD_SETS: Record<'A' | 'B' | 'RU', readonly string[]> = {
  A: [
    'invoice_no',
    'invoice_date',
    'due_date',
    'currency',
    'seller_name',
    'seller_address',
    'seller_vat_id',
    'seller_iban',
    'seller_bic',
    'buyer_name',
    'net_amount',
    'vat_amount',
    'gross_amount',
  ],
  B: [
    'invoice_number',
    'invoice_date',
    'due_date',
    'vendor_name',
    'net_amount',
    'vat_amount',
    'gross_amount',
    'currency',
  ],
  RU: ['seller_inn', 'seller_kpp', 'buyer_inn', 'seller_account', 'seller_bik'],
};

export function fieldsFor(country: Country): string[] {
  return [...FIELD_SETS[country.set], ...(country.code === 'RU' ? FIELD_SETS.RU : [])];
}

/** Minimum confidence for a value read from a page to count as confirmed. */
export const CONFIDENCE_BAR = 0.8;

/** The Document paths a field's value is read from in `doc` (none when it has none). */
export function fieldPaths(doc: Document, key: string): string[] {
  return FIELDS[key]?.(doc)?.paths ?? [];
}

export function project(
  doc: Document | null,
  checks: Check[],
  country: Country,
): { fields: Record<string, string>; fields_detailed: FieldDetail[] } {
  const fields: Record<string, string> = {};
  const fields_detailed: FieldDetail[] = [];
  for (const key of fieldsFor(country)) {
    const found = doc ? FIELDS[key]!(doc) : undefined;
    const detail = describe(key, found, doc, checks);
    fields[key] =
      detail.status === 'confirmed' ||
      (detail.status === 'flagged' && (detail.source === 'xml' || detail.source === 'qr'))
        ? detail.value
        : '';
    fields_detailed.push(detail);
  }
  return { fields, fields_detailed };
}

function describe(
  key: string,
  found: Located | undefined,
  doc: Document | null,
  checks: Check[],
): FieldDetail {
  if (!found || !doc) {
    return {
      key,
      value: '',
      edited: false,
      status: 'missing',
      flags: [],
      confidence: null,
      source: null,
      page: null,
      bbox: null,
    };
  }
  const touches = (p: string) => found.paths.some((own) => p === own || p.startsWith(`${own}.`));
  const failed = checks.filter((c) => c.outcome === 'fail' && c.paths.some(touches)).map((c) => c.flag!);
  const flags = [...new Set([...(found.flags ?? []), ...failed])];
  const prov = provenanceOf(doc, found.paths[0]!);
  // A person's correction is confirmed by that person (decisions §3), whatever the checks say of it.
  if (prov?.source === 'user')
    return {
      key,
      value: found.value,
      edited: true,
      status: 'confirmed',
      flags: [],
      confidence: 1,
      source: 'user',
      page: prov.page ?? null,
      bbox: prov.bbox ?? null,
    };
  const confidence = prov?.confidence ?? (prov?.source === 'xml' ? 1 : null);
  if (confidence !== null && confidence < CONFIDENCE_BAR) flags.push('low_confidence');
  const status: FieldStatus = flags.some((f) => f !== 'low_confidence')
    ? 'flagged'
    : flags.length
      ? 'unconfirmed'
      : 'confirmed';
  return {
    key,
    value: found.value,
    edited: false,
    status,
    flags,
    confidence,
    source: prov?.source ?? null,
    page: prov?.page ?? null,
    bbox: prov?.bbox ?? null,
  };
}

/** Provenance of a path, or of the first recorded path beneath it (an address has several). */
function provenanceOf(doc: Document, path: string): Provenance | undefined {
  if (doc.provenance[path]) return doc.provenance[path];
  const prefix = `${path}.`;
  for (const [k, v] of Object.entries(doc.provenance)) if (k.startsWith(prefix)) return v;
  return undefined;
}
