import { describe, expect, it } from 'vitest';
import type { Document } from '../document.js';
import { ReadError } from '../errors.js';
import { fatturaPaReader, fatturaPaSimplifiedReader } from './fatturapa.js';
import { documentTypeOf } from './fatturapa-shared.js';
import { parseXml } from './parse.js';

const NS = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';

const SELLER_COMPANY = `
    <CedentePrestatore>
      <DatiAnagrafici>
        <IdFiscaleIVA><IdPaese>it</IdPaese><IdCodice>0123 4567890</IdCodice></IdFiscaleIVA>
        <CodiceFiscale>01234567890</CodiceFiscale>
        <Anagrafica><Denominazione>ALPHA SRL</Denominazione></Anagrafica>
        <RegimeFiscale>RF01</RegimeFiscale>
      </DatiAnagrafici>
      <Sede>
        <Indirizzo>VIALE ROMA</Indirizzo><NumeroCivico>543</NumeroCivico>
        <CAP>07100</CAP><Comune>SASSARI</Comune><Provincia>SS</Provincia><Nazione>IT</Nazione>
      </Sede>
      <IscrizioneREA><Ufficio>SS</Ufficio><NumeroREA>123456</NumeroREA><StatoLiquidazione>LN</StatoLiquidazione></IscrizioneREA>
      <Contatti><Telefono>079 123456</Telefono><Email>info@alpha.it</Email></Contatti>
    </CedentePrestatore>`;

const SELLER_PERSON = `
    <CedentePrestatore>
      <DatiAnagrafici>
        <IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>12345678903</IdCodice></IdFiscaleIVA>
        <CodiceFiscale>rssgcr70a01h501x</CodiceFiscale>
        <Anagrafica><Nome>GIANCARLO</Nome><Cognome>ROSSI</Cognome><Titolo>Avv.</Titolo></Anagrafica>
        <RegimeFiscale>RF19</RegimeFiscale>
      </DatiAnagrafici>
      <Sede><Indirizzo>VIA VERDI 2</Indirizzo><CAP>00100</CAP><Comune>ROMA</Comune><Nazione>IT</Nazione></Sede>
    </CedentePrestatore>`;

const BUYER = `
    <CessionarioCommittente>
      <DatiAnagrafici>
        <CodiceFiscale>09876543210</CodiceFiscale>
        <Anagrafica><Denominazione>BETA SPA</Denominazione></Anagrafica>
      </DatiAnagrafici>
      <Sede><Indirizzo>VIA TORINO 38-B</Indirizzo><CAP>00145</CAP><Comune>ROMA</Comune><Provincia>RM</Provincia><Nazione>IT</Nazione></Sede>
    </CessionarioCommittente>`;

interface BodyOptions {
  type?: string;
  number?: string;
  total?: string;
  divisa?: string;
  payment?: string;
}

const PAYMENT_TWO_INSTALMENTS = `
    <DatiPagamento>
      <CondizioniPagamento>TP01</CondizioniPagamento>
      <DettaglioPagamento>
        <Beneficiario>ALPHA SRL</Beneficiario>
        <ModalitaPagamento>MP05</ModalitaPagamento>
        <DataScadenzaPagamento>2024-04-30</DataScadenzaPagamento>
        <ImportoPagamento>100.00</ImportoPagamento>
        <IBAN>IT60 X054 2811 1010 0000 0123 456</IBAN>
        <BIC>bcititmm</BIC>
        <CodicePagamento>RIF-42</CodicePagamento>
      </DettaglioPagamento>
      <DettaglioPagamento>
        <ModalitaPagamento>MP05</ModalitaPagamento>
        <DataScadenzaPagamento>2024-05-31</DataScadenzaPagamento>
        <ImportoPagamento>164.30</ImportoPagamento>
        <IBAN>IT60X0542811101000000123456</IBAN>
        <BIC>BCITITMM</BIC>
      </DettaglioPagamento>
    </DatiPagamento>`;

