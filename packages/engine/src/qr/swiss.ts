// Swiss QR-bill payload (Swiss Payment Standards, Implementation Guidelines QR-bill v2.x): the
// 31-34 line `SPC` text in the payment part's QR code, parsed into a typed bill and mapped onto
// the canonical Document. Pure functions; the QR code itself is decoded elsewhere.

import { isCountryCode } from '../check/bic.js';
import { checkIban } from '../check/iban.js';
import { centsOf, fromUnits, toUnits } from '../decimal.js';
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
import { parseSwicoS1, type SwicoBilling, type SwicoRate } from './swiss-billing.js';

export type { SwicoBilling, SwicoCondition, SwicoDates, SwicoRate } from './swiss-billing.js';

export interface SwissAddress {
  /** S = structured (street, number, postcode, town); K = combined (two free address lines). */
  type: 'S' | 'K';
  name: string;
  street?: string;
  buildingNumber?: string;
  postcode?: string;
  town?: string;
  addressLine1?: string;
  addressLine2?: string;
  country: string;
}

export type SwissReferenceType = 'QRR' | 'SCOR' | 'NON';

export interface SwissQrBill {
  /** `0200`; later minor versions `02xx` are read the same way. */
  version: string;
  iban: string;
  /** A QR-IBAN (institution id 30000-31999): payable only with a QRR reference. */
  qrIban: boolean;
  creditor: SwissAddress;
  /** Decimal string; absent when the debtor fills in the amount. */
  amount?: string;
  currency: 'CHF' | 'EUR';
  /** The debtor (the field is called "ultimate debtor" in the standard). */
  debtor?: SwissAddress;
  referenceType: SwissReferenceType;
  reference?: string;
  message?: string;
  /** StrdBkgInf as written; `billing` holds its Swico S1 reading. */
  billingInformation?: string;
  billing?: SwicoBilling;
  /** AV1/AV2 parameters of alternative procedures (eBill, TWINT, ...). */
  alternativeProcedures: string[];
}

export type SwissQrResult = { ok: true; bill: SwissQrBill; warnings: string[] } | QrParseFailure;

// Element positions in the payload (0-based lines).
const CREDITOR = 4;
const ULTIMATE_CREDITOR = 11;
const AMOUNT = 18;
const CURRENCY = 19;
const DEBTOR = 20;
const REFERENCE_TYPE = 27;
const MESSAGE = 29;
const TRAILER = 30;
const BILLING = 31;
const ALTERNATIVES = 32;
/** Up to EPD the elements are mandatory (even when empty); billing info and AV1/AV2 may be left off. */
const MIN_LINES = 31;
const MAX_LINES = 34;

function limit(value: string, max: number, what: string, code: string): void {
  if (value.length > max) fail(code, `${what} has ${value.length} characters; at most ${max} are allowed`);
}

function parseAddress(f: string[], at: number, role: 'creditor' | 'debtor'): SwissAddress {
  const [type = '', name = '', a1 = '', a2 = '', postcode = '', town = '', country = ''] = f.slice(
    at,
    at + 7,
  );
  const code = `invalid_${role}`;
  if (type !== 'S' && type !== 'K') fail(code, `${role} address type "${type}" is neither S nor K`);
  if (!name) fail(code, `${role} name is missing`);
  limit(name, 70, `${role} name`, code);
  if (!country) fail(code, `${role} country is missing`);
  if (!/^[A-Z]{2}$/.test(country) || !isCountryCode(country)) {
    fail(code, `${role} country "${country}" is not an ISO 3166 alpha-2 code`);
  }
  if (type === 'K') {
    // Combined: line 2 carries postcode and town, so the structured fields must stay empty.
    limit(a1, 70, `${role} address line 1`, code);
    if (!a2) fail(code, `${role} address line 2 (postcode and town) is missing`);
    limit(a2, 70, `${role} address line 2`, code);
    if (postcode || town) fail(code, `${role} address type K must not fill postcode or town`);
    return { type, name, ...(a1 ? { addressLine1: a1 } : {}), addressLine2: a2, country };
  }
  limit(a1, 70, `${role} street`, code);
  limit(a2, 16, `${role} building number`, code);
  if (!postcode) fail(code, `${role} postcode is missing`);
  limit(postcode, 16, `${role} postcode`, code);
  if (!town) fail(code, `${role} town is missing`);
  limit(town, 35, `${role} town`, code);
  return {
    type,
    name,
    ...(a1 ? { street: a1 } : {}),
    ...(a2 ? { buildingNumber: a2 } : {}),
    postcode,
    town,
    country,
  };
}

const MOD10_TABLE = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];

/** QR reference: 27 digits, the last a modulo 10 recursive check digit over the first 26. */
export function isQrReference(ref: string): boolean {
  if (!/^\d{27}$/.test(ref)) return false;
  let carry = 0;
  for (let i = 0; i < 26; i++) carry = MOD10_TABLE[(carry + Number(ref[i])) % 10]!;
  return (10 - carry) % 10 === Number(ref[26]);
}

