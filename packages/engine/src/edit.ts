// A person's corrections of a read (decisions §3: a PATCH sets `edited: true`, `source: "user"`,
// `status: "confirmed"`). Each value is checked by its kind first (a date is a real date, an
// IBAN passes mod 97, ...); an accepted one is written into the Document at the path its field is
// read from, with `user` provenance (keeping the page and box where it was seen), and the checks
// and the projection onto `fields` are made again, so `document` and `checks` follow the edit.
// Besides the country's fields, a person may enter the business terms an export asks for
// (edit-terms.ts: the buyer reference, the seller's contact, ...), kept the same way.

import { checkBic } from './check/bic.js';
import type { Check } from './check/check.js';
import { isIsoDate } from './check/dates.js';
import { runChecks } from './check/document-checks.js';
import { checkIban } from './check/iban.js';
import { checkBik, checkInn, checkKpp } from './check/ru-ids.js';
import { checkVatId } from './check/vat-id.js';
import type { Document } from './document.js';
import { setPath } from './document-path.js';
import {
  DOCUMENT_TERMS,
  type DocumentTerm,
  isCountryCode,
  isDocumentTerm,
  isEmail,
  isPhone,
  PAYMENT_MEANS,
  parseElectronicAddress,
} from './edit-terms.js';
import { isCurrencyCode } from './extract/identifiers/currency.js';
import type { Country } from './project/countries.js';
import { fieldsFor, project } from './project/field-sets.js';

export interface FieldEditError {
  key: string;
  /** A machine code: `unknown_field`, `date`, `amount`, `iban`, `bic`, `vat_id`, `currency`, ... */
  kind: string;
  message: string;
}

const AMOUNT = /^-?\d{1,15}\.\d{2}$/;
// Names, numbers and addresses a person types: no control characters, a sensible length.
const TEXT = /^[^\p{Cc}]{1,500}$/u;

/** The value a field takes from a person, normalised (decisions §2), or why it cannot. */
export function checkFieldValue(
  key: string,
  raw: string,
  country: Country,
): { value: string } | FieldEditError {
  const bad = (kind: string, message: string): FieldEditError => ({ key, kind, message });
  if (!fieldsFor(country).includes(key)) {
    const term = isDocumentTerm(key) ? DOCUMENT_TERMS[key] : undefined;
    return term
      ? checkTermValue(key, term, raw)
      : bad('unknown_field', `${key} is not a field of ${country.code}`);
  }
  const value = raw.trim();
  switch (key) {
    case 'invoice_date':
    case 'due_date':
      return isIsoDate(value) ? { value } : bad('date', 'a date as YYYY-MM-DD that exists in the calendar');
    case 'net_amount':
    case 'vat_amount':
    case 'gross_amount':
      return AMOUNT.test(value)
        ? { value }
        : bad('amount', 'an amount with two decimals and a dot, e.g. 1234.50');
    case 'currency':
      return isCurrencyCode(value) ? { value } : bad('currency', 'an ISO 4217 currency code, e.g. EUR');
    case 'seller_iban': {
      const c = checkIban(value);
      return c.ok ? { value: c.iban } : bad('iban', `not a valid IBAN (${c.reason})`);
    }
    case 'seller_bic': {
      const c = checkBic(value);
      return c.ok ? { value: c.bic } : bad('bic', `not a valid BIC (${c.reason})`);
    }
    case 'seller_vat_id': {
      const c = checkVatId(value, country.code);
      return c.ok ? { value: c.vatId } : bad('vat_id', `not a valid VAT id (${c.reason})`);
    }
    case 'seller_inn':
    case 'buyer_inn':
      return checkInn(value).ok
        ? { value }
        : bad('inn', 'an ИНН of 10 or 12 digits whose control digits fit');
    case 'seller_kpp':
      return checkKpp(value).ok ? { value } : bad('kpp', 'a КПП of 9 characters');
    case 'seller_bik':
      return checkBik(value).ok ? { value } : bad('bik', 'a БИК of 9 digits');
    case 'seller_account':
      return /^\d{20}$/.test(value) ? { value } : bad('account', 'an account number of 20 digits');
    default:
      return TEXT.test(value)
        ? { value }
        : bad('text', 'between 1 and 500 characters, no control characters');
  }
}

