// Peppol BIS Billing 3.0 UBL written from what was read: valid against the UBL schema, the
// EN 16931 rules and OpenPeppol's own rules (no fatal assertion), read back to the same fields; an
// invoice lacking a buyer or order reference, or an electronic address, is refused naming it.
import path from 'node:path';
import { shutdownWorkers } from '@invoice-reader/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { type ExportJob, ExportRefused } from './input.js';
import {
  isGln,
  PEPPOL_BIS_ID,
  PEPPOL_BIS_PROFILE,
  PEPPOL_SELF_BILLING_ID,
  PEPPOL_SELF_BILLING_PROFILE,
  writePeppolUbl,
} from './peppol-ubl.js';
import {
  corpusFiles,
  einvoiceDir,
  exportCorpus,
  jobOf,
  kositSuite,
  tallyLine,
} from './test-support/corpus-export.js';
import { en16931Fatal, haveSchemas, peppolFatal, xsdErrors } from './test-support/validate.js';

afterAll(() => shutdownWorkers());
/** What UBL's schema, EN 16931's rules and Peppol's own rules find fatal in a file. */
const peppolErrors = async (xml: string) => [
  ...(await xsdErrors(xml, 'ubl')),
  ...(await en16931Fatal(xml, 'ubl')),
  ...(await peppolFatal(xml)),
];
const cen = (sub: string) => path.join(einvoiceDir, 'en16931-cen', sub);

