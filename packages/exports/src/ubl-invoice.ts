// OASIS UBL 2.1 Invoice or CreditNote as EN 16931 binds it, written from the canonical document.
// Shared by the XRechnung UBL and Peppol BIS writers, which differ only in their identifiers and
// in what they require; the caller checks the required values first. Element order follows the
// UBL 2.1 schema (a schema-valid file needs it).
import type { Document, Party } from '@invoice-reader/engine';
import {
  breakdownRate,
  categoryOf,
  chargeCategory,
  easScheme,
  isCard,
  isDirectDebit,
  legalIdValue,
  legalScheme,
  lineCategory,
  lineRate,
  netPrice,
  paymentTermsText,
  unitCode,
  writtenMeans,
  writtenSums,
} from './cii.js';
import { filledNote } from './company-profile.js';
import type { ExportJob, Refusal } from './input.js';
import { el, leaf, type Node, toXml } from './xml-writer.js';

const NS = {
  'xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  'xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};
const DOC_NS = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
};
/**
 * UNTDID 1001 codes EN 16931 allows in a UBL CreditNote (BR-CL-01's credit note list, which a
 * self-billed credit note, 261, is on); every other type is an Invoice.
 */
const CREDIT_CODES = new Set('81 83 261 262 296 308 381 396 420 458 502 503 532'.split(' '));
const TYPE_CODES: Record<string, string> = { invoice: '380', credit_note: '381' };

export interface UblIds {
  customizationId: string;
  profileId: string;
  /**
   * An allowance's or charge's percentage and base only together (Peppol's R041/R042); a lone one
   * is left out, the amount is always written.
   */
  percentWithBase?: boolean;
  /** The invoice's notes as one (Peppol's R002: at most one note); each is kept, a line apart. */
  oneNote?: boolean;
}

/** The UNTDID 1001 type code written for the document (its own where it carried one). */
export const ublTypeCode = (d: Document): string =>
  d.type_code && /^\d{2,3}$/.test(d.type_code) ? d.type_code : (TYPE_CODES[d.type] ?? '380');

function party(p: Party, creditorId?: string): Node {
  const a = p.address;
  return el('cac:Party', [
    p.electronic_address
      ? leaf('cbc:EndpointID', p.electronic_address.value, { schemeID: easScheme(p.electronic_address) })
      : undefined,
    // BT-90, a direct debit's creditor identifier, is the seller's SEPA identification in UBL.
    creditorId
      ? el('cac:PartyIdentification', [leaf('cbc:ID', creditorId, { schemeID: 'SEPA' })])
      : undefined,
    p.trading_name ? el('cac:PartyName', [leaf('cbc:Name', p.trading_name)]) : undefined,
    a
      ? el('cac:PostalAddress', [
          leaf('cbc:StreetName', a.lines[0]),
          leaf('cbc:AdditionalStreetName', a.lines[1]),
          leaf('cbc:CityName', a.city),
          leaf('cbc:PostalZone', a.postcode),
          leaf('cbc:CountrySubentity', a.region),
          a.lines[2] ? el('cac:AddressLine', [leaf('cbc:Line', a.lines[2])]) : undefined,
          a.country ? el('cac:Country', [leaf('cbc:IdentificationCode', a.country)]) : undefined,
        ])
      : undefined,
    p.vat_id
      ? el('cac:PartyTaxScheme', [
          leaf('cbc:CompanyID', p.vat_id),
          el('cac:TaxScheme', [leaf('cbc:ID', 'VAT')]),
        ])
      : undefined,
    p.tax_number
      ? el('cac:PartyTaxScheme', [
          leaf('cbc:CompanyID', p.tax_number),
          el('cac:TaxScheme', [leaf('cbc:ID', 'FC')]),
        ])
      : undefined,
    el('cac:PartyLegalEntity', [
      leaf('cbc:RegistrationName', p.name),
      leaf('cbc:CompanyID', legalIdValue(p), legalScheme(p)),
    ]),
    p.contact
      ? el('cac:Contact', [
          leaf('cbc:Name', p.contact.name),
          leaf('cbc:Telephone', p.contact.phone),
          leaf('cbc:ElectronicMail', p.contact.email),
        ])
      : undefined,
  ]);
}

