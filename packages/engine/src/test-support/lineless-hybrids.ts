// Hand-made hybrid invoices whose XML has no lines (Factur-X BASIC WL) or neither lines nor a VAT
// breakdown (MINIMUM), and whose page prints them: a German invoice of two lines at 19 % and 7 %
// (198,00 + 275,00 = 473,00 net, 56,87 VAT, 529,87 gross), as a PDF with its factur-x.xml.
import { buildPdf, type PlacedText } from './pdf-builder.js';

export interface LinelessCiiOptions {
  /** The VAT breakdown (BASIC WL has one; MINIMUM none). */
  breakdown?: boolean;
  /** The sum of line nets (BT-106), which MINIMUM lacks. */
  lineTotal?: string;
  /** The total without VAT (BT-109) and the VAT and gross made with it. */
  net?: string;
  vat?: string;
  gross?: string;
  currency?: string;
  /** A document-level allowance (BG-20) at 19 %. */
  allowance?: string;
}

/** The invoice's CII without lines. */
export function linelessCii(o: LinelessCiiOptions = {}): string {
  const currency = o.currency ?? 'EUR';
  const tax = (base: string, rate: string, amount: string) =>
    `<ram:ApplicableTradeTax><ram:CalculatedAmount>${amount}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>${base}</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>${rate}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`;
  const allowance = o.allowance
    ? `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>${o.allowance}</ram:ActualAmount><ram:Reason>Rabatt</ram:Reason><ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19.00</ram:RateApplicablePercent></ram:CategoryTradeTax></ram:SpecifiedTradeAllowanceCharge>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${o.breakdown ? 'urn:factur-x.eu:1p0:basicwl' : 'urn:factur-x.eu:1p0:minimum'}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>471102</ram:ID>
    <ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20240305</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty>
        <ram:Name>Lieferant GmbH</ram:Name>
        <ram:PostalTradeAddress><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE136695976</ram:ID></ram:SpecifiedTaxRegistration>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Kunden AG</ram:Name></ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery/>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>${currency}</ram:InvoiceCurrencyCode>
      ${o.breakdown ? `${tax('275.00', '7.00', '19.25')}${tax(o.allowance ? '188.00' : '198.00', '19.00', o.allowance ? '35.72' : '37.62')}` : ''}
      ${allowance}
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        ${o.lineTotal ? `<ram:LineTotalAmount>${o.lineTotal}</ram:LineTotalAmount>` : ''}
        ${o.allowance ? `<ram:AllowanceTotalAmount>${o.allowance}</ram:AllowanceTotalAmount>` : ''}
        <ram:TaxBasisTotalAmount>${o.net ?? '473.00'}</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="${currency}">${o.vat ?? '56.87'}</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>${o.gross ?? '529.87'}</ram:GrandTotalAmount>
        <ram:DuePayableAmount>${o.gross ?? '529.87'}</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;
}

const at = (y: number, ...parts: Array<[string, number]>): PlacedText[] =>
  parts.map(([text, x]) => ({ text, x, y }));
const rowY = (i: number) => 0.05 + (i * 14) / 842;

export interface InvoicePageOptions {
  /** The second line's amount (275,00 makes the net). */
  secondAmount?: string;
  /** The item table's header with no rows under it (a visualisation of an XML without lines). */
  emptyTable?: boolean;
}

/** The invoice's page: letterhead, the item table, the VAT breakdown and totals. */
export function invoicePage(o: InvoicePageOptions = {}): PlacedText[] {
  const rows = o.emptyTable
    ? []
    : [
        ...at(
          rowY(11),
          ['1', 0.08],
          ['Trennblaetter A4', 0.15],
          ['20', 0.49],
          ['9,90', 0.67],
          ['19 %', 0.75],
          ['198,00', 0.84],
        ),
        ...at(
          rowY(12),
          ['2', 0.08],
          ['Joghurt Banane', 0.15],
          ['50', 0.49],
          ['5,50', 0.67],
          ['7 %', 0.75],
          [o.secondAmount ?? '275,00', 0.84],
        ),
      ];
  return [
    ...at(rowY(0), ['Lieferant GmbH', 0.08]),
    ...at(rowY(2), ['Rechnung Nr. 471102 vom 05.03.2024', 0.08]),
    ...at(rowY(4), ['Kunden AG', 0.08]),
    ...at(
      rowY(10),
      ['Pos', 0.08],
      ['Beschreibung', 0.15],
      ['Menge', 0.45],
      ['Einzelpreis', 0.63],
      ['USt. %', 0.75],
      ['Betrag', 0.84],
    ),
    ...rows,
    ...at(rowY(15), ['Nettobetrag', 0.5], ['473,00 EUR', 0.84]),
    ...at(rowY(16), ['USt. 7 %', 0.5], ['275,00', 0.66], ['19,25', 0.85]),
    ...at(rowY(17), ['USt. 19 %', 0.5], ['198,00', 0.66], ['37,62', 0.85]),
    ...at(rowY(18), ['Gesamtbetrag', 0.5], ['529,87 EUR', 0.84]),
  ];
}

/** The hybrid PDF: the page and the XML as factur-x.xml. */
export function linelessHybrid(
  xml: LinelessCiiOptions = {},
  pageOptions: InvoicePageOptions = {},
): Uint8Array {
  return buildPdf({
    placed: invoicePage(pageOptions),
    attachments: [{ name: 'factur-x.xml', content: linelessCii(xml) }],
  });
}