describe.skipIf(!haveSchemas)('Peppol BIS Billing 3.0 UBL', () => {
  it("writes valid Peppol UBL from CEN's examples and KoSIT's suite that reads back to the same fields", async () => {
    // Peppol BIS is the EN 16931 core with Peppol's identifiers: any EN 16931 invoice can become one.
    const files = [
      ...corpusFiles(cen('ubl'), 3, 4),
      ...corpusFiles(cen('cii'), 3, 3),
      ...corpusFiles(cen('testfiles'), 4, 4),
      ...corpusFiles(kositSuite, 12, 3),
    ];
    // Peppol takes participant ids where these files give e-mail addresses: given, as a person
    // would in the fill-in form, so the rest of each file is what is checked.
    const peppolIds = (job: ExportJob): ExportJob => {
      const id = (p: ExportJob['document']['seller'], value: { scheme: string; value: string }) =>
        p.electronic_address?.scheme === 'EM' ? { ...p, electronic_address: value } : p;
      const d = job.document;
      return {
        ...job,
        document: {
          ...d,
          seller: id(d.seller, { scheme: '0088', value: '4000001000005' }),
          buyer: id(d.buyer, { scheme: '9930', value: 'DE136695976' }),
        },
      };
    };
    const t = await exportCorpus(
      files,
      'de',
      (job) => writePeppolUbl(peppolIds(job)),
      async (xml) => [
        ...(xml.includes(`<cbc:CustomizationID>${PEPPOL_BIS_ID}<`) ? [] : ['no Peppol CustomizationID']),
        ...(xml.includes(`<cbc:ProfileID>${PEPPOL_BIS_PROFILE}<`) ? [] : ['no Peppol ProfileID']),
        ...(await peppolErrors(xml)),
      ],
    );
    console.log(tallyLine('Peppol UBL', t));
    expect(t.identical).toBeGreaterThanOrEqual(3);
  }, 600_000);

  it('asks for a buyer or order reference and both electronic addresses, not for XRechnung extras', async () => {
    const read = (await jobOf(corpusFiles(kositSuite, 1, 1)[0]!))!;
    // A German seller's invoice to an Austrian buyer (Peppol's DE rules are for two German
    // parties), with Peppol participant ids rather than the case's e-mail addresses.
    const job: ExportJob = {
      ...read,
      document: {
        ...read.document,
        seller: { ...read.document.seller, electronic_address: { scheme: '0088', value: '4000001000005' } },
        buyer: {
          ...read.document.buyer,
          address: { ...read.document.buyer.address!, country: 'AT' },
          electronic_address: { scheme: '9915', value: 'ATU12345678' },
        },
      },
    };
    const d = job.document;
    // Without XRechnung's contact and payment means it is still a Peppol invoice ...
    const lean: ExportJob = {
      ...job,
      document: { ...d, references: { order: 'PO-1' }, seller: { ...d.seller, contact: undefined } },
    };
    expect(writePeppolUbl(lean).bytes.toString('utf8')).toContain('<cbc:ID>PO-1</cbc:ID>');
    // ... but not without a reference or the parties' electronic addresses.
    const bare: ExportJob = {
      ...job,
      document: {
        ...d,
        references: {},
        seller: { ...d.seller, electronic_address: undefined },
        buyer: { ...d.buyer, electronic_address: undefined },
      },
    };
    try {
      writePeppolUbl(bare);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ExportRefused);
      const fields = (err as ExportRefused).refusals.map((r) => r.field).sort();
      expect(fields).toEqual(['buyer_electronic_address', 'buyer_reference', 'seller_electronic_address']);
      expect((err as ExportRefused).message).toContain('PEPPOL-EN16931-R003');
    }
  });

  it("writes a Dutch KvK or Danish CVR number printed without its scheme under the register's scheme", async () => {
    // CEN's examples: a Dutch seller's KvK number (eight digits) and a Danish seller's CVR number
    // (DK and eight digits), neither with a scheme; Peppol's NL-R-003 and DK-R-014 ask for one.
    let written = 0;
    for (const [file, scheme] of [
      [cen('ubl/ubl-tc434-example8.xml'), '0106'],
      [cen('cii/CII_example3.xml'), '0184'],
    ] as const) {
      const read = (await jobOf(file))!;
      const d = read.document;
      expect(d.seller.legal_id_scheme, file).toBeUndefined();
      const job: ExportJob = {
        ...read,
        document: {
          ...d,
          references: { ...d.references, order: d.references.order ?? 'PO-1' },
          seller: { ...d.seller, electronic_address: { scheme: '0088', value: '4000001000005' } },
          buyer: { ...d.buyer, electronic_address: { scheme: '9930', value: 'DE136695976' } },
        },
      };
      let xml: string;
      try {
        xml = writePeppolUbl(job).bytes.toString('utf8');
      } catch (err) {
        // Another value of the example may be refused; the legal id's scheme must not be.
        expect((err as ExportRefused).message, file).not.toMatch(/NL-R-003|DK-R-014/);
        continue;
      }
      expect(xml).toContain(`<cbc:CompanyID schemeID="${scheme}">${d.seller.legal_id}</cbc:CompanyID>`);
      expect(
        (await peppolFatal(xml)).filter((e) => /NL-R-003|DK-R-014/.test(e)),
        file,
      ).toEqual([]);
      written++;
    }
    expect(written).toBeGreaterThan(0);
  }, 600_000);

  it('refuses, naming the value, a legal id of another form, a GLN with a wrong check digit and type codes Peppol has no place for', async () => {
    const read = (await jobOf(cen('ubl/ubl-tc434-example8.xml')))!;
    const d = read.document;
    const refused = (doc: ExportJob['document']) => {
      try {
        writePeppolUbl({ ...read, document: doc });
        return '';
      } catch (err) {
        expect(err).toBeInstanceOf(ExportRefused);
        return (err as ExportRefused).message;
      }
    };
    // A KvK number with its registry's city is not the register's form: no scheme is guessed.
    expect(refused({ ...d, seller: { ...d.seller, legal_id: '32081330 Amersfoort' } })).toMatch(
      /BT-30 the scheme of the seller's legal registration id 32081330 Amersfoort \(KVK 0106 or OIN 0190, NL-R-003\)/,
    );
    expect(isGln('4000001000005')).toBe(true);
    expect(isGln('4000001000006')).toBe(false);
    const badGln = refused({
      ...d,
      seller: { ...d.seller, electronic_address: { scheme: '0088', value: '4000001000006' } },
    });
    expect(badGln).toMatch(
      /BT-34 seller electronic address 0088:4000001000006 \(PEPPOL-COMMON-R040\): not a GLN/,
    );
    const badLegal = refused({
      ...d,
      buyer: { ...d.buyer, legal_id: '1234567890123', legal_id_scheme: '0088' },
    });
    expect(badLegal).toMatch(/BT-47 buyer legal registration id 0088:1234567890123 \(PEPPOL-COMMON-R040\)/);
    // The Swedish scheme is checked whatever the party's country: a Dutch buyer's number under it fails.
    const badSe = refused({ ...d, buyer: { ...d.buyer, legal_id: '11/222/33333', legal_id_scheme: '0007' } });
    expect(badSe).toMatch(/BT-47 buyer legal registration id 0007:11\/222\/33333 \(PEPPOL-COMMON-R049\)/);
    // A Dutch seller's credit note names the invoice it corrects: a person can give it.
    const credit = { ...d, type: 'credit_note' as const, type_code: '381', references: { ...d.references } };
    delete credit.references.preceding_invoice;
    expect(refused(credit)).toMatch(/BT-25 the invoice a Dutch seller's credit note corrects \(NL-R-001\)/);
    expect(
      refused({ ...credit, references: { ...credit.references, preceding_invoice: 'RE-1' } }),
    ).not.toMatch(/NL-R-001/);
    // Denmark's rules take a closed list of payment means: a Danish seller's 30 is refused by name.
    const danish = { ...d, seller: { ...d.seller, address: { ...d.seller.address!, country: 'DK' } } };
    expect(refused({ ...danish, payment: { ...d.payment, means_code: '30' } })).toMatch(
      /BT-81 payment means 30 of a Danish seller \(DK-R-005\)/,
    );
    expect(refused({ ...d, type_code: '387' })).toMatch(
      /BT-3 invoice type code 387 \(PEPPOL-EN16931-P0100\)/,
    );
  }, 120_000);

  it('writes a self-billed invoice and credit note under Peppol BIS Self-Billing, valid against its own rules', async () => {
    const read = (await jobOf(cen('ubl/ubl-tc434-example8.xml')))!;
    const d = read.document;
    // A Dutch seller's self-billed credit note without the invoice it corrects, paid by credit
    // transfer 30 from a Danish seller: Billing's national rules (NL-R-001, DK-R-005), which
    // Self-Billing does not have.
    const cases = [
      ['invoice', '389', 'Invoice', 'NL'],
      ['credit_note', '261', 'CreditNote', 'NL'],
      ['invoice', '389', 'Invoice', 'DK'],
    ] as const;
    for (const [type, type_code, root, country] of cases) {
      const doc = {
        ...d,
        type,
        type_code,
        seller: {
          ...d.seller,
          address: { ...d.seller.address!, country },
          // A CVR number printed without its scheme or country letters, written as 0184:DK…, the
          // form Peppol's common rules take (PEPPOL-COMMON-R042).
          ...(country === 'DK' ? { legal_id: '13585628', legal_id_scheme: undefined } : {}),
          electronic_address: { scheme: '0088', value: '4000001000005' },
        },
        buyer: { ...d.buyer, electronic_address: { scheme: '9930', value: 'DE136695976' } },
        payment: { ...d.payment, means_code: '30' },
        references: Object.fromEntries(
          Object.entries({ ...d.references, buyer_reference: 'R-1' }).filter(
            ([k]) => k !== 'preceding_invoice',
          ),
        ),
      };
      const xml = writePeppolUbl({ ...read, document: doc }).bytes.toString('utf8');
      expect(xml).toContain(`<cbc:CustomizationID>${PEPPOL_SELF_BILLING_ID}</cbc:CustomizationID>`);
      expect(xml).toContain(`<cbc:ProfileID>${PEPPOL_SELF_BILLING_PROFILE}</cbc:ProfileID>`);
      expect(xml).toMatch(new RegExp(`^<\\?xml[^>]*>\\s*<${root}\\b`));
      expect(await peppolErrors(xml), `${type_code} ${country}`).toEqual([]);
      if (country === 'DK')
        expect(xml).toContain('<cbc:CompanyID schemeID="0184">DK13585628</cbc:CompanyID>');
      // Self-Billing's own rules are what checked it: under Billing's identifiers the same file
      // fails both sets (Self-Billing's R004 and R007; Billing's type code lists).
      const asBilling = xml
        .replace(PEPPOL_SELF_BILLING_ID, PEPPOL_BIS_ID)
        .replace(PEPPOL_SELF_BILLING_PROFILE, PEPPOL_BIS_PROFILE);
      expect((await peppolFatal(asBilling)).map((f) => f.split(':')[0])).toContain(
        type_code === '261' ? 'PEPPOL-EN16931-P0101' : 'PEPPOL-EN16931-P0100',
      );
    }
  }, 300_000);
});