/** The value of business term `key` (edit-terms.ts), normalised, or why it cannot be taken. */
export function checkDocumentTerm(key: string, raw: string): { value: string } | FieldEditError {
  const term = isDocumentTerm(key) ? DOCUMENT_TERMS[key] : undefined;
  return term
    ? checkTermValue(key, term, raw)
    : { key, kind: 'unknown_field', message: `${key} is not a business term` };
}

function checkTermValue(key: string, term: DocumentTerm, raw: string): { value: string } | FieldEditError {
  const bad = (kind: string, message: string): FieldEditError => ({ key, kind, message });
  const value = raw.trim();
  switch (term.kind) {
    case 'email':
      return isEmail(value) ? { value } : bad('email', 'an e-mail address, e.g. invoices@example.com');
    case 'phone':
      return isPhone(value) ? { value } : bad('phone', 'a telephone number, e.g. +49 30 1234567');
    case 'country': {
      const code = value.toUpperCase();
      return isCountryCode(code) ? { value: code } : bad('country', 'an ISO 3166 country code, e.g. DE');
    }
    case 'electronic_address': {
      const a = parseElectronicAddress(value);
      return a
        ? { value: `${a.scheme}:${a.value}` }
        : bad(
            'electronic_address',
            'an e-mail address, a Leitweg-ID, or a scheme code and the address, e.g. 0088:4000001000005',
          );
    }
    case 'vat_id': {
      const c = checkVatId(value);
      return c.ok
        ? { value: c.vatId }
        : bad('vat_id', `not a valid VAT id with its country prefix (${c.reason})`);
    }
    case 'payment_means':
      return PAYMENT_MEANS.includes(value)
        ? { value }
        : bad('payment_means', 'a UNTDID 4461 payment means code, e.g. 58');
    default:
      return TEXT.test(value)
        ? { value }
        : bad('text', 'between 1 and 500 characters, no control characters');
  }
}

/** Where in the Document a field is written (the path it is read from). */
function pathOf(key: string, doc: Document): string {
  const accountIndex = (kind: 'iban' | 'account') => {
    const i = doc.payment.accounts.findIndex((a) => a[kind]);
    return Math.max(0, i);
  };
  switch (key) {
    case 'invoice_no':
    case 'invoice_number':
      return 'number';
    case 'invoice_date':
      return 'issue_date';
    case 'due_date':
      return 'due_date';
    case 'currency':
      return 'currency';
    case 'seller_name':
    case 'vendor_name':
      return 'seller.name';
    case 'buyer_name':
      return 'buyer.name';
    case 'seller_address':
      return 'seller.address';
    case 'seller_vat_id':
      return 'seller.vat_id';
    case 'seller_iban':
      return `payment.accounts.${accountIndex('iban')}.iban`;
    case 'seller_bic':
      return `payment.accounts.${accountIndex('iban')}.bic`;
    case 'seller_account':
      return `payment.accounts.${accountIndex('account')}.account`;
    case 'seller_bik':
      return `payment.accounts.${accountIndex('account')}.bik`;
    case 'net_amount':
      return 'totals.net';
    case 'vat_amount':
      return 'totals.vat';
    case 'gross_amount':
      return 'totals.gross';
    case 'seller_inn':
      return 'seller.inn';
    case 'seller_kpp':
      return 'seller.kpp';
    case 'buyer_inn':
      return 'buyer.inn';
    default:
      if (isDocumentTerm(key)) return DOCUMENT_TERMS[key]!.path;
      throw new Error(`no document path for ${key}`);
  }
}

export interface EditedRead {
  fields: Record<string, string>;
  fields_detailed: ReturnType<typeof project>['fields_detailed'];
  document: Document;
  checks: Check[];
}

/**
 * Applies checked values (from `checkFieldValue`) to a copy of `doc` and projects it again.
 * `today` is the day the dates are judged against (as the read did).
 */
