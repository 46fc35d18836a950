// UN/CEFACT Cross Industry Invoice: D16B (ZUGFeRD 2.x, Factur-X every profile, XRechnung CII)
// and the older ZUGFeRD 1.0 CrossIndustryDocument, whose containers carry other names but the
// same content. One reader for both: each step names the D16B element and its 1.0 twin.

import { addDecimals, toUnits } from '../decimal.js';
import type { Address, Document, DocumentType, Party } from '../document.js';
import { ReadError } from '../errors.js';
import { XmlDocumentBuilder } from './builder.js';
import type { XmlElement } from './parse.js';
import { booleanOf, child, childrenOf, find, findAll, textOf } from './query.js';
import type { XmlSyntaxReader } from './syntax.js';

/** First child among alternative local names (D16B name first, ZUGFeRD 1.0 name second). */
function pick(el: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  for (const n of names) {
    const c = child(el, n);
    if (c) return c;
  }
  return undefined;
}

export const UNTDID_1001: Record<string, DocumentType> = {
  '380': 'invoice',
  '383': 'debit_note',
  '384': 'corrected_invoice',
  '381': 'credit_note',
  '389': 'self_billed_invoice',
  '261': 'self_billed_credit_note',
  '386': 'prepayment_invoice',
  '326': 'partial_invoice',
  '875': 'partial_invoice',
  '876': 'partial_invoice',
  '877': 'invoice',
  '751': 'invoice',
  '204': 'invoice',
  '575': 'invoice',
  '393': 'invoice',
  '396': 'credit_note',
  '532': 'credit_note',
};

export function documentTypeOf(code: string | undefined): DocumentType {
  return (code && UNTDID_1001[code]) || (code ? 'other' : 'invoice');
}

export const ciiReader: XmlSyntaxReader = {
  name: 'cii',
  accepts: (root) => root.local === 'CrossIndustryInvoice' || root.local === 'CrossIndustryDocument',
  read: readCii,
};

