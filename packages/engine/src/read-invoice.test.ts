// Hostile and edge input through the public entry: whatever the bytes, readInvoice resolves to a
// result, failures carry the right code, and the country's field set is always there.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ErrorCode } from './errors.js';
import { countryOf } from './project/countries.js';
import { fieldsFor } from './project/field-sets.js';
import { type ReadOptions, readInvoice } from './read-invoice.js';
import type { ReadResult, RequestedMode } from './result.js';
import { buildPdf } from './test-support/pdf-builder.js';

const utf8 = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'utf8'));
const concat = (...parts: Array<Uint8Array | number[] | string>): Uint8Array =>
  new Uint8Array(
    Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p)))),
  );

/** A small CrossIndustryInvoice D16B; amounts are written without decimals on purpose. */
const cii = (number = 'RE-2024-7', id = number): string => `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>${id}</ram:ID>
    <ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20240314</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty>
        <ram:Name>Lieferant GmbH</ram:Name>
        <ram:PostalTradeAddress><ram:PostcodeCode>80333</ram:PostcodeCode><ram:LineOne>Hauptstr. 1</ram:LineOne><ram:CityName>München</ram:CityName><ram:CountryID>de</ram:CountryID></ram:PostalTradeAddress>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE 136695976</ram:ID></ram:SpecifiedTaxRegistration>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Kunden AG</ram:Name></ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery/>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>eur</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementPaymentMeans>
        <ram:TypeCode>58</ram:TypeCode>
        <ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE89 3704 0044 0532 0130 00</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>
        <ram:PayeeSpecifiedCreditorFinancialInstitution><ram:BICID>cobadeffxxx</ram:BICID></ram:PayeeSpecifiedCreditorFinancialInstitution>
      </ram:SpecifiedTradeSettlementPaymentMeans>
      <ram:SpecifiedTradePaymentTerms>
        <ram:DueDateDateTime><udt:DateTimeString format="102">20240413</udt:DateTimeString></ram:DueDateDateTime>
      </ram:SpecifiedTradePaymentTerms>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>100</ram:LineTotalAmount>
        <ram:TaxBasisTotalAmount>100</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">19</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>119.0</ram:GrandTotalAmount>
        <ram:DuePayableAmount>119</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;

const TODAY = '2024-06-01';
const read = (bytes: Uint8Array, options: Partial<ReadOptions> = {}): Promise<ReadResult> =>
  readInvoice(bytes, { country: 'de', today: TODAY, ...options });

/** Deterministic bytes (mulberry32). */
function seededBytes(seed: number, n: number): Uint8Array {
  let a = seed >>> 0;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = ((t ^ (t >>> 14)) >>> 0) & 0xff;
  }
  return out;
}

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
  <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
  <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
  <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
  <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<lolz>&lol9;</lolz>`;

/** One entity of 10,000 characters referenced 10,000 times: 100 MB without a bound. */
const QUADRATIC_BLOWUP = `<?xml version="1.0"?>
<!DOCTYPE r [<!ENTITY a "${'a'.repeat(10_000)}">]>
<r>${'&a;'.repeat(10_000)}</r>`;

const XXE = `<?xml version="1.0"?>
<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<r>&x;</r>`;

/** The external entity inside a real invoice, in the very field that would be shown. */
const XXE_IN_INVOICE = cii('x', '&x;').replace(
  '<rsm:CrossIndustryInvoice',
  '<!DOCTYPE rsm:CrossIndustryInvoice [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<rsm:CrossIndustryInvoice',
);

const DEEP = `${'<a>'.repeat(10_000)}${'</a>'.repeat(10_000)}`;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01];

/** A blank white 64×64 picture: a real image that carries no payment code. */
const blank = (format: 'png' | 'jpeg'): Promise<Uint8Array> =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#ffffff' } })
    .toFormat(format)
    .toBuffer()
    .then((b) => new Uint8Array(b));
const BLANK_PNG = await blank('png');
const BLANK_JPEG = await blank('jpeg');

interface FailureCase {
  name: string;
  bytes: Uint8Array;
  options?: Partial<ReadOptions>;
  error: ErrorCode;
  extra?: Partial<ReadResult>;
}

const RANDOM = seededBytes(42, 4096);
RANDOM[0] = 0x01; // not a byte any signature starts with

