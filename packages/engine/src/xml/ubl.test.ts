import { describe, expect, it } from 'vitest';
import { UBL_CREDIT_NOTE } from '../test-support/samples.js';
import { readXmlInvoice } from './read-xml.js';

const read = (xml: string) => readXmlInvoice(Buffer.from(xml));

describe('UBL reader', () => {
  const d = read(UBL_CREDIT_NOTE);

  it('reads a Peppol credit note', () => {
    expect(d.syntax).toBe('ubl');
    expect([d.type, d.type_code, d.number, d.issue_date, d.currency]).toEqual([
      'credit_note',
      '381',
      'CN-7',
      '2024-02-01',
      'SEK',
    ]);
    expect(d.references.preceding_invoice).toBe('INV-5');
  });

  it('prefers the registration name and keeps the trading name apart', () => {
    expect(d.seller).toMatchObject({
      name: 'Säljaren AB',
      trading_name: 'Säljaren',
      vat_id: 'SE556000000001',
      legal_id: '5560000000',
      electronic_address: { scheme: '0007', value: '5560000000' },
      address: { lines: ['Storgatan 1'], postcode: '111 22', city: 'Stockholm', country: 'SE' },
    });
    expect(d.buyer.name).toBe('Köparen AB');
  });

  it('keeps a national account number apart from IBANs', () => {
    expect(d.payment.accounts).toEqual([{ account: '1234567', bic: 'SE:BANKGIRO' }]);
    expect(d.payment.reference).toBe('4711');
  });

  it('reads totals, breakdown and credit note lines', () => {
    expect(d.totals).toEqual({
      line_total: '100.00',
      net: '100.00',
      vat: '25.00',
      gross: '125.00',
      payable: '125.00',
    });
    expect(d.vat_breakdown).toEqual([{ category: 'S', rate: '25', taxable: '100.00', tax: '25.00' }]);
    expect(d.lines[0]).toMatchObject({
      quantity: '4',
      unit: 'EA',
      description: 'Returned goods',
      net_amount: '100.00',
    });
  });

  it('uses the party name when a producer gives no registration name', () => {
    const old = read(UBL_CREDIT_NOTE.replace('<cbc:RegistrationName>Säljaren AB</cbc:RegistrationName>', ''));
    expect(old.seller.name).toBe('Säljaren');
  });

  it('reads an IBAN from the payee account and the due date of an invoice', () => {
    const inv = read(
      UBL_CREDIT_NOTE.replaceAll('CreditNote', 'Invoice')
        .replace('<cbc:ID>1234567</cbc:ID>', '<cbc:ID>SE45 5000 0000 0583 9825 7466</cbc:ID>')
        .replace(
          '<cbc:IssueDate>2024-02-01</cbc:IssueDate>',
          '<cbc:IssueDate>2024-02-01</cbc:IssueDate><cbc:DueDate>2024-03-02</cbc:DueDate>',
        )
        .replace('CreditedQuantity', 'InvoicedQuantity')
        .replace('CreditedQuantity', 'InvoicedQuantity'),
    );
    expect(inv.type).toBe('credit_note'); // type code 381 still decides
    expect(inv.payment.accounts[0]?.iban).toBe('SE4550000000058398257466');
    expect(inv.due_date).toBe('2024-03-02');
    expect(inv.lines[0]?.quantity).toBe('4');
  });
});

describe('UBL document-level allowances and charges (BG-20/BG-21)', () => {
  const withAc = UBL_CREDIT_NOTE.replace(
    '<cac:TaxTotal>',
    `<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode><cbc:AllowanceChargeReason>Discount</cbc:AllowanceChargeReason><cbc:MultiplierFactorNumeric>5</cbc:MultiplierFactorNumeric><cbc:Amount currencyID="SEK">5.00</cbc:Amount><cbc:BaseAmount currencyID="SEK">100.00</cbc:BaseAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>25</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:AllowanceCharge>
  <cac:TaxTotal>`,
  );

  it('keeps the root’s own, not those of a line or price', () => {
    expect(withAc).not.toBe(UBL_CREDIT_NOTE);
    expect(read(withAc).allowances_charges).toEqual([
      {
        charge: false,
        reason_code: '95',
        reason: 'Discount',
        percent: '5',
        amount: '5.00',
        base: '100.00',
        vat_category: 'S',
        vat_rate: '25',
      },
    ]);
    expect(read(UBL_CREDIT_NOTE).allowances_charges).toBeUndefined();
  });
});