export function applyFieldEdits(
  doc: Document,
  values: Record<string, string>,
  country: Country,
  today?: string,
  /** Who gave the values: a person (`edit`), or the account's company profile. */
  reader: 'edit' | 'company-profile' = 'edit',
): EditedRead {
  const next = structuredClone(doc);
  // A whole address first: it replaces the parts (city, post code) entered beside it otherwise.
  const whole = (k: string) => Number(k === 'seller_address');
  const ordered = Object.entries(values).sort(([a], [b]) => whole(b) - whole(a));
  for (const [key, value] of ordered) {
    const path = pathOf(key, next);
    const seen = next.provenance[path] ?? next.provenance[`${path}.lines.0`];
    const term = isDocumentTerm(key) ? DOCUMENT_TERMS[key] : undefined;
    if (key === 'seller_address') setPath(next, path, { lines: [value] });
    else if (term?.kind === 'electronic_address') {
      const a = parseElectronicAddress(value);
      if (a) setPath(next, path, a);
    } else {
      // An address part goes into an address that has its lines, even when the invoice had none.
      const party = /^(seller|buyer|delivery)\.address\./.exec(path)?.[1] as
        | 'seller'
        | 'buyer'
        | 'delivery'
        | undefined;
      if (party === 'delivery') next.delivery ??= {};
      if (party) next[party]!.address ??= { lines: [] };
      setPath(next, path, value);
    }
    // Sub-paths of a replaced value (an address's lines) no longer describe it.
    for (const p of Object.keys(next.provenance)) if (p.startsWith(`${path}.`)) delete next.provenance[p];
    next.provenance[path] = {
      source: 'user',
      reader,
      confidence: 1,
      ...(seen?.page !== undefined ? { page: seen.page } : {}),
      ...(seen?.bbox ? { bbox: seen.bbox } : {}),
    };
  }
  const checks = runChecks(next, today);
  return { ...project(next, checks, country), document: next, checks };
}

/** A person's corrections per field, each with when it was made (ISO UTC). */
export type TimedEdits = Record<string, { value: string; at: string }>;

type TimedEdit = TimedEdits[string];

const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)$/i;

/**
 * The instant (ms since 1970) of an edit's ISO time with its zone; anything else counts as the
 * oldest. Edit times are compared as instants, never as strings: '…T10:00:00Z' is earlier than
 * '…T10:00:00.500Z' although it sorts after it.
 */
export function editInstant(at: string): number {
  if (!ISO_INSTANT.test(at)) return Number.NEGATIVE_INFINITY;
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** One form for every edit time kept (`toISOString`: UTC with milliseconds). */
export function canonicalEditTime(at: string): string {
  const ms = editInstant(at);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : at;
}

/**
 * Whether `a` wins over `b`: the later instant; at the same instant the greater value, so that
 * the service and the desktop app, each merging the other's edits, keep the same one.
 */
function wins(a: TimedEdit, b: TimedEdit): boolean {
  const ta = editInstant(a.at);
  const tb = editInstant(b.at);
  return ta !== tb ? ta > tb : a.value > b.value;
}

/**
 * Merges corrections made in two places (the desktop app and the service): per field the later
 * edit wins, so the same edits arriving twice change nothing. Times kept are made one form.
 * Answers whether `held` changed.
 */
export function mergeFieldEdits(
  held: TimedEdits,
  incoming: TimedEdits,
): { merged: TimedEdits; changed: boolean } {
  const merged = { ...held };
  let changed = false;
  for (const [key, edit] of Object.entries(incoming)) {
    const mine = merged[key];
    if (mine && !wins(edit, mine)) continue;
    const next = { value: edit.value, at: canonicalEditTime(edit.at) };
    if (mine?.value === next.value && editInstant(mine.at) === editInstant(next.at)) continue;
    merged[key] = next;
    changed = true;
  }
  return { merged, changed };
}

/**
 * The time of a correction typed now (`nowMs`, in the service's time) over `held`, the field's
 * edit the person saw: now, or just after `held` when that one carries a later time (made on a
 * machine whose clock ran ahead), so that what the person typed last wins on every side.
 */
export function editTimeAfter(held: TimedEdit | undefined, nowMs: number): string {
  const after = held ? editInstant(held.at) + 1 : Number.NEGATIVE_INFINITY;
  return new Date(Math.max(nowMs, after)).toISOString();
}
