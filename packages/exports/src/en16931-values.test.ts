// The values the EN 16931 writers derive from what an invoice states, never more: the standard-rate
// category of a positive rate given without one, Rec 20 codes of units given as words, UNTDID 4461
// codes of FatturaPA's payment means, a line's price from its net amount and quantity where exact; and an
// intra-community supply written with its deliver-to country and invoicing period, valid against
// EN 16931's rules; nested lines at the level that adds up; a FatturaPA fund contribution as a
// document-level charge, with the line and charge totals FatturaPA does not state.
import path from 'node:path';
import { type Document, readInvoice, shutdownWorkers } from '@invoice-reader/engine';
import { afterAll, describe, expect, it } from 'vitest';
import {
  breakdownRate,
  categoryOf,
  ciiXml,
  easScheme,
  en16931Missing,
  lineCategory,
  linePrice,
  meansCode,
  netPrice,
  unitCode,
  withCoreLines,
} from './cii.js';
import { withCompanyProfile } from './company-profile.js';
import { type ExportJob, ExportRefused } from './input.js';
import { einvoiceDir, jobOf } from './test-support/corpus-export.js';
import { en16931Fatal, haveSchemas, xsdErrors } from './test-support/validate.js';
import { ublInvoiceXml } from './ubl-invoice.js';
import { writeXrechnungCii } from './xrechnung-cii.js';

afterAll(() => shutdownWorkers());

const doc = (over: Partial<Document>): Document => ({
  type: 'invoice',
  syntax: 'cii',
  seller: {},
  buyer: {},
  payment: { accounts: [] },
  totals: {},
  vat_breakdown: [],
  lines: [],
  notes: [],
  references: {},
  provenance: {},
  ...over,
});