function readCii(root: XmlElement): Document {
  const zf1 = root.local === 'CrossIndustryDocument';
  const b = new XmlDocumentBuilder('cii', zf1 ? 'cii-zf1' : 'cii');
  const d = b.doc;

  const context = pick(root, 'ExchangedDocumentContext', 'SpecifiedExchangedDocumentContext');
  b.text('profile', find(context, 'GuidelineSpecifiedDocumentContextParameter/ID'));

  const header = pick(root, 'ExchangedDocument', 'HeaderExchangedDocument');
  const tx = pick(root, 'SupplyChainTradeTransaction', 'SpecifiedSupplyChainTradeTransaction');
  if (!header || !tx) {
    throw new ReadError(
      'missing_required_data',
      'the CII document has no ExchangedDocument or trade transaction',
    );
  }
  b.text('number', child(header, 'ID'));
  const typeCode = b.text('type_code', child(header, 'TypeCode'));
  d.type = documentTypeOf(typeCode);
  b.date('issue_date', find(header, 'IssueDateTime/DateTimeString'));
  childrenOf(header, 'IncludedNote').forEach((note) => {
    const content = childrenOf(note, 'Content')
      .map(textOf)
      .filter((s): s is string => !!s)
      .join('\n');
    if (content) d.notes.push(content);
  });

  const agreement = pick(tx, 'ApplicableHeaderTradeAgreement', 'ApplicableSupplyChainTradeAgreement');
  const delivery = pick(tx, 'ApplicableHeaderTradeDelivery', 'ApplicableSupplyChainTradeDelivery');
  const settlement = pick(tx, 'ApplicableHeaderTradeSettlement', 'ApplicableSupplyChainTradeSettlement');

  readParty(b, 'seller', child(agreement, 'SellerTradeParty'));
  readParty(b, 'buyer', child(agreement, 'BuyerTradeParty'));
  b.text('references.buyer_reference', child(agreement, 'BuyerReference'));
  b.text('references.order', find(agreement, 'BuyerOrderReferencedDocument/IssuerAssignedID'));
  b.text('references.contract', find(agreement, 'ContractReferencedDocument/IssuerAssignedID'));
  b.date('delivery_date', find(delivery, 'ActualDeliverySupplyChainEvent/OccurrenceDateTime/DateTimeString'));
  // BG-13/BG-15: the deliver-to party (an intra-community supply needs its country, BR-IC-12).
  const shipTo = child(delivery, 'ShipToTradeParty');
  if (shipTo) {
    d.delivery = {};
    b.text('delivery.name', child(shipTo, 'Name'));
    readAddress(b, d.delivery, 'delivery', child(shipTo, 'PostalTradeAddress'));
  }

  const currency = b.text('currency', child(settlement, 'InvoiceCurrencyCode'), (s) => s.toUpperCase());
  const payee = child(settlement, 'PayeeTradeParty');
  if (payee) {
    d.payee = {};
    readParty(b, 'payee', payee);
  }
  b.text('payment.reference', child(settlement, 'PaymentReference'));
  b.text('payment.creditor_id', child(settlement, 'CreditorReferenceID'));
  readPaymentMeans(b, settlement);
  readPaymentTerms(b, settlement);
  b.text('references.preceding_invoice', find(settlement, 'InvoiceReferencedDocument/IssuerAssignedID'));

  childrenOf(settlement, 'ApplicableTradeTax').forEach((tax, i) => {
    const p = `vat_breakdown.${i}`;
    b.text(`${p}.category`, child(tax, 'CategoryCode'));
    b.amount(`${p}.rate`, pick(tax, 'RateApplicablePercent', 'ApplicablePercent'));
    b.amount(`${p}.taxable`, child(tax, 'BasisAmount'));
    b.amount(`${p}.tax`, child(tax, 'CalculatedAmount'));
    b.text(`${p}.exemption_reason`, child(tax, 'ExemptionReason'));
    b.text(`${p}.exemption_code`, child(tax, 'ExemptionReasonCode'));
  });

  // BG-14, the invoicing period.
  const period = child(settlement, 'BillingSpecifiedPeriod');
  b.date('period.start', find(period, 'StartDateTime/DateTimeString'));
  b.date('period.end', find(period, 'EndDateTime/DateTimeString'));

  readAllowancesCharges(b, settlement);

  const sums = pick(
    settlement,
    'SpecifiedTradeSettlementHeaderMonetarySummation',
    'SpecifiedTradeSettlementMonetarySummation',
  );
  b.amount('totals.line_total', child(sums, 'LineTotalAmount'));
  b.amount('totals.charges', child(sums, 'ChargeTotalAmount'));
  b.amount('totals.allowances', child(sums, 'AllowanceTotalAmount'));
  b.amount('totals.net', child(sums, 'TaxBasisTotalAmount'));
  b.amount('totals.vat', inCurrency(childrenOf(sums, 'TaxTotalAmount'), currency));
  b.amount('totals.rounding', child(sums, 'RoundingAmount'));
  b.amount('totals.gross', child(sums, 'GrandTotalAmount'));
  b.amount('totals.prepaid', child(sums, 'TotalPrepaidAmount'));
  b.amount('totals.payable', child(sums, 'DuePayableAmount'));
  if (zf1) signAsTotals(d);

  // A line that gives nothing (ZUGFeRD 1.0's note-only lines) leaves no slot: the next line read
  // takes its index, so the document's lines have no holes.
  for (const line of findAll(tx, 'IncludedSupplyChainTradeLineItem')) readLine(b, d.lines.length, line);
  return d;
}

/**
 * Document-level allowances and charges (BG-20/BG-21): SpecifiedTradeAllowanceCharge, and the
 * ZUGFeRD 1.0 logistics service charges (freight, packing), which its charge total includes.
 */
