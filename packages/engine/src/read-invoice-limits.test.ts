// Inputs built to make super-linear work expensive must still be read (or refused) promptly.
import { describe, expect, it } from 'vitest';
import { readInvoice } from './read-invoice.js';

const utf8 = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'utf8'));

// Each input is a few hundred kilobytes to a few megabytes (far under maxBytes) and shaped to make
// super-linear work expensive: XPaths over thousands of siblings, namespace scopes over
// thousands of prefixes, unterminated DOCTYPE declarations, thousands of CMS signers. With the
// quadratic code these reads took 6 to 130 s; linear, they take well under a second. The test
// timeout is the hang guard (speed itself is measured by `npm run bench`, not asserted here).

const ciiWith = (agreement: string, settlement: string): string =>
  `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:ram"><rsm:ExchangedDocument><ram:ID>1</ram:ID></rsm:ExchangedDocument><rsm:SupplyChainTradeTransaction><ram:ApplicableHeaderTradeAgreement>${agreement}</ram:ApplicableHeaderTradeAgreement><ram:ApplicableHeaderTradeSettlement>${settlement}</ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>`;

/** A DER TLV (definite length). */
const der = (tag: number, ...body: Buffer[]): Buffer => {
  const content = Buffer.concat(body);
  const n = content.length;
  const len: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) len.unshift(v & 0xff);
  return Buffer.concat([Buffer.from(n < 0x80 ? [tag, n] : [tag, 0x80 | len.length, ...len]), content]);
};
const oid = (...bytes: number[]) => Buffer.from([0x06, bytes.length, ...bytes]);
const PKCS = [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01];

/** SignedData around `content` with `signers` SignerInfos, each carrying a messageDigest. */
function signedDataWithSigners(content: Buffer, signers: number): Uint8Array {
  const int1 = Buffer.from([0x02, 0x01, 0x01]);
  const sha256 = oid(0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01);
  const messageDigest = der(0x30, oid(...PKCS, 0x09, 0x04), der(0x31, der(0x04, Buffer.alloc(32))));
  const signer = der(0x30, int1, int1, der(0x30, sha256), der(0xa0, messageDigest));
  const signedData = der(
    0x30,
    int1,
    der(0x31),
    der(0x30, oid(...PKCS, 0x07, 0x01), der(0xa0, der(0x04, content))),
    der(0x31, Buffer.concat(Array.from({ length: signers }, () => signer))),
  );
  return new Uint8Array(der(0x30, oid(...PKCS, 0x07, 0x02), der(0xa0, signedData)));
}

const UBL_LINE =
  '<cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode="H87">1</cbc:InvoicedQuantity><cbc:LineExtensionAmount>1</cbc:LineExtensionAmount><cac:Item><cbc:Name>x</cbc:Name></cac:Item><cac:Price><cbc:PriceAmount>1</cbc:PriceAmount></cac:Price></cac:InvoiceLine>';
const CII_TAX =
  '<ram:ApplicableTradeTax><ram:CalculatedAmount>0</ram:CalculatedAmount><ram:BasisAmount>1</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>0</ram:RateApplicablePercent></ram:ApplicableTradeTax>';
const CII_VAT_ID =
  '<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE136695976</ram:ID></ram:SpecifiedTaxRegistration>';

const SLOW_INPUTS: Array<[string, () => Uint8Array]> = [
  [
    'a UBL invoice with 2,500 lines (0.6 MB)',
    () =>
      utf8(
        `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:cbc" xmlns:cac="urn:cac"><cbc:ID>1</cbc:ID><cbc:IssueDate>2024-03-14</cbc:IssueDate>${UBL_LINE.repeat(2_500)}</Invoice>`,
      ),
  ],
  ['a CII invoice with 5,000 VAT breakdown entries (1 MB)', () => utf8(ciiWith('', CII_TAX.repeat(5_000)))],
  [
    'a CII seller with 8,000 VAT registrations (0.8 MB)',
    () => utf8(ciiWith(`<ram:SellerTradeParty>${CII_VAT_ID.repeat(8_000)}</ram:SellerTradeParty>`, '')),
  ],
  [
    'a DOCTYPE of 12,000 unterminated SYSTEM entity declarations (0.2 MB)',
    () => utf8(`<!DOCTYPE x [${'<!ENTITY a SYSTEM '.repeat(12_000)}]><x/>`),
  ],
  [
    '8,000 elements declaring a prefix under a root declaring 1,500 (0.2 MB)',
    () =>
      utf8(
        `<r${Array.from({ length: 1_500 }, (_, i) => ` xmlns:p${i}="u"`).join('')}>${'<a xmlns:q="x"/>'.repeat(8_000)}</r>`,
      ),
  ],
  [
    'a .p7m of 2 MB content with 2,000 SignerInfos (2.2 MB)',
    () => signedDataWithSigners(Buffer.alloc(2 * 1024 * 1024, 0x20), 2_000),
  ],
];

describe('readInvoice: hostile sizes stay linear', () => {
  it.each(SLOW_INPUTS)(
    '%s',
    async (_, make) => {
      const r = await readInvoice(make(), { country: 'de', today: '2024-06-01' });
      expect(r.status === 'done' || r.error !== 'internal_error').toBe(true);
      expect(() => JSON.stringify(r)).not.toThrow();
    },
    20_000,
  );
});
