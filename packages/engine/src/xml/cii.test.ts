import { describe, expect, it } from 'vitest';
import { ReadError } from '../errors.js';
import { CII_D16B, CII_ZF1 } from '../test-support/samples.js';
import { readXmlInvoice } from './read-xml.js';

const read = (xml: string) => readXmlInvoice(Buffer.from(xml));

describe('CII D16B reader', () => {
  const d = read(CII_D16B);

  it('reads the header', () => {
    expect(d.syntax).toBe('cii');
    expect(d.profile).toBe('urn:cen.eu:en16931:2017');
    expect([d.number, d.type, d.type_code, d.issue_date, d.due_date, d.currency]).toEqual([
      'RE-2024-0042',
      'invoice',
      '380',
      '2024-03-14',
      '2024-03-28',
      'EUR',
    ]);
    expect(d.notes).toEqual(['Thank you']);
    expect(d.references.buyer_reference).toBe('04011000-12345-34');
  });

  it('reads the parties with identifiers upper-cased and without spaces', () => {
    expect(d.seller).toMatchObject({
      name: 'Lieferant GmbH',
      vat_id: 'DE136695976',
      tax_number: '201/113/40209',
      electronic_address: { scheme: 'EM', value: 'rechnung@lieferant.de' },
      address: { lines: ['Lieferantenstraße 20'], postcode: '80333', city: 'München', country: 'DE' },
    });
    expect(d.buyer.name).toBe('Kunden AG');
  });

  it('reads payment, totals, VAT breakdown and lines', () => {
    expect(d.payment).toMatchObject({
      means_code: '58',
      reference: 'RE-2024-0042',
      terms: '14 days net',
      accounts: [{ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }],
    });
    // The VAT total in the invoice currency (BT-110), not the tax-currency twin.
    expect(d.totals).toEqual({
      line_total: '100.00',
      net: '100.00',
      vat: '19.00',
      gross: '119.00',
      prepaid: '0.00',
      payable: '119.00',
    });
    expect(d.vat_breakdown).toEqual([{ category: 'S', rate: '19.00', taxable: '100.00', tax: '19.00' }]);
    expect(d.lines).toEqual([
      {
        id: '1',
        description: 'Widget',
        quantity: '2',
        unit: 'H87',
        unit_price: '50.00',
        net_amount: '100.00',
        vat_category: 'S',
        vat_rate: '19',
      },
    ]);
  });

  it('records where each value came from', () => {
    expect(d.provenance.number).toEqual({
      source: 'xml',
      reader: 'cii',
      path: '/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID',
    });
    expect(d.provenance['totals.vat']?.path).toMatch(/ram:TaxTotalAmount\[2\]$/);
  });

  it('maps UNTDID 1001 type codes', () => {
    const credit = read(
      CII_D16B.replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>381</ram:TypeCode>'),
    );
    expect(credit.type).toBe('credit_note');
    const corrected = read(
      CII_D16B.replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>384</ram:TypeCode>'),
    );
    expect(corrected.type).toBe('corrected_invoice');
  });

  it('refuses a document without its header or transaction', () => {
    const broken = CII_D16B.replace(/<rsm:ExchangedDocument>[\s\S]*<\/rsm:ExchangedDocument>/, '');
    expect(() => read(broken)).toThrow(ReadError);
    try {
      read(broken);
    } catch (err) {
      expect((err as ReadError).code).toBe('missing_required_data');
    }
  });
});