describe('values derived from what the invoice states', () => {
  it('a positive rate without a category is S, a zero rate stays without one, and not for a Spanish seller', () => {
    const d = doc({ seller: { address: { lines: [], country: 'DE' } } });
    expect(categoryOf(d, { rate: '19.00' })).toBe('S');
    expect(categoryOf(d, { rate: '0' })).toBeUndefined();
    expect(categoryOf(d, { category: 'E', rate: '0' })).toBe('E');
    expect(
      categoryOf(doc({ seller: { address: { lines: [], country: 'ES' } } }), { rate: '7' }),
    ).toBeUndefined();
  });

  it('a line without a category takes the one breakdown category at its rate, and none where two share it', () => {
    const d = doc({
      vat_breakdown: [
        { category: 'E', rate: '0', taxable: '10', tax: '0' },
        { category: 'S', rate: '19', taxable: '10', tax: '1.90' },
      ],
      allowances_charges: [{ charge: true, amount: '1', vat_category: 'S' }],
    });
    expect(lineCategory(d, { vat_rate: '0.00' })).toBe('E');
    expect(lineCategory(d, { vat_rate: '19' })).toBe('S');
    const two = doc({ vat_breakdown: [...d.vat_breakdown, { category: 'Z', rate: '0' }] });
    expect(lineCategory(two, { vat_rate: '0' })).toBeUndefined();
  });

  it('a breakdown not subject to VAT is written with rate 0 (XRechnung BR-DE-14), a standard one as read', () => {
    expect(breakdownRate('O', undefined)).toBe('0');
    expect(breakdownRate('S', undefined)).toBeUndefined();
    expect(breakdownRate('S', '19')).toBe('19');
  });

  it('units given as words become Rec 20 codes; codes and unknown words stay as read', () => {
    expect(['kg', 'h', 'Month', 'pz', "unita'", 'C62', 'Kiste'].map(unitCode)).toEqual([
      'KGM',
      'HUR',
      'MON',
      'H87',
      'C62',
      'C62',
      'Kiste',
    ]);
  });

  it("a line's price is as read, or its net amount over its quantity where exact and it has no allowances of its own; else refused", () => {
    expect(linePrice({ quantity: '20', unit_price: '9.90', net_amount: '198.00' })).toBe('9.90');
    expect(linePrice({ quantity: '1.0000', net_amount: '75.00' })).toBe('75.00');
    expect(linePrice({ quantity: '20.0000', net_amount: '198.00' })).toBe('9.90');
    expect(linePrice({ quantity: '-6', net_amount: '-109.98' })).toBe('18.33');
    // EN 16931 has no negative net price (BR-27): a credit's amount over a quantity without its
    // sign makes none.
    expect(netPrice({ quantity: '5', net_amount: '-20.48' })).toBeUndefined();
    expect(netPrice({ quantity: '-5', net_amount: '-20.48' })).toBe('4.096');
    expect(netPrice({ quantity: '1', net_amount: '-20.48' })).toBe('-20.48');
    expect(linePrice({ quantity: '16000', net_amount: '140.80' })).toBe('0.0088');
    expect(linePrice({ net_amount: '12.00' })).toBe('12.00');
    // 100.00 for 3 units is no price of four decimals: none is made up.
    expect(linePrice({ quantity: '3', net_amount: '100.00' })).toBeUndefined();
    expect(
      linePrice({
        quantity: '1',
        net_amount: '70.00',
        allowances_charges: [{ charge: false, amount: '5.00' }],
      }),
    ).toBeUndefined();
    const job: ExportJob = {
      jobId: 3,
      country: 'DE',
      fields: {},
      fields_detailed: [],
      document: doc({ lines: [{ description: 'Trennblätter', quantity: '3', net_amount: '100.00' }] }),
    };
    expect(en16931Missing(job).map((r) => r.message)).toContain(
      'BT-146 item net price of line 1: not on the invoice',
    );
  });

  it("refuses an allowance's or charge's reason code outside its list (BR-CL-19/20), naming it", () => {
    const job = (d: Partial<Document>): ExportJob => ({
      jobId: 4,
      country: 'DE',
      fields: {},
      fields_detailed: [],
      document: doc(d),
    });
    const messages = en16931Missing(
      job({
        allowances_charges: [
          { charge: true, amount: '30', reason_code: 'ABK', reason: 'Verpackung', vat_category: 'S' },
          { charge: false, amount: '21.25', reason_code: 'ABK', reason: 'Rabatt', vat_category: 'S' },
          { charge: false, amount: '5', reason_code: '95', reason: 'Rabatt', vat_category: 'S' },
        ],
        lines: [
          {
            quantity: '1',
            net_amount: '10',
            allowances_charges: [{ charge: false, amount: '1', reason_code: 'CAO', reason: 'Lager' }],
          },
        ],
      }),
    ).map((r) => r.message);
    expect(messages).toContain(
      'BT-98 reason code ABK of document-level allowance 2 (BR-CL-19): not a UNCL 5189 allowance code',
    );
    expect(messages).toContain(
      'BT-98 reason code CAO of allowance 1 of line 1 (BR-CL-19): not a UNCL 5189 allowance code',
    );
    expect(messages.filter((m) => /reason code/.test(m))).toHaveLength(2);
  });

  it('refuses an exemption reason given to a taxed VAT category (BR-S-10), naming it', () => {
    const job: ExportJob = {
      jobId: 5,
      country: 'FR',
      fields: {},
      fields_detailed: [],
      document: doc({
        vat_breakdown: [
          { category: 'S', rate: '5.50', taxable: '90.95', tax: '5.00', exemption_reason: '#F1#' },
        ],
      }),
    };
    expect(en16931Missing(job).map((r) => r.message)).toContain(
      'BT-120/BT-121 exemption reason "#F1#" of VAT category S (BR-S-10): a taxed category has none',
    );
  });

  it("FatturaPA's recipient code and PEC address are written under their EAS schemes", () => {
    expect(easScheme({ scheme: 'IT:SDI', value: 'ABC1234' })).toBe('0205');
    expect(easScheme({ scheme: 'IT:SDI', value: 'UFY9MH' })).toBe('0201');
    expect(easScheme({ scheme: 'IT:PEC', value: 'fatture@pec.example.it' })).toBe('0202');
    expect(easScheme({ scheme: '0088', value: '4000001000005' })).toBe('0088');
    expect(easScheme({ value: 'buyer@example.com' })).toBe('EM');
  });

  it("FatturaPA's payment means with an UNTDID 4461 twin take it; the others have none", () => {
    const means = (code: string) => meansCode(doc({ payment: { accounts: [], means_code: code } }));
    expect([means('MP05'), means('MP08'), means('MP19'), means('MP12'), means('58')]).toEqual([
      '30',
      '48',
      '59',
      undefined,
      '58',
    ]);
  });
});

describe.skipIf(!haveSchemas)('an intra-community supply', () => {
  const file = path.join(einvoiceDir, 'ferd-zugferd-2.4/EN16931_Innergemeinschaftliche_Lieferungen_fx.pdf');

  it('is written with its deliver-to country and period, valid against EN 16931', async () => {
    const job = (await jobOf(file))!;
    expect(job.document.vat_breakdown.some((v) => v.category === 'K')).toBe(true);
    expect(job.document.delivery?.address?.country).toBeTruthy();
    const xml = ciiXml(job, { guideline: 'urn:cen.eu:en16931:2017' });
    expect(xml).toContain('<ram:ShipToTradeParty>');
    expect(await xsdErrors(xml, 'cii')).toEqual([]);
    expect(await en16931Fatal(xml)).toEqual([]);
  }, 120_000);

  it('is refused for its deliver-to country when the invoice gives none', async () => {
    const job = withCompanyProfile((await jobOf(file))!, undefined);
    const bare = { ...job, document: { ...job.document, delivery: undefined } };
    expect(() => writeXrechnungCii(bare)).toThrow(ExportRefused);
    try {
      writeXrechnungCii(bare);
    } catch (err) {
      expect((err as ExportRefused).message).toContain('BT-80 deliver-to country');
    }
  });
});