describe.skipIf(!haveSchemas)('payment means and due date in UBL', () => {
  const file = cen('testfiles/CreditNote-Min_content_with_VAT.xml');
  const withIds = (job: ExportJob, over: Partial<ExportJob['document']>): ExportJob => ({
    ...job,
    document: {
      ...job.document,
      seller: { ...job.document.seller, electronic_address: { scheme: '0088', value: '4000001000005' } },
      buyer: { ...job.document.buyer, electronic_address: { scheme: '9930', value: 'DE136695976' } },
      references: { ...job.document.references, buyer_reference: 'R-1' },
      ...over,
    },
  });

  it("asks a credit note's payment means rather than drop its due date, and writes the date with it", async () => {
    const read = (await jobOf(file))!;
    expect(read.document.type_code).toBe('381');
    const due = withIds(read, { due_date: '2018-08-31' });
    try {
      writePeppolUbl(due);
      expect.unreachable();
    } catch (err) {
      expect((err as ExportRefused).refusals).toEqual([
        expect.objectContaining({
          field: 'payment_means',
          input: 'payment_means',
          message: expect.stringMatching(/BT-9/),
        }),
      ]);
    }
    const given = withIds(read, { due_date: '2018-08-31', payment: { accounts: [], means_code: '1' } });
    const xml = writePeppolUbl(given).bytes.toString('utf8');
    expect(xml).toMatch(
      /<cac:PaymentMeans>\s*<cbc:PaymentMeansCode>1<\/cbc:PaymentMeansCode>\s*<cbc:PaymentDueDate>2018-08-31</,
    );
    expect(await peppolErrors(xml)).toEqual([]);
  }, 300_000);

  it('keeps an account printed without a payment means, as means 1 (not defined), as CII does', async () => {
    const read = (await jobOf(file))!;
    const job = withIds(read, {
      due_date: '2018-08-31',
      payment: { accounts: [{ iban: 'DE02120300000000202051' }] },
    });
    const xml = writePeppolUbl(job).bytes.toString('utf8');
    expect(xml).toMatch(
      /<cbc:PaymentMeansCode>1<\/cbc:PaymentMeansCode>[\s\S]*<cbc:ID>DE02120300000000202051<\/cbc:ID>/,
    );
    expect(await peppolErrors(xml)).toEqual([]);
  }, 300_000);
});
