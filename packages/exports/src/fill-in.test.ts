// The fill-in step asks for what a person can give and the invoice lacks, and the values given
// complete the file: a deliver-to address printed without its post code (XRechnung's BR-DE-11)
// and a card payment without its network (UBL's CardAccount) are such values.
import path from 'node:path';
import { applyFieldEdits, countryOf, shutdownWorkers } from '@invoice-reader/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { withCompanyProfile } from './company-profile.js';
import { fillInForm } from './fill-in.js';
import { type ExportFile, type ExportJob, ExportRefused, type Refusal } from './input.js';
import { GERMAN_BUYER } from './test-support/buyer-profile.js';
import { einvoiceDir, jobOf, kositSuite } from './test-support/corpus-export.js';
import { en16931Fatal, haveSchemas, xrechnungFatal, xsdErrors } from './test-support/validate.js';
import { writeXrechnungCii } from './xrechnung-cii.js';
import { writeXrechnungUbl } from './xrechnung-ubl.js';

afterAll(() => shutdownWorkers());

const PROFILE = GERMAN_BUYER;

/** What a person types for each key the form asks (placeholders for the real values). */
const ANSWERS: Record<string, string> = {
  buyer_reference: PROFILE.buyer_reference!,
  seller_contact_name: 'Buchhaltung',
  seller_contact_phone: '+49 30 1234567',
  seller_contact_email: 'rechnung@verkauf.example',
  seller_electronic_address: '0088:4000001000005',
  buyer_electronic_address: PROFILE.electronic_address!,
  delivery_postcode: '111 22',
  delivery_city: 'Stockholm',
  card_network: 'VISA',
};

const refusalsOf = (write: () => ExportFile): Refusal[] => {
  try {
    write();
  } catch (err) {
    if (err instanceof ExportRefused) return err.refusals;
    throw err;
  }
  return [];
};

/** The job with the form's answers applied as edits, as the fill-in step keeps them. */
const answered = (job: ExportJob, refusals: Refusal[]): ExportJob => {
  const values = Object.fromEntries(
    refusals.filter((r) => r.input && ANSWERS[r.input]).map((r) => [r.input!, ANSWERS[r.input!]!]),
  );
  const e = applyFieldEdits(job.document, values, countryOf('DE')!);
  return { ...job, fields: e.fields, fields_detailed: e.fields_detailed, document: e.document };
};

describe.skipIf(!haveSchemas)('values the fill-in step completes', () => {
  it('asks for a deliver-to post code the invoice leaves out, and writes valid XRechnung with it', async () => {
    const file = path.join(einvoiceDir, 'en16931-cen/testfiles/BIS_Billing_30-Telefoni.xml');
    const job = withCompanyProfile((await jobOf(file))!, PROFILE);
    expect(job.document.delivery?.address?.postcode).toBeUndefined();
    const refusals = refusalsOf(() => writeXrechnungCii(job));
    expect(refusals.find((r) => /BR-DE-11/.test(r.message))).toMatchObject({ input: 'delivery_postcode' });
    expect(fillInForm(refusals, 'de').find((f) => f.key === 'delivery_postcode')).toMatchObject({
      term: 'BT-78',
      label: 'Postleitzahl der Lieferanschrift',
    });
    const xml = writeXrechnungCii(answered(job, refusals)).bytes.toString('utf8');
    expect(xml).toContain('<ram:PostcodeCode>111 22</ram:PostcodeCode>');
    expect(xml).toMatch(/<!-- Not read from the invoice: .*entered by a person: .*BT-78/);
    expect([
      ...(await xsdErrors(xml, 'cii')),
      ...(await en16931Fatal(xml)),
      ...(await xrechnungFatal(xml, 'cii')),
    ]).toEqual([]);
  }, 300_000);

  it("asks for a card payment's network in UBL, and writes valid XRechnung UBL with it", async () => {
    const job = withCompanyProfile(
      (await jobOf(path.join(kositSuite, '03.02a-INVOICE_uncefact.xml')))!,
      PROFILE,
    );
    expect(job.document.payment.card?.number).toBeTruthy();
    const refusals = refusalsOf(() => writeXrechnungUbl(job));
    expect(refusals.find((r) => /NetworkID/.test(r.message))).toMatchObject({ input: 'card_network' });
    expect(fillInForm(refusals, 'en').find((f) => f.key === 'card_network')).toMatchObject({ term: 'BG-18' });
    const xml = writeXrechnungUbl(answered(job, refusals)).bytes.toString('utf8');
    expect(xml).toContain('<cbc:NetworkID>VISA</cbc:NetworkID>');
    expect([
      ...(await xsdErrors(xml, 'ubl')),
      ...(await en16931Fatal(xml, 'ubl')),
      ...(await xrechnungFatal(xml, 'ubl')),
    ]).toEqual([]);
  }, 300_000);
});
