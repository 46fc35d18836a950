import { describe, expect, it } from 'vitest';
import { estimateRead } from '../estimate.js';
import { readInvoice } from '../read-invoice.js';
import { buildPdf, type PdfAttachment } from '../test-support/pdf-builder.js';
import { type Attachment, invoiceCandidates, listAttachments } from './attachments.js';
import { openPdf } from './open.js';

/** A minimal CrossIndustryInvoice D16B: number, date, currency, parties and totals. */
const cii = (number: string): string => `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:factur-x.eu:1p0:minimum</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>${number}</ram:ID>
    <ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20240314</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty><ram:Name>Lieferant GmbH</ram:Name></ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Kunden AG</ram:Name></ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery/>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:TaxBasisTotalAmount>100.00</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">19.00</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>119.00</ram:GrandTotalAmount>
        <ram:DuePayableAmount>119.00</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
  0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89,
]);
const NOTES_XML = '<?xml version="1.0"?>\n<notes><note>Please pay on time.</note></notes>\n';
const DATA_JSON = '{"invoice": "not here"}\n';

const decoys = (): PdfAttachment[] => [
  { name: 'logo.png', content: PNG },
  { name: 'notes.xml', content: NOTES_XML },
  { name: 'data.json', content: DATA_JSON },
];

const read = (bytes: Uint8Array, mode: 'auto' | 'xml' = 'xml') =>
  readInvoice(bytes, { country: 'de', mode, today: '2024-06-01', timeoutMs: 20_000 });

describe('pdf-builder output as pdf.js sees it', () => {
  it('opens with the requested number of pages and no attachments', async () => {
    const doc = await openPdf(buildPdf({ pages: 3, text: 'Hello (world)\nsecond line' }));
    try {
      expect(doc.numPages).toBe(3);
      expect(await listAttachments(doc)).toEqual([]);
      const page = await doc.getPage(2);
      const text = await page.getTextContent();
      const strings = text.items.map((i) => ('str' in i ? i.str : '')).join(' ');
      expect(strings).toContain('Hello (world)');
      expect(strings).toContain('second line');
    } finally {
      await doc.destroy();
    }
  });

  it.each([
    ['flat, sorted, uncompressed', {}],
    ['flat, sorted, compressed', { compress: true }],
    ['in /Kids, sorted, correct /Limits', { kids: true }],
    ['in /Kids, unsorted, wrong /Limits, compressed', { unsortedNames: true, compress: true }],
  ])('lists every attachment with its exact bytes (%s)', async (_, opts) => {
    const attachments = [...decoys(), { name: 'factur-x.xml', content: cii('X-1') }];
    const pdf = buildPdf({ ...opts, attachments });
    expect(Buffer.from(pdf.subarray(0, 8)).toString('latin1')).toBe('%PDF-1.7');
    const doc = await openPdf(pdf);
    try {
      const listed = await listAttachments(doc);
      const byName = new Map(listed.map((a) => [a.name, Buffer.from(a.content)]));
      expect([...byName.keys()].sort()).toEqual(['data.json', 'factur-x.xml', 'logo.png', 'notes.xml']);
      expect(byName.get('logo.png')?.equals(Buffer.from(PNG))).toBe(true);
      expect(byName.get('factur-x.xml')?.toString('utf8')).toBe(cii('X-1'));
      expect(byName.get('data.json')?.toString('utf8')).toBe(DATA_JSON);
    } finally {
      await doc.destroy();
    }
  });

  it('writes the unsorted name tree in reverse order, in /Kids with wrong /Limits', () => {
    const pdf = Buffer.from(
      buildPdf({
        unsortedNames: true,
        attachments: [
          { name: 'a.xml', content: '<a/>' },
          { name: 'b.xml', content: '<b/>' },
          { name: 'c.xml', content: '<c/>' },
          { name: 'd.xml', content: '<d/>' },
        ],
      }),
    ).toString('latin1');
    expect(pdf).toMatch(/\/Kids \[\d+ 0 R \d+ 0 R\]/);
    expect(pdf).toMatch(
      /\/Names \[\(d\.xml\) \d+ 0 R \(c\.xml\) \d+ 0 R\] \/Limits \[\(a\.xml\) \(b\.xml\)\]/,
    );
    expect(pdf).toMatch(
      /\/Names \[\(b\.xml\) \d+ 0 R \(a\.xml\) \d+ 0 R\] \/Limits \[\(c\.xml\) \(d\.xml\)\]/,
    );
  });

  it('has an exact cross-reference table', () => {
    const pdf = Buffer.from(buildPdf({ pages: 2, attachments: decoys(), compress: true })).toString('latin1');
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
    expect(pdf.startsWith('xref\n', startxref)).toBe(true);
    const rows = pdf.slice(startxref).split('\n');
    const count = Number(rows[1]!.split(' ')[1]);
    for (let id = 1; id < count; id++) {
      const offset = Number(rows[2 + id]!.slice(0, 10));
      expect(pdf.startsWith(`${id} 0 obj\n`, offset)).toBe(true);
    }
  });

  it('asks for a password when encrypted', async () => {
    await expect(openPdf(buildPdf({ encrypt: true }))).rejects.toMatchObject({ code: 'encrypted_pdf' });
  });
});

describe('hybrid PDFs through readInvoice', () => {
  it('reads factur-x.xml from a hybrid PDF', async () => {
    const pdf = buildPdf({
      pages: 2,
      text: 'Rechnung RE-1',
      attachments: [{ name: 'factur-x.xml', content: cii('RE-1') }],
    });
    const r = await read(pdf);
    expect(r).toMatchObject({
      status: 'done',
      mode: 'xml',
      file_type: 'pdf',
      pages: 2,
      pages_scanned: 0,
      embedded_file: 'factur-x.xml',
    });
    expect(r.document?.number).toBe('RE-1');
    expect(r.fields.invoice_no).toBe('RE-1');
    expect(r.fields.invoice_date).toBe('2024-03-14');
    expect(r.fields.gross_amount).toBe('119.00');
  });

  it('reads it in auto mode and from a compressed embedded file', async () => {
    const pdf = buildPdf({ compress: true, attachments: [{ name: 'factur-x.xml', content: cii('RE-2') }] });
    const r = await read(pdf, 'auto');
    expect(r).toMatchObject({ status: 'done', mode: 'xml', embedded_file: 'factur-x.xml' });
    expect(r.document?.number).toBe('RE-2');
  });

  it.each([false, true])(
    'finds the invoice after three decoys in an unsorted /Kids name tree (compress %s)',
    async (compress) => {
      const pdf = buildPdf({
        unsortedNames: true,
        compress,
        attachments: [...decoys(), { name: 'factur-x.xml', content: cii('RE-3') }],
      });
      const r = await read(pdf);
      expect(r).toMatchObject({ status: 'done', mode: 'xml', embedded_file: 'factur-x.xml' });
      expect(r.document?.number).toBe('RE-3');
    },
  );

  it('finds an invoice attached under a meaningless name by its root element', async () => {
    const pdf = buildPdf({
      unsortedNames: true,
      attachments: [...decoys(), { name: 'attachment-1.bin', content: cii('RE-4') }],
    });
    const r = await read(pdf);
    expect(r).toMatchObject({ status: 'done', mode: 'xml', embedded_file: 'attachment-1.bin' });
    expect(r.document?.number).toBe('RE-4');
  });

  it('fails no_embedded_invoice for a PDF without attachments in mode xml', async () => {
    const r = await read(buildPdf({ pages: 2 }));
    expect(r).toMatchObject({ status: 'failed', error: 'no_embedded_invoice', mode: 'xml', pages: 2 });
  });

  it('fails no_embedded_invoice when no attachment can be XML', async () => {
    const r = await read(
      buildPdf({
        attachments: [
          { name: 'logo.png', content: PNG },
          { name: 'data.json', content: DATA_JSON },
        ],
      }),
    );
    expect(r).toMatchObject({ status: 'failed', error: 'no_embedded_invoice' });
  });

  it('says why the only XML attachment is not the invoice', async () => {
    const r = await read(buildPdf({ attachments: decoys() }));
    expect(r).toMatchObject({ status: 'failed', error: 'not_an_invoice', mode: 'xml' });
    expect(r.message).toContain('notes.xml');
  });

  it('goes on to the other layers in auto mode when there is no attachment', async () => {
    for (const text of ['Page 1', '']) {
      const r = await read(buildPdf({ text }), 'auto');
      expect(r.status).toBe('failed');
      expect(r.mode).not.toBe('xml');
      expect(r.error).not.toBe('no_embedded_invoice');
      expect(r.error).not.toBe('internal_error');
    }
  });

  it('reads the pages in auto mode when only XML files of another kind are attached', async () => {
    // A Polish KSeF "Faktura" beside its printout, notes, one that does not parse: none is a
    // hybrid invoice's XML, so the text layer is read as it would be without them.
    const text = 'Rechnung Nr. RE-77\nRechnungsdatum: 14.03.2024\nGesamtbetrag 119,00 EUR';
    const ksef = '<?xml version="1.0"?>\n<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/"/>\n';
    for (const foreign of [
      { name: 'notes.xml', content: NOTES_XML },
      { name: 'FA_3.xml', content: ksef },
      { name: 'faktura.xml', content: '<?xml version="1.0"?>\n<Faktura><Nazwa>Dr\u00f3</Faktura>' },
    ]) {
      const r = await read(buildPdf({ text, attachments: [foreign] }), 'auto');
      expect(r, foreign.name).toMatchObject({ status: 'done', mode: 'text' });
      expect(r.fields.invoice_no, foreign.name).toBe('RE-77');
    }
    // Under the name the standards give the invoice file, a broken XML is still the answer.
    const broken = await read(
      buildPdf({ text, attachments: [{ name: 'factur-x.xml', content: cii('RE-8').slice(0, 400) }] }),
      'auto',
    );
    expect(broken).toMatchObject({ status: 'failed', error: 'malformed_xml', mode: 'xml' });
  });

  it('counts the pages of a PDF with only a foreign XML attached as pages to scan', async () => {
    // The pages without text will be read by OCR, so the estimate reserves them; under a
    // standard's name the attachment is the answer and nothing is scanned.
    const foreign = await estimateRead(
      buildPdf({ pages: 2, text: '', attachments: [{ name: 'notes.xml', content: NOTES_XML }] }),
      {
        country: 'de',
        qrSearch: false,
      },
    );
    expect(foreign.pagesToScan).toBe(2);
    const named = await estimateRead(
      buildPdf({ pages: 2, text: '', attachments: [{ name: 'factur-x.xml', content: NOTES_XML }] }),
      { country: 'de', qrSearch: false },
    );
    expect(named.pagesToScan).toBe(0);
  });

  it('fails encrypted_pdf for a password-protected PDF', async () => {
    const pdf = buildPdf({ encrypt: true, attachments: [{ name: 'factur-x.xml', content: cii('RE-5') }] });
    for (const mode of ['xml', 'auto'] as const) {
      const r = await read(pdf, mode);
      expect(r).toMatchObject({ status: 'failed', error: 'encrypted_pdf', file_type: 'pdf' });
    }
  });

  it('fails with a clear code (not internal_error) for a truncated PDF', async () => {
    const pdf = buildPdf({
      pages: 3,
      attachments: [...decoys(), { name: 'factur-x.xml', content: cii('RE-6') }],
    });
    const truncated = pdf.slice(0, Math.floor(pdf.length * 0.4));
    const r = await read(truncated);
    expect(r.status).toBe('failed');
    expect(r.error).not.toBe('internal_error');
    expect(r.error).toBeDefined();
    expect(['malformed_pdf', 'no_embedded_invoice', 'malformed_xml', 'not_an_invoice']).toContain(r.error);
  });
});

describe('invoiceCandidates', () => {
  const att = (name: string, content: string | Uint8Array = '<x/>'): Attachment => ({
    name,
    content: typeof content === 'string' ? new Uint8Array(Buffer.from(content, 'utf8')) : content,
  });

  it('puts the standard names first, then .xml files, then XML-looking content, and drops the rest', () => {
    const ordered = invoiceCandidates([
      att('data.json', DATA_JSON),
      att('attachment-1.bin', '\n  <?xml version="1.0"?><a/>'),
      att('notes.xml', NOTES_XML),
      att('logo.png', PNG),
      att('xrechnung.xml'),
      att('ZUGFeRD-invoice.xml'),
      att('zugferd_invoice.xml'),
      att('Factur-X.XML'),
      att('readme.txt', 'plain text'),
    ]);
    expect(ordered.map((a) => a.name)).toEqual([
      'Factur-X.XML',
      'ZUGFeRD-invoice.xml',
      'xrechnung.xml',
      'zugferd_invoice.xml',
      'notes.xml',
      'attachment-1.bin',
    ]);
  });

  it('ranks by the base name of a path and keeps the given order among equals', () => {
    const ordered = invoiceCandidates([
      att('b.xml'),
      att('a.xml'),
      att('sub/dir/factur-x.xml'),
      att('C:\\export\\zugferd-invoice.xml'),
    ]);
    expect(ordered.map((a) => a.name)).toEqual([
      'sub/dir/factur-x.xml',
      'C:\\export\\zugferd-invoice.xml',
      'b.xml',
      'a.xml',
    ]);
  });

  it('recognises XML content behind a byte-order mark', () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('<Invoice/>')]);
    expect(invoiceCandidates([att('x.dat', bom)]).map((a) => a.name)).toEqual(['x.dat']);
  });

  it('returns nothing for nothing', () => {
    expect(invoiceCandidates([])).toEqual([]);
  });
});