const FAILURES: FailureCase[] = [
  {
    name: 'zero bytes',
    bytes: new Uint8Array(0),
    error: 'empty_file',
    extra: { file_type: null, mode: null },
  },
  { name: 'random bytes', bytes: RANDOM, error: 'unsupported_file_type', extra: { file_type: null } },
  {
    name: 'a ZIP header',
    bytes: concat('PK\x03\x04\x14\x00\x00\x00\x08\x00', seededBytes(1, 200)),
    error: 'unsupported_file_type',
  },
  {
    name: 'a GIF',
    bytes: concat('GIF89a\x01\x00\x01\x00\x80\x00\x00', seededBytes(2, 40)),
    error: 'unsupported_file_type',
  },
  { name: 'plain text', bytes: utf8('Invoice 42\nTotal: 119.00 EUR\n'), error: 'unsupported_file_type' },
  { name: 'only white space', bytes: utf8(' \n\t\r\n'), error: 'unsupported_file_type' },
  {
    name: 'an invalid mode',
    bytes: utf8(cii()),
    options: { mode: 'magic' as RequestedMode },
    error: 'invalid_option',
  },
  {
    name: 'a string instead of bytes',
    bytes: cii() as unknown as Uint8Array,
    error: 'invalid_option',
  },
  { name: 'more than maxBytes', bytes: utf8(cii()), options: { maxBytes: 100 }, error: 'file_too_large' },
  {
    name: 'billion laughs',
    bytes: utf8(BILLION_LAUGHS),
    error: 'unsafe_xml',
    extra: { file_type: 'xml', mode: 'xml' },
  },
  { name: 'quadratic blowup', bytes: utf8(QUADRATIC_BLOWUP), error: 'unsafe_xml' },
  { name: 'an external entity', bytes: utf8(XXE), error: 'unsafe_xml' },
  { name: 'an external entity in an invoice', bytes: utf8(XXE_IN_INVOICE), error: 'unsafe_xml' },
  {
    name: 'a parameter entity',
    bytes: utf8('<!DOCTYPE r [<!ENTITY % p SYSTEM "http://example.invalid/x.dtd"> %p;]><r/>'),
    error: 'unsafe_xml',
  },
  { name: '10,000-deep nesting', bytes: utf8(DEEP), error: 'unsafe_xml' },
  { name: '10,000-deep unclosed nesting', bytes: utf8('<a>'.repeat(10_000)), error: 'unsafe_xml' },
  {
    name: 'malformed XML',
    bytes: utf8('<?xml version="1.0"?><Invoice><ID>1</Invoice>'),
    error: 'malformed_xml',
  },
  { name: 'truncated XML', bytes: utf8(cii().slice(0, 900)), error: 'malformed_xml' },
  { name: 'an undeclared entity', bytes: utf8('<r>&nope;</r>'), error: 'malformed_xml' },
  {
    name: 'bytes invalid in the declared encoding',
    bytes: concat('<?xml version="1.0" encoding="UTF-8"?><r>', [0xff, 0xfe, 0xc3], '</r>'),
    error: 'malformed_xml',
  },
  {
    name: 'an unknown encoding',
    bytes: utf8('<?xml version="1.0" encoding="x-klingon"?><r/>'),
    error: 'malformed_xml',
  },
  { name: 'well-formed XML that is no invoice', bytes: utf8('<html/>'), error: 'not_an_invoice' },
  {
    name: 'a CII root without content',
    bytes: utf8('<rsm:CrossIndustryInvoice xmlns:rsm="urn:x"/>'),
    error: 'missing_required_data',
  },
  {
    name: 'a PNG without a payment code or text',
    bytes: BLANK_PNG,
    error: 'not_an_invoice',
    extra: { file_type: 'png', mode: 'qr', tried: ['qr', 'ocr'], pages: 1 },
  },
  {
    name: 'a JPEG without a payment code or text',
    bytes: BLANK_JPEG,
    error: 'not_an_invoice',
    extra: { file_type: 'jpeg', mode: 'qr', tried: ['qr', 'ocr'], pages: 1 },
  },
  {
    name: 'a PNG header in mode ocr',
    bytes: concat(PNG, seededBytes(3, 64)),
    options: { mode: 'ocr' },
    error: 'malformed_image',
    extra: { file_type: 'png', mode: 'ocr', pages: 1 },
  },
  {
    name: 'a JPEG header in mode ocr',
    bytes: concat(JPEG, seededBytes(4, 64)),
    options: { mode: 'ocr' },
    error: 'malformed_image',
    extra: { file_type: 'jpeg', mode: 'ocr', pages: 1 },
  },
  {
    name: 'a PNG header and garbage',
    bytes: concat(PNG, seededBytes(3, 64)),
    error: 'malformed_image',
    extra: { file_type: 'png' },
  },
  {
    name: 'a JPEG header and garbage',
    bytes: concat(JPEG, seededBytes(4, 64)),
    error: 'malformed_image',
    extra: { file_type: 'jpeg' },
  },
  {
    name: 'a PNG in mode xml',
    bytes: concat(PNG, seededBytes(3, 64)),
    options: { mode: 'xml' },
    error: 'mode_not_applicable',
    extra: { file_type: 'png', mode: 'xml' },
  },
  {
    name: 'an XML invoice in mode text',
    bytes: utf8(cii()),
    options: { mode: 'text' },
    error: 'mode_not_applicable',
    extra: { file_type: 'xml', mode: 'text' },
  },
  {
    name: 'an XML invoice in mode qr',
    bytes: utf8(cii()),
    options: { mode: 'qr' },
    error: 'mode_not_applicable',
  },
  {
    name: 'an XML invoice in mode ocr',
    bytes: utf8(cii()),
    options: { mode: 'ocr' },
    error: 'mode_not_applicable',
  },
  {
    name: 'a PDF without attachments in mode xml',
    bytes: buildPdf({ pages: 2 }),
    options: { mode: 'xml' },
    error: 'no_embedded_invoice',
    extra: { file_type: 'pdf', pages: 2 },
  },
  {
    name: 'a PDF header and nothing else',
    bytes: utf8('%PDF-1.7\n'),
    error: 'malformed_pdf',
    extra: { file_type: 'pdf' },
  },
  { name: 'an encrypted PDF', bytes: buildPdf({ encrypt: true }), error: 'encrypted_pdf' },
  {
    name: 'a CMS header around nothing',
    bytes: new Uint8Array([0x30, 0x80, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02]),
    error: 'malformed_signature',
    extra: { file_type: 'cms' },
  },
];