/**
 * What UBL needs beyond EN 16931's core: a card's network beside its number (BT-87), and for a
 * credit note's due date the payment means it is written in (a CreditNote has no DueDate of its
 * own; BT-9 goes in PaymentMeans, whose code BT-81 it cannot go without).
 */
export function ublMissing(job: ExportJob): Refusal[] {
  const d = job.document;
  const c = d.payment.card;
  const refusals: Refusal[] = [];
  if (isCard(d) && c?.number && !c.network)
    refusals.push({
      job_id: job.jobId,
      field: 'payment_means',
      message: "the card network of a card payment (UBL's CardAccount/NetworkID): not on the invoice",
      input: 'card_network',
    });
  if (CREDIT_CODES.has(ublTypeCode(d)) && (d.due_date ?? d.payment.due_date) && !writtenMeans(d))
    refusals.push({
      job_id: job.jobId,
      field: 'payment_means',
      message:
        "BT-81 payment means, which a credit note's due date BT-9 is written with in UBL (PaymentMeans/PaymentDueDate): not on the invoice",
      input: 'payment_means',
    });
  return refusals;
}

/** The sum of the VAT breakdown's tax amounts, two decimals. */
function breakdownTax(d: Document): string {
  const cents = d.vat_breakdown.reduce((a, v) => a + Math.round(Number(v.tax ?? 0) * 100), 0);
  return `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}

/** The document as UBL XML (an Invoice, or a CreditNote for a credit note's type code). */
export function ublInvoiceXml(d: Document, ids: UblIds): string {
  const typeCode = ublTypeCode(d);
  const kind = CREDIT_CODES.has(typeCode) ? 'CreditNote' : 'Invoice';
  const credit = kind === 'CreditNote';
  const cur = d.currency!;
  const amount = (name: string, v: string | undefined) => leaf(name, v, { currencyID: cur });
  const sums = writtenSums(d);
  const due = d.due_date ?? d.payment.due_date;
  const paired = (a: { percent?: string; base?: string }) => !ids.percentWithBase || !!(a.percent && a.base);
  // IBANs first: UBL's account id does not say which is one, and the first reads back as the IBAN.
  const accounts = d.payment.accounts
    .filter((a) => a.iban || a.account)
    .sort((a, b) => Number(!a.iban) - Number(!b.iban));
  const means = (a: Document['payment']['accounts'][number] | undefined, first: boolean) =>
    el('cac:PaymentMeans', [
      leaf('cbc:PaymentMeansCode', writtenMeans(d)),
      // A credit note has no DueDate of its own: EN 16931 puts BT-9 here.
      credit && first ? leaf('cbc:PaymentDueDate', due) : undefined,
      leaf('cbc:PaymentID', d.payment.reference),
      // BG-18; UBL's schema asks for the card's network, which a CII source does not give.
      first && isCard(d) && d.payment.card?.number && d.payment.card.network
        ? el('cac:CardAccount', [
            leaf('cbc:PrimaryAccountNumberID', d.payment.card.number),
            leaf('cbc:NetworkID', d.payment.card.network),
            leaf('cbc:HolderName', d.payment.card.holder),
          ])
        : undefined,
      a
        ? el('cac:PayeeFinancialAccount', [
            leaf('cbc:ID', a.iban ?? a.account),
            leaf('cbc:Name', a.name),
            a.bic ? el('cac:FinancialInstitutionBranch', [leaf('cbc:ID', a.bic)]) : undefined,
          ])
        : undefined,
      first && isDirectDebit(d) && (d.payment.debtor_iban || d.payment.mandate_reference)
        ? el('cac:PaymentMandate', [
            leaf('cbc:ID', d.payment.mandate_reference),
            d.payment.debtor_iban
              ? el('cac:PayerFinancialAccount', [leaf('cbc:ID', d.payment.debtor_iban)])
              : undefined,
          ])
        : undefined,
    ]);
  const root = el(
    kind,
    [
      leaf('cbc:CustomizationID', ids.customizationId),
      leaf('cbc:ProfileID', ids.profileId),
      leaf('cbc:ID', d.number),
      leaf('cbc:IssueDate', d.issue_date),
      credit ? undefined : leaf('cbc:DueDate', due),
      leaf(credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', typeCode),
      ...(ids.oneNote && d.notes.length ? [d.notes.join('\n')] : d.notes).map((n) => leaf('cbc:Note', n)),
      leaf('cbc:DocumentCurrencyCode', cur),
      leaf('cbc:BuyerReference', d.references.buyer_reference),
      d.period?.start || d.period?.end
        ? el('cac:InvoicePeriod', [leaf('cbc:StartDate', d.period.start), leaf('cbc:EndDate', d.period.end)])
        : undefined,
      d.references.order ? el('cac:OrderReference', [leaf('cbc:ID', d.references.order)]) : undefined,
      d.references.preceding_invoice
        ? el('cac:BillingReference', [
            el('cac:InvoiceDocumentReference', [leaf('cbc:ID', d.references.preceding_invoice)]),
          ])
        : undefined,
      d.references.contract
        ? el('cac:ContractDocumentReference', [leaf('cbc:ID', d.references.contract)])
        : undefined,
      el('cac:AccountingSupplierParty', [
        party(d.seller, isDirectDebit(d) ? d.payment.creditor_id : undefined),
      ]),
      el('cac:AccountingCustomerParty', [party(d.buyer)]),
      // A payee that is the seller itself (its name, no id of its own) says no more than the seller:
      // UBL's rules take a payee only where it differs (UBL-SR-19..21, BR-17).
      d.payee?.name && (d.payee.name.trim() !== d.seller.name?.trim() || d.payee.legal_id)
        ? el('cac:PayeeParty', [
            el('cac:PartyName', [leaf('cbc:Name', d.payee.name)]),
            d.payee.legal_id
              ? el('cac:PartyLegalEntity', [leaf('cbc:CompanyID', d.payee.legal_id)])
              : undefined,
          ])
        : undefined,
      d.delivery_date || d.delivery
        ? el('cac:Delivery', [
            leaf('cbc:ActualDeliveryDate', d.delivery_date),
            d.delivery?.address
              ? el('cac:DeliveryLocation', [
                  el('cac:Address', [
                    leaf('cbc:StreetName', d.delivery.address.lines[0]),
                    leaf('cbc:AdditionalStreetName', d.delivery.address.lines[1]),
                    leaf('cbc:CityName', d.delivery.address.city),
                    leaf('cbc:PostalZone', d.delivery.address.postcode),
                    leaf('cbc:CountrySubentity', d.delivery.address.region),
                    d.delivery.address.lines[2]
                      ? el('cac:AddressLine', [leaf('cbc:Line', d.delivery.address.lines[2])])
                      : undefined,
                    d.delivery.address.country
                      ? el('cac:Country', [leaf('cbc:IdentificationCode', d.delivery.address.country)])
                      : undefined,
                  ]),
                ])
              : undefined,
            d.delivery?.name
              ? el('cac:DeliveryParty', [el('cac:PartyName', [leaf('cbc:Name', d.delivery.name)])])
              : undefined,
          ])
        : undefined,
      // As in CII: an account printed without saying how to pay keeps its group, as 1 (not defined).
      ...(writtenMeans(d)
        ? accounts.length
          ? accounts.map((a, i) => means(a, i === 0))
          : [means(undefined, true)]
        : []),
      d.payment.terms
        ? el('cac:PaymentTerms', [leaf('cbc:Note', paymentTermsText(d.payment.terms))])
        : undefined,
      ...(d.allowances_charges ?? []).map((a) =>
        el('cac:AllowanceCharge', [
          leaf('cbc:ChargeIndicator', String(a.charge)),
          leaf('cbc:AllowanceChargeReasonCode', a.reason_code),
          leaf('cbc:AllowanceChargeReason', a.reason),
          leaf('cbc:MultiplierFactorNumeric', paired(a) ? a.percent : undefined),
          amount('cbc:Amount', a.amount),
          amount('cbc:BaseAmount', paired(a) ? a.base : undefined),
          el('cac:TaxCategory', [
            leaf('cbc:ID', chargeCategory(d, a)),
            leaf('cbc:Percent', a.vat_rate),
            el('cac:TaxScheme', [leaf('cbc:ID', 'VAT')]),
          ]),
        ]),
      ),
      el('cac:TaxTotal', [
        // UBL's TaxTotal needs its amount (BT-110); an invoice that gives none has the sum of its
        // breakdown's (BR-CO-14), which reads back as a VAT total the source did not print.
        amount('cbc:TaxAmount', d.totals.vat ?? breakdownTax(d)),
        ...d.vat_breakdown.map((v) =>
          el('cac:TaxSubtotal', [
            amount('cbc:TaxableAmount', v.taxable),
            amount('cbc:TaxAmount', v.tax),
            el('cac:TaxCategory', [
              leaf('cbc:ID', categoryOf(d, v)),
              leaf('cbc:Percent', breakdownRate(categoryOf(d, v), v.rate)),
              leaf('cbc:TaxExemptionReasonCode', v.exemption_code),
              leaf('cbc:TaxExemptionReason', v.exemption_reason),
              el('cac:TaxScheme', [leaf('cbc:ID', 'VAT')]),
            ]),
          ]),
        ),
      ]),
      el('cac:LegalMonetaryTotal', [
        amount('cbc:LineExtensionAmount', sums.line_total),
        amount('cbc:TaxExclusiveAmount', d.totals.net),
        amount('cbc:TaxInclusiveAmount', d.totals.gross),
        amount('cbc:AllowanceTotalAmount', sums.allowances),
        amount('cbc:ChargeTotalAmount', sums.charges),
        amount('cbc:PrepaidAmount', d.totals.prepaid),
        amount('cbc:PayableRoundingAmount', d.totals.rounding),
        amount('cbc:PayableAmount', d.totals.payable ?? d.totals.gross),
      ]),
      ...d.lines.map((l, i) =>
        el(credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine', [
          leaf('cbc:ID', l.id ?? String(i + 1)),
          leaf(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', l.quantity, {
            unitCode: unitCode(l.unit) ?? 'C62',
          }),
          amount('cbc:LineExtensionAmount', l.net_amount),
          ...(l.allowances_charges ?? []).map((a) =>
            el('cac:AllowanceCharge', [
              leaf('cbc:ChargeIndicator', String(a.charge)),
              leaf('cbc:AllowanceChargeReasonCode', a.reason_code),
              leaf('cbc:AllowanceChargeReason', a.reason),
              leaf('cbc:MultiplierFactorNumeric', paired(a) ? a.percent : undefined),
              amount('cbc:Amount', a.amount),
              amount('cbc:BaseAmount', paired(a) ? a.base : undefined),
            ]),
          ),
          el('cac:Item', [
            leaf('cbc:Name', l.description),
            el('cac:ClassifiedTaxCategory', [
              leaf('cbc:ID', lineCategory(d, l)),
              leaf('cbc:Percent', lineRate(d, l)),
              el('cac:TaxScheme', [leaf('cbc:ID', 'VAT')]),
            ]),
          ]),
          el('cac:Price', [
            amount('cbc:PriceAmount', netPrice(l)),
            l.unit_price
              ? leaf('cbc:BaseQuantity', l.price_base_quantity, { unitCode: unitCode(l.unit) ?? 'C62' })
              : undefined,
          ]),
        ]),
      ),
    ],
    { xmlns: DOC_NS[kind], ...NS },
  );
  return toXml(root, filledNote(d));
}

/** A file name made from the invoice number (or the job's number when there is none). */
export const exportFilename = (prefix: string, d: Document, jobId: number): string =>
  `${prefix}-${(d.number ?? String(jobId)).replace(/[^\w.-]+/g, '_')}.xml`;