describe('nested lines (Factur-X EXTENDED sub-lines)', () => {
  const job = (lines: Document['lines'], lineTotal: string): ExportJob => ({
    jobId: 1,
    country: 'DE',
    fields: {},
    fields_detailed: [],
    document: doc({ lines, totals: { line_total: lineTotal } }),
  });
  const group = { id: '1', net_amount: '30.00' };
  const details = [
    { id: '2', parent_id: '1', quantity: '1', net_amount: '10.00' },
    { id: '3', parent_id: '1', quantity: '2', net_amount: '20.00' },
  ];

  it('are written at the level that adds up to the line total, the one with quantities of two', () => {
    expect(withCoreLines(job([group, ...details], '30.00')).document.lines).toEqual(details);
    const whole = { ...group, quantity: '1' };
    expect(withCoreLines(job([whole, ...details], '30.00')).document.lines).toEqual([whole]);
  });

  it('of two levels with quantities, are written at the one that adds up to the VAT breakdown rate by rate', () => {
    // A bundle sold at 0 % as a whole whose items are taxed at 7 % and 19 % (ZUGFeRD's coffee set).
    const bundle = { id: '1', quantity: '1', net_amount: '30.00', vat_category: 'S', vat_rate: '0.00' };
    const items = [
      { id: '2', parent_id: '1', quantity: '1', net_amount: '10.00', vat_category: 'S', vat_rate: '7' },
      { id: '3', parent_id: '1', quantity: '2', net_amount: '20.00', vat_category: 'S', vat_rate: '19' },
    ];
    const j = job([bundle, ...items], '30.00');
    j.document.vat_breakdown = [
      { category: 'S', rate: '7', taxable: '10.00', tax: '0.70' },
      { category: 'S', rate: '19', taxable: '20.00', tax: '3.80' },
    ];
    expect(withCoreLines(j).document.lines).toEqual(items);
  });

  it('are written as read where no level adds up, and a flat invoice is left alone', () => {
    expect(withCoreLines(job([group, ...details], '99.00')).document.lines).toHaveLength(3);
    const flat = job([{ id: '1', net_amount: '5.00' }], '5.00');
    expect(withCoreLines(flat)).toBe(flat);
  });
});

/** A FatturaPA invoice of 1000.00 in fees and a 4 % contribution to the engineers' fund, both at 22 %. */
const fundInvoice = (
  summaryTaxable = '1040.00',
  tax = '228.80',
  total = '1268.80',
) => `<?xml version="1.0" encoding="UTF-8"?>
<p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2">
  <FatturaElettronicaHeader>
    <DatiTrasmissione>
      <IdTrasmittente><IdPaese>IT</IdPaese><IdCodice>01234567890</IdCodice></IdTrasmittente>
      <ProgressivoInvio>00001</ProgressivoInvio><FormatoTrasmissione>FPR12</FormatoTrasmissione>
      <CodiceDestinatario>0000000</CodiceDestinatario><PECDestinatario>fatture@beta.example</PECDestinatario>
    </DatiTrasmissione>
    <CedentePrestatore>
      <DatiAnagrafici>
        <IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>01234567890</IdCodice></IdFiscaleIVA>
        <Anagrafica><Denominazione>STUDIO TECNICO ALFA</Denominazione></Anagrafica>
        <RegimeFiscale>RF01</RegimeFiscale>
      </DatiAnagrafici>
      <Sede><Indirizzo>VIA ROMA 1</Indirizzo><CAP>20100</CAP><Comune>MILANO</Comune><Nazione>IT</Nazione></Sede>
    </CedentePrestatore>
    <CessionarioCommittente>
      <DatiAnagrafici>
        <IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>09876543210</IdCodice></IdFiscaleIVA>
        <Anagrafica><Denominazione>BETA SPA</Denominazione></Anagrafica>
      </DatiAnagrafici>
      <Sede><Indirizzo>VIA TORINO 2</Indirizzo><CAP>00145</CAP><Comune>ROMA</Comune><Nazione>IT</Nazione></Sede>
    </CessionarioCommittente>
  </FatturaElettronicaHeader>
  <FatturaElettronicaBody>
    <DatiGenerali>
      <DatiGeneraliDocumento>
        <TipoDocumento>TD06</TipoDocumento><Divisa>EUR</Divisa><Data>2024-05-02</Data><Numero>P-12</Numero>
        <DatiCassaPrevidenziale>
          <TipoCassa>TC04</TipoCassa><AlCassa>4.00</AlCassa><ImportoContributoCassa>40.00</ImportoContributoCassa>
          <ImponibileCassa>1000.00</ImponibileCassa><AliquotaIVA>22.00</AliquotaIVA>
        </DatiCassaPrevidenziale>
        <ImportoTotaleDocumento>${total}</ImportoTotaleDocumento>
      </DatiGeneraliDocumento>
    </DatiGenerali>
    <DatiBeniServizi>
      <DettaglioLinee>
        <NumeroLinea>1</NumeroLinea><Descrizione>Progettazione impianto</Descrizione>
        <Quantita>1.00</Quantita><PrezzoUnitario>1000.00</PrezzoUnitario><PrezzoTotale>1000.00</PrezzoTotale>
        <AliquotaIVA>22.00</AliquotaIVA>
      </DettaglioLinee>
      <DatiRiepilogo>
        <AliquotaIVA>22.00</AliquotaIVA><ImponibileImporto>${summaryTaxable}</ImponibileImporto><Imposta>${tax}</Imposta>
      </DatiRiepilogo>
    </DatiBeniServizi>
    <DatiPagamento>
      <CondizioniPagamento>TP02</CondizioniPagamento>
      <DettaglioPagamento>
        <ModalitaPagamento>MP05</ModalitaPagamento><DataScadenzaPagamento>2024-06-01</DataScadenzaPagamento>
        <ImportoPagamento>${total}</ImportoPagamento><IBAN>IT60X0542811101000000123456</IBAN>
      </DettaglioPagamento>
    </DatiPagamento>
  </FatturaElettronicaBody>
</p:FatturaElettronica>`;