function parseReference(
  type: string,
  written: string,
  qrIban: boolean,
  warnings: string[],
): { referenceType: SwissReferenceType; reference?: string } {
  if (type !== 'QRR' && type !== 'SCOR' && type !== 'NON') {
    fail('invalid_reference_type', `reference type "${type}" is not QRR, SCOR or NON`);
  }
  // The QR-IBAN exists only for QR references, and a QR reference needs a QR-IBAN.
  if (qrIban && type !== 'QRR')
    fail('qr_iban_requires_qrr', `a QR-IBAN requires reference type QRR, not ${type}`);
  if (!qrIban && type === 'QRR') fail('qrr_requires_qr_iban', 'reference type QRR requires a QR-IBAN');
  if (type === 'NON') {
    if (written) fail('reference_not_allowed', 'reference type NON must not carry a reference');
    return { referenceType: type };
  }
  // Spaces belong to the printed form only; tolerate them, but say so.
  const reference = written.replace(/\s+/g, '').toUpperCase();
  if (reference !== written) warnings.push(`reference "${written}" normalised to "${reference}"`);
  if (type === 'QRR' && (!isQrReference(reference) || /^0+$/.test(reference))) {
    fail(
      'invalid_qr_reference',
      `"${written}" is not a QR reference (27 digits, not all 0, valid check digit)`,
    );
  }
  if (type === 'SCOR' && !isCreditorReference(reference)) {
    fail('invalid_creditor_reference', `"${written}" is not an ISO 11649 creditor reference`);
  }
  return { referenceType: type, reference };
}

function parseBill(text: string, warnings: string[]): SwissQrBill {
  const f = dropTrailingEmpty(
    splitLines(text).map((l) => l.trim()),
    MIN_LINES,
  );
  if (f[0] !== 'SPC') fail('invalid_structure', 'not a Swiss QR-bill: the first line must be SPC');
  if (f.length < MIN_LINES || f.length > MAX_LINES) {
    fail(
      'invalid_structure',
      `the payload has ${f.length} lines; a QR-bill has ${MIN_LINES} to ${MAX_LINES}`,
    );
  }
  const version = f[1]!;
  // Minor versions (0201...) stay compatible by design; another major version is not.
  if (!/^02\d\d$/.test(version)) fail('unsupported_version', `version "${version}" is not 02xx`);
  if (f[2] !== '1') fail('unsupported_coding_type', `coding type "${f[2]}" is not 1`);
  if (f[TRAILER] !== 'EPD') fail('missing_trailer', `line ${TRAILER + 1} must be the trailer EPD`);

  const written = f[3]!;
  if (!written) fail('missing_iban', 'the account (IBAN) is missing');
  const iban = written.replace(/\s+/g, '').toUpperCase();
  if (!/^(CH|LI)/.test(iban)) fail('unsupported_iban_country', `IBAN ${iban} is not a CH or LI account`);
  const check = checkIban(iban);
  if (!check.ok) fail('invalid_iban', `IBAN ${iban} is not valid (${check.reason})`);
  const iid = Number(iban.slice(4, 9));
  const qrIban = iid >= 30000 && iid <= 31999;

  const creditor = parseAddress(f, CREDITOR, 'creditor');
  if (f.slice(ULTIMATE_CREDITOR, ULTIMATE_CREDITOR + 7).some((v) => v !== '')) {
    fail('ultimate_creditor_not_empty', 'the ultimate creditor is reserved for future use and must be empty');
  }

  const amountText = f[AMOUNT]!;
  const amount = amountText ? parseQrAmount(amountText) : undefined;
  if (amountText && amount === undefined) fail('invalid_amount', `amount "${amountText}" is not a number`);
  if (amountText && !/\.\d\d$/.test(amountText)) warnings.push(`amount "${amountText}" lacks two decimals`);
  if (amount !== undefined && centsOf(amount) === 0n) {
    // 0.00 marks a notification ("do not use for payment"), e.g. when the invoice is paid by eBill or LSV.
    warnings.push('amount 0.00: a notification, not a payment request');
  }
  const currency = f[CURRENCY]!;
  if (currency !== 'CHF' && currency !== 'EUR') {
    fail('invalid_currency', `currency "${currency}" is not CHF or EUR`);
  }

  const debtorLines = f.slice(DEBTOR, DEBTOR + 7);
  const debtor = debtorLines.some((v) => v !== '') ? parseAddress(f, DEBTOR, 'debtor') : undefined;
  const ref = parseReference(f[REFERENCE_TYPE]!, f[REFERENCE_TYPE + 1]!, qrIban, warnings);

  const message = f[MESSAGE]!;
  const billingInformation = f[BILLING] ?? '';
  if (billingInformation && !billingInformation.startsWith('//')) {
    // Billing information opens with "//" and a syntax code. Some generators drop the empty
    // billing line so that AV1 moves up here; the text is kept as billing information all the same.
    warnings.push(`billing information "${billingInformation}" does not start with // and a syntax code`);
  }
  // The standard caps message and billing information together at 140 characters.
  limit(message + billingInformation, 140, 'message plus billing information', 'message_too_long');
  const alternativeProcedures = f.slice(ALTERNATIVES).filter((v) => v !== '');
  for (const av of alternativeProcedures) {
    limit(av, 100, 'alternative procedure', 'invalid_alternative_procedure');
  }
  const billing = billingInformation ? parseSwicoS1(billingInformation, warnings) : undefined;

  return {
    version,
    iban,
    qrIban,
    creditor,
    ...(amount !== undefined ? { amount } : {}),
    currency,
    ...(debtor ? { debtor } : {}),
    ...ref,
    ...(message ? { message } : {}),
    ...(billingInformation ? { billingInformation } : {}),
    ...(billing ? { billing } : {}),
    alternativeProcedures,
  };
}