function body(o: BodyOptions = {}): string {
  const divisa = o.divisa === undefined ? '<Divisa>EUR</Divisa>' : o.divisa;
  return `
  <FatturaElettronicaBody>
    <DatiGenerali>
      <DatiGeneraliDocumento>
        <TipoDocumento>${o.type ?? 'TD01'}</TipoDocumento>
        ${divisa}
        <Data>2024-03-31</Data>
        <Numero>${o.number ?? 'FT-7'}</Numero>
        ${o.total ?? '<ImportoTotaleDocumento>264.30</ImportoTotaleDocumento>'}
        <Arrotondamento>0.00</Arrotondamento>
        <Causale>PRIMA CAUSALE</Causale>
        <Causale>SECONDA CAUSALE</Causale>
      </DatiGeneraliDocumento>
      <DatiOrdineAcquisto><IdDocumento>PO-1</IdDocumento><CodiceCUP>CUP1</CodiceCUP><CodiceCIG>CIG1</CodiceCIG></DatiOrdineAcquisto>
      <DatiContratto><IdDocumento>K-9</IdDocumento></DatiContratto>
      <DatiFattureCollegate><IdDocumento>FT-6</IdDocumento></DatiFattureCollegate>
      <DatiDDT><NumeroDDT>DDT-3</NumeroDDT><DataDDT>2024-03-30</DataDDT></DatiDDT>
      <DatiTrasporto><DataOraConsegna>2024-03-29T10:00:00.000+02:00</DataOraConsegna></DatiTrasporto>
    </DatiGenerali>
    <DatiBeniServizi>
      <DettaglioLinee>
        <NumeroLinea>1</NumeroLinea><Descrizione>CONSULENZA</Descrizione>
        <Quantita>2.00</Quantita><UnitaMisura>ore</UnitaMisura>
        <PrezzoUnitario>100.00</PrezzoUnitario><PrezzoTotale>200.00</PrezzoTotale><AliquotaIVA>22.00</AliquotaIVA>
      </DettaglioLinee>
      <DettaglioLinee>
        <NumeroLinea>2</NumeroLinea><Descrizione>BOLLO</Descrizione>
        <Quantita>1.00</Quantita><PrezzoUnitario>2.00</PrezzoUnitario><PrezzoTotale>2.00</PrezzoTotale>
        <AliquotaIVA>0.00</AliquotaIVA><Natura>N1</Natura>
      </DettaglioLinee>
      <DatiRiepilogo>
        <AliquotaIVA>22.00</AliquotaIVA><ImponibileImporto>200.00</ImponibileImporto><Imposta>44.00</Imposta>
        <EsigibilitaIVA>I</EsigibilitaIVA>
      </DatiRiepilogo>
      <DatiRiepilogo>
        <AliquotaIVA>0.00</AliquotaIVA><Natura>N1</Natura><ImponibileImporto>2.00</ImponibileImporto>
        <Imposta>0.00</Imposta><RiferimentoNormativo>Escluso art. 15</RiferimentoNormativo>
      </DatiRiepilogo>
    </DatiBeniServizi>
    ${o.payment ?? PAYMENT_TWO_INSTALMENTS}
  </FatturaElettronicaBody>`;
}

function header(
  seller = SELLER_COMPANY,
  transmission = '<CodiceDestinatario>ABC1234</CodiceDestinatario>',
): string {
  return `
  <FatturaElettronicaHeader>
    <DatiTrasmissione>
      <IdTrasmittente><IdPaese>IT</IdPaese><IdCodice>01234567890</IdCodice></IdTrasmittente>
      <ProgressivoInvio>00001</ProgressivoInvio>
      <FormatoTrasmissione>FPR12</FormatoTrasmissione>
      ${transmission}
    </DatiTrasmissione>
    ${seller}
    ${BUYER}
  </FatturaElettronicaHeader>`;
}

