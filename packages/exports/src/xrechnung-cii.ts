// XRechnung 3.0 in UN/CEFACT CII (D16B), written from the canonical document of a read invoice:
// the EN 16931 core plus the German CIUS's required values (buyer reference BT-10, seller
// contact BT-41..43, electronic addresses BT-34/BT-49, payment means). A required value the
// invoice lacks makes the export fail with the list of what is missing: nothing is made up.
import type { Document } from '@invoice-reader/engine';
import { type ExportFile, type ExportJob, ExportRefused, type Refusal } from './input.js';
import { el, leaf, type Node, required, toXml } from './xml-writer.js';

export const XRECHNUNG_CII_ID = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
const NS = {
  'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

const date = (name: string, iso: string | undefined) =>
  iso ? el(name, [leaf('udt:DateTimeString', iso.replaceAll('-', ''), { format: '102' })]) : undefined;

/** What XRechnung requires and the document lacks, as refusals naming the business term. */
export function xrechnungMissing(job: ExportJob): Refusal[] {
  const d = job.document;
  const need: Array<[unknown, string, string]> = [
    [d.number, 'invoice_no', 'BT-1 invoice number'],
    [d.issue_date, 'invoice_date', 'BT-2 issue date'],
    [d.currency, 'currency', 'BT-5 currency'],
    [
      d.references.buyer_reference,
      'buyer_reference',
      'BT-10 buyer reference (Leitweg-ID) is required by XRechnung',
    ],
    [d.seller.name, 'seller_name', 'BT-27 seller name'],
    [d.seller.address?.city, 'seller_address', 'BT-37 seller city (BR-DE-3)'],
    [d.seller.address?.postcode, 'seller_address', 'BT-38 seller post code (BR-DE-4)'],
    [d.seller.address?.country, 'seller_address', 'BT-40 seller country'],
    [
      d.seller.vat_id || d.seller.tax_number,
      'seller_vat_id',
      'BT-31/BT-32 seller VAT id or tax number (BR-DE-16)',
    ],
    [d.seller.contact?.name, 'seller_contact', 'BT-41 seller contact point (BR-DE-2)'],
    [d.seller.contact?.phone, 'seller_contact', 'BT-42 seller contact telephone (BR-DE-6)'],
    [d.seller.contact?.email, 'seller_contact', 'BT-43 seller contact e-mail (BR-DE-7)'],
    [d.seller.electronic_address?.value, 'seller_electronic_address', 'BT-34 seller electronic address'],
    [d.buyer.name, 'buyer_name', 'BT-44 buyer name'],
    [d.buyer.address?.city, 'buyer_address', 'BT-52 buyer city (BR-DE-8)'],
    [d.buyer.address?.postcode, 'buyer_address', 'BT-53 buyer post code (BR-DE-9)'],
    [d.buyer.address?.country, 'buyer_address', 'BT-55 buyer country'],
    [d.buyer.electronic_address?.value, 'buyer_electronic_address', 'BT-49 buyer electronic address'],
    [d.payment.means_code, 'payment_means', 'BT-81 payment means (BR-DE-1)'],
    [d.totals.net, 'net_amount', 'BT-109 total without VAT'],
    [d.totals.gross, 'gross_amount', 'BT-112 total with VAT'],
    [d.totals.payable ?? d.totals.gross, 'gross_amount', 'BT-115 amount due'],
    [d.lines.length ? 'x' : '', 'lines', 'BG-25 at least one invoice line (BR-16)'],
    [d.vat_breakdown.length ? 'x' : '', 'vat_breakdown', 'BG-23 the VAT breakdown'],
  ];
  const refusals = need
    .filter(([v]) => !v)
    .map(([, field, message]) => ({ job_id: job.jobId, field, message: `${message}: not on the invoice` }));
  // Document-level allowances and charges (BG-20/BG-21) are not kept by the reader: a VAT category
  // that only they carry cannot be written faithfully.
  for (const [sum, term] of [
    [d.totals.allowances, 'BT-107 document-level allowances'],
    [d.totals.charges, 'BT-108 document-level charges'],
  ] as const)
    if (sum && Number(sum) !== 0)
      refusals.push({
        job_id: job.jobId,
        field: 'totals',
        message: `${term} of ${sum}: the allowances or charges themselves (BG-20/BG-21) are not kept, and the sum alone breaks BR-CO-11/12`,
      });
  // XRechnung asks each kind of payment means for its group (BR-DE-23..25): a transfer for the
  // payee's account, a card for the card's number, a direct debit for the creditor identifier.
  // The reader keeps the account, not the card number or creditor identifier.
  const means = d.payment.means_code;
  const payment = (message: string) => refusals.push({ job_id: job.jobId, field: 'payment_means', message });
  if (['30', '58'].includes(means ?? '') && !d.payment.accounts.some((a) => a.iban || a.account))
    payment('BG-17 the account to transfer to (BR-DE-23): not on the invoice');
  if (['48', '54', '55'].includes(means ?? ''))
    payment('BG-18 payment card information of a card payment (BR-DE-24): not kept from the invoice');
  if (means === '59' || d.payment.debtor_iban)
    payment(
      'BT-90 bank-assigned creditor identifier of a direct debit (BR-DE-25/BR-DE-30): not kept from the invoice',
    );
  const lineCategories = new Set(d.lines.map((l) => l.vat_category));
  d.vat_breakdown.forEach((v, i) => {
    if (d.lines.length && v.category && !lineCategories.has(v.category))
      refusals.push({
        job_id: job.jobId,
        field: `vat_breakdown.${i}`,
        message: `VAT category ${v.category} is carried only by document-level allowances or charges (BG-20/BG-21), which this export does not write`,
      });
    if (['E', 'AE', 'K', 'G', 'O'].includes(v.category ?? '') && !v.exemption_reason && !v.exemption_code)
      refusals.push({
        job_id: job.jobId,
        field: `vat_breakdown.${i}`,
        message: `BT-120/BT-121 the exemption reason of VAT category ${v.category}: not on the invoice`,
      });
  });
  d.lines.forEach((l, i) => {
    for (const [v, what] of [
      [l.description, 'BT-153 item name'],
      [l.quantity, 'BT-129 quantity'],
      [l.net_amount, 'BT-131 line net amount'],
      [l.vat_category, 'BT-151 VAT category'],
    ] as const)
      if (!v)
        refusals.push({
          job_id: job.jobId,
          field: `lines.${i}`,
          message: `${what} of line ${i + 1}: not on the invoice`,
        });
  });
  return refusals;
}

/**
 * Payment terms as written: German Skonto entries (`#SKONTO#TAGE=…#`) each on a line of their own
 * and ending with a line break, as BR-DE-18 requires; reading folds those breaks into spaces.
 */
export const paymentTermsText = (terms: string | undefined): string | undefined => {
  if (!terms?.includes('#SKONTO#')) return terms;
  const lines = terms.replace(/#[ \t]+(?=#SKONTO#)/g, '#\n');
  return lines.endsWith('#') ? `${lines}\n` : lines;
};

function party(role: 'Seller' | 'Buyer', p: Document['seller']): Node {
  const a = p.address;
  return el(`ram:${role}TradeParty`, [
    leaf('ram:Name', p.name),
    p.legal_id || p.trading_name
      ? el('ram:SpecifiedLegalOrganization', [
          leaf('ram:ID', p.legal_id),
          leaf('ram:TradingBusinessName', p.trading_name),
        ])
      : undefined,
    p.contact
      ? el('ram:DefinedTradeContact', [
          leaf('ram:PersonName', p.contact.name),
          p.contact.phone
            ? el('ram:TelephoneUniversalCommunication', [leaf('ram:CompleteNumber', p.contact.phone)])
            : undefined,
          p.contact.email
            ? el('ram:EmailURIUniversalCommunication', [leaf('ram:URIID', p.contact.email)])
            : undefined,
        ])
      : undefined,
    a
      ? el('ram:PostalTradeAddress', [
          leaf('ram:PostcodeCode', a.postcode),
          leaf('ram:LineOne', a.lines[0]),
          leaf('ram:LineTwo', a.lines[1]),
          leaf('ram:LineThree', a.lines[2]),
          leaf('ram:CityName', a.city),
          leaf('ram:CountryID', a.country),
          leaf('ram:CountrySubDivisionName', a.region),
        ])
      : undefined,
    p.electronic_address
      ? el('ram:URIUniversalCommunication', [
          leaf('ram:URIID', p.electronic_address.value, { schemeID: p.electronic_address.scheme ?? 'EM' }),
        ])
      : undefined,
    p.vat_id ? el('ram:SpecifiedTaxRegistration', [leaf('ram:ID', p.vat_id, { schemeID: 'VA' })]) : undefined,
    p.tax_number
      ? el('ram:SpecifiedTaxRegistration', [leaf('ram:ID', p.tax_number, { schemeID: 'FC' })])
      : undefined,
  ]);
}

const TYPE_CODES: Record<string, string> = { invoice: '380', credit_note: '381' };

export function writeXrechnungCii(job: ExportJob): ExportFile {
  const missing = xrechnungMissing(job);
  if (missing.length) throw new ExportRefused(missing);
  const d = job.document;
  const cur = d.currency!;
  const amount = (name: string, v: string | undefined, withCurrency = false) =>
    leaf(name, v, withCurrency ? { currencyID: cur } : undefined);
  const account = d.payment.accounts[0];
  const root = el(
    'rsm:CrossIndustryInvoice',
    [
      el('rsm:ExchangedDocumentContext', [
        el('ram:BusinessProcessSpecifiedDocumentContextParameter', [
          leaf('ram:ID', 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0'),
        ]),
        el('ram:GuidelineSpecifiedDocumentContextParameter', [leaf('ram:ID', XRECHNUNG_CII_ID)]),
      ]),
      el('rsm:ExchangedDocument', [
        leaf('ram:ID', d.number),
        leaf(
          'ram:TypeCode',
          d.type_code && /^\d{3}$/.test(d.type_code) ? d.type_code : (TYPE_CODES[d.type] ?? '380'),
        ),
        date('ram:IssueDateTime', d.issue_date),
        ...d.notes.map((n) => el('ram:IncludedNote', [leaf('ram:Content', n)])),
      ]),
      el('rsm:SupplyChainTradeTransaction', [
        ...d.lines.map((l, i) =>
          el('ram:IncludedSupplyChainTradeLineItem', [
            el('ram:AssociatedDocumentLineDocument', [leaf('ram:LineID', l.id ?? String(i + 1))]),
            el('ram:SpecifiedTradeProduct', [leaf('ram:Name', l.description)]),
            el('ram:SpecifiedLineTradeAgreement', [
              el('ram:NetPriceProductTradePrice', [leaf('ram:ChargeAmount', l.unit_price ?? l.net_amount)]),
            ]),
            el('ram:SpecifiedLineTradeDelivery', [
              leaf('ram:BilledQuantity', l.quantity, { unitCode: l.unit ?? 'C62' }),
            ]),
            el('ram:SpecifiedLineTradeSettlement', [
              el('ram:ApplicableTradeTax', [
                leaf('ram:TypeCode', 'VAT'),
                leaf('ram:CategoryCode', l.vat_category),
                leaf('ram:RateApplicablePercent', l.vat_rate),
              ]),
              el('ram:SpecifiedTradeSettlementLineMonetarySummation', [
                leaf('ram:LineTotalAmount', l.net_amount),
              ]),
            ]),
          ]),
        ),
        el('ram:ApplicableHeaderTradeAgreement', [
          leaf('ram:BuyerReference', d.references.buyer_reference),
          party('Seller', d.seller),
          party('Buyer', d.buyer),
          d.references.order
            ? el('ram:BuyerOrderReferencedDocument', [leaf('ram:IssuerAssignedID', d.references.order)])
            : undefined,
        ]),
        required('ram:ApplicableHeaderTradeDelivery', [
          d.delivery_date
            ? el('ram:ActualDeliverySupplyChainEvent', [date('ram:OccurrenceDateTime', d.delivery_date)])
            : undefined,
        ]),
        el('ram:ApplicableHeaderTradeSettlement', [
          leaf('ram:PaymentReference', d.payment.reference),
          leaf('ram:InvoiceCurrencyCode', cur),
          el('ram:SpecifiedTradeSettlementPaymentMeans', [
            leaf('ram:TypeCode', d.payment.means_code),
            account?.iban
              ? el('ram:PayeePartyCreditorFinancialAccount', [
                  leaf('ram:IBANID', account.iban),
                  leaf('ram:AccountName', account.name),
                ])
              : undefined,
            account?.bic
              ? el('ram:PayeeSpecifiedCreditorFinancialInstitution', [leaf('ram:BICID', account.bic)])
              : undefined,
          ]),
          ...d.vat_breakdown.map((v) =>
            el('ram:ApplicableTradeTax', [
              amount('ram:CalculatedAmount', v.tax),
              leaf('ram:TypeCode', 'VAT'),
              leaf('ram:ExemptionReason', v.exemption_reason),
              amount('ram:BasisAmount', v.taxable),
              leaf('ram:CategoryCode', v.category),
              leaf('ram:ExemptionReasonCode', v.exemption_code),
              leaf('ram:RateApplicablePercent', v.rate),
            ]),
          ),
          el('ram:SpecifiedTradePaymentTerms', [
            leaf('ram:Description', paymentTermsText(d.payment.terms)),
            date('ram:DueDateDateTime', d.due_date ?? d.payment.due_date),
          ]),
          el('ram:SpecifiedTradeSettlementHeaderMonetarySummation', [
            amount('ram:LineTotalAmount', d.totals.line_total ?? d.totals.net),
            amount('ram:ChargeTotalAmount', d.totals.charges),
            amount('ram:AllowanceTotalAmount', d.totals.allowances),
            amount('ram:TaxBasisTotalAmount', d.totals.net),
            amount('ram:TaxTotalAmount', d.totals.vat ?? '0.00', true),
            amount('ram:RoundingAmount', d.totals.rounding),
            amount('ram:GrandTotalAmount', d.totals.gross),
            amount('ram:TotalPrepaidAmount', d.totals.prepaid),
            amount('ram:DuePayableAmount', d.totals.payable ?? d.totals.gross),
          ]),
        ]),
      ]),
    ],
    NS,
  );
  return {
    filename: `xrechnung-${(d.number ?? String(job.jobId)).replace(/[^\w.-]+/g, '_')}.xml`,
    contentType: 'application/xml; charset=utf-8',
    bytes: Buffer.from(toXml(root), 'utf8'),
  };
}