const fundJob = async (xml: string): Promise<ExportJob> => {
  const r = await readInvoice(Buffer.from(xml), { country: 'it' });
  expect(r.status).toBe('done');
  return {
    jobId: 1,
    country: 'IT',
    fields: r.fields,
    fields_detailed: r.fields_detailed,
    document: r.document!,
  };
};

describe.skipIf(!haveSchemas)('a FatturaPA fund contribution (DatiCassaPrevidenziale)', () => {
  it('is written as a document-level charge with the line and charge totals, valid and read back the same', async () => {
    const job = await fundJob(fundInvoice());
    expect(en16931Missing(job)).toEqual([]);
    const cii = ciiXml(job, { guideline: 'urn:cen.eu:en16931:2017' });
    for (const part of [
      '<ram:CalculationPercent>4.00</ram:CalculationPercent>',
      '<ram:BasisAmount>1000.00</ram:BasisAmount>',
      '<ram:ActualAmount>40.00</ram:ActualAmount>',
      '<ram:Reason>Contributo cassa previdenziale TC04: Cassa nazionale previdenza e assistenza ingegneri e architetti liberi professionisti</ram:Reason>',
      '<ram:LineTotalAmount>1000.00</ram:LineTotalAmount>',
      '<ram:ChargeTotalAmount>40.00</ram:ChargeTotalAmount>',
      '<ram:TaxBasisTotalAmount>1040.00</ram:TaxBasisTotalAmount>',
    ])
      expect(cii).toContain(part);
    // Its VAT category is the standard rate's, from its 22 % (no Natura).
    expect(cii).toMatch(
      /<ram:ActualAmount>40.00<\/ram:ActualAmount>[\s\S]*?<ram:CategoryCode>S<\/ram:CategoryCode>/,
    );
    expect(await xsdErrors(cii, 'cii')).toEqual([]);
    expect(await en16931Fatal(cii)).toEqual([]);
    const ubl = ublInvoiceXml(job.document, { customizationId: 'urn:cen.eu:en16931:2017', profileId: 'x' });
    expect(ubl).toContain('<cbc:ChargeTotalAmount currencyID="EUR">40.00</cbc:ChargeTotalAmount>');
    expect(ubl).toContain('<cbc:LineExtensionAmount currencyID="EUR">1000.00</cbc:LineExtensionAmount>');
    expect(await xsdErrors(ubl, 'ubl')).toEqual([]);
    expect(await en16931Fatal(ubl, 'ubl')).toEqual([]);
    const back = await readInvoice(Buffer.from(cii), { country: 'it' });
    expect(back.fields).toEqual(job.fields);
    expect(back.document?.allowances_charges).toEqual([
      expect.objectContaining({
        charge: true,
        amount: '40.00',
        base: '1000.00',
        percent: '4.00',
        vat_category: 'S',
      }),
    ]);
  }, 600_000);

  it('is refused, naming the sums, where the VAT summary leaves it out', async () => {
    const job = await fundJob(fundInvoice('1000.00', '220.00', '1220.00'));
    expect(en16931Missing(job).map((r) => r.message)).toEqual([
      'BT-109 total without VAT 1000.00 (BR-CO-13): the lines read add up to 1000.00, with the document-level allowances and charges to 1040.00',
    ]);
  });
});