function readAllowancesCharges(b: XmlDocumentBuilder, settlement: XmlElement | undefined): void {
  for (const ac of childrenOf(settlement, 'SpecifiedTradeAllowanceCharge')) {
    const charge = booleanOf(find(ac, 'ChargeIndicator/Indicator') ?? child(ac, 'ChargeIndicator'));
    if (charge === undefined) continue;
    const p = b.allowanceCharge(charge);
    b.amount(`${p}.amount`, child(ac, 'ActualAmount'));
    b.amount(`${p}.base`, child(ac, 'BasisAmount'));
    b.amount(`${p}.percent`, child(ac, 'CalculationPercent'));
    b.text(`${p}.reason_code`, child(ac, 'ReasonCode'));
    b.text(`${p}.reason`, child(ac, 'Reason'));
    const tax = child(ac, 'CategoryTradeTax');
    b.text(`${p}.vat_category`, child(tax, 'CategoryCode'));
    b.amount(`${p}.vat_rate`, pick(tax, 'RateApplicablePercent', 'ApplicablePercent'));
  }
  for (const lc of childrenOf(settlement, 'SpecifiedLogisticsServiceCharge')) {
    if (!textOf(child(lc, 'AppliedAmount'))) continue;
    const p = b.allowanceCharge(true);
    b.amount(`${p}.amount`, child(lc, 'AppliedAmount'));
    b.text(`${p}.reason`, child(lc, 'Description'));
    const tax = child(lc, 'AppliedTradeTax');
    b.text(`${p}.vat_category`, child(tax, 'CategoryCode'));
    b.amount(`${p}.vat_rate`, pick(tax, 'RateApplicablePercent', 'ApplicablePercent'));
  }
}

/**
 * ZUGFeRD 1.0 writes an allowance's or charge's ActualAmount as a size, its direction given by
 * ChargeIndicator and its sign by the document: the Forum's own corrections state allowances of
 * 0.10 on a base of -5.00 under an allowance total of -0.23, and one of its cost invoices an
 * allowance of -21.55 under a total of 21.55. Where the amounts read do not add up to their
 * total (AllowanceTotalAmount, ChargeTotalAmount) but their sizes do, each takes the total's sign;
 * any other disagreement is left as read, for the checks to name.
 */
function signAsTotals(d: Document): void {
  for (const charge of [false, true]) {
    const total = charge ? d.totals.charges : d.totals.allowances;
    const kept = (d.allowances_charges ?? []).filter((ac) => ac.charge === charge);
    const amounts = kept.map((ac) => ac.amount);
    if (total === undefined || !kept.length || amounts.some((a) => a === undefined)) continue;
    const units = toUnits(total);
    const read = toUnits(addDecimals(amounts as string[]));
    const size = (a: string) => (a.startsWith('-') ? a.slice(1) : a);
    const sizes = toUnits(addDecimals((amounts as string[]).map(size)));
    if (units === 0n || read === units || sizes !== (units < 0n ? -units : units)) continue;
    for (const ac of kept) {
      const a = size(ac.amount!);
      ac.amount = units < 0n && toUnits(a) !== 0n ? `-${a}` : a;
    }
  }
}

/** The VAT total stated in the invoice currency (BT-110), not its tax-currency twin (BT-111). */
function inCurrency(candidates: XmlElement[], currency: string | undefined): XmlElement | undefined {
  if (candidates.length <= 1) return candidates[0];
  return candidates.find((c) => !c.attrs.currencyID || c.attrs.currencyID === currency) ?? candidates[0];
}

