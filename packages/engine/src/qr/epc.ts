// EPC069-12 "Quick Response Code" for a SEPA credit transfer (GiroCode, "Zahlen mit Code"):
// the up-to-12-line `BCD` payload parsed into a typed payment and mapped onto the Document.
// The text arrives decoded already, so the character set number is only validated.

import { checkBic } from '../check/bic.js';
import { checkIban } from '../check/iban.js';
import { centsOf } from '../decimal.js';
import type { Document } from '../document.js';
import {
  catchPayloadError,
  dropTrailingEmpty,
  fail,
  isCreditorReference,
  parseQrAmount,
  QrDocumentBuilder,
  type QrLocation,
  type QrParseFailure,
  splitLines,
} from './payment-qr-shared.js';

export interface EpcPayment {
  version: '001' | '002';
  /** 1 = UTF-8, 2 = ISO 8859-1, 3 = 8859-2, 4 = 8859-4, 5 = 8859-5, 6 = 8859-7, 7 = 8859-10, 8 = 8859-15. */
  characterSet: number;
  /** Mandatory in version 001, optional in 002. */
  bic?: string;
  /** The beneficiary. */
  name: string;
  iban: string;
  /** Decimal string, always in euro; absent when the payer fills in the amount. */
  amount?: string;
  currency: 'EUR';
  /** ISO 20022 purpose code (e.g. `CHAR`, `GDDS`). */
  purpose?: string;
  /** Structured remittance: a creditor reference (ISO 11649 `RF…` or another ≤35 character one). */
  reference?: string;
  /** Unstructured remittance text; present only when `reference` is not. */
  text?: string;
  /** Beneficiary-to-originator information, meant for display to the payer. */
  information?: string;
}

export type EpcQrResult = { ok: true; payment: EpcPayment; warnings: string[] } | QrParseFailure;

/** Service tag up to IBAN must be there; amount, purpose, remittance and information may be left off. */
const MIN_LINES = 7;
const MAX_LINES = 12;
/** QR version 13 at error level M, the largest code the guideline allows. */
const MAX_BYTES = 331;

function limit(value: string, max: number, what: string, code: string): void {
  if (value.length > max) fail(code, `${what} has ${value.length} characters; at most ${max} are allowed`);
}

function parsePayment(text: string, warnings: string[]): EpcPayment {
  const f = dropTrailingEmpty(
    splitLines(text).map((l) => l.trim()),
    MIN_LINES,
  );
  if (f[0] !== 'BCD') fail('invalid_structure', 'not an EPC QR code: the first line must be BCD');
  if (f.length < MIN_LINES || f.length > MAX_LINES) {
    fail(
      'invalid_structure',
      `the payload has ${f.length} lines; an EPC QR code has ${MIN_LINES} to ${MAX_LINES}`,
    );
  }
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_BYTES) warnings.push(`payload is ${bytes} bytes; the guideline allows ${MAX_BYTES}`);
  const [, version = '', charset = '', identification = '', bicText = '', name = '', ibanText = ''] = f;
  const [amountText = '', purpose = '', reference = '', remittance = '', information = ''] = f.slice(7);

  if (version !== '001' && version !== '002') {
    fail('unsupported_version', `version "${version}" is not 001 or 002`);
  }
  if (!/^[1-8]$/.test(charset)) fail('unsupported_character_set', `character set "${charset}" is not 1 to 8`);
  if (identification !== 'SCT') {
    fail('unsupported_identification', `identification "${identification}" is not SCT`);
  }

  let bic: string | undefined;
  if (bicText) {
    const check = checkBic(bicText);
    if (!check.ok) fail('invalid_bic', `BIC "${bicText}" is not valid (${check.reason})`);
    bic = check.bic;
  } else if (version === '001') {
    fail('missing_bic', 'version 001 requires the BIC');
  }

  if (!name) fail('missing_name', 'the beneficiary name is missing');
  limit(name, 70, 'beneficiary name', 'invalid_name');

  if (!ibanText) fail('missing_iban', 'the IBAN is missing');
  const ibanCheck = checkIban(ibanText);
  if (!ibanCheck.ok) fail('invalid_iban', `IBAN ${ibanCheck.iban} is not valid (${ibanCheck.reason})`);

  let amount: string | undefined;
  if (amountText) {
    const m = /^EUR(.*)$/.exec(amountText);
    amount = m ? parseQrAmount(m[1]!) : undefined;
    if (amount === undefined) fail('invalid_amount', `amount "${amountText}" is not EUR and a number`);
    if (centsOf(amount) === 0n) fail('invalid_amount', 'the amount must be at least 0.01');
  }

  if (purpose && !/^[A-Z0-9]{1,4}$/.test(purpose)) {
    fail('invalid_purpose', `purpose "${purpose}" is not a code of up to 4 letters or digits`);
  }
  if (reference && remittance) {
    fail(
      'remittance_conflict',
      'structured reference and unstructured remittance text are mutually exclusive',
    );
  }
  limit(reference, 35, 'structured reference', 'invalid_reference');
  // The structured line holds "a creditor reference"; ISO 11649 may be used, so only an RF one is checked.
  let creditorRef = reference;
  const compact = reference.replace(/\s+/g, '').toUpperCase();
  if (/^RF\d\d/.test(compact)) {
    if (!isCreditorReference(compact)) {
      fail('invalid_reference', `"${reference}" is not a valid ISO 11649 reference`);
    }
    creditorRef = compact;
  } else if (reference) {
    warnings.push(`structured reference "${reference}" is not an ISO 11649 RF reference`);
  }
  limit(remittance, 140, 'remittance text', 'invalid_remittance');
  limit(information, 70, 'beneficiary to originator information', 'invalid_information');

  return {
    version,
    characterSet: Number(charset),
    ...(bic ? { bic } : {}),
    name,
    iban: ibanCheck.iban,
    ...(amount !== undefined ? { amount } : {}),
    currency: 'EUR',
    ...(purpose ? { purpose } : {}),
    ...(creditorRef ? { reference: creditorRef } : {}),
    ...(remittance ? { text: remittance } : {}),
    ...(information ? { information } : {}),
  };
}

/** Parses an EPC QR (GiroCode) payload; never throws for bad input. */
export function parseEpcQr(text: string): EpcQrResult {
  const warnings: string[] = [];
  return catchPayloadError(() => ({ ok: true as const, payment: parsePayment(text, warnings), warnings }));
}

/**
 * The payment as a Document (syntax `epc-qr`). The amount is the amount to pay and the code
 * carries no VAT details that could contradict it, so it fills both `totals.payable` and
 * `totals.gross` (the same rule as the Swiss QR-bill). The remittance information is what the
 * payer must quote, so `payment.reference` takes the structured reference or, failing that,
 * the unstructured text; the beneficiary-to-originator information becomes a note.
 */
export function epcQrDocument(payment: EpcPayment, where?: QrLocation): Document {
  const b = new QrDocumentBuilder('epc-qr', where);
  b.set('seller.name', payment.name);
  b.set('payment.accounts.0.iban', payment.iban);
  b.set('payment.accounts.0.bic', payment.bic);
  b.set('payment.accounts.0.name', payment.name);
  b.set('payment.reference', payment.reference ?? payment.text);
  b.set('currency', payment.currency);
  b.set('totals.payable', payment.amount);
  b.set('totals.gross', payment.amount);
  b.set('notes.0', payment.information);
  return b.doc;
}