describe('ZUGFeRD 1.0 reader', () => {
  const d = read(CII_ZF1);

  it('reads the 1.0 containers into the same Document', () => {
    expect(d.syntax).toBe('cii-zf1');
    expect([d.number, d.issue_date, d.currency, d.seller.name, d.seller.vat_id, d.buyer.name]).toEqual([
      '471102',
      '2013-03-05',
      'EUR',
      'Lieferant GmbH',
      'DE123456789',
      'Kunden AG Mitte',
    ]);
    expect(d.payment.accounts).toEqual([{ iban: 'DE08700901001234567890', bic: 'GENODEF1M04' }]);
    expect(d.totals).toEqual({ line_total: '198.00', net: '198.00', vat: '37.62', gross: '235.62' });
  });

  it('leaves no hole for a line that gives nothing (a note-only line)', () => {
    const xml = CII_ZF1.replace(
      '</ram:ApplicableSupplyChainTradeSettlement>',
      `</ram:ApplicableSupplyChainTradeSettlement>
      <ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:IncludedNote><ram:Content>Gutschrift</ram:Content></ram:IncludedNote></ram:AssociatedDocumentLineDocument></ram:IncludedSupplyChainTradeLineItem>
      <ram:IncludedSupplyChainTradeLineItem><ram:SpecifiedTradeProduct><ram:Name>Zitronensäure</ram:Name></ram:SpecifiedTradeProduct></ram:IncludedSupplyChainTradeLineItem>`,
    );
    const lines = read(xml).lines;
    expect(lines).toEqual([{ description: 'Zitronensäure' }]);
    expect(0 in lines).toBe(true);
    expect(read(xml).provenance['lines.0.description']).toMatchObject({ source: 'xml' });
  });

  /** CII_ZF1 with the given allowances/charges ([charge, ActualAmount]) and totals of them. */
  const zf1With = (acs: Array<[boolean, string]>, allowanceTotal?: string, chargeTotal?: string) =>
    CII_ZF1.replace(
      '<ram:SpecifiedTradeSettlementMonetarySummation>',
      `${acs
        .map(
          ([charge, amount]) =>
            `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${charge}</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount currencyID="EUR">${amount}</ram:ActualAmount><ram:Reason>R</ram:Reason></ram:SpecifiedTradeAllowanceCharge>`,
        )
        .join('')}<ram:SpecifiedTradeSettlementMonetarySummation>${
        chargeTotal ? `<ram:ChargeTotalAmount>${chargeTotal}</ram:ChargeTotalAmount>` : ''
      }${allowanceTotal ? `<ram:AllowanceTotalAmount>${allowanceTotal}</ram:AllowanceTotalAmount>` : ''}`,
    );
  const amounts = (xml: string) => read(xml).allowances_charges?.map((a) => [a.charge, a.amount]);

  it("gives a correction's allowances, written as sizes, the sign of their negative total", () => {
    // The Forum's Rechnungskorrektur: 0.10 and 0.13 off lines of -7.90, allowance total -0.23.
    const xml = zf1With(
      [
        [false, '0.10'],
        [false, '0.13'],
      ],
      '-0.23',
    );
    expect(amounts(xml)).toEqual([
      [false, '-0.10'],
      [false, '-0.13'],
    ]);
    expect(read(xml).provenance['allowances_charges.0.amount']?.path).toMatch(/ActualAmount$/);
  });

  it('reads an allowance written negative under a positive total as the allowance the total is', () => {
    // The Forum's EXTENDED Kostenrechnung: an allowance of -21.55, allowance total 21.55.
    expect(amounts(zf1With([[false, '-21.55']], '21.55'))).toEqual([[false, '21.55']]);
    expect(amounts(zf1With([[true, '-4.00']], undefined, '4.00'))).toEqual([[true, '4.00']]);
  });

  it('leaves the amounts as read where they add up, or where their sizes do not either', () => {
    expect(amounts(zf1With([[false, '5.00']], '5.00'))).toEqual([[false, '5.00']]);
    expect(
      amounts(
        zf1With(
          [
            [false, '-1.00'],
            [false, '2.00'],
          ],
          '-3.50',
        ),
      ),
    ).toEqual([
      [false, '-1.00'],
      [false, '2.00'],
    ]);
    expect(amounts(zf1With([[false, '0.10']]))).toEqual([[false, '0.10']]);
  });

  it('leaves a CII D16B allowance as read (the sizes rule is ZUGFeRD 1.0 only)', () => {
    const xml = CII_D16B.replace(
      '<ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
      '<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>-5.00</ram:ActualAmount></ram:SpecifiedTradeAllowanceCharge><ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:AllowanceTotalAmount>5.00</ram:AllowanceTotalAmount>',
    );
    expect(amounts(xml)).toEqual([[false, '-5.00']]);
  });

  it('answers a pre-release draft with its own code', () => {
    const draft = '<rsm:Invoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CBFBUY:5"><x/></rsm:Invoice>';
    expect(() => read(draft)).toThrow(/pre-release ZUGFeRD draft/);
  });
});