/** Parses a Swiss QR-bill payload; never throws for bad input. */
export function parseSwissQr(text: string): SwissQrResult {
  const warnings: string[] = [];
  return catchPayloadError(() => ({ ok: true as const, bill: parseBill(text, warnings), warnings }));
}

/**
 * Whether the bill amount can also stand as the invoice gross. /32/ rate:net pairs state the
 * net amounts; when those plus their VAT do not add up to the amount (allowing a cent of
 * rounding per rate) the amount is something else, e.g. an instalment, and gross stays empty.
 * A single /32/ rate applies, by definition, to the whole amount.
 */
function amountIsGross(amount: string, vat: SwicoRate[] | undefined): boolean {
  if (!vat || vat.every((r) => r.amount === undefined)) return true;
  let units = 0n;
  for (const { rate, amount: net = '0' } of vat) {
    const netUnits = toUnits(net);
    units += netUnits + (netUnits * toUnits(rate)) / (100n * 1_000_000n);
  }
  const diff = centsOf(fromUnits(units)) - centsOf(amount);
  return (diff < 0n ? -diff : diff) <= BigInt(vat.length);
}

function setParty(b: QrDocumentBuilder, role: 'seller' | 'buyer', a: SwissAddress): void {
  b.set(`${role}.name`, a.name);
  // Address.lines is required, so the address object exists before any of its fields is set.
  b.doc[role].address = { lines: [] };
  const lines =
    a.type === 'S'
      ? [[a.street, a.buildingNumber].filter(Boolean).join(' ')]
      : [a.addressLine1 ?? '', a.addressLine2 ?? ''];
  for (const [i, line] of lines.filter(Boolean).entries()) b.set(`${role}.address.lines.${i}`, line);
  b.set(`${role}.address.postcode`, a.postcode);
  b.set(`${role}.address.city`, a.town);
  b.set(`${role}.address.country`, a.country);
}

/**
 * The bill as a Document (syntax `swiss-qr`). The amount on a QR-bill is the amount to pay, so
 * it always fills `totals.payable`; it fills `totals.gross` too unless the Swico VAT details say
 * it is not the invoice total (see `amountIsGross`). A 0.00 notification amount fills neither.
 */
export function swissQrDocument(bill: SwissQrBill, where?: QrLocation): Document {
  const b = new QrDocumentBuilder('swiss-qr', where);
  const s = bill.billing;
  setParty(b, 'seller', bill.creditor);
  b.set('payment.accounts.0.iban', bill.iban);
  b.set('payment.accounts.0.name', bill.creditor.name);
  b.set('payment.reference', bill.reference);
  if (bill.debtor) setParty(b, 'buyer', bill.debtor);
  b.set('currency', bill.currency);
  if (bill.amount !== undefined && centsOf(bill.amount) !== 0n) {
    b.set('totals.payable', bill.amount);
    if (amountIsGross(bill.amount, s?.vatDetails)) b.set('totals.gross', bill.amount);
  }
  b.set('notes.0', bill.message);
  if (!s) return b.doc;
  b.set('number', s.invoiceNumber);
  b.set('issue_date', s.invoiceDate?.start);
  // The S1 VAT date is the date of supply; a period has no single delivery date.
  if (s.vatDate && !s.vatDate.end) b.set('delivery_date', s.vatDate.start);
  b.set('seller.vat_id', s.vatNumber);
  b.set('references.buyer_reference', s.customerReference);
  s.vatDetails?.forEach((r, i) => {
    b.set(`vat_breakdown.${i}.rate`, r.rate);
    b.set(`vat_breakdown.${i}.taxable`, r.amount);
  });
  return b.doc;
}