function invoice(parts: string, version = 'FPR12'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<p:FatturaElettronica versione="${version}" xmlns:p="${NS}">${parts}</p:FatturaElettronica>`;
}

const read = (xml: string): Document => fatturaPaReader.read(parseXml(xml));

function readError(fn: () => unknown): ReadError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ReadError) return err;
    throw err;
  }
  throw new Error('expected a ReadError');
}

describe('fatturaPaReader', () => {
  it('accepts FatturaElettronica roots only', () => {
    expect(fatturaPaReader.accepts(parseXml(invoice(header() + body())))).toBe(true);
    expect(fatturaPaReader.accepts(parseXml('<FatturaElettronicaSemplificata/>'))).toBe(false);
    expect(fatturaPaReader.accepts(parseXml('<Invoice/>'))).toBe(false);
  });

  it('reads an ordinary invoice', () => {
    const doc = read(invoice(header() + body()));
    expect(doc).toMatchObject({
      type: 'invoice',
      type_code: 'TD01',
      syntax: 'fatturapa',
      profile: 'FPR12',
      number: 'FT-7',
      issue_date: '2024-03-31',
      due_date: '2024-04-30',
      delivery_date: '2024-03-29',
      currency: 'EUR',
      notes: ['PRIMA CAUSALE', 'SECONDA CAUSALE'],
      seller: {
        name: 'ALPHA SRL',
        vat_id: 'IT01234567890',
        tax_number: '01234567890',
        legal_id: 'SS-123456',
        tax_regime: 'RF01',
        address: {
          lines: ['VIALE ROMA 543'],
          postcode: '07100',
          city: 'SASSARI',
          region: 'SS',
          country: 'IT',
        },
        contact: { phone: '079 123456', email: 'info@alpha.it' },
      },
      buyer: {
        name: 'BETA SPA',
        tax_number: '09876543210',
        address: { lines: ['VIA TORINO 38-B'], city: 'ROMA', postcode: '00145' },
        electronic_address: { scheme: 'IT:SDI', value: 'ABC1234' },
      },
      payment: {
        means_code: 'MP05',
        terms: 'TP01',
        due_date: '2024-04-30',
        reference: 'RIF-42',
        accounts: [{ iban: 'IT60X0542811101000000123456', bic: 'BCITITMM', name: 'ALPHA SRL' }],
      },
      totals: { net: '202.00', vat: '44.00', gross: '264.30', rounding: '0.00', payable: '100.00' },
      references: {
        order: 'PO-1',
        contract: 'K-9',
        preceding_invoice: 'FT-6',
        despatch_advice: 'DDT-3',
        project: 'CUP1',
        tender: 'CIG1',
      },
    });
    expect(doc.buyer.vat_id).toBeUndefined();
    expect(doc.vat_breakdown).toEqual([
      { rate: '22.00', taxable: '200.00', tax: '44.00' },
      { category: 'N1', rate: '0.00', taxable: '2.00', tax: '0.00', exemption_reason: 'Escluso art. 15' },
    ]);
    expect(doc.lines).toEqual([
      {
        id: '1',
        description: 'CONSULENZA',
        quantity: '2.00',
        unit: 'ore',
        unit_price: '100.00',
        net_amount: '200.00',
        vat_rate: '22.00',
      },
      {
        id: '2',
        description: 'BOLLO',
        quantity: '1.00',
        unit_price: '2.00',
        net_amount: '2.00',
        vat_rate: '0.00',
        vat_category: 'N1',
      },
    ]);
    expect(doc.bodies).toBeUndefined();
    expect(doc.provenance['totals.gross']).toMatchObject({
      source: 'xml',
      reader: 'fatturapa',
      path: '/p:FatturaElettronica/FatturaElettronicaBody/DatiGenerali/DatiGeneraliDocumento/ImportoTotaleDocumento',
    });
    expect(doc.provenance['seller.vat_id']?.path).toMatch(/CedentePrestatore\/DatiAnagrafici\/IdFiscaleIVA$/);
  });

  it('keeps a fund contribution (DatiCassaPrevidenziale) as a document-level charge', () => {
    const funds = `
        <DatiCassaPrevidenziale>
          <TipoCassa>TC04</TipoCassa><AlCassa>4.00</AlCassa><ImportoContributoCassa>8.00</ImportoContributoCassa>
          <ImponibileCassa>200.00</ImponibileCassa><AliquotaIVA>22.00</AliquotaIVA><Ritenuta>SI</Ritenuta>
        </DatiCassaPrevidenziale>
        <DatiCassaPrevidenziale>
          <TipoCassa>tc99</TipoCassa><AlCassa>1.00</AlCassa><ImportoContributoCassa>2.00</ImportoContributoCassa>
          <AliquotaIVA>0.00</AliquotaIVA><Natura>N4</Natura>
        </DatiCassaPrevidenziale>
        <ImportoTotaleDocumento>`;
    const doc = read(invoice(header() + body().replace('<ImportoTotaleDocumento>', funds)));
    expect(doc.allowances_charges).toEqual([
      {
        charge: true,
        amount: '8.00',
        percent: '4.00',
        base: '200.00',
        vat_rate: '22.00',
        reason:
          'Contributo cassa previdenziale TC04: Cassa nazionale previdenza e assistenza ingegneri e architetti liberi professionisti',
      },
      // A code outside the list keeps its code alone; the nature code is the charge's category.
      {
        charge: true,
        amount: '2.00',
        percent: '1.00',
        vat_rate: '0.00',
        vat_category: 'N4',
        reason: 'Contributo cassa previdenziale TC99',
      },
    ]);
    expect(doc.provenance['allowances_charges.0.amount']?.path).toMatch(
      /DatiGeneraliDocumento\/DatiCassaPrevidenziale\[1\]\/ImportoContributoCassa$/,
    );
    expect(doc.provenance['allowances_charges.1.reason']?.path).toMatch(
      /DatiCassaPrevidenziale\[2\]\/TipoCassa$/,
    );
    // The totals stay the document's own: FatturaPA gives no charge total.
    expect(doc.totals.charges).toBeUndefined();
  });

  it('names a person seller from Nome and Cognome', () => {
    const doc = read(invoice(header(SELLER_PERSON) + body()));
    expect(doc.seller.name).toBe('GIANCARLO ROSSI');
    expect(doc.seller.vat_id).toBe('IT12345678903');
    expect(doc.seller.tax_number).toBe('RSSGCR70A01H501X');
    expect(doc.seller.address).toEqual({
      lines: ['VIA VERDI 2'],
      postcode: '00100',
      city: 'ROMA',
      country: 'IT',
    });
  });

  it('derives gross from the VAT summary only when ImportoTotaleDocumento is absent', () => {
    const doc = read(invoice(header() + body({ total: '' })));
    expect(doc.totals).toMatchObject({ net: '202.00', vat: '44.00', gross: '246.00' });
    expect(doc.provenance['totals.gross']?.path).toMatch(/FatturaElettronicaBody\/DatiBeniServizi$/);
  });

  it("keeps a line's net price: PrezzoUnitario less its own ScontoMaggiorazione", () => {
    const discounted = body().replace(
      '<PrezzoUnitario>100.00</PrezzoUnitario><PrezzoTotale>200.00</PrezzoTotale>',
      '<PrezzoUnitario>125.00</PrezzoUnitario><ScontoMaggiorazione><Tipo>SC</Tipo><Percentuale>20.00</Percentuale><Importo>25.00</Importo></ScontoMaggiorazione><PrezzoTotale>200.00</PrezzoTotale>',
    );
    const doc = read(invoice(header() + discounted));
    expect(doc.lines[0]).toMatchObject({ quantity: '2.00', unit_price: '100.00', net_amount: '200.00' });
    expect(doc.provenance['lines.0.unit_price']?.path).toMatch(/DettaglioLinee\[1\]\/PrezzoUnitario$/);
    // The line's adjustment is in its price, not a document-level allowance.
    expect(doc.allowances_charges).toBeUndefined();
  });

  it('leaves payment data out when the body has none', () => {
    const doc = read(invoice(header() + body({ payment: '' })));
    expect(doc.due_date).toBeUndefined();
    expect(doc.totals.payable).toBeUndefined();
    expect(doc.payment).toEqual({ accounts: [] });
  });

  it('uses the PEC address when the recipient code is the 0000000 placeholder', () => {
    const xml = invoice(
      header(
        SELLER_COMPANY,
        '<CodiceDestinatario>0000000</CodiceDestinatario><PECDestinatario>beta@pec.it</PECDestinatario>',
      ) + body(),
    );
    expect(read(xml).buyer.electronic_address).toEqual({ scheme: 'IT:PEC', value: 'beta@pec.it' });
    const foreign = invoice(
      header(SELLER_COMPANY, '<CodiceDestinatario>XXXXXXX</CodiceDestinatario>') + body(),
    );
    expect(read(foreign).buyer.electronic_address).toBeUndefined();
  });

  it('reads a lot: every body a document with the header parties', () => {
    const doc = read(
      invoice(header() + body({ number: '1' }) + body({ number: '2', type: 'TD04', total: '' }), 'FPA12'),
    );
    expect(doc.number).toBe('1');
    expect(doc.profile).toBe('FPA12');
    expect(doc.bodies).toHaveLength(2);
    const [first, second] = doc.bodies!;
    expect(first!.number).toBe('1');
    expect(first!.bodies).toBeUndefined();
    expect(second).toMatchObject({ number: '2', type: 'credit_note', type_code: 'TD04', profile: 'FPA12' });
    expect(second!.seller.name).toBe('ALPHA SRL');
    expect(second!.buyer.name).toBe('BETA SPA');
    expect(second!.totals.gross).toBe('246.00');
    expect(second!.provenance.number?.path).toMatch(/FatturaElettronicaBody\[2\]/);
    // Plain data: no cycle, serialisable.
    expect(JSON.parse(JSON.stringify(doc)).bodies).toHaveLength(2);
  });

  it('reads a credit note (TD04)', () => {
    const doc = read(invoice(header() + body({ type: 'TD04' })));
    expect(doc.type).toBe('credit_note');
    expect(doc.type_code).toBe('TD04');
  });

  it('maps TipoDocumento codes to document types', () => {
    const expected: Record<string, string> = {
      TD01: 'invoice',
      TD02: 'prepayment_invoice',
      TD03: 'prepayment_invoice',
      TD04: 'credit_note',
      TD05: 'debit_note',
      TD06: 'invoice',
      TD16: 'self_billed_invoice',
      TD17: 'self_billed_invoice',
      TD18: 'self_billed_invoice',
      TD19: 'self_billed_invoice',
      TD20: 'self_billed_invoice',
      TD21: 'other',
      TD22: 'other',
      TD23: 'other',
      TD24: 'invoice',
      TD25: 'invoice',
      TD26: 'invoice',
      TD27: 'invoice',
      TD28: 'other',
    };
    for (const [code, type] of Object.entries(expected)) expect(documentTypeOf(code), code).toBe(type);
    expect(documentTypeOf(undefined)).toBe('other');
  });

  describe('missing mandatory parts', () => {
    const cases: Array<[string, string, RegExp]> = [
      ['no header', body(), /FatturaElettronicaHeader/],
      ['no CedentePrestatore', header('') + body(), /CedentePrestatore/],
      ['no body', header(), /FatturaElettronicaBody/],
      ['no Divisa', header() + body({ divisa: '' }), /Divisa/],
      ['an empty Divisa', header() + body({ divisa: '<Divisa> </Divisa>' }), /Divisa/],
      [
        'no DatiGeneraliDocumento',
        header() + '<FatturaElettronicaBody><DatiGenerali/><DatiBeniServizi/></FatturaElettronicaBody>',
        /DatiGeneraliDocumento/,
      ],
      [
        'no Divisa in the second body of a lot',
        header() + body() + body({ divisa: '' }),
        /Divisa in FatturaElettronicaBody 2/,
      ],
    ];
    it.each(cases)('%s -> missing_required_data', (_name, parts, message) => {
      const err = readError(() => read(invoice(parts)));
      expect(err.code).toBe('missing_required_data');
      expect(err.message).toMatch(message);
    });
  });
});

const SIMPLIFIED = `<?xml version="1.0" encoding="UTF-8"?>
<ns2:FatturaElettronicaSemplificata versione="FSM10" xmlns:ns2="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.0">
  <FatturaElettronicaHeader>
    <DatiTrasmissione>
      <IdTrasmittente><IdPaese>IT</IdPaese><IdCodice>01234567890</IdCodice></IdTrasmittente>
      <ProgressivoInvio>00001</ProgressivoInvio><FormatoTrasmissione>FSM10</FormatoTrasmissione>
      <CodiceDestinatario>0000000</CodiceDestinatario><PECDestinatario>betagamma@pec.it</PECDestinatario>
    </DatiTrasmissione>
    <CedentePrestatore>
      <IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>01234567890</IdCodice></IdFiscaleIVA>
      <Denominazione>SOCIETA' ALPHA SRL</Denominazione>
      <Sede><Indirizzo>VIALE ROMA 543</Indirizzo><CAP>07100</CAP><Comune>SASSARI</Comune><Provincia>SS</Provincia><Nazione>IT</Nazione></Sede>
      <RegimeFiscale>RF01</RegimeFiscale>
    </CedentePrestatore>
    <CessionarioCommittente>
      <IdentificativiFiscali><IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>09876543210</IdCodice></IdFiscaleIVA></IdentificativiFiscali>
      <AltriDatiIdentificativi>
        <Nome>MARIO</Nome><Cognome>BIANCHI</Cognome>
        <Sede><Indirizzo>VIA TORINO</Indirizzo><NumeroCivico>38</NumeroCivico><CAP>00145</CAP><Comune>ROMA</Comune><Nazione>IT</Nazione></Sede>
      </AltriDatiIdentificativi>
    </CessionarioCommittente>
  </FatturaElettronicaHeader>
  <FatturaElettronicaBody>
    <DatiGenerali>
      <DatiGeneraliDocumento><TipoDocumento>TD07</TipoDocumento><Divisa>EUR</Divisa><Data>2019-01-01</Data><Numero>123</Numero></DatiGeneraliDocumento>
    </DatiGenerali>
    <DatiBeniServizi><Descrizione>FORNITURA</Descrizione><Importo>122.00</Importo><DatiIVA><Imposta>22.00</Imposta></DatiIVA></DatiBeniServizi>
    <DatiBeniServizi><Descrizione>TRASPORTO</Descrizione><Importo>12.20</Importo><DatiIVA><Imposta>2.20</Imposta></DatiIVA></DatiBeniServizi>
    <DatiBeniServizi><Descrizione>ESENTE</Descrizione><Importo>5.00</Importo><DatiIVA><Imposta>0.00</Imposta></DatiIVA><Natura>N4</Natura><RiferimentoNormativo>art. 10</RiferimentoNormativo></DatiBeniServizi>
  </FatturaElettronicaBody>
</ns2:FatturaElettronicaSemplificata>`;

describe('fatturaPaSimplifiedReader', () => {
  const readSimplified = (xml: string): Document => fatturaPaSimplifiedReader.read(parseXml(xml));

  it('accepts FatturaElettronicaSemplificata roots only', () => {
    expect(fatturaPaSimplifiedReader.accepts(parseXml(SIMPLIFIED))).toBe(true);
    expect(fatturaPaSimplifiedReader.accepts(parseXml(invoice(header() + body())))).toBe(false);
  });

  it('reads a simplified invoice', () => {
    const doc = readSimplified(SIMPLIFIED);
    expect(doc).toMatchObject({
      type: 'invoice',
      type_code: 'TD07',
      syntax: 'fatturapa-simplified',
      profile: 'FSM10',
      number: '123',
      issue_date: '2019-01-01',
      currency: 'EUR',
      seller: {
        name: "SOCIETA' ALPHA SRL",
        vat_id: 'IT01234567890',
        address: {
          lines: ['VIALE ROMA 543'],
          city: 'SASSARI',
          postcode: '07100',
          region: 'SS',
          country: 'IT',
        },
      },
      buyer: {
        name: 'MARIO BIANCHI',
        vat_id: 'IT09876543210',
        address: { lines: ['VIA TORINO 38'], city: 'ROMA' },
        electronic_address: { scheme: 'IT:PEC', value: 'betagamma@pec.it' },
      },
      totals: { gross: '139.20', vat: '24.20', net: '115.00' },
    });
    expect(doc.lines).toEqual([
      { description: 'FORNITURA', net_amount: '100.00' },
      { description: 'TRASPORTO', net_amount: '10.00' },
      { description: 'ESENTE', net_amount: '5.00', vat_category: 'N4' },
    ]);
    expect(doc.vat_breakdown).toEqual([
      { tax: '24.20', taxable: '110.00' },
      { category: 'N4', tax: '0.00', taxable: '5.00', exemption_reason: 'art. 10' },
    ]);
    expect(doc.totals.payable).toBeUndefined();
  });

  it('does not work VAT out of a rate', () => {
    const xml = SIMPLIFIED.replace('<Imposta>22.00</Imposta>', '<Aliquota>22.00</Aliquota>');
    const doc = readSimplified(xml);
    expect(doc.totals.gross).toBe('139.20');
    expect(doc.totals.vat).toBeUndefined();
    expect(doc.totals.net).toBeUndefined();
    expect(doc.lines[0]).toEqual({ description: 'FORNITURA', vat_rate: '22.00' });
    expect(doc.vat_breakdown[0]).toEqual({ rate: '22.00' });
  });

  it('maps the simplified credit note (TD08)', () => {
    expect(readSimplified(SIMPLIFIED.replace('TD07', 'TD08')).type).toBe('credit_note');
  });

  it.each([
    ['CedentePrestatore', SIMPLIFIED.replace(/<CedentePrestatore>[\s\S]*<\/CedentePrestatore>/, '')],
    ['Divisa', SIMPLIFIED.replace('<Divisa>EUR</Divisa>', '')],
    ['DatiGeneraliDocumento', SIMPLIFIED.replace(/<DatiGenerali>[\s\S]*<\/DatiGenerali>/, '')],
    [
      'FatturaElettronicaBody',
      SIMPLIFIED.replace(/<FatturaElettronicaBody>[\s\S]*<\/FatturaElettronicaBody>/, ''),
    ],
  ])('no %s -> missing_required_data', (what, xml) => {
    const err = readError(() => readSimplified(xml));
    expect(err.code).toBe('missing_required_data');
    expect(err.message).toContain(what);
  });
});
