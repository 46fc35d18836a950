// OASIS UBL 2.1 Invoice and CreditNote as profiled by EN 16931, XRechnung UBL and Peppol BIS 3
// (also the UBL 2.0-era shapes some producers still send, where they differ only in a path).
import type { Address, Document } from '../document.js';
import { ReadError } from '../errors.js';
import { XmlDocumentBuilder } from './builder.js';
import { documentTypeOf, normalizeId } from './cii.js';
import type { XmlElement } from './parse.js';
import { booleanOf, child, childrenOf, find, findAll, textOf } from './query.js';
import type { XmlSyntaxReader } from './syntax.js';

export const ublReader: XmlSyntaxReader = {
  name: 'ubl',
  accepts: (root) =>
    (root.local === 'Invoice' || root.local === 'CreditNote') &&
    root.ns.startsWith('urn:oasis:names:specification:ubl'),
  read: readUbl,
};

const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/;

function readUbl(root: XmlElement): Document {
  const credit = root.local === 'CreditNote';
  const b = new XmlDocumentBuilder('ubl', 'ubl');
  const d = b.doc;
  b.text('profile', child(root, 'CustomizationID'));
  if (!b.text('number', child(root, 'ID'))) {
    throw new ReadError('missing_required_data', 'the UBL document has no ID (invoice number)');
  }
  const typeCode = b.text('type_code', child(root, credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'));
  d.type = typeCode ? documentTypeOf(typeCode) : credit ? 'credit_note' : 'invoice';
  b.date('issue_date', child(root, 'IssueDate'));
  b.date('due_date', child(root, 'DueDate'));
  for (const note of childrenOf(root, 'Note')) {
    const t = textOf(note);
    if (t) d.notes.push(t);
  }
  const currency = b.text('currency', child(root, 'DocumentCurrencyCode'), (s) => s.toUpperCase());
  b.text('references.buyer_reference', child(root, 'BuyerReference'));
  b.text('references.order', find(root, 'OrderReference/ID'));
  b.text('references.contract', find(root, 'ContractDocumentReference/ID'));
  b.text('references.preceding_invoice', find(root, 'BillingReference/InvoiceDocumentReference/ID'));
  b.date('delivery_date', find(root, 'Delivery/ActualDeliveryDate'));
  b.date('period.start', find(root, 'InvoicePeriod/StartDate'));
  b.date('period.end', find(root, 'InvoicePeriod/EndDate'));
  // BG-13/BG-15: the deliver-to party (an intra-community supply needs its country, BR-IC-12).
  const delivery = child(root, 'Delivery');
  const deliverTo = find(delivery, 'DeliveryLocation/Address');
  const deliverToName = find(delivery, 'DeliveryParty/PartyName/Name');
  if (deliverTo || textOf(deliverToName)) {
    d.delivery = {};
    b.text('delivery.name', deliverToName);
    readAddress(b, d.delivery, 'delivery', deliverTo);
  }

  readParty(b, 'seller', find(root, 'AccountingSupplierParty/Party'));
  readParty(b, 'buyer', find(root, 'AccountingCustomerParty/Party'));
  const payee = child(root, 'PayeeParty');
  if (payee) {
    d.payee = {};
    readParty(b, 'payee', payee);
  }

  readPayment(b, root);
  // BT-90, the creditor identifier of a direct debit: the seller's (or payee's) SEPA identification.
  const sepa = [
    ...findAll(root, 'AccountingSupplierParty/Party/PartyIdentification/ID'),
    ...findAll(root, 'PayeeParty/PartyIdentification/ID'),
  ].find((id) => id.attrs.schemeID?.toUpperCase() === 'SEPA' && textOf(id));
  if (sepa) b.text('payment.creditor_id', sepa);

  const taxTotals = childrenOf(root, 'TaxTotal');
  const main =
    taxTotals.find((t) => child(t, 'TaxSubtotal') && sameCurrency(child(t, 'TaxAmount'), currency)) ??
    taxTotals.find((t) => sameCurrency(child(t, 'TaxAmount'), currency)) ??
    taxTotals[0];
  b.amount('totals.vat', child(main, 'TaxAmount'));
  childrenOf(main, 'TaxSubtotal').forEach((sub, i) => {
    const p = `vat_breakdown.${i}`;
    const cat = child(sub, 'TaxCategory');
    b.text(`${p}.category`, child(cat, 'ID'));
    b.amount(`${p}.rate`, child(cat, 'Percent'));
    b.amount(`${p}.taxable`, child(sub, 'TaxableAmount'));
    b.amount(`${p}.tax`, child(sub, 'TaxAmount'));
    b.text(`${p}.exemption_reason`, child(cat, 'TaxExemptionReason'));
    b.text(`${p}.exemption_code`, child(cat, 'TaxExemptionReasonCode'));
  });

  readAllowancesCharges(b, root);

  const sums = child(root, 'LegalMonetaryTotal');
  b.amount('totals.line_total', child(sums, 'LineExtensionAmount'));
  b.amount('totals.allowances', child(sums, 'AllowanceTotalAmount'));
  b.amount('totals.charges', child(sums, 'ChargeTotalAmount'));
  b.amount('totals.net', child(sums, 'TaxExclusiveAmount'));
  b.amount('totals.gross', child(sums, 'TaxInclusiveAmount'));
  b.amount('totals.prepaid', child(sums, 'PrepaidAmount'));
  b.amount('totals.rounding', child(sums, 'PayableRoundingAmount'));
  b.amount('totals.payable', child(sums, 'PayableAmount'));

  // A line that gives nothing leaves no slot: the document's lines have no holes.
  for (const line of childrenOf(root, credit ? 'CreditNoteLine' : 'InvoiceLine'))
    readLine(b, d.lines.length, line, credit);
  return d;
}

/** Document-level allowances and charges (BG-20/BG-21): the root's own AllowanceCharge. */
function readAllowancesCharges(b: XmlDocumentBuilder, root: XmlElement): void {
  for (const ac of childrenOf(root, 'AllowanceCharge')) {
    const charge = booleanOf(child(ac, 'ChargeIndicator'));
    if (charge === undefined) continue;
    const p = b.allowanceCharge(charge);
    b.amount(`${p}.amount`, child(ac, 'Amount'));
    b.amount(`${p}.base`, child(ac, 'BaseAmount'));
    b.amount(`${p}.percent`, child(ac, 'MultiplierFactorNumeric'));
    b.text(`${p}.reason_code`, child(ac, 'AllowanceChargeReasonCode'));
    b.text(`${p}.reason`, child(ac, 'AllowanceChargeReason'));
    const cat = child(ac, 'TaxCategory');
    b.text(`${p}.vat_category`, child(cat, 'ID'));
    b.amount(`${p}.vat_rate`, child(cat, 'Percent'));
  }
}

function sameCurrency(el: XmlElement | undefined, currency: string | undefined): boolean {
  return !!el && (!currency || !el.attrs.currencyID || el.attrs.currencyID.toUpperCase() === currency);
}

function readParty(
  b: XmlDocumentBuilder,
  role: 'seller' | 'buyer' | 'payee',
  party: XmlElement | undefined,
): void {
  if (!party) return;
  const legal = child(party, 'PartyLegalEntity');
  const tradingEl = find(party, 'PartyName/Name');
  // BT-27 is the registration name; producers that omit it give only the party name.
  if (!b.text(`${role}.name`, child(legal, 'RegistrationName'))) b.text(`${role}.name`, tradingEl);
  else b.text(`${role}.trading_name`, tradingEl);
  const legalId = child(legal, 'CompanyID');
  if (b.text(`${role}.legal_id`, legalId) && legalId?.attrs.schemeID)
    b.value(`${role}.legal_id_scheme`, legalId.attrs.schemeID, legalId);

  readAddress(b, b.doc[role]!, role, child(party, 'PostalAddress'));

  for (const scheme of childrenOf(party, 'PartyTaxScheme')) {
    const id = child(scheme, 'CompanyID');
    const kind = (textOf(find(scheme, 'TaxScheme/ID')) ?? '').toUpperCase();
    if (kind === 'VAT' || (!kind && /^[A-Z]{2}/.test(textOf(id) ?? ''))) {
      if (!b.doc[role]!.vat_id) b.text(`${role}.vat_id`, id, normalizeId);
    } else if (!b.doc[role]!.tax_number) {
      b.text(`${role}.tax_number`, id);
    }
  }

  const endpoint = child(party, 'EndpointID');
  if (b.text(`${role}.electronic_address.value`, endpoint) && endpoint?.attrs.schemeID) {
    b.value(`${role}.electronic_address.scheme`, endpoint.attrs.schemeID, endpoint);
  }
  const contact = child(party, 'Contact');
  b.text(`${role}.contact.name`, child(contact, 'Name'));
  b.text(`${role}.contact.phone`, child(contact, 'Telephone'));
  b.text(`${role}.contact.email`, child(contact, 'ElectronicMail'));
}

/** A UBL address into `owner.address` (at `prefix.address`), where there is one. */
function readAddress(
  b: XmlDocumentBuilder,
  owner: { address?: Address },
  prefix: string,
  addr: XmlElement | undefined,
): void {
  if (!addr) return;
  owner.address = { lines: [] };
  const lines = [
    child(addr, 'StreetName'),
    child(addr, 'AdditionalStreetName'),
    ...findAll(addr, 'AddressLine/Line'),
  ];
  let n = 0;
  for (const line of lines) if (b.text(`${prefix}.address.lines.${n}`, line)) n++;
  b.text(`${prefix}.address.postcode`, child(addr, 'PostalZone'));
  b.text(`${prefix}.address.city`, child(addr, 'CityName'));
  b.text(`${prefix}.address.region`, child(addr, 'CountrySubentity'));
  b.text(`${prefix}.address.country`, find(addr, 'Country/IdentificationCode'), (s) => s.toUpperCase());
}

function readPayment(b: XmlDocumentBuilder, root: XmlElement): void {
  let n = 0;
  for (const means of childrenOf(root, 'PaymentMeans')) {
    if (!b.doc.payment.means_code) b.text('payment.means_code', child(means, 'PaymentMeansCode'));
    if (!b.doc.payment.reference) b.text('payment.reference', child(means, 'PaymentID'));
    if (!b.doc.due_date && b.date('due_date', child(means, 'PaymentDueDate'))) {
      b.date('payment.due_date', child(means, 'PaymentDueDate'));
    }
    // BG-18: a card payment's card (its number is usually only the last digits).
    const card = child(means, 'CardAccount');
    if (card && !b.doc.payment.card) {
      b.doc.payment.card = {};
      b.text('payment.card.number', child(card, 'PrimaryAccountNumberID'));
      b.text('payment.card.network', child(card, 'NetworkID'));
      b.text('payment.card.holder', child(card, 'HolderName'));
    }
    const account = child(means, 'PayeeFinancialAccount');
    const idEl = child(account, 'ID');
    const id = textOf(idEl);
    if (id) {
      const p = `payment.accounts.${n++}`;
      const norm = normalizeId(id);
      b.value(IBAN_SHAPE.test(norm) ? `${p}.iban` : `${p}.account`, norm, idEl);
      b.text(`${p}.name`, child(account, 'Name'));
      const bic =
        find(account, 'FinancialInstitutionBranch/ID') ??
        find(account, 'FinancialInstitutionBranch/FinancialInstitution/ID');
      b.text(`${p}.bic`, bic, normalizeId);
    }
    if (!b.doc.payment.mandate_reference)
      b.text('payment.mandate_reference', find(means, 'PaymentMandate/ID'));
    const debtor = find(means, 'PaymentMandate/PayerFinancialAccount/ID');
    if (debtor && !b.doc.payment.debtor_iban) b.text('payment.debtor_iban', debtor, normalizeId);
  }
  if (b.doc.due_date) b.doc.payment.due_date ??= b.doc.due_date;
  const terms = childrenOf(root, 'PaymentTerms')
    .map((t) => textOf(child(t, 'Note')))
    .filter((s): s is string => !!s);
  if (terms.length) b.value('payment.terms', terms.join('\n'), find(root, 'PaymentTerms/Note'));
}

function readLine(b: XmlDocumentBuilder, i: number, line: XmlElement, credit: boolean): void {
  const p = `lines.${i}`;
  b.text(`${p}.id`, child(line, 'ID'));
  const item = child(line, 'Item');
  if (!b.text(`${p}.description`, child(item, 'Name')))
    b.text(`${p}.description`, child(item, 'Description'));
  const qty = child(line, credit ? 'CreditedQuantity' : 'InvoicedQuantity');
  b.amount(`${p}.quantity`, qty);
  if (qty?.attrs.unitCode) b.value(`${p}.unit`, qty.attrs.unitCode, qty);
  b.amount(`${p}.unit_price`, find(line, 'Price/PriceAmount'));
  b.amount(`${p}.price_base_quantity`, find(line, 'Price/BaseQuantity'));
  b.amount(`${p}.net_amount`, child(line, 'LineExtensionAmount'));
  const cat = child(item, 'ClassifiedTaxCategory');
  b.text(`${p}.vat_category`, child(cat, 'ID'));
  b.amount(`${p}.vat_rate`, child(cat, 'Percent'));
  // BG-27/BG-28: the line's own allowances and charges (not those of its price).
  for (const ac of childrenOf(line, 'AllowanceCharge')) {
    const charge = booleanOf(child(ac, 'ChargeIndicator'));
    if (charge === undefined) continue;
    const at = b.allowanceCharge(charge, i);
    b.amount(`${at}.amount`, child(ac, 'Amount'));
    b.amount(`${at}.base`, child(ac, 'BaseAmount'));
    b.amount(`${at}.percent`, child(ac, 'MultiplierFactorNumeric'));
    b.text(`${at}.reason_code`, child(ac, 'AllowanceChargeReasonCode'));
    b.text(`${at}.reason`, child(ac, 'AllowanceChargeReason'));
  }
}
