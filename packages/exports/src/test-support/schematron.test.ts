// The Schematron compiler runs KoSIT's XRechnung rules: a valid KoSIT test suite case passes,
// and taking out what a rule requires makes exactly that rule fail, in CII and in UBL.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kositSuite } from './corpus-export.js';
import { haveSchemas, xrechnungFatal } from './validate.js';

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