function readParty(
  b: XmlDocumentBuilder,
  role: 'seller' | 'buyer' | 'payee',
  el: XmlElement | undefined,
): void {
  if (!el) return;
  b.text(`${role}.name`, child(el, 'Name'));
  const legal = child(el, 'SpecifiedLegalOrganization');
  b.text(`${role}.trading_name`, child(legal, 'TradingBusinessName'));
  const legalId = child(legal, 'ID');
  if (b.text(`${role}.legal_id`, legalId) && legalId?.attrs.schemeID)
    b.value(`${role}.legal_id_scheme`, legalId.attrs.schemeID, legalId);
  readAddress(b, b.doc[role] as Party, role, child(el, 'PostalTradeAddress'));
  for (const reg of findAll(el, 'SpecifiedTaxRegistration/ID')) {
    const scheme = (reg.attrs.schemeID ?? '').toUpperCase();
    if (scheme === 'VA') b.text(`${role}.vat_id`, reg, normalizeId);
    else if (scheme === 'FC') b.text(`${role}.tax_number`, reg);
  }
  const uri = find(el, 'URIUniversalCommunication/URIID');
  if (b.text(`${role}.electronic_address.value`, uri) && uri?.attrs.schemeID) {
    b.value(`${role}.electronic_address.scheme`, uri.attrs.schemeID, uri);
  }
  const contact = child(el, 'DefinedTradeContact');
  if (contact) {
    b.text(`${role}.contact.name`, pick(contact, 'PersonName', 'DepartmentName'));
    b.text(`${role}.contact.phone`, find(contact, 'TelephoneUniversalCommunication/CompleteNumber'));
    b.text(`${role}.contact.email`, find(contact, 'EmailURIUniversalCommunication/URIID'));
  }
}

/** A PostalTradeAddress into `owner.address` (at `prefix.address`), where there is one. */
function readAddress(
  b: XmlDocumentBuilder,
  owner: { address?: Address },
  prefix: string,
  addr: XmlElement | undefined,
): void {
  if (!addr) return;
  owner.address = { lines: [] };
  const lines = ['LineOne', 'LineTwo', 'LineThree'].map((n) => child(addr, n)).filter((x) => textOf(x));
  for (const [i, line] of lines.entries()) b.text(`${prefix}.address.lines.${i}`, line);
  b.text(`${prefix}.address.postcode`, child(addr, 'PostcodeCode'));
  b.text(`${prefix}.address.city`, child(addr, 'CityName'));
  b.text(`${prefix}.address.region`, child(addr, 'CountrySubDivisionName'));
  b.text(`${prefix}.address.country`, child(addr, 'CountryID'), (s) => s.toUpperCase());
}

/** Identifiers (IBAN, BIC, VAT id) as decisions.md §2 wants them: upper case, no spaces. */
export function normalizeId(s: string): string {
  return s.replace(/\s+/g, '').toUpperCase();
}

function readPaymentMeans(b: XmlDocumentBuilder, settlement: XmlElement | undefined): void {
  const means = childrenOf(settlement, 'SpecifiedTradeSettlementPaymentMeans');
  let n = 0;
  for (const m of means) {
    const code = textOf(child(m, 'TypeCode'));
    if (code && !b.doc.payment.means_code) b.text('payment.means_code', child(m, 'TypeCode'));
    // BG-18: a card payment's card (its number is usually only the last digits).
    const card = child(m, 'ApplicableTradeSettlementFinancialCard');
    if (card && !b.doc.payment.card) {
      b.doc.payment.card = {};
      b.text('payment.card.number', child(card, 'ID'));
      b.text('payment.card.holder', child(card, 'CardholderName'));
    }
    const account = child(m, 'PayeePartyCreditorFinancialAccount');
    if (!account) continue;
    const p = `payment.accounts.${n}`;
    const iban = b.text(`${p}.iban`, child(account, 'IBANID'), normalizeId);
    const other = iban ? undefined : b.text(`${p}.account`, child(account, 'ProprietaryID'), normalizeId);
    if (!iban && !other) continue;
    b.text(`${p}.name`, child(account, 'AccountName'));
    b.text(`${p}.bic`, find(m, 'PayeeSpecifiedCreditorFinancialInstitution/BICID'), normalizeId);
    n++;
  }
  // Direct debit names the buyer's account, not the seller's; it is kept apart.
  const debtor = means.map((m) => find(m, 'PayerPartyDebtorFinancialAccount/IBANID')).find((x) => textOf(x));
  if (debtor) b.text('payment.debtor_iban', debtor, normalizeId);
}

