// The Schematron compiler runs KoSIT's XRechnung rules and OpenPeppol's Peppol BIS rules: a valid
// case passes, and taking out what a rule requires makes exactly that rule fail.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writePeppolUbl } from '../peppol-ubl.js';
import { jobOf, kositSuite } from './corpus-export.js';
import { haveSchemas, peppolFatal, xrechnungFatal } from './validate.js';

describe.skipIf(!haveSchemas)("KoSIT's XRechnung Schematron, compiled here", () => {
  it('passes a valid UBL case and reports BR-DE-15 when its buyer reference is taken out', async () => {
    const xml = readFileSync(path.join(kositSuite, '01.01a-INVOICE_ubl.xml'), 'utf8');
    expect(await xrechnungFatal(xml, 'ubl')).toEqual([]);
    const broken = xml.replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '');
    expect(broken).not.toEqual(xml);
    expect((await xrechnungFatal(broken, 'ubl')).map((f) => f.split(':')[0])).toEqual(['BR-DE-15']);
  }, 180_000);

  it('passes a valid CII case and reports BR-DE-15 when its buyer reference is taken out', async () => {
    const xml = readFileSync(path.join(kositSuite, '01.01a-INVOICE_uncefact.xml'), 'utf8');
    expect(await xrechnungFatal(xml, 'cii')).toEqual([]);
    const broken = xml.replace(/<ram:BuyerReference>[^<]*<\/ram:BuyerReference>/, '');
    expect(broken).not.toEqual(xml);
    expect((await xrechnungFatal(broken, 'cii')).map((f) => f.split(':')[0])).toEqual(['BR-DE-15']);
  }, 180_000);
});

describe.skipIf(!haveSchemas)("OpenPeppol's Peppol BIS Billing 3.0 Schematron, compiled here", () => {
  it('passes our Peppol UBL of a KoSIT case and reports R003 without buyer or order reference', async () => {
    const read = (await jobOf(path.join(kositSuite, '01.01a-INVOICE_ubl.xml')))!;
    // Peppol takes participant ids, not the e-mail addresses of the case (PEPPOL-EN16931-CL008).
    const job = {
      ...read,
      document: {
        ...read.document,
        seller: { ...read.document.seller, electronic_address: { scheme: '0088', value: '4000001000005' } },
        buyer: { ...read.document.buyer, electronic_address: { scheme: '9930', value: 'DE136695976' } },
      },
    };
    const xml = writePeppolUbl(job).bytes.toString('utf8');
    expect(await peppolFatal(xml)).toEqual([]);
    const broken = xml
      .replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '')
      .replace(/<cac:OrderReference>[\s\S]*?<\/cac:OrderReference>/, '');
    expect(broken).not.toEqual(xml);
    // Between two German parties Peppol's DE rules ask for the buyer reference too (DE-R-015).
    expect((await peppolFatal(broken)).map((f) => f.split(':')[0])).toEqual([
      'PEPPOL-EN16931-R003',
      'DE-R-015',
    ]);
  }, 300_000);
});