describe('readInvoice: failures', () => {
  it.each(FAILURES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const r = await read(c.bytes, c.options);
    expect(r.status).toBe('failed');
    expect(r.error).toBe(c.error);
    expect(typeof r.message).toBe('string');
    expect(r.message).not.toBe('');
    expect(r.document).toBeNull();
    expect(r.checks).toEqual([]);
    expect(r.pages_scanned).toBe(0);
    if (c.extra) expect(r).toMatchObject(c.extra);
    expect(() => JSON.stringify(r)).not.toThrow();
  });

  it.each([
    ['de', 'DE'],
    ['us', 'US'],
    ['ru', 'RU'],
  ])('every failed result carries the whole field set of %s, empty and missing', async (country, code) => {
    const keys = fieldsFor(countryOf(code)!);
    for (const c of FAILURES) {
      const r = await read(c.bytes, { ...c.options, country });
      expect(Object.keys(r.fields), c.name).toEqual(keys);
      expect(
        Object.values(r.fields).every((v) => v === ''),
        c.name,
      ).toBe(true);
      expect(
        r.fields_detailed.map((d) => d.key),
        c.name,
      ).toEqual(keys);
      for (const d of r.fields_detailed) {
        expect(d, `${c.name}: ${d.key}`).toMatchObject({ value: '', status: 'missing', source: null });
      }
    }
  });

  it.each(['xx', '', 'Germany', 'EU'])(
    'an unsupported country "%s" fails unsupported_country',
    async (country) => {
      const r = await read(utf8(cii()), { country });
      expect(r).toMatchObject({
        status: 'failed',
        error: 'unsupported_country',
        fields: {},
        fields_detailed: [],
      });
    },
  );

  it('fails billion laughs before expanding it', async () => {
    // Expanded, the bomb is gigabytes: the code says the expansion limit stopped it (and the
    // test's own time limit catches a parser that tried), without timing a busy machine.
    const r = await read(utf8(BILLION_LAUGHS));
    expect(r.error).toBe('unsafe_xml');
  });

  it('never reads the external entity into the result', async () => {
    for (const xml of [XXE, XXE_IN_INVOICE]) {
      const r = await read(utf8(xml));
      expect(r.error).toBe('unsafe_xml');
      const json = JSON.stringify(r);
      expect(json).not.toContain('root:');
      expect(json).not.toContain('/bin/');
    }
  });

  it('accepts a file exactly maxBytes long', async () => {
    const bytes = utf8(cii());
    const r = await read(bytes, { maxBytes: bytes.length });
    expect(r.status).toBe('done');
  });
});