function readPaymentTerms(b: XmlDocumentBuilder, settlement: XmlElement | undefined): void {
  const terms = childrenOf(settlement, 'SpecifiedTradePaymentTerms');
  const descriptions = terms.map((t) => textOf(child(t, 'Description'))).filter((s): s is string => !!s);
  if (descriptions.length) b.value('payment.terms', descriptions.join('\n'), child(terms[0], 'Description'));
  const mandate = terms.map((t) => child(t, 'DirectDebitMandateID')).find((el) => textOf(el));
  b.text('payment.mandate_reference', mandate);
  for (const t of terms) {
    const due = find(t, 'DueDateDateTime/DateTimeString');
    if (textOf(due) && b.date('due_date', due)) {
      b.date('payment.due_date', due);
      break;
    }
  }
}

function readLine(b: XmlDocumentBuilder, i: number, line: XmlElement): void {
  const p = `lines.${i}`;
  const doc = child(line, 'AssociatedDocumentLineDocument');
  const product = child(line, 'SpecifiedTradeProduct');
  const lineAgreement = pick(line, 'SpecifiedLineTradeAgreement', 'SpecifiedSupplyChainTradeAgreement');
  const lineDelivery = pick(line, 'SpecifiedLineTradeDelivery', 'SpecifiedSupplyChainTradeDelivery');
  const lineSettlement = pick(line, 'SpecifiedLineTradeSettlement', 'SpecifiedSupplyChainTradeSettlement');
  b.text(`${p}.id`, child(doc, 'LineID'));
  b.text(`${p}.parent_id`, child(doc, 'ParentLineID'));
  b.text(`${p}.description`, child(product, 'Name'));
  const qty = child(lineDelivery, 'BilledQuantity');
  b.amount(`${p}.quantity`, qty);
  if (qty?.attrs.unitCode) b.value(`${p}.unit`, qty.attrs.unitCode, qty);
  b.amount(`${p}.unit_price`, find(lineAgreement, 'NetPriceProductTradePrice/ChargeAmount'));
  b.amount(`${p}.price_base_quantity`, find(lineAgreement, 'NetPriceProductTradePrice/BasisQuantity'));
  const tax = child(lineSettlement, 'ApplicableTradeTax');
  b.text(`${p}.vat_category`, child(tax, 'CategoryCode'));
  b.amount(`${p}.vat_rate`, pick(tax, 'RateApplicablePercent', 'ApplicablePercent'));
  const sum = pick(
    lineSettlement,
    'SpecifiedTradeSettlementLineMonetarySummation',
    'SpecifiedTradeSettlementMonetarySummation',
  );
  b.amount(`${p}.net_amount`, child(sum, 'LineTotalAmount'));
  // BG-27/BG-28: the line's own allowances and charges (D16B; ZUGFeRD 1.0 has only the price's).
  for (const ac of childrenOf(lineSettlement, 'SpecifiedTradeAllowanceCharge')) {
    const charge = booleanOf(find(ac, 'ChargeIndicator/Indicator'));
    if (charge === undefined) continue;
    const at = b.allowanceCharge(charge, i);
    b.amount(`${at}.amount`, child(ac, 'ActualAmount'));
    b.amount(`${at}.base`, child(ac, 'BasisAmount'));
    b.amount(`${at}.percent`, child(ac, 'CalculationPercent'));
    b.text(`${at}.reason_code`, child(ac, 'ReasonCode'));
    b.text(`${at}.reason`, child(ac, 'Reason'));
  }
}