describe('CII document-level allowances and charges (BG-20/BG-21)', () => {
  const ac = (charge: boolean, inner: string) =>
    `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${charge}</udt:Indicator></ram:ChargeIndicator>${inner}</ram:SpecifiedTradeAllowanceCharge>`;
  const withAc = CII_D16B.replace(
    '<ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
    `${ac(
      false,
      '<ram:CalculationPercent>10</ram:CalculationPercent><ram:BasisAmount>1500</ram:BasisAmount><ram:ActualAmount>150</ram:ActualAmount><ram:ReasonCode>95</ram:ReasonCode><ram:Reason>Loyal customer</ram:Reason><ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>25</ram:RateApplicablePercent></ram:CategoryTradeTax>',
    )}${ac(true, '<ram:ActualAmount>12.50</ram:ActualAmount><ram:Reason>Packaging</ram:Reason>')}<ram:SpecifiedTradeSettlementHeaderMonetarySummation>`,
  );

  it('keeps each with amount, base, percentage, reason and VAT category, and their provenance', () => {
    expect(withAc).not.toBe(CII_D16B);
    const d = read(withAc);
    expect(d.allowances_charges).toEqual([
      {
        charge: false,
        percent: '10',
        base: '1500',
        amount: '150',
        reason_code: '95',
        reason: 'Loyal customer',
        vat_category: 'S',
        vat_rate: '25',
      },
      { charge: true, amount: '12.50', reason: 'Packaging' },
    ]);
    expect(d.provenance['allowances_charges.1.amount']).toMatchObject({ source: 'xml', reader: 'cii' });
  });

  it('reads an indicator written as xsd:boolean 1 or 0', () => {
    const xml = withAc
      .replace('<udt:Indicator>false</udt:Indicator>', '<udt:Indicator>0</udt:Indicator>')
      .replace('<udt:Indicator>true</udt:Indicator>', '<udt:Indicator>1</udt:Indicator>');
    expect(xml).not.toBe(withAc);
    expect(read(xml).allowances_charges?.map((a) => [a.charge, a.amount])).toEqual([
      [false, '150'],
      [true, '12.50'],
    ]);
  });

  it('has none where the invoice has none', () => {
    expect(read(CII_D16B).allowances_charges).toBeUndefined();
  });
});

describe('CII deliver-to, invoicing period and payment card', () => {
  const xml = CII_D16B.replace(
    '<ram:ApplicableHeaderTradeDelivery/>',
    '<ram:ApplicableHeaderTradeDelivery><ram:ShipToTradeParty><ram:Name>Lager Nord</ram:Name><ram:PostalTradeAddress><ram:PostcodeCode>1011</ram:PostcodeCode><ram:LineOne>Kade 1</ram:LineOne><ram:CityName>Amsterdam</ram:CityName><ram:CountryID>nl</ram:CountryID></ram:PostalTradeAddress></ram:ShipToTradeParty></ram:ApplicableHeaderTradeDelivery>',
  )
    .replace(
      '<ram:TypeCode>58</ram:TypeCode>',
      '<ram:TypeCode>48</ram:TypeCode><ram:ApplicableTradeSettlementFinancialCard><ram:ID>xxxx1234</ram:ID><ram:CardholderName>K. Kunde</ram:CardholderName></ram:ApplicableTradeSettlementFinancialCard>',
    )
    .replace(
      '<ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
      '<ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString format="102">20240301</udt:DateTimeString></ram:StartDateTime><ram:EndDateTime><udt:DateTimeString format="102">20240331</udt:DateTimeString></ram:EndDateTime></ram:BillingSpecifiedPeriod><ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
    );

  it('keeps the deliver-to party (BG-13/BG-15), the period (BG-14) and the card (BG-18)', () => {
    const d = read(xml);
    expect(d.delivery).toEqual({
      name: 'Lager Nord',
      address: { lines: ['Kade 1'], postcode: '1011', city: 'Amsterdam', country: 'NL' },
    });
    expect(d.period).toEqual({ start: '2024-03-01', end: '2024-03-31' });
    expect(d.payment.card).toEqual({ number: 'xxxx1234', holder: 'K. Kunde' });
    expect(d.provenance['delivery.address.country']).toMatchObject({ source: 'xml', reader: 'cii' });
  });

  it('has none of them where the invoice has none', () => {
    const d = read(CII_D16B);
    expect([d.delivery, d.period, d.payment.card]).toEqual([undefined, undefined, undefined]);
  });
});

describe('CII line allowances and charges (BG-27/BG-28), price base quantity and sub-lines', () => {
  const xml = CII_D16B.replace(
    '<ram:LineID>1</ram:LineID>',
    '<ram:LineID>1</ram:LineID><ram:ParentLineID>G1</ram:ParentLineID>',
  )
    .replace(
      '<ram:ChargeAmount>50.00</ram:ChargeAmount>',
      '<ram:ChargeAmount>50.00</ram:ChargeAmount><ram:BasisQuantity unitCode="H87">1</ram:BasisQuantity>',
    )
    .replace(
      '<ram:SpecifiedTradeSettlementLineMonetarySummation>',
      '<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>5.00</ram:ActualAmount><ram:Reason>Rabatt</ram:Reason></ram:SpecifiedTradeAllowanceCharge><ram:SpecifiedTradeSettlementLineMonetarySummation>',
    );

  it('keeps them on the line', () => {
    expect(xml).not.toBe(CII_D16B);
    const line = read(xml).lines[0]!;
    expect(line).toMatchObject({ parent_id: 'G1', price_base_quantity: '1' });
    expect(line.allowances_charges).toEqual([{ charge: false, amount: '5.00', reason: 'Rabatt' }]);
    expect(read(CII_D16B).lines[0]!.allowances_charges).toBeUndefined();
  });
});