describe('UBL deliver-to, invoicing period and payment card', () => {
  const xml = UBL_CREDIT_NOTE.replace(
    '<cac:BillingReference>',
    '<cac:InvoicePeriod><cbc:StartDate>2024-01-01</cbc:StartDate><cbc:EndDate>2024-01-31</cbc:EndDate></cac:InvoicePeriod><cac:BillingReference>',
  )
    .replace(
      '<cac:PaymentMeans>',
      '<cac:Delivery><cac:DeliveryLocation><cac:Address><cbc:StreetName>Kade 1</cbc:StreetName><cbc:CityName>Amsterdam</cbc:CityName><cac:Country><cbc:IdentificationCode>NL</cbc:IdentificationCode></cac:Country></cac:Address></cac:DeliveryLocation><cac:DeliveryParty><cac:PartyName><cbc:Name>Lager Nord</cbc:Name></cac:PartyName></cac:DeliveryParty></cac:Delivery><cac:PaymentMeans>',
    )
    .replace(
      '<cbc:PaymentID>4711</cbc:PaymentID>',
      '<cbc:PaymentID>4711</cbc:PaymentID><cac:CardAccount><cbc:PrimaryAccountNumberID>1234</cbc:PrimaryAccountNumberID><cbc:NetworkID>VISA</cbc:NetworkID></cac:CardAccount>',
    );

  it('keeps the deliver-to party (BG-13/BG-15), the period (BG-14) and the card (BG-18)', () => {
    expect(xml).not.toBe(UBL_CREDIT_NOTE);
    const d = read(xml);
    expect(d.delivery).toEqual({
      name: 'Lager Nord',
      address: { lines: ['Kade 1'], city: 'Amsterdam', country: 'NL' },
    });
    expect(d.period).toEqual({ start: '2024-01-01', end: '2024-01-31' });
    expect(d.payment.card).toEqual({ number: '1234', network: 'VISA' });
  });
});

describe('UBL line allowances and charges (BG-27/BG-28) and price base quantity', () => {
  const xml = UBL_CREDIT_NOTE.replace(
    '<cac:Item><cbc:Name>Returned goods</cbc:Name>',
    '<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>FC</cbc:AllowanceChargeReasonCode><cbc:Amount currencyID="SEK">2.00</cbc:Amount></cac:AllowanceCharge><cac:Item><cbc:Name>Returned goods</cbc:Name>',
  ).replace(
    '<cbc:PriceAmount currencyID="SEK">25.00</cbc:PriceAmount>',
    '<cbc:PriceAmount currencyID="SEK">25.00</cbc:PriceAmount><cbc:BaseQuantity unitCode="EA">1</cbc:BaseQuantity><cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:Amount currencyID="SEK">1.00</cbc:Amount></cac:AllowanceCharge>',
  );

  it("keeps the line's own, not its price's", () => {
    expect(xml).not.toBe(UBL_CREDIT_NOTE);
    const line = read(xml).lines[0]!;
    expect(line.price_base_quantity).toBe('1');
    expect(line.allowances_charges).toEqual([{ charge: true, amount: '2.00', reason_code: 'FC' }]);
  });
});

describe('UBL allowances and charges written with xsd:boolean 1 or 0, and lines without holes', () => {
  const ac = (indicator: string, amount: string) =>
    `<cac:AllowanceCharge><cbc:ChargeIndicator>${indicator}</cbc:ChargeIndicator><cbc:AllowanceChargeReason>r</cbc:AllowanceChargeReason><cbc:Amount currencyID="SEK">${amount}</cbc:Amount></cac:AllowanceCharge>`;

  it('keeps an allowance (0) and a charge (1) at document and line level', () => {
    const xml = UBL_CREDIT_NOTE.replace(
      '<cac:TaxTotal>',
      `${ac('0', '5.00')}${ac('1', '3.00')}<cac:TaxTotal>`,
    ).replace(
      '<cac:Item><cbc:Name>Returned goods</cbc:Name>',
      `${ac(' 1 ', '2.00')}<cac:Item><cbc:Name>Returned goods</cbc:Name>`,
    );
    const d = read(xml);
    expect(d.allowances_charges?.map((a) => [a.charge, a.amount])).toEqual([
      [false, '5.00'],
      [true, '3.00'],
    ]);
    expect(d.lines[0]!.allowances_charges?.map((a) => [a.charge, a.amount])).toEqual([[true, '2.00']]);
  });

  it('skips an indicator that is no boolean', () => {
    const d = read(UBL_CREDIT_NOTE.replace('<cac:TaxTotal>', `${ac('yes', '5.00')}<cac:TaxTotal>`));
    expect(d.allowances_charges).toBeUndefined();
  });

  it('gives the next line the slot of a line that gives nothing', () => {
    const xml = UBL_CREDIT_NOTE.replace(
      '<cac:CreditNoteLine>',
      '<cac:CreditNoteLine></cac:CreditNoteLine><cac:CreditNoteLine>',
    );
    const lines = read(xml).lines;
    expect(lines.length).toBe(1);
    expect(lines[0]!.id).toBe('1');
  });
});