describe('readInvoice: a small CII invoice', () => {
  it('reads it with values in the decided formats', async () => {
    const r = await read(utf8(cii()));
    expect(r).toMatchObject({
      status: 'done',
      mode: 'xml',
      file_type: 'xml',
      pages: 1,
      pages_scanned: 0,
    });
    expect(r.error).toBeUndefined();
    expect(r.fields).toEqual({
      invoice_no: 'RE-2024-7',
      invoice_date: '2024-03-14',
      due_date: '2024-04-13',
      currency: 'EUR',
      seller_name: 'Lieferant GmbH',
      seller_address: 'Hauptstr. 1, 80333 München, DE',
      seller_vat_id: 'DE136695976',
      seller_iban: 'DE89370400440532013000',
      seller_bic: 'COBADEFFXXX',
      buyer_name: 'Kunden AG',
      net_amount: '100.00',
      vat_amount: '19.00',
      gross_amount: '119.00',
    });
    for (const d of r.fields_detailed) expect(d, d.key).toMatchObject({ status: 'confirmed', source: 'xml' });
    expect(r.checks.length).toBeGreaterThan(0);
    expect(r.checks.every((c) => c.outcome === 'pass')).toBe(true);
    expect(r.checks.map((c) => c.id)).toEqual(expect.arrayContaining(['iban', 'bic', 'dates']));
    expect(r.document?.provenance.number).toMatchObject({
      source: 'xml',
      path: '/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID',
    });
    expect(typeof r.ms).toBe('number');
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });

  it('projects the US field set', async () => {
    const r = await read(utf8(cii()), { country: 'US' });
    expect(r.fields).toEqual({
      invoice_number: 'RE-2024-7',
      invoice_date: '2024-03-14',
      due_date: '2024-04-13',
      vendor_name: 'Lieferant GmbH',
      net_amount: '100.00',
      vat_amount: '19.00',
      gross_amount: '119.00',
      currency: 'EUR',
    });
  });

  it('takes the type from the content, never from the file name', async () => {
    const asPdf = await read(utf8(cii()), { filename: 'x.pdf' });
    expect(asPdf).toMatchObject({ status: 'done', file_type: 'xml', mode: 'xml' });
    expect(asPdf.fields.invoice_no).toBe('RE-2024-7');

    const pdf = buildPdf({ attachments: [{ name: 'factur-x.xml', content: cii('RE-PDF') }] });
    const asXml = await read(pdf, { filename: 'invoice.xml' });
    expect(asXml).toMatchObject({ status: 'done', file_type: 'pdf', embedded_file: 'factur-x.xml' });
    expect(asXml.fields.invoice_no).toBe('RE-PDF');

    const png = await read(concat(PNG, seededBytes(5, 32)), { filename: 'invoice.xml' });
    expect(png).toMatchObject({ status: 'failed', file_type: 'png' });
  });

  it.each([
    ['a UTF-8 BOM and leading white space', concat([0xef, 0xbb, 0xbf], '\r\n  \t\n', utf8(cii()))],
    ['a UTF-8 BOM and no declaration', concat([0xef, 0xbb, 0xbf], utf8(cii().replace(/^<\?xml[^>]*>/, '')))],
    ['leading white space only', utf8(`\n\n   ${cii()}`)],
    [
      'UTF-16LE with a BOM',
      new Uint8Array(Buffer.from(`\ufeff${cii().replace('UTF-8', 'UTF-16')}`, 'utf16le')),
    ],
    ['windows-1252', new Uint8Array(Buffer.from(cii().replace('UTF-8', 'windows-1252'), 'latin1'))],
  ])('still reads with %s', async (_, bytes) => {
    const r = await read(bytes);
    expect(r).toMatchObject({ status: 'done', mode: 'xml', file_type: 'xml' });
    expect(r.fields.invoice_no).toBe('RE-2024-7');
    expect(r.fields.seller_address).toBe('Hauptstr. 1, 80333 München, DE');
  });

  it('reads mode xml and auto alike', async () => {
    const a = await read(utf8(cii()), { mode: 'auto' });
    const x = await read(utf8(cii()), { mode: 'xml' });
    expect({ ...a, ms: 0 }).toEqual({ ...x, ms: 0 });
  });

  it('does not share state between reads', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => read(utf8(i % 2 ? cii(`N-${i}`) : '<html/>'))),
    );
    results.forEach((r, i) => {
      if (i % 2) expect(r.fields.invoice_no).toBe(`N-${i}`);
      else expect(r.error).toBe('not_an_invoice');
    });
  });
});
